"""Chicago through ``check`` (spec/bridge.md, "At a table: Chicago"): the four deals'
vulnerability, partscores with and without carry, the fourth deal's partscore 100, passed-out
deals dealt again by the same dealer, chukkers."""

from __future__ import annotations

from typing import Any

import pytest
from support.engine_matches import make_match

from scorekeeper.engine.matchfile import check_match


def state(hands: list[dict[str, Any]], first_dealer: str = "N", **rules: Any) -> dict[str, Any]:
    result = check_match(make_match("bridge", hands, first_dealer, scoring="chicago", **rules))
    assert result.ok, [p.as_json() for p in result.problems]
    assert result.state is not None
    return result.state.as_json()


def deal(contract: str, declarer: str, tricks: int, **more: Any) -> dict[str, Any]:
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **more}


PARTSCORES = [deal("2S", "N", 8), deal("2H", "E", 8), deal("2D", "S", 8), deal("1NT", "W", 7)]


@pytest.mark.parametrize(("first", "vulnerable"), [
    ("N", ["none", "EW", "NS", "both"]), ("E", ["none", "NS", "EW", "both"]),
    ("S", ["none", "EW", "NS", "both"]), ("W", ["none", "NS", "EW", "both"]),
])
def test_vulnerability_by_the_deals_place_and_its_dealer(first, vulnerable):
    out = state([{"passed": True}, *([{"passed": True}] * 0), deal("1C", "N", 7),
                 deal("1C", "N", 7), deal("1C", "N", 7), deal("1C", "N", 7)], first)
    assert [h["vulnerable"] for h in out["hands"]] == [vulnerable[0], *vulnerable]
    assert [h["dealer"] for h in out["hands"]][:2] == [first, first]


def test_partscores_carry_to_game_and_the_fourth_deals_partscore_scores_100():
    out = state(PARTSCORES)
    # NS 60, EW 60, NS 40 more: game, vulnerable on deal 3 (dealer S): 500; EW's 40 on deal 4
    # completes no game: 100
    assert [h["points"] for h in out["hands"]] == [
        {"NS": 60, "EW": 0}, {"NS": 0, "EW": 60}, {"NS": 540, "EW": 0}, {"NS": 0, "EW": 140}]
    assert out["score"] == {"NS": 600, "EW": 200}
    assert (out["over"], out["winner"], out["tied"]) == (True, "NS", False)
    assert "below" not in out["hands"][0] and "games" not in out


def test_without_carry_every_deal_is_scored_as_in_duplicate():
    out = state(PARTSCORES, partscore_carry=False)
    assert [h["points"] for h in out["hands"]] == [
        {"NS": 110, "EW": 0}, {"NS": 0, "EW": 110}, {"NS": 90, "EW": 0}, {"NS": 0, "EW": 90}]
    assert (out["over"], out["winner"], out["tied"]) == (True, None, True)


@pytest.mark.parametrize(("hands", "last"), [
    # a game on the fourth deal, both vulnerable
    ([deal("1C", "N", 7)] * 3 + [deal("4S", "W", 10)], {"NS": 0, "EW": 620}),
    # a game by the partscores already there: its bonus by this deal's vulnerability
    ([deal("2S", "N", 8), deal("1C", "E", 7), deal("1C", "E", 7), deal("2C", "S", 8)],
     {"NS": 540, "EW": 0}),
    # a game by the other side wipes the partscores: NS's 60 counts no more
    ([deal("2S", "N", 8), deal("4H", "E", 10), deal("1C", "E", 7), deal("2C", "S", 8)],
     {"NS": 140, "EW": 0}),
    # down on the fourth deal: undertricks, vulnerable
    ([deal("1C", "N", 7)] * 3 + [deal("3NTX", "S", 7)], {"NS": 0, "EW": 500}),
    # a slam and honours
    ([deal("1C", "N", 7)] * 3 + [deal("6H", "S", 12, honours={"side": "EW", "points": 100})],
     {"NS": 180 + 750 + 500, "EW": 100}),
])
def test_the_fourth_deal(hands, last):
    assert state(hands)["hands"][3]["points"] == last


def test_the_spec_example_west_three_no_trumps_two_down():
    # deal 2 dealt by E: EW vulnerable
    out = state([deal("1C", "N", 7), deal("3NT", "W", 7)])
    assert out["hands"][1]["vulnerable"] == "EW"
    assert out["hands"][1]["points"] == {"NS": 200, "EW": 0}
    assert out["hands"][1]["over_under"] == -2


def test_a_passed_out_deal_is_dealt_again_by_the_same_dealer_and_does_not_count():
    out = state([{"dealer": "N", "passed": True}, {"dealer": "N", "passed": True},
                 {"dealer": "N", **deal("1NT", "S", 7)}, {"dealer": "E", "passed": True},
                 deal("1C", "E", 7), deal("1C", "N", 7), deal("1C", "W", 7)])
    assert [h["dealer"] for h in out["hands"]] == ["N", "N", "N", "E", "E", "S", "W"]
    assert [h["vulnerable"] for h in out["hands"]] == [
        "none", "none", "none", "EW", "EW", "NS", "both"]
    assert out["over"] is True and out["next_dealer"] == "N"


def test_a_passed_out_deal_given_the_next_dealer_is_refused():
    result = check_match(make_match("bridge", [{"passed": True}, {"dealer": "E", "passed": True}],
                                    scoring="chicago"))
    assert not result.ok
    assert result.problems[0].as_json() == {
        "hand": 2, "field": "dealer",
        "message": "the dealer of this hand is N (the deal passes clockwise), not E"}


def test_two_chukkers_start_each_from_nothing():
    first = [deal("2S", "N", 8), deal("1NT", "E", 7), deal("1C", "S", 7), deal("1C", "W", 7)]
    out = state([*first, deal("2S", "N", 8), deal("1C", "E", 7), deal("1C", "S", 7),
                 deal("1C", "W", 7)], chukkers=2)
    # chukker 1: NS 60 then 20 (80, no game); EW 40 then 20 on deal 4: 100 for the partscore
    assert [h["points"] for h in out["hands"]][:5] == [
        {"NS": 60, "EW": 0}, {"NS": 0, "EW": 40}, {"NS": 20, "EW": 0}, {"NS": 0, "EW": 120},
        {"NS": 60, "EW": 0}]  # NS's 80 does not carry into chukker 2
    assert out["hands"][4]["vulnerable"] == "none" and out["hands"][4]["dealer"] == "N"
    assert out["over"] is True and out["score"] == {"NS": 80 + 80, "EW": 160 + 140}


def test_a_match_of_one_chukker_takes_no_fifth_deal():
    result = check_match(make_match("bridge", [deal("1C", "N", 7)] * 5, scoring="chicago"))
    assert [p.code for p in result.problems] == ["hand.after_game_over"]
