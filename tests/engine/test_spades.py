"""Spades: contracts made and set, overtricks and bags, the bag penalty, nils and blind nils,
the game's end (target, lose_at, both at once, deals) and every option (spec/rules.md)."""

from __future__ import annotations

from typing import Any

import pytest
from support.engine_matches import errors
from support.helpers import SEATS

from scorekeeper.engine.matchfile import check_match

Bids = tuple[Any, Any, Any, Any]


def hand(bids: Bids, tricks_ns: int, **nil_tricks: int) -> dict[str, Any]:
    out: dict[str, Any] = {"bids": dict(zip("NESW", bids, strict=True)), "tricks_NS": tricks_ns}
    if nil_tricks:
        out["nil_tricks"] = nil_tricks
    return out


def spades(hands: list[dict[str, Any]], start: tuple[int, int] = (0, 0),
           **rules: Any) -> dict[str, Any]:
    match = {"format": "scorekeeper-match/1", "game": "spades", "seats": SEATS, "rules": rules,
             "start_score": {"NS": start[0], "EW": start[1]}, "hands": hands}
    result = check_match(match)
    assert result.ok, [p.as_json() for p in result.problems]
    assert result.state is not None
    return result.state.as_json()


@pytest.mark.parametrize(("bids", "tricks_ns", "nil", "rules", "points", "contracts", "nils"), [
    # made exactly, and set
    ((3, 4, 3, 3), 6, {}, {}, (60, 70), (6, 7), {}),
    ((3, 4, 3, 3), 5, {}, {}, (-60, 71), (6, 7), {}),
    # overtricks: a point each
    ((3, 4, 3, 3), 8, {}, {}, (62, -70), (6, 7), {}),
    ((7, 0, 6, 0), 13, {"E": 0, "W": 0}, {}, (130, 200), (13, 0), {"E": "made", "W": "made"}),
    # OpenSpiel's scoring cases: 91 and -230 for NS
    ((4, 5, 5, 0), 10, {"W": 0}, {}, (91, 50), (9, 5), {"W": "made"}),
    ((13, 5, 0, 1), 5, {"S": 1}, {}, (-230, 62), (13, 6), {"S": "failed"}),
    # a failed nil's tricks count for the side's contract (and its bags)
    ((4, 3, 0, 3), 6, {"S": 2}, {}, (-58, 61), (4, 6), {"S": "failed"}),
    ((5, 3, 0, 3), 4, {"S": 1}, {}, (-150, 63), (5, 6), {"S": "failed"}),
    # both partners nil: a contract of 0 scores nothing, every trick a bag
    ((0, 4, 0, 4), 2, {"N": 0, "S": 2}, {}, (2, 83), (0, 8), {"N": "made", "S": "failed"}),
    ((0, 4, 0, 4), 0, {"N": 0, "S": 0}, {}, (200, 85), (0, 8), {"N": "made", "S": "made"}),
    ((0, 4, 0, 4), 5, {"N": 2, "S": 3}, {}, (-195, 80), (0, 8),
     {"N": "failed", "S": "failed"}),
    # blind nil: 200 either way
    (("blind_nil", 3, 4, 3), 5, {"N": 0}, {"blind_nil": True}, (241, 62), (4, 6),
     {"N": "made"}),
    (("blind_nil", 3, 4, 3), 5, {"N": 1}, {"blind_nil": True}, (-159, 62), (4, 6),
     {"N": "failed"}),
    (("blind_nil", "blind_nil", 0, 13), 0, {"N": 0, "E": 0, "S": 0}, {"blind_nil": True},
     (300, 330), (0, 13), {"N": "made", "E": "made", "S": "made"}),
    # bags off: overtricks still score, bags stay 0
    ((3, 4, 3, 3), 8, {}, {"bag_limit": 0}, (62, -70), (6, 7), {}),
])
def test_one_hand_scores(bids: Bids, tricks_ns: int, nil: dict[str, int], rules: dict,
                         points: tuple[int, int], contracts: tuple[int, int],
                         nils: dict[str, str]) -> None:
    state = spades([hand(bids, tricks_ns, **nil)], **rules)
    entry = state["hands"][0]
    assert entry["result"] == "scored"
    assert entry["tricks"] == {"NS": tricks_ns, "EW": 13 - tricks_ns}
    assert entry["points"] == {"NS": points[0], "EW": points[1]}
    assert entry["score"] == entry["points"]
    assert entry["contracts"] == {"NS": contracts[0], "EW": contracts[1]}
    assert entry["nil"] == nils and list(entry["nil"]) == [s for s in "NESW" if s in nils]
    assert state["bags"] == entry["bags"]
    if rules.get("bag_limit") == 0:
        assert entry["bags"] == {"NS": 0, "EW": 0}


def test_the_check_entry_holds_exactly_the_spec_keys() -> None:
    state = spades([hand((3, 4, 3, 3), 6)])
    assert list(state["hands"][0]) == ["no", "dealer", "result", "tricks", "points", "score",
                                       "contracts", "bags", "nil"]
    assert list(state) == ["ok", "game", "hands", "score", "over", "winner", "tied",
                           "next_dealer", "bags"]
    assert state["hands"][0]["nil"] == {}  # every hand says its nils, none here


# Bags: (hands as (bids, tricks_NS, nil_tricks), rules, NS points of each hand, NS bags after)
NINE_BAGS = ((1, 3, 1, 3), 11, {})  # NS bid 2, take 11: 29 and 9 bags
@pytest.mark.parametrize(("hands", "rules", "points", "bags"), [
    # 9 bags, then 3 more: 12 reach the limit once, 100 off, 2 bags left (OpenSpiel: -37)
    ([NINE_BAGS, ((3, 2, 3, 2), 9, {})], {}, [29, -37], [9, 2]),
    # exactly 10: the penalty, and 0 left
    ([NINE_BAGS, ((3, 2, 3, 2), 7, {})], {}, [29, -39], [9, 0]),
    # bags from a set contract: none
    ([NINE_BAGS, ((6, 2, 6, 2), 11, {})], {}, [29, -120], [9, 9]),
    # 9 bags then a double nil taking all 13: 22 bags reach the limit twice
    ([NINE_BAGS, ((0, 0, 0, 0), 13, {"N": 6, "S": 7, "E": 0, "W": 0})], {},
     [29, 13 - 200 - 200], [9, 2]),
    # a limit of 5 and a penalty of 50: 9 bags are one penalty, then 4 + 13 are three more
    ([NINE_BAGS, ((0, 0, 0, 0), 13, {"N": 6, "S": 7, "E": 0, "W": 0})],
     {"bag_limit": 5, "bag_penalty": 50}, [29 - 50, 13 - 200 - 150], [4, 2]),
    # a limit of 1: every bag is a penalty
    ([((3, 4, 3, 3), 8, {})], {"bag_limit": 1}, [62 - 200], [0]),
    # bags off: no penalty ever
    ([NINE_BAGS, ((3, 2, 3, 2), 9, {})], {"bag_limit": 0}, [29, 63], [0, 0]),
    # a penalty of 0: bags still wrap
    ([NINE_BAGS, ((3, 2, 3, 2), 9, {})], {"bag_penalty": 0}, [29, 63], [9, 2]),
])
def test_bags_carry_and_cost(hands: list, rules: dict, points: list[int],
                             bags: list[int]) -> None:
    state = spades([hand(b, t, **n) for b, t, n in hands], **rules)
    assert [h["points"]["NS"] for h in state["hands"]] == points
    assert [h["bags"]["NS"] for h in state["hands"]] == bags
    assert state["bags"]["NS"] == bags[-1]


def test_bags_start_at_zero_whatever_the_starting_score() -> None:
    state = spades([hand(*NINE_BAGS[:2])], start=(99, 45))
    assert state["hands"][0]["bags"] == {"NS": 9, "EW": 0}
    assert state["score"] == {"NS": 128, "EW": 45 - 60}
    assert spades([])["bags"] == {"NS": 0, "EW": 0}


@pytest.mark.parametrize(("hands", "start", "rules", "over", "winner", "tied", "score"), [
    # NS reach 500
    ([((5, 1, 5, 1), 10, {})], (400, 0), {}, True, "NS", False, (500, 21)),
    # one short plays on
    ([((4, 1, 5, 1), 9, {})], (400, 0), {}, False, None, False, (490, 22)),
    # both reach the target: the higher wins
    ([((3, 3, 3, 3), 7, {})], (450, 450), {}, True, "NS", False, (511, 510)),
    # both reach it level: play on, the next hand decides
    ([((3, 4, 3, 3), 6, {})], (440, 430), {}, False, None, False, (500, 500)),
    ([((3, 4, 3, 3), 6, {}), ((1, 1, 1, 1), 8, {})], (440, 430), {}, True, "NS", False,
     (526, 523)),
    # at or below lose_at: the other side wins
    ([((10, 1, 10, 1), 9, {})], (0, 0), {}, True, "EW", False, (-200, 22)),
    ([((5, 1, 5, 1), 9, {})], (0, 0), {}, False, None, False, (-100, 22)),
    ([((5, 1, 5, 1), 9, {})], (0, 0), {"lose_at": -100}, True, "EW", False, (-100, 22)),
    ([((5, 1, 5, 1), 9, {})], (0, 0), {"lose_at": -101}, False, None, False, (-100, 22)),
    ([((10, 1, 10, 1), 9, {})], (100, 0), {}, False, None, False, (-100, 22)),
    # lose_at off (null): no losing score
    ([((7, 1, 6, 1), 9, {})] * 2, (0, 0), {"lose_at": None}, False, None, False, (-260, 44)),
    # both at or below lose_at: the higher wins; level plays on
    ([((7, 6, 6, 6), 6, {})], (0, 0), {"lose_at": -100}, True, "EW", False, (-130, -120)),
    ([((7, 6, 6, 7), 6, {})], (0, 0), {"lose_at": -100}, False, None, False, (-130, -130)),
    # a lower target
    ([((5, 1, 5, 1), 10, {})], (150, 0), {"target": 250}, True, "NS", False, (250, 21)),
    # deals: the higher total wins, level ties, neither target nor lose_at
    ([((5, 1, 5, 1), 10, {})], (400, 0), {"deals": 2}, False, None, False, (500, 21)),
    ([((5, 1, 5, 1), 10, {}), ((3, 3, 3, 3), 7, {})], (0, 0), {"deals": 2}, True, "NS", False,
     (161, 81)),
    ([((3, 3, 3, 3), 6, {}), ((3, 3, 3, 3), 7, {})], (0, 0), {"deals": 2}, True, None, True,
     (121, 121)),
    ([((13, 1, 13, 1), 0, {}), ((3, 3, 3, 3), 6, {})], (0, 0), {"deals": 2}, True, "EW",
     False, (-200, -8)),
])
def test_the_game_ends(hands: list, start: tuple[int, int], rules: dict, over: bool,
                       winner: str | None, tied: bool, score: tuple[int, int]) -> None:
    state = spades([hand(b, t, **n) for b, t, n in hands], start=start, **rules)
    assert (state["over"], state["winner"], state["tied"]) == (over, winner, tied)
    assert state["score"] == {"NS": score[0], "EW": score[1]}


def test_no_hand_after_the_end() -> None:
    won = [hand((5, 1, 5, 1), 10), hand((3, 3, 3, 3), 6)]
    result = check_match({"format": "scorekeeper-match/1", "game": "spades", "seats": SEATS,
                          "start_score": {"NS": 400, "EW": 0}, "hands": won})
    assert [(p.code, p.hand) for p in result.problems] == [("hand.after_game_over", 2)]


def test_the_dealer_passes_clockwise_and_the_dealers_left_leads() -> None:
    state = spades([hand((3, 3, 3, 3), 6)] * 5)
    assert [h["dealer"] for h in state["hands"]] == ["N", "E", "S", "W", "N"]
    assert state["next_dealer"] == "E"
    found = errors("spades", [{**hand((3, 3, 3, 3), 6), "dealer": "E"}])
    assert [(e["code"], e["field"]) for e in found] == [("hand.wrong_dealer", "dealer")]


@pytest.mark.parametrize(("rules", "fields"), [
    ({"target": 0}, ["rules.target"]),
    ({"target": 1001}, ["rules.target"]),
    ({"lose_at": 0}, ["rules.lose_at"]),
    ({"lose_at": 50}, ["rules.lose_at"]),
    ({"lose_at": -1001}, ["rules.lose_at"]),
    ({"bag_limit": -1}, ["rules.bag_limit"]),
    ({"bag_limit": 101}, ["rules.bag_limit"]),
    ({"bag_penalty": "100"}, ["rules.bag_penalty"]),
    ({"blind_nil": "yes"}, ["rules.blind_nil"]),
    ({"nil_points": 50}, ["rules.nil_points"]),
    ({"target": 300, "deals": 4}, ["rules.deals"]),
])
def test_bad_rules_are_refused(rules: dict, fields: list[str]) -> None:
    found = errors("spades", [], **rules)
    assert [e["field"] for e in found] == fields
    assert all(e["hand"] is None for e in found)


def test_rule_messages_are_words() -> None:
    found = errors("spades", [], lose_at=0, nil_points=1)
    assert [e["message"] for e in found] == [
        "rule lose_at must be a whole number from -1000 to -1, got 0",
        'unknown rule "nil_points" for spades']


def test_the_defaults() -> None:
    from scorekeeper.engine.games import GAMES, resolve_rules
    rules, problems = resolve_rules("spades", {})
    assert problems == []
    assert rules == {"target": 500, "deals": None, "lose_at": -200, "bag_limit": 10,
                     "bag_penalty": 100, "blind_nil": False}
    game = GAMES["spades"]
    assert (game.tricks, game.default_target) == (13, 500) and game.playable
    deals, _ = resolve_rules("spades", {"deals": 8})
    assert (deals["target"], deals["lose_at"]) == (None, None)
