"""Properties of bridge at a table over random deals: a rubber ends exactly once, on a side's
second game; points are never negative; totals are the sum of the deals; Chicago counts four
deals a chukker whatever is passed out."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine_matches import make_match

from scorekeeper.engine.matchfile import check_match

SIDES = ("NS", "EW")

deals = st.one_of(
    st.just({"passed": True}),
    st.builds(lambda level, strain, doubled, declarer, tricks: {
        "contract": f"{level}{strain}{doubled}", "declarer": declarer, "tricks": tricks},
        st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]),
        st.sampled_from(["", "X", "XX"]), st.sampled_from("NESW"), st.integers(0, 13)),
)


def played(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    """The state of the longest prefix of ``hands`` the match takes (it ends somewhere)."""
    result = check_match(make_match("bridge", hands, **rules))
    if not result.ok:
        assert {p.code for p in result.problems} == {"hand.after_game_over"}
        first = min(p.hand for p in result.problems if p.hand is not None)
        result = check_match(make_match("bridge", hands[:first - 1], **rules))
    assert result.ok and result.state is not None
    return result.state.as_json()


@settings(max_examples=80, deadline=None)
@given(st.lists(deals, min_size=1, max_size=60), st.integers(1, 3))
def test_a_rubber_ends_exactly_once(hands, rubbers):
    out = played(hands, rubbers=rubbers)
    games = out["games"]
    # each rubber closes on the deal whose game is its winner's second
    ended = 0
    won = {"NS": 0, "EW": 0}
    for game in games:
        won[game["winner"]] += 1
        if won[game["winner"]] == 2:
            ended, won = ended + 1, {"NS": 0, "EW": 0}
    assert len(out["rubbers"]) == ended <= rubbers
    assert out["over"] is (ended == rubbers)
    bonuses = [h["above"][s] for h in out["hands"] for s in SIDES]
    assert sum(r["bonus"] for r in out["rubbers"]) <= sum(bonuses)
    for rubber in out["rubbers"]:
        assert rubber["bonus"] in (500, 700)
        assert rubber["winner"] == (None if rubber["totals"]["NS"] == rubber["totals"]["EW"]
                                    else max(SIDES, key=lambda s: rubber["totals"][s]))


@settings(max_examples=80, deadline=None)
@given(st.lists(deals, min_size=1, max_size=60), st.integers(1, 3))
def test_points_are_never_negative_and_totals_are_the_sum_of_the_deals(hands, rubbers):
    out = played(hands, rubbers=rubbers)
    running = {"NS": 0, "EW": 0}
    finished = 0
    for hand in out["hands"]:
        assert all(hand["points"][s] >= 0 for s in SIDES)
        assert all(hand[k][s] >= 0 for k in ("below", "above") for s in SIDES)
        assert hand["points"] == {s: hand["below"][s] + hand["above"][s] for s in SIDES}
        running = {s: running[s] + hand["points"][s] for s in SIDES}
        assert hand["score"] == running
        if finished < len(out["rubbers"]) and \
                out["rubbers"][finished]["totals"] == running and \
                any(hand["above"][s] >= 500 and hand["below"][s] for s in SIDES):
            finished += 1
            running = {"NS": 0, "EW": 0}
    assert finished == len(out["rubbers"])


@settings(max_examples=80, deadline=None)
@given(st.lists(deals, min_size=1, max_size=40), st.integers(1, 2), st.booleans())
def test_chicago_counts_four_played_deals_a_chukker(hands, chukkers, carry):
    out = played(hands, scoring="chicago", chukkers=chukkers, partscore_carry=carry)
    counted = [h for h in out["hands"] if h["result"] != "passed"]
    assert len(counted) <= 4 * chukkers
    assert out["over"] is (len(counted) == 4 * chukkers)
    assert [h["vulnerable"] for h in counted] == \
        [["none", "dealer", "dealer", "both"][i % 4] if i % 4 in (0, 3) else
         ("NS" if h["dealer"] in "NS" else "EW") for i, h in enumerate(counted)]
    total = {s: sum(h["points"][s] for h in out["hands"]) for s in SIDES}
    assert out["score"] == total and all(v >= 0 for h in out["hands"]
                                         for v in h["points"].values())
    for before, after in zip(out["hands"], out["hands"][1:], strict=False):
        same = before["result"] == "passed"
        assert (after["dealer"] == before["dealer"]) is same
