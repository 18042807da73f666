"""Bridge statistics (games/bridge/stats.py): hand-made deals with known figures, declarer
play against double dummy with DDS itself, and properties over random summaries."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.bridge_play import random_record

from scorekeeper.games.bridge.analysis import analyse_deal
from scorekeeper.games.bridge.stats import bridge_stats

KNOWN: list[dict[str, Any]] = [
    {"contract": "4H", "declarer": "S", "tricks": 10, "vulnerable": "none"},  # NS +420
    {"contract": "3NT", "declarer": "W", "tricks": 7, "vulnerable": "EW"},  # NS +200
    {"contract": "6S", "declarer": "N", "tricks": 12, "vulnerable": "both"},  # NS +1430
    {"contract": "7NTX", "declarer": "E", "tricks": 12, "vulnerable": "none"},  # NS +100
    {"contract": "2DXX", "declarer": "E", "tricks": 8, "vulnerable": "none"},  # EW +560
    {"dealer": "S", "passed": True},
    {"contract": "1C", "declarer": "N", "tricks": 7, "points": {"NS": 20, "EW": 0}},  # rubber
]


@pytest.fixture(scope="module")
def known() -> dict[str, Any]:
    return bridge_stats(KNOWN).as_json()


@pytest.mark.parametrize(("path", "expected"), [
    (("deals",), 7), (("passed_out",), 1), (("played",), {"declared": 6, "made": 4}),
    (("contracts", "4", "H"), {"declared": 1, "made": 1}),
    (("contracts", "3", "NT"), {"declared": 1, "made": 0}),
    (("contracts", "5", "C"), {"declared": 0, "made": 0}),
    (("levels", "7"), {"declared": 1, "made": 0}), (("levels", "2"), {"declared": 1, "made": 1}),
    (("strains", "NT"), {"declared": 2, "made": 0}), (("strains", "S"), {"declared": 1, "made": 1}),
    (("small_slams",), {"declared": 1, "made": 1}), (("grand_slams",), {"declared": 1, "made": 0}),
    (("doubled",), {"declared": 1, "made": 0}), (("redoubled",), {"declared": 1, "made": 1}),
    (("sides", "NS"), {"declared": 3, "made": 3}), (("sides", "EW"), {"declared": 3, "made": 1}),
    (("declarers", "E"), {"declared": 2, "made": 1}),
    (("points",), {"NS": 2170, "EW": 560}),
    (("average_points",), {"NS": 310.0, "EW": 80.0}),
    (("against_dd", "deals"), 0), (("against_dd", "average"), None),
])
def test_known_figures(known: dict[str, Any], path: tuple[str, ...], expected: Any) -> None:
    value: Any = known
    for key in path:
        value = value[key]
    assert value == expected


def test_what_is_not_a_scored_deal_is_said_and_left_out() -> None:
    stats = bridge_stats([{"contract": "4H", "declarer": "S"}, "4H S 10",  # type: ignore[list-item]
                          {"contract": "9H", "declarer": "S", "tricks": 9},
                          {"contract": "4H", "declarer": "S", "tricks": 14},
                          {"contract": "4H", "declarer": "S", "tricks": True}])
    assert stats.deals == 0
    assert [(p.code, p.hand) for p in stats.skipped] == [
        ("stats.not_scored", 1), ("stats.not_deal", 2), ("stats.not_scored", 3),
        ("stats.not_scored", 4), ("stats.not_scored", 5)]
    assert stats.skipped[1].message == ("deal 2 is not a deal record: it is left out of the "
                                        "figures")


def test_an_empty_list_has_no_averages() -> None:
    figures = bridge_stats([]).as_json()
    assert figures["average_points"] == {"NS": None, "EW": None}
    assert figures["played"] == {"declared": 0, "made": 0}


def test_declarer_play_against_double_dummy_with_dds() -> None:
    rng = random.Random(2026)
    records = [random_record(rng) for _ in range(3)] + [random_record(rng, 6)]
    records.append({k: v for k, v in random_record(rng).items() if k != "deal"})  # 13 tricks
    records.append({"contract": "3NT", "declarer": "S", "tricks": 9})  # no cards: not counted
    stats = bridge_stats(records)
    expected = []
    for record in records[:5]:
        found, problems = analyse_deal(record)
        assert found is not None and found.play is not None, problems
        expected.append(record["tricks"] - found.play.best)
    assert stats.against_dd.diffs == expected
    figures = stats.as_json()["against_dd"]
    assert figures["deals"] == 5 and figures["total"] == sum(expected)
    assert figures["above"] + figures["level"] + figures["below"] == 5
    by_seat = stats.as_json()["against_dd_by_declarer"]
    assert sum(seat["deals"] for seat in by_seat.values()) == 5


def test_double_dummy_figures_from_known_counts() -> None:
    # a caller that keeps each deal's double-dummy tricks passes them in (no solving again)
    deals = [random_record(random.Random(seed)) for seed in range(4)]
    known = {frozenset(d["deal"]["N"]): d["tricks"] + shift
             for d, shift in zip(deals, (1, 0, 0, -2), strict=True)}
    stats = bridge_stats(deals, dd=lambda hands, strain, seat: known[frozenset(hands["N"])])
    assert stats.against_dd.as_json() == {"deals": 4, "total": 1, "average": 0.25,
                                          "above": 1, "level": 2, "below": 1}


summaries = st.lists(st.one_of(
    st.fixed_dictionaries({"passed": st.just(True)}),
    st.fixed_dictionaries({
        "contract": st.builds(lambda lv, s, x: f"{lv}{s}{x}", st.integers(1, 7),
                              st.sampled_from(["C", "D", "H", "S", "NT"]),
                              st.sampled_from(["", "X", "XX"])),
        "declarer": st.sampled_from("NESW"), "tricks": st.integers(0, 13),
        "vulnerable": st.sampled_from(["none", "NS", "EW", "both"])})), max_size=40)


@settings(max_examples=80, deadline=None)
@given(summaries, st.randoms(use_true_random=False))
def test_figures_add_up_whatever_the_order(records: list[dict[str, Any]],
                                          rng: random.Random) -> None:
    figures = bridge_stats(records).as_json()
    shuffled = records[:]
    rng.shuffle(shuffled)
    assert bridge_stats(shuffled).as_json() == figures
    played = figures["played"]
    assert played["declared"] == sum(t["declared"] for by in figures["contracts"].values()
                                     for t in by.values())
    assert played["declared"] + figures["passed_out"] == figures["deals"] == len(records)
    assert sum(figures["sides"][s]["made"] for s in ("NS", "EW")) == played["made"]
    for tally in (figures["small_slams"], figures["grand_slams"], figures["doubled"],
                  figures["redoubled"], *figures["levels"].values()):
        assert 0 <= tally["made"] <= tally["declared"]
    assert min(figures["points"].values()) >= 0
    made = sum(r.get("tricks", 0) >= int(r.get("contract", "9")[0]) + 6 for r in records
               if not r.get("passed"))
    assert played["made"] == made
