"""The score pad the board draws (``board()["pads"]``, games/bridge/pad.py): a rubber's entries
above the line (latest first, the rubber bonus on its own line), each game's trick points
below it, ruled off; Chicago's chukkers of four deals with their totals. Hand-made cases, and
properties over random deals: a pad's columns always add up to its rubber's (or chukker's)
points, and every deal is on exactly one pad."""

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


def board(hands: list[dict[str, Any]], stopped: bool = False, **rules: Any) -> dict[str, Any]:
    match = make_match("bridge", hands, **rules)
    if stopped:
        match["stopped"] = True
    result = check_match(match)
    if not result.ok:  # a random match that ended early: its longest prefix
        first = min(p.hand for p in result.problems if p.hand is not None)
        return board(hands[:first - 1], stopped, **rules)
    assert result.state is not None
    return result.state.running.board()


def deal(contract: str, declarer: str, tricks: int) -> dict[str, Any]:
    return {"contract": contract, "declarer": declarer, "tricks": tricks}


def cells(entries: list[dict[str, Any]]) -> list[tuple[int, int, str]]:
    return [(e["NS"], e["EW"], e["kind"]) for e in entries]


def test_a_rubber_drawn_as_players_draw_it() -> None:
    pads = board([deal("4HX", "S", 11), deal("2S", "E", 8), {"passed": True},
                  deal("3NT", "W", 7), deal("3NT", "N", 9)])["pads"]
    assert len(pads) == 1
    pad = pads[0]
    # above, the latest highest: the rubber bonus, the defence's 100, the doubled overtrick
    assert cells(pad["above"]) == [(700, 0, "bonus"), (100, 0, ""), (150, 0, "")]
    # below: the first game (240), ruled off; EW's 60 and NS's 100, ruled off
    assert [cells(g) for g in pad["games"]] == [[(240, 0, "")], [(0, 60, ""), (100, 0, "")]]
    assert pad["below"] == [] and pad["done"] and pad["totals"] == {"NS": 1290, "EW": 60}


def test_a_rubber_being_played_and_a_stopped_one() -> None:
    hands = [deal("4S", "N", 10), deal("2H", "E", 8)]
    pad = board(hands, rubbers=2)["pads"][0]
    assert not pad["done"] and cells(pad["below"]) == [(0, 60, "")]
    pad = board(hands, stopped=True, rubbers=2)["pads"][0]
    # stopped: 300 for the only game, 100 for the only partscore, on a line of their own
    assert pad["stopped"] and cells(pad["above"])[0] == (300, 100, "bonus")
    assert pad["totals"] == {"NS": 420, "EW": 160}


def test_a_second_rubber_starts_a_fresh_sheet() -> None:
    hands = [deal("3NT", "N", 9), deal("3NT", "S", 9), deal("1C", "E", 7)]
    pads = board(hands, rubbers=2)["pads"]
    assert [p["no"] for p in pads] == [1, 2] and pads[0]["done"] and not pads[1]["done"]
    assert cells(pads[1]["below"]) == [(0, 20, "")] and pads[1]["above"] == []


def test_chicago_by_chukker() -> None:
    hands = [{"passed": True}, deal("2S", "N", 8), deal("3D", "E", 10),
             deal("2C", "S", 8), deal("1NT", "W", 8), deal("4HX", "S", 9)]
    pads = board(hands, scoring="chicago", chukkers=2)["pads"]
    assert [p["no"] for p in pads] == [1, 2]
    first = pads[0]["deals"]
    assert [(d["place"], d["vulnerable"], d["passed"]) for d in first] == [
        (1, "none", True), (1, "none", False), (2, "EW", False), (3, "NS", False),
        (4, "both", False)]
    assert [(d["contract"], d["declarer"], d["result"]) for d in first[1:3]] == [
        ("2♠", "N", "="), ("3♦", "E", "+1")]
    assert pads[0]["totals"] == {
        s: sum(d[s] for d in first) for s in SIDES}
    second = pads[1]["deals"]
    assert [(d["place"], d["result"], d["NS"], d["EW"]) for d in second] == [
        (1, "−1", 0, 100)]  # 4♥X one down, nobody vulnerable


@settings(max_examples=60, deadline=None)
@given(st.lists(deals, min_size=1, max_size=40), st.integers(1, 3), st.booleans())
def test_a_rubber_pad_adds_up(hands, rubbers, stopped) -> None:
    for pad in board(hands, stopped, rubbers=rubbers)["pads"]:
        entries = pad["above"] + [e for g in pad["games"] for e in g] + pad["below"]
        assert {s: sum(e[s] for e in entries) for s in SIDES} == pad["totals"]
        assert all(e["NS"] >= 0 and e["EW"] >= 0 for e in entries)


@settings(max_examples=60, deadline=None)
@given(st.lists(deals, min_size=1, max_size=30), st.integers(1, 3))
def test_a_chicago_pad_holds_every_deal_four_to_a_chukker(hands, chukkers) -> None:
    out = board(hands, scoring="chicago", chukkers=chukkers)
    pads = out["pads"]
    counted = [[d for d in p["deals"] if not d["passed"]] for p in pads]
    assert all(len(c) == 4 for c in counted[:-1]) and len(counted[-1]) <= 4
    assert [d["place"] for c in counted for d in c] == [
        i % 4 + 1 for i in range(sum(map(len, counted)))]
    for pad in pads:
        assert {s: sum(d[s] for d in pad["deals"]) for s in SIDES} == pad["totals"]
