"""Rubber bridge through ``check`` (spec/bridge.md, "At a table: rubber bridge"): every line of
the scoring table, not vulnerable and vulnerable, below and above the line; honours; the line;
2–0 and 2–1 rubbers; several rubbers won on points; stopped rubbers; passed-out deals."""

from __future__ import annotations

from typing import Any

import pytest
from support.engine_matches import make_match

from scorekeeper.engine.matchfile import check_match


def state(hands: list[dict[str, Any]], stopped: bool = False, **rules: Any) -> dict[str, Any]:
    match = make_match("bridge", hands, **rules)
    if stopped:
        match["stopped"] = True
    result = check_match(match)
    assert result.ok, [p.as_json() for p in result.problems]
    assert result.state is not None
    return result.state.as_json()


def deal(contract: str, declarer: str, tricks: int, **more: Any) -> dict[str, Any]:
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **more}


# (contract, declarer's tricks, below the line, declarer's above, defenders' above), first deal
# of a rubber: nobody vulnerable
NOT_VULNERABLE = [
    ("2C", 8, 40, 0, 0), ("2C", 9, 40, 20, 0), ("3D", 10, 60, 20, 0), ("2H", 9, 60, 30, 0),
    ("1S", 9, 30, 60, 0), ("1NT", 7, 40, 0, 0), ("1NT", 9, 40, 60, 0), ("3NT", 9, 100, 0, 0),
    ("2HX", 8, 120, 50, 0),  # the insult
    ("2HX", 9, 120, 150, 0),  # a doubled overtrick 100
    ("1CXX", 8, 80, 300, 0),  # redoubled: overtrick 200, insult 100
    ("6S", 12, 180, 500, 0), ("6NT", 12, 190, 500, 0), ("7NT", 13, 220, 1000, 0),
    ("6NTX", 13, 380, 650, 0),
    ("4H", 9, 0, 0, 50), ("4H", 7, 0, 0, 150),
    ("4SX", 9, 0, 0, 100), ("4SX", 8, 0, 0, 300), ("4SX", 7, 0, 0, 500), ("4SX", 6, 0, 0, 800),
    ("4SX", 5, 0, 0, 1100),
    ("4SXX", 9, 0, 0, 200), ("4SXX", 8, 0, 0, 600), ("4SXX", 7, 0, 0, 1000),
    ("4SXX", 6, 0, 0, 1600),
    ("7NTX", 0, 0, 0, 3500),
]
# The same, declarer's side vulnerable (it won the rubber's first game): a deal that makes a
# second game also scores the rubber bonus, 700 (the other side has no game).
VULNERABLE = [
    ("2C", 9, 40, 20, 0), ("1NT", 9, 40, 60, 0),
    ("1CX", 8, 40, 250, 0),  # overtrick doubled 200, insult 50
    ("1CXX", 8, 80, 500, 0),  # overtrick redoubled 400, insult 100
    ("2HX", 9, 120, 200 + 50 + 700, 0),
    ("6S", 12, 180, 750 + 700, 0), ("7NT", 13, 220, 1500 + 700, 0),
    ("4H", 9, 0, 0, 100), ("4H", 7, 0, 0, 300),
    ("4SX", 9, 0, 0, 200), ("4SX", 8, 0, 0, 500), ("4SX", 7, 0, 0, 800), ("4SX", 6, 0, 0, 1100),
    ("4SXX", 9, 0, 0, 400), ("4SXX", 8, 0, 0, 1000), ("4SXX", 7, 0, 0, 1600),
    ("7NTX", 0, 0, 0, 3800),
]


def split(below: int, mine: int, theirs: int, declarer: str) -> dict[str, Any]:
    side, other = ("NS", "EW") if declarer in "NS" else ("EW", "NS")
    return {"below": {side: below, other: 0}, "above": {side: mine, other: theirs},
            "points": {side: below + mine, other: theirs}}


@pytest.mark.parametrize(("contract", "tricks", "below", "mine", "theirs"), NOT_VULNERABLE)
@pytest.mark.parametrize("declarer", ["S", "W"])
def test_every_line_not_vulnerable(contract, tricks, below, mine, theirs, declarer):
    entry = state([deal(contract, declarer, tricks)])["hands"][0]
    assert entry["vulnerable"] == "none"
    assert {k: entry[k] for k in ("below", "above", "points")} == \
        split(below, mine, theirs, declarer)
    assert entry["result"] == ("made" if tricks >= 6 + int(contract[0]) else "down")
    assert entry["over_under"] == tricks - 6 - int(contract[0])


@pytest.mark.parametrize(("contract", "tricks", "below", "mine", "theirs"), VULNERABLE)
@pytest.mark.parametrize(("first", "declarer"), [("S", "N"), ("E", "W")])
def test_every_line_vulnerable(contract, tricks, below, mine, theirs, first, declarer):
    entry = state([deal("4S", first, 10), deal(contract, declarer, tricks)])["hands"][1]
    assert entry["vulnerable"] == ("NS" if declarer in "NS" else "EW")
    assert {k: entry[k] for k in ("below", "above", "points")} == \
        split(below, mine, theirs, declarer)


@pytest.mark.parametrize(("hand", "above"), [
    (deal("4H", "S", 10, honours={"side": "NS", "points": 100}), {"NS": 100, "EW": 0}),
    (deal("4H", "S", 10, honours={"side": "EW", "points": 100}), {"NS": 0, "EW": 100}),
    (deal("4H", "S", 9, honours={"side": "EW", "points": 150}), {"NS": 0, "EW": 200}),
    (deal("4H", "S", 9, honours={"side": "NS", "points": 150}), {"NS": 150, "EW": 50}),
    (deal("3NT", "W", 9, honours={"side": "EW", "points": 150}), {"NS": 0, "EW": 150}),
])
def test_honours_score_above_the_line_for_the_side_that_held_them(hand, above):
    assert state([hand])["hands"][0]["above"] == above


def test_partscores_add_up_to_game_and_the_line_wipes_the_other_sides():
    out = state([deal("2S", "N", 8), deal("3C", "E", 9), deal("2D", "S", 8),
                 deal("3C", "W", 9), deal("1NT", "E", 7)])
    assert out["games"] == [{"winner": "NS", "below": {"NS": 100, "EW": 60}},
                            {"winner": "EW", "below": {"NS": 0, "EW": 100}}]
    assert [h["vulnerable"] for h in out["hands"]] == ["none", "none", "none", "NS", "NS"]
    assert out["over"] is False and out["winner"] is None and out["rubbers"] == []


def test_a_two_nil_rubber_scores_700():
    out = state([deal("4S", "S", 10), deal("3NT", "N", 9)])
    assert out["hands"][1]["above"] == {"NS": 700, "EW": 0}
    assert out["rubbers"] == [{"winner": "NS", "bonus": 700, "totals": {"NS": 920, "EW": 0}}]
    assert (out["over"], out["winner"], out["tied"]) == (True, "NS", False)
    assert out["score"] == {"NS": 920, "EW": 0}


def test_a_two_one_rubber_scores_500():
    out = state([deal("4S", "S", 10), deal("4H", "E", 10), deal("5D", "N", 11)])
    assert [h["vulnerable"] for h in out["hands"]] == ["none", "NS", "both"]
    assert out["hands"][2]["points"] == {"NS": 600, "EW": 0}
    assert out["rubbers"] == [{"winner": "NS", "bonus": 500,
                               "totals": {"NS": 720, "EW": 120}}]


def test_the_rubber_goes_to_the_side_with_more_points():
    # NS win two games, but EW took 1100 from a doubled contract four down
    out = state([deal("4S", "S", 10), deal("5CX", "N", 7), deal("3NT", "S", 9)])
    assert out["rubbers"] == [{"winner": "EW", "bonus": 700,
                               "totals": {"NS": 920, "EW": 1100}}]
    assert out["winner"] == "EW"


def test_several_rubbers_won_on_total_points():
    out = state([deal("4S", "S", 10), deal("3NT", "N", 9),
                 deal("4H", "E", 10), deal("4S", "W", 10)], rubbers=2)
    assert [h["dealer"] for h in out["hands"]] == ["N", "E", "S", "W"]
    assert [h["score"] for h in out["hands"]] == [
        {"NS": 120, "EW": 0}, {"NS": 920, "EW": 0}, {"NS": 0, "EW": 120},
        {"NS": 0, "EW": 940}]
    assert out["hands"][2]["vulnerable"] == "none"  # a new rubber
    assert [r["totals"] for r in out["rubbers"]] == [{"NS": 920, "EW": 0},
                                                     {"NS": 0, "EW": 940}]
    assert (out["over"], out["winner"], out["next_dealer"]) == (True, "EW", "N")


def test_after_the_first_rubber_the_score_starts_again():
    out = state([deal("4S", "S", 10), deal("3NT", "N", 9)], rubbers=2)
    assert out["score"] == {"NS": 0, "EW": 0} and out["over"] is False
    assert len(out["rubbers"]) == 1


def test_level_totals_tie():
    out = state([deal("4S", "S", 10), deal("4H", "E", 10), deal("2C", "N", 8),
                 deal("2D", "E", 8)], stopped=True)
    assert out["rubbers"][-1]["bonus"] == {"NS": 0, "EW": 0}  # one game all, both partscores
    assert (out["over"], out["winner"], out["tied"]) == (True, None, True)


@pytest.mark.parametrize(("hands", "bonus", "totals"), [
    ([deal("4S", "S", 10), deal("2C", "E", 8)], {"NS": 300, "EW": 100},
     {"NS": 420, "EW": 140}),
    ([deal("2C", "N", 8)], {"NS": 100, "EW": 0}, {"NS": 140, "EW": 0}),
    ([deal("2C", "N", 8), deal("2C", "E", 8)], {"NS": 0, "EW": 0}, {"NS": 40, "EW": 40}),
    ([deal("4S", "S", 10), deal("4H", "E", 10)], {"NS": 0, "EW": 0}, {"NS": 120, "EW": 120}),
    ([deal("4S", "S", 10), deal("4H", "E", 10), deal("1S", "W", 7)], {"NS": 0, "EW": 100},
     {"NS": 120, "EW": 250}),
    ([deal("4S", "S", 10), deal("3NT", "W", 9)], {"NS": 0, "EW": 0}, {"NS": 120, "EW": 100}),
])
def test_a_stopped_rubber_scores_300_for_the_only_game_100_for_the_only_partscore(
        hands, bonus, totals):
    out = state(hands, stopped=True)
    assert out["rubbers"][-1] == {"winner": max(totals, key=lambda s: totals[s])
                                  if totals["NS"] != totals["EW"] else None,
                                  "bonus": bonus, "totals": totals, "stopped": True}
    assert out["score"] == totals and out["over"] is True


def test_a_match_stopped_between_rubbers_adds_nothing():
    out = state([deal("4S", "S", 10), deal("3NT", "N", 9)], stopped=True, rubbers=3)
    assert len(out["rubbers"]) == 1 and out["over"] is True and out["winner"] == "NS"


def test_a_stopped_match_takes_no_more_deals(client):
    match = make_match("bridge", [deal("4S", "S", 10)])
    match["stopped"] = True
    made = client.post("/api/matches", json=match)
    assert made.status_code == 201 and made.get_json()["state"]["over"] is True
    more = client.post(f"/api/matches/{made.get_json()['id']}/hands",
                       json={"no": 2, **deal("2C", "E", 8)},
                       headers={"Authorization": f"Bearer {made.get_json()['edit_key']}"})
    assert more.status_code == 409


def test_a_passed_out_deal_passes_the_deal_to_the_left():
    out = state([{"dealer": "N", "passed": True}, {"dealer": "E", **deal("1NT", "S", 7)}])
    assert [h["result"] for h in out["hands"]] == ["passed", "made"]
    assert out["hands"][0]["points"] == {"NS": 0, "EW": 0}
    assert out["next_dealer"] == "S"


def test_a_start_score_counts_in_the_first_rubber():
    match = make_match("bridge", [deal("4S", "S", 10), deal("3NT", "N", 9)])
    match["start_score"] = {"NS": 0, "EW": 500}
    result = check_match(match)
    assert result.ok and result.state is not None
    assert result.state.as_json()["rubbers"][0]["totals"] == {"NS": 920, "EW": 500}
