"""Whist drive rules: trump by rotation (with a no-trump deal) and every trick scored."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.deals import _sorted, play_out
from support.helpers import SEATS

from scorekeeper.engine.cards import DECK_52, next_seat
from scorekeeper.engine.games import resolve_rules
from scorekeeper.engine.matchfile import check_match
from scorekeeper.games.whist.rotation import deal_trump, parse_rotation

DRIVE = {"trump_rotation": "HDSC", "no_trump": True, "scoring": "tricks", "deals": 10}


def check(hands, **rules):
    return check_match({"format": "scorekeeper-match/1", "game": "whist", "seats": SEATS,
                        "rules": rules, "hands": hands})


def codes(result):
    return [p.code for p in result.problems]


@pytest.mark.parametrize(("text", "cycle"), [
    ("HDSC", ("H", "D", "S", "C")),
    ("CDHS", ("C", "D", "H", "S")),
    ("NTSHDC", ("NT", "S", "H", "D", "C")),
    ("HDNTSC", ("H", "D", "NT", "S", "C")),
    ("S", ("S",)),
    ("", None), ("HH", None), ("HDSCX", None), ("hdsc", None), ("NTNT", None), ("N", None),
])
def test_a_rotation_is_written_as_its_suits(text, cycle):
    assert parse_rotation(text) == cycle


@pytest.mark.parametrize(("rules", "deals"), [
    ({"trump_rotation": "HDSC"}, "HDSCHDSCH"),
    ({"trump_rotation": "HDSC", "no_trump": True}, ["H", "D", "S", "C", "NT", "H", "D"]),
    ({"trump_rotation": "NTSHDC", "no_trump": True}, ["NT", "S", "H", "D", "C", "NT"]),
    ({"trump_rotation": "CDHS"}, "CDHSC"),
])
def test_the_trump_of_each_deal_follows_its_number(rules, deals):
    resolved, problems = resolve_rules("whist", rules)
    assert problems == []
    assert [deal_trump(resolved, no) for no in range(1, len(deals) + 1)] == list(deals)


def test_without_a_rotation_the_turn_up_decides_as_before():
    resolved, _ = resolve_rules("whist", {})
    assert deal_trump(resolved, 1) is None
    assert resolved["scoring"] == "book"


@pytest.mark.parametrize(("rules", "code"), [
    ({"trump_rotation": "HXSC"}, "rules.bad_value"),
    ({"trump_rotation": "HHDS"}, "rules.bad_value"),
    ({"trump_rotation": 4}, "rules.bad_value"),
    ({"no_trump": True}, "rules.no_trump_needs_rotation"),
    ({"scoring": "points"}, "rules.bad_value"),
    ({"scoring": "tricks"}, "rules.tricks_need_deals"),
    ({"scoring": "tricks", "deals": 8, "honours": True}, "rules.tricks_no_honours"),
])
def test_bad_rules_are_refused(rules, code):
    _, problems = resolve_rules("whist", rules)
    assert code in [p.code for p in problems]


def test_a_bad_rotation_says_what_it_expects():
    _, problems = resolve_rules("whist", {"trump_rotation": "HXSC"})
    assert problems[0].params["expected"] == "a cycle of suits such as HDSC (NT: a no-trump deal)"


# deal, rules, hand, the check object's entry (or the problem's code)
@pytest.mark.parametrize(("no", "rules", "hand", "expect"), [
    # the rotation gives the trump; no trump needs to be given
    (1, {"trump_rotation": "HDSC"}, {"tricks_NS": 9},
     {"trump": "H", "points": {"NS": 3, "EW": 0}}),
    (2, {"trump_rotation": "HDSC"}, {"tricks_NS": 9, "trump": "D"},
     {"trump": "D", "points": {"NS": 3, "EW": 0}}),
    (2, {"trump_rotation": "HDSC"}, {"tricks_NS": 9, "trump": "H"}, "hand.trump_not_rotation"),
    (1, {"trump_rotation": "HDSC"}, {"tricks_NS": 9, "turn_up": "2H"},
     {"trump": "H", "points": {"NS": 3, "EW": 0}}),
    (1, {"trump_rotation": "HDSC"}, {"tricks_NS": 9, "turn_up": "2S"},
     "hand.turn_up_not_rotation"),
    (5, {"trump_rotation": "HDSC", "no_trump": True}, {"tricks_NS": 9, "turn_up": "2S"},
     "hand.turn_up_not_rotation"),
    (5, {"trump_rotation": "HDSC", "no_trump": True}, {"tricks_NS": 9, "trump": "NT"},
     {"trump": "NT", "points": {"NS": 3, "EW": 0}}),
    (1, {"trump_rotation": "HDSC", "no_trump": True}, {"tricks_NS": 9, "trump": "NT"},
     "hand.trump_not_rotation"),
    (1, {}, {"tricks_NS": 9, "trump": "NT"}, "hand.bad_suit"),
    # honours: counted in a suit deal, none in a no-trump deal
    (5, {"trump_rotation": "HDSC", "no_trump": True, "honours": True}, {"tricks_NS": 8},
     {"trump": "NT", "points": {"NS": 2, "EW": 0}}),
    (5, {"trump_rotation": "HDSC", "no_trump": True, "honours": True},
     {"tricks_NS": 8, "honours_NS": 4}, "hand.honours_no_trump"),
    (1, {"trump_rotation": "HDSC", "honours": True}, {"tricks_NS": 8, "honours_NS": 4},
     {"trump": "H", "points": {"NS": 6, "EW": 0}}),
    # tricks scoring: each side scores what it won
    (1, {"scoring": "tricks", "deals": 8}, {"tricks_NS": 9, "trump": "S"},
     {"points": {"NS": 9, "EW": 4}}),
    (1, {"scoring": "tricks", "deals": 8}, {"tricks_NS": 13, "trump": "S"},
     {"points": {"NS": 13, "EW": 0}}),
    (1, DRIVE, {"tricks_NS": 0}, {"trump": "H", "points": {"NS": 0, "EW": 13}}),
    # revokes with tricks scoring: take3 moves three tricks, add3/deduct3 as ever
    (1, DRIVE, {"tricks_NS": 7, "revoke": {"by": "NS", "penalty": "take3"}},
     {"points": {"NS": 4, "EW": 9}, "tricks": {"NS": 7, "EW": 6}}),
    (1, DRIVE, {"tricks_NS": 2, "revoke": {"by": "NS", "penalty": "take3"}},
     {"points": {"NS": 0, "EW": 13}}),
    (1, DRIVE, {"tricks_NS": 7, "revoke": {"by": "EW", "penalty": "add3"}},
     {"points": {"NS": 10, "EW": 6}}),
    (1, DRIVE, {"tricks_NS": 7, "revoke": {"by": "EW", "penalty": "deduct3"}},
     {"points": {"NS": 7, "EW": 6}}),  # the score cannot go below 0 before the tricks
])
def test_one_deal(no, rules, hand, expect):
    earlier = {"tricks_NS": 7, "honours_NS": 2} if rules.get("honours") else {"tricks_NS": 7}
    before = [dict(earlier) for _ in range(no - 1)]
    result = check([*before, hand], **({"deals": 20} | rules if "deals" not in rules
                                       and rules.get("scoring") != "tricks" else rules))
    if isinstance(expect, str):
        assert codes(result) == [expect]
        assert result.problems[0].hand == no
        return
    assert result.ok, [p.as_json() for p in result.problems]
    entry = result.state.as_json()["hands"][no - 1]
    for key, value in expect.items():
        assert entry[key] == value


def test_without_a_rotation_the_check_object_has_no_trump_key():
    result = check([{"trump": "S", "tricks_NS": 8}], deals=4)
    assert "trump" not in result.state.as_json()["hands"][0]


def test_a_rotation_runs_on_through_a_rubber():
    hands = [{"tricks_NS": 0}, {"tricks_NS": 13}, {"tricks_NS": 13}]  # a game of 7 per deal
    result = check(hands, trump_rotation="SHDC", rubber=True)
    assert result.ok
    assert [h["trump"] for h in result.state.as_json()["hands"]] == ["S", "H", "D"]
    assert result.state.over


def test_a_whist_drive_round_ends_after_its_deals_and_may_tie():
    result = check([{"tricks_NS": 7}, {"tricks_NS": 6}], **(DRIVE | {"deals": 2}))
    state = result.state
    assert state.over and state.tied and state.score == {"NS": 13, "EW": 13}


def _rotation_deal(rng: random.Random, no: int, dealer: str, trump: str) -> dict:
    cards = _sorted(DECK_52)
    rng.shuffle(cards)
    holdings = {s: cards[i * 13:(i + 1) * 13] for i, s in enumerate(SEATS)}
    return {
        "dealer": dealer,
        "deal": {s: [str(c) for c in holdings[s]] for s in SEATS},
        "play": play_out(rng, holdings, trump, False, next_seat(dealer), frozenset(), 13),
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(["HDSC", "CDHS", "NTSHDC"]), st.booleans(),
       st.sampled_from(["book", "tricks"]))
def test_random_card_records_in_a_rotation_match_check_and_score(seed, rotation, no_trump,
                                                                   scoring):
    rng = random.Random(seed)
    rules = {"trump_rotation": rotation, "no_trump": no_trump, "scoring": scoring, "deals": 6}
    resolved, _ = resolve_rules("whist", rules)
    hands = []
    for no in range(1, 7):
        trump = deal_trump(resolved, no)
        assert trump is not None
        hands.append(_rotation_deal(rng, no, "NESW"[(no - 1) % 4], trump))
    result = check(hands, **rules)
    assert result.ok, [p.as_json() for p in result.problems]
    state = result.state.as_json()
    total = {"NS": 0, "EW": 0}
    for no, entry in enumerate(state["hands"], 1):
        assert entry["trump"] == deal_trump(resolved, no)
        assert len(entry["trick_winners"]) == 13
        assert sum(entry["tricks"].values()) == 13
        if scoring == "tricks":
            assert entry["points"] == entry["tricks"]
        else:
            assert entry["points"] == {t: max(0, n - 6) for t, n in entry["tricks"].items()}
        for team in total:
            total[team] += entry["points"][team]
        assert entry["score"] == total
    assert state["over"]
    # the same deals replayed give the same state, byte for byte
    assert check(hands, **rules).state.as_json() == state


def test_in_a_no_trump_deal_the_highest_card_of_the_suit_led_wins():
    rules = {"trump_rotation": "NTSHDC", "deals": 1}
    deal = {
        "N": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"],
        "E": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
        "S": ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
        "W": ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"],
    }
    # dealer N: East leads; every trick is led in hearts and East wins it (no trump to ruff)
    play = [[deal["E"][i], deal["S"][i], deal["W"][i], deal["N"][i]] for i in range(13)]
    result = check([{"deal": deal, "play": play}], **rules)
    assert result.ok, [p.as_json() for p in result.problems]
    entry = result.state.as_json()["hands"][0]
    assert entry["trump"] == "NT"
    assert entry["trick_winners"] == ["E"] * 13
    assert entry["tricks"] == {"NS": 0, "EW": 13}
