"""Bridge's duplicate session scoring (spec/bridge.md, "A duplicate session"): matchpoints with
Neuberg factoring and adjusted scores, cross-IMPs, ranks with shared places, two decimals from
the exact values; hand-computed tables of cases and hypothesis properties."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.pair_movements import howell, mitchell
from scorekeeper.games.bridge.scoring import imps
from scorekeeper.games.bridge.session import check_session
from scorekeeper.games.bridge.session.cards import score_card
from scorekeeper.games.bridge.session.imps import board_imps
from scorekeeper.games.bridge.session.matchpoints import board_matchpoints
from scorekeeper.games.bridge.session.ranking import hundredths, points, ranks, two_decimals

PAIRS = {f"{d}{i}": [f"{d}{i}a", f"{d}{i}b"] for d in "NE" for i in range(1, 6)}
# a result for NS by its score on board 1 (nobody vulnerable; on board 2 NS are vulnerable:
# the same results score 650, 620, 170, 140, -100, -200 and 0, in the same order)
CONTRACTS: dict[int, dict[str, Any]] = {
    420: {"contract": "4H", "declarer": "S", "tricks": 10},
    450: {"contract": "4H", "declarer": "S", "tricks": 11},
    170: {"contract": "2S", "declarer": "N", "tricks": 10},
    140: {"contract": "2H", "declarer": "N", "tricks": 9},
    -50: {"contract": "4H", "declarer": "S", "tricks": 9},
    -100: {"contract": "4H", "declarer": "S", "tricks": 8},
    0: {"passed": True},
}


def session(results: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-session/1", "game": "bridge", "movement": "mitchell",
            "pairs": PAIRS, "results": results, **extra}


def played(board: int, table: int, score: int, ew: int | None = None) -> dict[str, Any]:
    return {"board": board, "ns": f"N{table}", "ew": f"E{ew or table}", **CONTRACTS[score]}


def adjusted(board: int, table: int, ns: str, ew: str) -> dict[str, Any]:
    return {"board": board, "ns": f"N{table}", "ew": f"E{table}",
            "adjusted": {"ns": ns, "ew": ew}}


def answer(results: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    out, problems = check_session(session(results, **extra))
    assert out["ok"], out
    assert not problems
    return out


def mp_lines(out: dict[str, Any], board: int) -> list[tuple[Any, Any]]:
    line = next(b for b in out["boards"] if b["board"] == board)
    return [(r["ns_mp"], r["ew_mp"]) for r in line["results"]]


def pair(out: dict[str, Any], pair_id: str) -> dict[str, Any]:
    return next(p for p in out["pairs"] if p["pair"] == pair_id)


# --- matchpoints ------------------------------------------------------------------------------

@pytest.mark.parametrize(("scores", "most", "expected"), [
    # plain: 1 for each score beaten, ½ for each tie
    ([420, 420, -50, 170], 4, [F(5, 2), F(5, 2), F(0), F(1)]),
    ([100, 100, 100], 3, [F(1), F(1), F(1)]),
    # Neuberg to 4 results: (m + ½) × 4 / 3 − ½
    ([100, 200, 300], 4, [F(1, 6), F(3, 2), F(17, 6)]),
    # one result on a board others played 5 times: an average of the top 4
    ([620], 5, [F(2)]),
    ([-100, 420], 4, [F(1, 2), F(5, 2)]),
])
def test_board_matchpoints(scores: list[int], most: int, expected: list[F]) -> None:
    assert board_matchpoints(scores, most) == expected


def test_a_plain_board_and_each_pairs_percentage() -> None:
    out = answer([played(1, 1, 420), played(1, 2, 420), played(1, 3, -50), played(1, 4, 170)])
    assert out["boards"][0]["top"] == 3
    assert mp_lines(out, 1) == [(2.5, 0.5), (2.5, 0.5), (0, 3), (1, 2)]
    assert pair(out, "N3") == {"pair": "N3", "names": ["N3a", "N3b"], "direction": "NS",
                               "mp": 0, "top": 3, "percent": 0.0, "rank": "4"}
    assert [(p["pair"], p["rank"], p["percent"]) for p in out["pairs"][:4]] == [
        ("N1", "1=", 83.33), ("N2", "1=", 83.33), ("N4", "3", 33.33), ("N3", "4", 0.0)]


def test_a_board_played_fewer_times_is_factored() -> None:
    out = answer([played(1, t, s) for t, s in ((1, 420), (2, 170), (3, -50), (4, 140))]
                 + [played(2, t, s) for t, s in ((1, 0), (2, -100), (3, 420))])
    assert out["boards"][1]["top"] == 3
    # board 2 scores 0, -200, +620 (n = 3, N = 4): raw 1, 0, 2
    assert mp_lines(out, 2) == [(1.5, 1.5), (0.17, 2.83), (2.83, 0.17)]
    # N2: 2 on board 1, 1/6 on board 2, of 6: 13/36 = 36.11 %
    assert pair(out, "N2")["mp"] == 2.17 and pair(out, "N2")["percent"] == 36.11


@pytest.mark.parametrize(("ns", "ew", "law", "fixed"), [
    # N1 scored 3 of 3 (100 %) on board 1, E1 0 of 3: A+ takes the greater, A- the lesser
    ("A+", "A-", (F(3), F(0)), (F(9, 5), F(6, 5))),
    ("A", "A", (F(3, 2), F(3, 2)), (F(3, 2), F(3, 2))),
    ("A-", "A+", (F(6, 5), F(9, 5)), (F(6, 5), F(9, 5))),
])
def test_adjusted_scores_by_law_12c2_and_fixed(ns: str, ew: str, law: tuple[F, F],
                                               fixed: tuple[F, F]) -> None:
    results = [played(1, 1, 450), played(1, 2, 420), played(1, 3, 170), played(1, 4, -50),
               adjusted(2, 1, ns, ew), played(2, 2, 420), played(2, 3, 170),
               played(2, 4, -50)]
    for averages, expected in (("law", law), ("fixed", fixed)):
        out = answer(results, averages=averages)
        assert mp_lines(out, 2)[0] == tuple(points(v) for v in expected)


def test_an_adjusted_pair_with_no_scored_board_gets_60_and_40() -> None:
    out = answer([adjusted(1, 1, "A+", "A-"), played(1, 2, 420), played(1, 3, 170)])
    assert mp_lines(out, 1)[0] == (1.2, 0.8)
    assert pair(out, "N1")["percent"] == 60.0 and pair(out, "E1")["percent"] == 40.0


def test_the_spec_example() -> None:
    out = answer([
        {"board": 1, "ns": "N1", "ew": "E1", "contract": "4H", "declarer": "S", "tricks": 10,
         "lead": "KS"},
        {"board": 1, "ns": "N2", "ew": "E2", "contract": "3NT", "declarer": "N", "tricks": 8},
        {"board": 2, "ns": "N1", "ew": "E2", "passed": True},
        {"board": 2, "ns": "N2", "ew": "E1", "adjusted": {"ns": "A+", "ew": "A-"}}])
    assert out["boards"][0] == {
        "board": 1, "dealer": "N", "vulnerable": "none", "top": 1, "results": [
            {"ns": "N1", "ew": "E1", "contract": "4H", "declarer": "S", "tricks": 10,
             "score": 420, "ns_mp": 1, "ew_mp": 0},
            {"ns": "N2", "ew": "E2", "contract": "3NT", "declarer": "N", "tricks": 8,
             "score": -50, "ns_mp": 0, "ew_mp": 1}]}
    assert out["pairs"][0] == {"pair": "N1", "names": ["N1a", "N1b"], "direction": "NS",
                               "mp": 1.5, "top": 2, "percent": 75.0, "rank": "1"}


# --- cross-IMPs -------------------------------------------------------------------------------

EDGES = [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
         (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8),
         (360, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12),
         (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15),
         (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19),
         (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
         (3500, 23), (3990, 23), (4000, 24), (7600, 24)]


@pytest.mark.parametrize(("difference", "expected"), EDGES)
def test_cross_imps_at_every_band_edge(difference: int, expected: int) -> None:
    assert board_imps([difference, 0]) == [F(expected), F(-expected)]


def test_cross_imps_average_over_the_comparisons() -> None:
    # 420 v 420: 0; 420 v -50: 470 -> 10; so 420 earns (0 + 10) / 2, -50 earns -20 / 2
    assert board_imps([420, 420, -50]) == [F(5), F(5), F(-10)]
    assert board_imps([420]) == [F(0)]


def test_a_session_in_imps() -> None:
    out = answer([played(1, 1, 420), played(1, 2, 170), played(1, 3, -50),
                  adjusted(1, 4, "A+", "A-")], scoring="imps")
    # 420 v 170: 250 -> 6, 420 v -50: 470 -> 10, 170 v -50: 220 -> 6
    assert [(r["ns_imps"], r["ew_imps"]) for r in out["boards"][0]["results"]] == [
        (8, -8), (0, 0), (-8, 8), (3, -3)]
    assert "top" not in out["boards"][0]
    assert pair(out, "E3") == {"pair": "E3", "names": ["E3a", "E3b"], "direction": "EW",
                               "imps": 8, "rank": "1"}


# --- ranking and printing ---------------------------------------------------------------------

@pytest.mark.parametrize(("values", "expected"), [
    ({"a": F(3), "b": F(2), "c": F(2), "d": F(1)}, {"a": "1", "b": "2=", "c": "2=", "d": "4"}),
    ({"a": F(1), "b": F(1)}, {"a": "1=", "b": "1="}),
    # equal when printed (33.33), not equal exactly: ranked apart
    ({"a": F(100, 3), "b": F(3333, 100)}, {"a": "1", "b": "2"}),
    ({"a": F(-1), "b": F(0), "c": F(0), "d": F(0)}, {"b": "1=", "c": "1=", "d": "1=", "a": "4"}),
])
def test_ranks_share_places(values: dict[str, F], expected: dict[str, str]) -> None:
    assert ranks(values, list(values)) == expected


@pytest.mark.parametrize(("value", "expected"), [
    (F(1, 200), 0.01), (F(-1, 200), -0.01), (F(2675, 1000), 2.68), (F(-2675, 1000), -2.68),
    (F(1, 3), 0.33), (F(2, 3), 0.67), (F(75), 75.0), (F(0), 0.0), (F(1, 300), 0.0),
])
def test_two_decimals_half_away_from_zero(value: F, expected: float) -> None:
    assert two_decimals(value) == expected


def test_whole_points_print_whole() -> None:
    assert points(F(1)) == 1 and isinstance(points(F(1)), int)
    assert points(F(3, 2)) == 1.5 and points(F(1, 6)) == 0.17
    assert points(F(1, 1000)) == 0 and isinstance(points(F(1, 1000)), int)


def test_a_howell_ranks_every_pair_together() -> None:
    pairs = {str(i): [f"p{i}a", f"p{i}b"] for i in range(1, 5)}
    results = [{"board": 1, "ns": "1", "ew": "2", **CONTRACTS[420]},
               {"board": 1, "ns": "3", "ew": "4", **CONTRACTS[170]},
               {"board": 2, "ns": "2", "ew": "3", **CONTRACTS[420]},
               {"board": 2, "ns": "4", "ew": "1", **CONTRACTS[-50]}]
    out, _ = check_session({**session(results), "movement": "howell", "pairs": pairs})
    # 1 beats 3 on board 1 and (EW) 4 on board 2; 2 loses board 1 as EW, wins board 2 NS
    assert [(p["pair"], p["direction"], p["percent"], p["rank"]) for p in out["pairs"]] == [
        ("1", None, 100.0, "1"), ("2", None, 50.0, "2="), ("4", None, 50.0, "2="),
        ("3", None, 0.0, "4")]


def test_the_defaults_are_matchpoints_results_as_they_come_and_law_averages() -> None:
    data = session([played(1, 1, 420), played(1, 2, 170), adjusted(1, 3, "A+", "A-")])
    del data["movement"]
    out, _ = check_session(data)
    assert (out["scoring"], out["movement"]) == ("matchpoints", "none")
    # no pair sat both ways: NS and EW are ranked apart, as in a Mitchell
    assert [p["direction"] for p in out["pairs"][:6]] == ["NS"] * 3 + ["EW"] * 3


def test_a_pair_that_played_nothing_is_listed_unranked() -> None:
    out = answer([played(1, 1, 420), played(1, 2, 170)])
    assert pair(out, "N5") == {"pair": "N5", "names": ["N5a", "N5b"], "direction": None,
                               "mp": 0, "top": 0, "percent": None, "rank": None}
    assert out["pairs"][-1]["rank"] is None


# --- properties -------------------------------------------------------------------------------

SCORES = st.sampled_from(sorted(CONTRACTS))


@st.composite
def sessions(draw: st.DrawFn) -> dict[str, Any]:
    """A Mitchell's results: each board played by some of 5 tables, some adjusted."""
    results: list[dict[str, Any]] = []
    for board in range(1, draw(st.integers(1, 4)) + 1):
        tables = draw(st.lists(st.integers(1, 5), min_size=1, max_size=5, unique=True))
        for table in tables:
            if draw(st.integers(0, 5)) == 0:
                marks = st.sampled_from(["A+", "A", "A-"])
                results.append(adjusted(board, table, draw(marks), draw(marks)))
            else:
                results.append(played(board, table, draw(SCORES)))
    return session(results, scoring=draw(st.sampled_from(["matchpoints", "imps"])),
                   averages=draw(st.sampled_from(["law", "fixed"])))


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_scored_results_add_to_the_top_and_percentages_stay_in_range(
        data: dict[str, Any]) -> None:
    out, problems = check_session(data)
    assert out["ok"] and not problems
    for board in out["boards"]:
        for result in board["results"]:
            if data["scoring"] == "imps":
                if "adjusted" not in result:
                    assert result["ns_imps"] == -result["ew_imps"]
            elif "adjusted" not in result:
                assert abs(result["ns_mp"] + result["ew_mp"] - board["top"]) <= 0.011
            else:
                assert 0 <= result["ns_mp"] <= board["top"]
    for line in out["pairs"]:
        if data["scoring"] == "matchpoints" and line["percent"] is not None:
            assert 0 <= line["percent"] <= 100


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-7600, 7600), min_size=1, max_size=12), st.integers(0, 8))
def test_neuberg_factoring(scores: list[int], more: int) -> None:
    plain = board_matchpoints(scores, len(scores))
    assert board_matchpoints(scores, len(scores)) == plain  # n = N: identity
    factored = board_matchpoints(scores, len(scores) + more)
    top = len(scores) + more - 1
    assert all(0 <= m <= top for m in factored)
    assert sum(factored) == F(len(scores) * top, 2)  # the board's matchpoints average ½ top
    assert sum(plain) == F(len(scores) * (len(scores) - 1), 2)


@settings(max_examples=200, deadline=None)
@given(st.integers(-7600, 7600), st.integers(-7600, 7600),
       st.lists(st.integers(-7600, 7600), max_size=8))
def test_imps_are_antisymmetric(a: int, b: int, others: list[int]) -> None:
    assert imps(a - b) == -imps(b - a)
    assert sum(board_imps([a, b, *others])) == 0
    assert hundredths(F(a, 7)) == -hundredths(F(-a, 7))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["mitchell", "howell"]), st.integers(3, 7), st.integers(1, 3),
       st.sampled_from(["skip", "relay"]), st.randoms(use_true_random=False))
def test_a_movement_played_out_is_a_valid_session(kind: str, size: int, per_round: int,
                                                  way: str, rng: Any) -> None:
    movement = (mitchell(size, per_round, way=way) if kind == "mitchell"
                else howell(2 * size, 2 * per_round))
    results = [{"board": b, "ns": s.ns, "ew": s.ew, **CONTRACTS[rng.choice(sorted(CONTRACTS))]}
               for r in movement.rounds for s in r.tables for b in s.boards]
    pairs = {p: [f"{p}a", f"{p}b"] for p in movement.pairs}
    out, problems = check_session({**session(results), "movement": kind, "pairs": pairs})
    assert out["ok"], problems
    plays = movement.guarantee().plays
    assert {b["top"] for b in out["boards"]} == {plays - 1}
    for line in out["pairs"]:  # every pair played its rounds' boards, each with the same top
        assert line["top"] == (plays - 1) * sum(
            len(s.boards) for _, s in movement.card(line["pair"]) if s)
    fields = {line["direction"] for line in out["pairs"]}
    assert fields == ({"NS", "EW"} if kind == "mitchell" else {None})


def test_a_pairs_score_card_is_its_own_side_of_each_board() -> None:
    out = answer([played(1, 1, 420), played(1, 2, 170), played(2, 1, -50, ew=2),
                  adjusted(2, 3, "A+", "A-")])
    card = score_card(out, "E2")
    assert card is not None
    assert card["boards"] == [
        {"board": 1, "vulnerable": "none", "direction": "EW", "opponents": "N2",
         "contract": "2S", "declarer": "N", "tricks": 10, "score": -170, "mp": 1, "top": 1},
        {"board": 2, "vulnerable": "NS", "direction": "EW", "opponents": "N1",
         "contract": "4H", "declarer": "S", "tricks": 9, "score": 100, "mp": 0.5, "top": 1}]
    assert card["total"] == {"direction": "EW", "mp": 1.5, "top": 2, "percent": 75.0,
                             "rank": "1"}
    assert score_card(out, "N9") is None
