"""Spades records: bad hands refused in words, card records (spades broken, following suit,
the winners agreeing with tricks_NS and nil_tricks), and properties of random matches held
against the plain implementation in ``spades_play``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import spades_play
from support.engine_matches import errors, one
from support.helpers import SEATS

from scorekeeper.engine.matchfile import check_match

GOOD = {"bids": {"N": 3, "E": 4, "S": 0, "W": 2}, "tricks_NS": 4, "nil_tricks": {"S": 0}}


def bad(**change: Any) -> dict[str, Any]:
    out = {**GOOD, **change}
    return {k: v for k, v in out.items() if v is not None}


@pytest.mark.parametrize(("hand", "rules", "code", "field", "message"), [
    (bad(bids=None), {}, "hand.bids_missing", "bids",
     'what did each seat bid? bids is required, like {"N": 3, "E": 4, "S": 0, "W": 2}'),
    (bad(bids=[3, 4, 0, 2]), {}, "hand.bids_not_object", "bids",
     'bids must give each seat\'s bid, like {"N": 3, "E": 4, "S": 0, "W": 2}'),
    (bad(bids={"N": 3, "S": 0, "W": 2}), {}, "hand.seat_bid_missing", "bids",
     "what did E bid? bids must give all four seats"),
    (bad(bids={"N": 14, "E": 4, "S": 0, "W": 2}), {}, "hand.bid_range", "bids",
     "N's bid must be 0 to 13 (0 is nil), got 14"),
    (bad(bids={"N": -1, "E": 4, "S": 0, "W": 2}), {}, "hand.bid_range", "bids",
     "N's bid must be 0 to 13 (0 is nil), got -1"),
    (bad(bids={"N": "3", "E": 4, "S": 0, "W": 2}), {}, "hand.bid_range", "bids",
     'N\'s bid must be 0 to 13 (0 is nil), got "3"'),
    (bad(bids={"N": True, "E": 4, "S": 0, "W": 2}), {}, "hand.bid_range", "bids",
     "N's bid must be 0 to 13 (0 is nil), got true"),
    (bad(bids={"N": "nil", "E": 4, "S": 0, "W": 2}), {"blind_nil": True}, "hand.bid_range_blind",
     "bids", 'N\'s bid must be 0 to 13 (0 is nil) or "blind_nil", got "nil"'),
    (bad(bids={"N": 3, "E": 4, "S": "blind_nil", "W": 2}), {}, "hand.blind_nil_off", "bids",
     "S bid blind nil, but blind nil is not allowed in this match (the blind_nil rule is off)"),
    (bad(bids={"N": 3, "E": 4, "S": 0, "W": 2, "X": 1}), {}, "hand.bad_seat_key", "bids",
     'bids holds "X", which is not a seat: use N, E, S or W'),
    (bad(tricks_NS=14), {}, "hand.tricks_ns_range", "tricks_NS",
     "tricks won by NS must be 0 to 13, got 14"),
    (bad(tricks_NS=-1), {}, "hand.tricks_ns_range", "tricks_NS",
     "tricks won by NS must be 0 to 13, got -1"),
    (bad(tricks_NS="4"), {}, "hand.bad_int", "tricks_NS",
     'tricks_NS must be a whole number, got "4"'),
    (bad(tricks_NS=None), {}, "hand.tricks_ns_missing", "tricks_NS",
     "how many tricks did NS take? (0 to 13)"),
    (bad(nil_tricks=None), {}, "hand.nil_tricks_missing", "nil_tricks",
     "S bid nil: how many tricks did S take? (nil_tricks)"),
    (bad(nil_tricks={"S": 0, "N": 1}), {}, "hand.nil_tricks_not_nil", "nil_tricks",
     "N did not bid nil: nil_tricks is only for the seats that bid nil"),
    (bad(nil_tricks={"S": 5}), {}, "hand.nil_tricks_over", "nil_tricks",
     "S can't have taken 5 tricks: NS took only 4"),
    (bad(nil_tricks={"S": 14}), {}, "hand.nil_tricks_range", "nil_tricks",
     "the tricks S took must be 0 to 13, got 14"),
    (bad(nil_tricks={"S": "none"}), {}, "hand.nil_tricks_range", "nil_tricks",
     'the tricks S took must be 0 to 13, got "none"'),
    (bad(nil_tricks=[0]), {}, "hand.nil_tricks_not_object", "nil_tricks",
     'nil_tricks must give the tricks of each seat that bid nil, like {"S": 0}'),
    (bad(nil_tricks={"S": 0, "Q": 0}), {}, "hand.bad_seat_key", "nil_tricks",
     'nil_tricks holds "Q", which is not a seat: use N, E, S or W'),
    (bad(bids={"N": 0, "E": 4, "S": 0, "W": 2}, nil_tricks={"N": 1, "S": 1}), {},
     "hand.nil_tricks_double", "nil_tricks",
     "N and S both bid nil, so their tricks (2) must be all NS took (4)"),
    (bad(trump="S"), {}, "hand.unknown_key", "trump", 'unknown field "trump" in a hand'),
    (bad(bid={"N": 3}), {}, "hand.unknown_key", "bid", 'unknown field "bid" in a hand'),
    (bad(note=5), {}, "hand.bad_note", "note", "a note must be text of at most 500 characters"),
])
def test_bad_records_are_refused_in_words(hand: dict, rules: dict, code: str, field: str,
                                          message: str) -> None:
    found = errors("spades", [hand], **rules)
    assert [(e["code"], e["field"], e["hand"], e["message"]) for e in found] == [
        (code, field, 1, message)]


def test_a_good_record_and_blind_nil_with_the_rule() -> None:
    assert one("spades", GOOD)["points"] == {"NS": 131, "EW": 63}
    blind = bad(bids={"N": 3, "E": 4, "S": "blind_nil", "W": 2})
    assert one("spades", blind, blind_nil=True)["nil"] == {"S": "made"}


# --- card records ----------------------------------------------------------------------------


def record(seed: int, dealer: str = "N", **breaks: int) -> dict[str, Any]:
    """The first legal (or as asked, illegal) random record from ``seed`` on."""
    for n in range(seed, seed + 200):
        found = spades_play.random_record(random.Random(n), dealer, **breaks)
        if found is not None:
            return found
    raise AssertionError("no such deal")


def played(rec: dict[str, Any], bids: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"bids": bids, "deal": rec["deal"], "play": rec["play"], **more}


NIL_S = {"N": 3, "E": 3, "S": 0, "W": 3}


@pytest.mark.parametrize("seed", range(0, 60, 6))
def test_a_card_record_gives_the_tricks_and_the_nils(seed: int) -> None:
    rec = record(seed, "W")
    entry = check_match({"format": "scorekeeper-match/1", "game": "spades", "seats": SEATS,
                         "first_dealer": "W", "hands": [played(rec, NIL_S)]})
    assert entry.ok, [p.as_json() for p in entry.problems]
    assert entry.state is not None
    out = entry.state.as_json()["hands"][0]
    taken = rec["taken"]
    assert out["trick_winners"] == rec["winners"]
    assert out["tricks"] == {"NS": taken["N"] + taken["S"], "EW": taken["E"] + taken["W"]}
    assert out["nil"] == {"S": "made" if taken["S"] == 0 else "failed"}
    points, _ = spades_play.hand_points(NIL_S, taken)
    assert out["points"] == points
    assert entry.state.hands[0].outcome.leader == "N"  # the dealer's left leads


def test_what_is_given_beside_a_card_record_must_agree() -> None:
    rec = record(3)
    taken = rec["taken"]
    ns = taken["N"] + taken["S"]
    agreeing = played(rec, NIL_S, tricks_NS=ns, nil_tricks={"S": taken["S"]})
    assert one("spades", agreeing)["tricks"]["NS"] == ns
    found = errors("spades", [played(rec, NIL_S, tricks_NS=(ns + 1) % 14,
                                     nil_tricks={"S": (taken["S"] + 1) % 14})])
    assert [(e["code"], e["field"]) for e in found] == [
        ("hand.tricks_ns_mismatch", "tricks_NS"), ("hand.nil_tricks_mismatch", "nil_tricks")]
    assert found[1]["message"] == (f"the card record gives S {taken['S']} tricks, but "
                                   f"nil_tricks says {(taken['S'] + 1) % 14}")


def test_spades_may_not_be_led_before_they_are_broken() -> None:
    rec = record(1, spade_lead_at=1)
    found = errors("spades", [played(rec, NIL_S)])
    lead = rec["play"][0][0]
    assert [(e["code"], e["field"], e["trick"]) for e in found] == [
        ("play.trumps_not_broken", "play", 1)]
    assert found[0]["message"] == (
        f"E led {lead} in trick 1, but spades were not broken yet (no spade in an earlier "
        "trick) and E still held another suit")
    # without the deal the record itself shows what the leader still held
    no_deal = {k: v for k, v in played(rec, NIL_S).items() if k != "deal"}
    assert [e["code"] for e in errors("spades", [no_deal])] == ["play.trumps_not_broken"]


def test_a_leader_holding_only_spades_may_lead_them() -> None:
    suits = {"N": "S", "E": "H", "S": "D", "W": "C"}
    ranks = spades_play.RANKS[::-1]
    deal = {seat: [r + suit for r in ranks] for seat, suit in suits.items()}
    play = [[r + suits[s] for s in "NESW"] for r in ranks]  # N leads (W deals), wins each
    result = check_match({"format": "scorekeeper-match/1", "game": "spades", "seats": SEATS,
                          "first_dealer": "W", "hands": [
                              {"bids": {"N": 13, "E": 0, "S": 0, "W": 0}, "deal": deal,
                               "play": play}]})
    assert result.ok, [p.as_json() for p in result.problems]
    assert result.state is not None
    out = result.state.as_json()["hands"][0]
    assert out["trick_winners"] == ["N"] * 13
    assert out["nil"] == {"E": "made", "S": "made", "W": "made"}
    assert out["points"] == {"NS": 130 + 100, "EW": 200}


def test_a_spade_led_after_one_was_played_is_fine() -> None:
    for seed in range(40):
        rec = spades_play.random_record(random.Random(seed))
        assert rec is not None
        assert check_match({"format": "scorekeeper-match/1", "game": "spades", "seats": SEATS,
                            "hands": [played(rec, NIL_S)]}).ok


def test_not_following_suit_is_refused() -> None:
    rec = record(2, renege_at=3)
    found = errors("spades", [played(rec, NIL_S)])
    second = spades_play.after(rec["winners"][1], 1)  # trick 3's second seat
    assert [(e["code"], e["trick"]) for e in found] == [("play.renege", 3)]
    assert found[0]["message"] == (f"the card record shows {second} did not follow suit in "
                                   "trick 3 while holding the suit led: check the cards")


@pytest.mark.parametrize(("change", "code"), [
    (lambda p: p[:12], "play.wrong_trick_count"),
    (lambda p: [*p[:12], p[12][:3]], "play.wrong_trick_size"),
    (lambda p: [[*p[0][:3], p[1][0]], *p[1:]], "play.held_by_other"),
    (lambda p: "AS", "play.not_list"),
    (lambda p: [["XX", *p[0][1:]], *p[1:]], "hand.bad_card"),
])
def test_broken_card_records(change: Any, code: str) -> None:
    rec = record(4)
    hand = played(rec, NIL_S)
    hand["play"] = change(rec["play"])
    assert code in [e["code"] for e in errors("spades", [hand])]


def test_a_deal_must_hold_13_cards_a_seat() -> None:
    rec = record(5)
    deal = {**rec["deal"], "N": rec["deal"]["N"][:12]}
    found = errors("spades", [{"bids": NIL_S, "deal": deal, "tricks_NS": 3,
                               "nil_tricks": {"S": 0}}])
    assert [(e["code"], e["message"]) for e in found] == [
        ("deal.wrong_count", "N must hold 13 cards, not 12")]


# --- properties ------------------------------------------------------------------------------


bid = st.integers(0, 13)
bids_of = st.fixed_dictionaries({s: st.one_of(bid, st.just("blind_nil")) for s in "NESW"})


@st.composite
def a_hand(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, int]]:
    """Bids and the tricks each seat took (13 in all)."""
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    taken = dict(zip("NESW", (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]),
                     strict=True))
    return draw(bids_of), taken


def as_record(bids: dict[str, Any], taken: dict[str, int]) -> dict[str, Any]:
    nil = {s: taken[s] for s in "NESW" if bids[s] in (0, "blind_nil")}
    out: dict[str, Any] = {"bids": bids, "tricks_NS": taken["N"] + taken["S"]}
    if nil:
        out["nil_tricks"] = nil
    return out


RULES = st.fixed_dictionaries({}, optional={
    "target": st.integers(50, 600), "lose_at": st.one_of(st.none(), st.integers(-600, -1)),
    "bag_limit": st.integers(0, 12), "bag_penalty": st.integers(0, 200)})


@settings(max_examples=150, deadline=None)
@given(hands=st.lists(a_hand(), min_size=1, max_size=40), rules=RULES,
       first=st.sampled_from("NESW"), deals=st.one_of(st.none(), st.integers(1, 40)))
def test_random_matches_score_as_the_rules_say(hands: list, rules: dict, first: str,
                                               deals: int | None) -> None:
    """Points, score and bags after every hand, the dealer's rotation, and one end."""
    rules = {**rules, "blind_nil": True}
    if deals is not None:
        rules = {k: v for k, v in rules.items() if k != "target"} | {"deals": deals}
    expect = spades_play.replay(
        hands, target=rules.get("target", 500) if deals is None else None,
        lose_at=rules.get("lose_at", -200), bag_limit=rules.get("bag_limit", 10),
        bag_penalty=rules.get("bag_penalty", 100), deals=deals)
    result = check_match({"format": "scorekeeper-match/1", "game": "spades", "seats": SEATS,
                          "rules": rules, "first_dealer": first,
                          "hands": [as_record(b, t) for b, t in hands]})
    ended = expect["ended"]
    if ended is not None and ended < len(hands):  # the game ends exactly once
        assert [(p.code, p.hand) for p in result.problems] == [
            ("hand.after_game_over", n) for n in range(ended + 1, len(hands) + 1)]
        result = check_match({"format": "scorekeeper-match/1", "game": "spades",
                              "seats": SEATS, "rules": rules, "first_dealer": first,
                              "hands": [as_record(b, t) for b, t in hands[:ended]]})
    assert result.ok and result.state is not None, [p.as_json() for p in result.problems]
    state = result.state.as_json()
    for entry, row in zip(state["hands"], expect["rows"], strict=True):
        assert (entry["points"], entry["score"], entry["bags"]) == (
            row["points"], row["score"], row["bags"])
        assert entry["dealer"] == spades_play.after(first, entry["no"] - 1)
        assert all(0 <= b < max(rules.get("bag_limit", 10), 1) for b in entry["bags"].values())
    assert state["over"] is (ended is not None)
    assert state["winner"] == expect["winner"]
    assert state["tied"] is (ended is not None and expect["winner"] is None)
    assert state["bags"] == expect["rows"][-1]["bags"]
    assert state["next_dealer"] == spades_play.after(first, len(state["hands"]))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), bids=bids_of)
def test_a_random_card_record_scores_as_its_tricks(seed: int, bids: dict[str, Any]) -> None:
    rec = spades_play.random_record(random.Random(seed))
    assert rec is not None
    result = check_match({"format": "scorekeeper-match/1", "game": "spades", "seats": SEATS,
                          "rules": {"blind_nil": True},
                          "hands": [{"bids": bids, "play": rec["play"]}]})
    assert result.ok and result.state is not None, [p.as_json() for p in result.problems]
    entry = result.state.as_json()["hands"][0]
    row = spades_play.replay([(bids, rec["taken"])])["rows"][0]
    assert (entry["points"], entry["bags"]) == (row["points"], row["bags"])
    assert entry["trick_winners"] == rec["winners"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.sampled_from(
        ["N", "E", "S", "W", "blind_nil", "AS", "2C", "10H", "XX", ""]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["N", "E", "S", "W", "X"]), inner, max_size=5),
    max_leaves=20)
hostile_hand = st.fixed_dictionaries({}, optional={
    "bids": st.one_of(json_values, bids_of), "tricks_NS": json_values,
    "nil_tricks": json_values, "deal": json_values, "play": json_values, "note": json_values,
    "dealer": json_values, "trump": json_values})


@settings(max_examples=150, deadline=None)
@given(hands=st.lists(hostile_hand, max_size=4), blind=st.booleans())
def test_hostile_hands_get_problems_never_an_exception(hands: list, blind: bool) -> None:
    result = check_match({"format": "scorekeeper-match/1", "game": "spades", "seats": SEATS,
                          "rules": {"blind_nil": blind}, "hands": hands})
    if not result.ok:
        assert all(p.message and p.code for p in result.problems)
    else:
        assert result.state is not None and len(result.state.hands) == len(hands)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), trick=st.integers(0, 12), position=st.integers(0, 3),
       card=st.sampled_from(spades_play.DECK))
def test_a_card_record_with_one_card_changed_is_judged_without_an_exception(
        seed: int, trick: int, position: int, card: str) -> None:
    rec = spades_play.random_record(random.Random(seed))
    assert rec is not None
    play = [list(t) for t in rec["play"]]
    play[trick][position] = card
    for hand in ({"bids": NIL_S, "play": play}, {"bids": NIL_S, "play": play,
                                                 "deal": rec["deal"]}):
        result = check_match({"format": "scorekeeper-match/1", "game": "spades",
                              "seats": SEATS, "hands": [hand]})
        assert result.ok or all(p.message for p in result.problems)
