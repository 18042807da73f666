"""A bridge deal's record (spec/bridge.md, "A bridge deal in a match file"): every refusal in
words, and card-by-card deals (lead, following suit, claims, honours from the cards)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.bridgeplay import left_of, random_deal, random_play, side
from support.engine_matches import make_match

from scorekeeper.engine.matchfile import check_match


def problems(hands: list[Any], **rules: Any) -> list[dict[str, Any]]:
    result = check_match(make_match("bridge", hands, **rules))
    assert not result.ok
    return [p.as_json() for p in result.problems]


def entry(hand: dict[str, Any], **rules: Any) -> dict[str, Any]:
    result = check_match(make_match("bridge", [hand], **rules))
    assert result.ok, [p.as_json() for p in result.problems]
    assert result.state is not None
    return result.state.as_json()["hands"][0]


def played(seed: int = 1, strain: str = "H", declarer: str = "S", stop: int = 13) -> dict:
    return random_play(random.Random(seed), strain, declarer, stop)


BAD = [
    ({"declarer": "S", "tricks": 9}, "contract",
     "say the contract, like 4H or 3NTX (or that all four passed)"),
    ({"contract": "8S", "declarer": "S", "tricks": 9}, "contract",
     '"8S" is not a contract: write the level 1 to 7, then C, D, H, S or NT, then X if doubled '
     "or XX if redoubled (4H, 3NTX, 6SXX)"),
    ({"contract": "4N", "declarer": "S", "tricks": 9}, "contract", None),
    ({"contract": "4hx", "declarer": "S", "tricks": 9}, "contract", None),
    ({"contract": "4HXXX", "declarer": "S", "tricks": 9}, "contract", None),
    ({"contract": 4, "declarer": "S", "tricks": 9}, "contract", None),
    ({"contract": "4H", "tricks": 9}, "declarer", "say who declared the contract: N, E, S or W"),
    ({"contract": "4H", "declarer": "X", "tricks": 9}, "declarer",
     'declarer must be a seat (N, E, S or W), got "X"'),
    ({"contract": "4H", "declarer": "S", "tricks": 14}, "tricks",
     "declarer's side takes 0 to 13 tricks, not 14"),
    ({"contract": "4H", "declarer": "S", "tricks": -1}, "tricks", None),
    ({"contract": "4H", "declarer": "S", "tricks": "ten"}, "tricks", None),
    ({"contract": "4H", "declarer": "S"}, "tricks",
     "how many tricks did declarer's side take? (0 to 13)"),
    ({"passed": True, "contract": "4H"}, "contract",
     "a passed-out deal holds only the dealer, the deal and a note, not contract"),
    ({"passed": "yes"}, "passed", None),
    ({"contract": "4H", "declarer": "S", "tricks": 10, "bid": "4H"}, "bid",
     'unknown field "bid" in a hand'),
    ({"contract": "3NT", "declarer": "S", "tricks": 9, "honours": {"side": "NS", "points": 100}},
     "honours", "at no trumps only the four aces in one hand count, for 150, not 100"),
    ({"contract": "4H", "declarer": "S", "tricks": 9, "honours": {"side": "NS", "points": 50}},
     "honours", 'honours must name a side and 100 or 150, like {"side": "NS", "points": 100}'),
    ({"contract": "4H", "declarer": "S", "tricks": 9, "honours": {"side": "N", "points": 100}},
     "honours", None),
    ({"contract": "4H", "declarer": "S", "tricks": 9, "honours": 100}, "honours", None),
    ({"contract": "4H", "declarer": "S", "tricks": 10, "claim": 14}, "claim",
     "a claim is 0 to 13 tricks, not 14"),
    ({"contract": "4H", "declarer": "S", "tricks": 10, "lead": "1H"}, "lead",
     '"1H" is not a card: write rank then suit, like 10H, JD or AS'),
    ({"contract": "4H", "declarer": "S", "tricks": 10, "note": 5}, "note", None),
]


@pytest.mark.parametrize(("hand", "field", "message"), BAD)
def test_a_bad_record_is_refused_in_words(hand, field, message):
    found = problems([hand])
    assert found[0]["field"] == field and found[0]["hand"] == 1
    if message is not None:
        assert found[0]["message"] == message


def test_honours_when_the_rule_is_off():
    hand = {"contract": "4H", "declarer": "S", "tricks": 9,
            "honours": {"side": "NS", "points": 100}}
    assert problems([hand], honours=False)[0]["message"] == \
        "honours are not counted in this match (the honours rule is off)"


@pytest.mark.parametrize(("rules", "field"), [
    ({"target": 10}, "rules.target"), ({"deals": 4}, "rules.deals"),
    ({"scoring": "duplicate"}, "rules.scoring"), ({"rubbers": 0}, "rules.rubbers"),
    ({"honours": "yes"}, "rules.honours"),
])
def test_bad_rules_are_refused(rules, field):
    assert problems([], **rules)[0]["field"] == field


def test_a_deal_after_the_rubber_is_refused():
    deal = {"contract": "4S", "declarer": "S", "tricks": 10}
    assert problems([deal, deal, deal])[0]["message"] == \
        "the game is already over: no more hands can be recorded"


def test_a_stopped_chicago_is_refused():
    match = make_match("bridge", [], scoring="chicago")
    match["stopped"] = True
    result = check_match(match)
    assert [p.message for p in result.problems] == [
        "only a rubber can be stopped before it ends: a Chicago match ends after its chukkers"]


@pytest.mark.parametrize("stopped", ["yes", 1, None])
def test_stopped_is_true_or_false(stopped):
    match = make_match("bridge", [])
    match["stopped"] = stopped
    result = check_match(match)
    assert result.ok is (stopped is None)


# --- card by card ------------------------------------------------------------------------------


@pytest.mark.parametrize("strain", ["C", "D", "H", "S", "NT"])
@pytest.mark.parametrize("declarer", ["N", "E", "S", "W"])
def test_a_whole_card_record_gives_the_tricks_and_the_winners(strain, declarer):
    rec = played(hash((strain, declarer)) % 1000, strain, declarer)
    hand = {"contract": f"1{strain}", "declarer": declarer, "deal": rec["deal"],
            "play": rec["play"], "lead": rec["play"][0][0]}
    out = entry(hand)
    assert out["tricks"][side(declarer)] == rec["tricks"]
    assert out["trick_winners"] == rec["winners"]
    assert out["result"] == ("made" if rec["tricks"] >= 7 else "down")


def test_a_claim_accounts_for_the_tricks_not_played():
    rec = played(7, "S", "N", stop=8)
    hand = {"contract": "2S", "declarer": "N", "deal": rec["deal"], "play": rec["play"],
            "claim": rec["claim"]}
    assert entry(hand)["tricks"]["NS"] == rec["tricks"]
    hand["tricks"] = rec["tricks"] + 1
    assert problems([hand])[0]["message"] == (
        f"the card record gives declarer's side {rec['tricks']} tricks, but tricks says "
        f"{rec['tricks'] + 1}")


def test_a_claim_of_more_tricks_than_are_left():
    rec = played(7, "S", "N", stop=10)
    hand = {"contract": "2S", "declarer": "N", "deal": rec["deal"], "play": rec["play"],
            "claim": 4}
    assert problems([hand])[0]["message"] == \
        "after 10 tricks played only 3 are left, so declarer can't claim 4"


def test_a_short_record_without_a_claim():
    rec = played(3, "H", "S", stop=12)
    hand = {"contract": "2H", "declarer": "S", "deal": rec["deal"], "play": rec["play"]}
    assert problems([hand])[0]["message"] == "a full card record has 13 tricks, not 12"


def test_a_claim_in_the_middle_of_a_trick_is_refused():
    rec = played(3, "H", "S", stop=6)
    play = [*rec["play"], [played(3, "H", "S")["play"][6][0]]]
    hand = {"contract": "2H", "declarer": "S", "deal": rec["deal"], "play": play, "claim": 3}
    assert problems([hand])[0]["message"] == "trick 7 must have 4 cards, not 1"


def test_the_first_trick_is_led_by_declarers_left():
    rec = played(5, "NT", "S")
    hand = {"contract": "3NT", "declarer": "N", "deal": rec["deal"], "play": rec["play"]}
    found = problems([hand])[0]
    assert found["field"] == "play" and found["trick"] == 1
    assert found["message"].startswith("E played ")


def test_a_lead_held_by_another_seat():
    deal = random_deal(random.Random(2))
    card = deal["N"][0]
    hand = {"contract": "4H", "declarer": "S", "tricks": 10, "deal": deal, "lead": card}
    assert problems([hand])[0]["message"] == \
        f"{card} can't be the opening lead: W (declarer's left) leads, but N holds it"


def test_a_lead_that_is_not_the_first_card_played():
    rec = played(9, "D", "E")
    other = rec["deal"]["S"][0] if rec["deal"]["S"][0] != rec["play"][0][0] else \
        rec["deal"]["S"][1]
    hand = {"contract": "1D", "declarer": "E", "deal": rec["deal"], "play": rec["play"],
            "lead": other}
    assert problems([hand])[0]["message"] == \
        f"the opening lead is {other}, but the first card played is {rec['play'][0][0]}"


def revoked() -> tuple[dict[str, Any], str]:
    """A deal whose first trick's second hand shows out while holding the suit led."""
    for seed in range(200):
        rng = random.Random(seed)
        deal = random_deal(rng)
        lead = deal["W"][0]
        suit = lead[-1]
        second = [c for c in deal["N"] if c[-1] == suit]
        off = [c for c in deal["N"] if c[-1] != suit]
        third = [c for c in deal["E"] if c[-1] == suit]
        fourth = [c for c in deal["S"] if c[-1] == suit]
        if second and off and third and fourth:
            return {"contract": "1NT", "declarer": "S", "tricks": 7, "deal": deal,
                    "play": [[lead, off[0], third[0], fourth[0]]], "claim": 6}, "N"
    raise AssertionError("no such deal")


def test_not_following_suit_is_refused():
    hand, seat = revoked()
    found = problems([hand])
    assert any(p["message"] == f"the card record shows {seat} did not follow suit in trick 1 "
               "while holding the suit led" and p["trick"] == 1 for p in found)


def honours_deal(strain: str, holder: str, count: int) -> dict[str, list[str]]:
    """A deal whose ``holder`` holds ``count`` of the trump honours (the aces at NT), the rest
    spread so no other hand holds four."""
    honours = [f"{r}{strain}" for r in ("A", "K", "Q", "J", "10")] if strain != "NT" else \
        [f"A{s}" for s in "SHDC"]
    mine, rest = honours[:count], honours[count:]
    others = [c for c in random_deal(random.Random(0))["N"] + random_deal(random.Random(0))["E"]
              + random_deal(random.Random(0))["S"] + random_deal(random.Random(0))["W"]
              if c not in honours]
    hands = {holder: list(mine)}
    seats = [s for s in "NESW" if s != holder]
    for i, card in enumerate(rest):
        hands.setdefault(seats[i % 3], []).append(card)
    pool = iter(others)
    for s in "NESW":
        cards = hands.setdefault(s, [])
        while len(cards) < 13:
            cards.append(next(pool))
    return hands


@pytest.mark.parametrize(("strain", "holder", "count", "claimed", "ok"), [
    ("H", "S", 4, {"side": "NS", "points": 100}, True),
    ("H", "S", 5, {"side": "NS", "points": 150}, True),
    ("H", "E", 4, {"side": "EW", "points": 100}, True),
    ("NT", "W", 4, {"side": "EW", "points": 150}, True),
    ("H", "S", 4, {"side": "NS", "points": 150}, False),
    ("H", "S", 4, {"side": "EW", "points": 100}, False),
    ("H", "S", 3, {"side": "NS", "points": 100}, False),
    ("NT", "W", 3, {"side": "EW", "points": 150}, False),
])
def test_honours_are_checked_against_the_deal(strain, holder, count, claimed, ok):
    hand = {"contract": f"4{strain}", "declarer": "S", "tricks": 10,
            "deal": honours_deal(strain, holder, count), "honours": claimed}
    result = check_match(make_match("bridge", [hand]))
    assert result.ok is ok, [p.as_json() for p in result.problems]
    if not ok:
        assert result.problems[0].field == "honours"


def test_honours_not_claimed_are_not_scored():
    hand = {"contract": "4H", "declarer": "S", "tricks": 10, "deal": honours_deal("H", "S", 5)}
    assert entry(hand)["above"] == {"NS": 0, "EW": 0}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["C", "D", "H", "S", "NT"]),
       st.sampled_from("NESW"), st.integers(0, 13), st.integers(1, 7))
def test_random_card_by_card_deals_are_checked(seed, strain, declarer, stop, level):
    """Any legal play, whole or ended by a claim, is accepted and gives its tricks."""
    rec = random_play(random.Random(seed), strain, declarer, stop)
    hand: dict[str, Any] = {"contract": f"{level}{strain}", "declarer": declarer,
                            "deal": rec["deal"], "play": rec["play"]}
    if stop < 13:
        hand["claim"] = rec["claim"]
    if rec["play"]:
        hand["lead"] = rec["play"][0][0]
        assert rec["play"][0][0] in rec["deal"][left_of(declarer)]
    out = entry(hand)
    assert out["tricks"][side(declarer)] == rec["tricks"]
    assert out["over_under"] == rec["tricks"] - 6 - level
    assert out.get("trick_winners", []) == rec["winners"]  # none when no trick was played
