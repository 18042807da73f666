"""The score sheet view model and the chart, without Flask: match dict + replayed state in."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from support.helpers import SEATS
from support.prints import LONE_HAND

from scorekeeper.engine.matchfile import check_match
from scorekeeper.games.euchre.rules import seating
from scorekeeper.printing.cardrows import trick_rows
from scorekeeper.printing.chart import chart_geometry, render_svg
from scorekeeper.printing.sheet import NAME_LIMIT, build_sheet, clip, rule_items

GOLDEN = Path(__file__).parent / "data" / "golden"

SEED_EUCHRE: dict[str, Any] = json.loads((GOLDEN / "seed-euchre-000.json").read_text())


def euchre(hands: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-match/1", "game": "euchre", "seats": dict(SEATS),
            "hands": hands, **extra}


def sheet_of(match: dict[str, Any], history: list[dict[str, Any]] | None = None):
    result = check_match(match)
    assert result.ok, [p.as_json() for p in result.problems]
    return build_sheet(match, result.state, history or [])


def test_seed_euchre_rows_and_tricks() -> None:
    sheet = sheet_of(SEED_EUCHRE)
    (row,) = sheet.rows
    assert (row.no, row.dealer, row.caller) == (1, "S", "W")
    assert (row.makers, row.result) == ("EW", "euchred")
    assert row.trump is not None and row.trump.red and row.trump.symbol == "♥"
    assert row.own["makers_tricks"] == 1
    assert row.points == {"NS": 2, "EW": 0} and row.score == {"NS": 2, "EW": 0}
    assert row.marks == ("euchred",)
    assert [t.winner for t in row.trick_rows] == ["W", "N", "N", "N", "S"]
    first = row.trick_rows[0]
    assert first.leader == "W"
    assert [c.seat for c in first.cards] == ["W", "N", "E", "S"]
    left = first.cards[0]
    assert (left.text, left.trump, left.left_bower, left.winner) == ("JD", True, True, True)
    assert left.suit is not None and left.suit.code == "D"
    second = row.trick_rows[1]
    assert second.leader == "W" and second.cards[0].text == "JS" and not second.cards[0].trump
    assert sheet.card_rows == [row]


def test_lone_hand_tricks_skip_the_partner() -> None:
    sheet = sheet_of(euchre([LONE_HAND], first_dealer="N"))
    (row,) = sheet.rows
    assert row.result == "alone_march" and row.marks == ("march", "loner")
    tricks = row.trick_rows
    assert [c.seat for c in tricks[0].cards] == ["E", "S", "W"]
    assert [c.seat for c in tricks[1].cards] == ["S", "W", "E"]
    assert all(t.winner == "S" for t in tricks)
    assert tricks[1].cards[0].left_bower


@pytest.mark.parametrize(
    ("lone_lead", "caller", "expected_leader"),
    [("dealer_left", "S", "E"), ("loner_left", "S", "W"), ("loner_left", "E", "S"),
     ("dealer_left", "W", "S")],
)
def test_lone_leader_follows_the_rule(lone_lead: str, caller: str, expected_leader: str) -> None:
    """The sheet prints the seats the engine replayed: the leader by the rule, the loner's
    partner left out (a renege ends the record after one trick)."""
    partner = "NESW"["NESW".index(caller) - 2]
    assert seating("N", caller, True, None, lone_lead) == (frozenset({partner}),
                                                           expected_leader)
    hand = {"dealer": "N", "caller": caller, "alone": True, "trump": "C",
            "renege": expected_leader, "play": [["9H", "10H", "QH"]]}
    result = check_match(euchre([hand], first_dealer="N", rules={"lone_lead": lone_lead}))
    assert result.ok and result.state is not None, result.problems
    (trick,) = trick_rows("euchre", hand, result.state.hands[0])
    assert trick.leader == expected_leader
    assert partner not in [c.seat for c in trick.cards]
    assert trick.winner == trick.cards[2].seat  # the queen of the led suit


def test_whist_seed_tricks_have_no_bowers() -> None:
    match = json.loads((GOLDEN / "seed-whist-004.json").read_text())
    sheet = sheet_of(match)
    (row,) = sheet.rows
    assert row.tricks == {"NS": 9, "EW": 4} and row.points == {"NS": 3, "EW": 0}
    assert len(row.trick_rows) == 13
    assert row.trick_rows[0].leader == "E"
    assert not any(c.left_bower for t in row.trick_rows for c in t.cards)
    ns = sheet.totals.teams["NS"]
    assert {k: ns[k] for k in ("tricks", "deals_won", "points", "revokes")} == {
        "tricks": 9, "deals_won": 1, "points": 3, "revokes": 0}


def test_team_and_player_tallies() -> None:
    hands = [
        {"caller": "E", "makers_tricks": 3},  # EW made, Bo
        {"caller": "S", "makers_tricks": 5},  # NS march, Cai
        {"caller": "W", "makers_tricks": 1, "alone": True},  # EW lone euchred: NS +2
        {"passed": True},
        {"caller": "N", "makers_tricks": 5, "alone": True},  # NS lone march +4
        {"caller": "E", "renege": "N"},  # N reneges: EW +2
    ]
    sheet = sheet_of(euchre(hands))
    # the game's facts summed (Game.statistics): by team, and each player's own
    ns, ew = (SimpleNamespace(**sheet.totals.teams[t]) for t in ("NS", "EW"))
    players = {seat: SimpleNamespace(**t) for seat, t in sheet.totals.seats.items()}
    assert (ns.called, ns.made, ns.marches, ns.euchred) == (2, 2, 2, 0)
    assert (ns.loners_tried, ns.loners_made) == (1, 1)
    assert (ew.called, ew.made, ew.euchred, ew.loners_tried, ew.loners_made) == (3, 1, 1, 1, 0)
    assert ew.reneged == 1  # Bo called, N reneged: a called hand, neither made nor euchred
    for team in (ns, ew):  # every call counted once, every point accounted for
        assert team.called == team.made + team.euchred + team.reneged
    for code, team in (("NS", ns), ("EW", ew)):
        assert team.points_from_calls + team.points_defending + team.points_reneges \
            == sheet.score[code]
    assert sum(t.called for t in players.values()) == ns.called + ew.called
    assert (ns.points_from_calls, ns.points_defending, ns.points_reneges) == (6, 2, 0)
    assert (ew.points_from_calls, ew.points_defending, ew.points_reneges) == (1, 0, 2)
    assert sheet.score == {"NS": 8, "EW": 3}
    assert players["W"].euchred == 1 and players["W"].loners_tried == 1
    assert players["N"].points_from_calls == 4
    assert sheet.rows[3].marks == ("passed",) and sheet.rows[3].own["makers_tricks"] is None
    assert sheet.rows[5].marks == ("renege",)


def test_rules_in_words_codes() -> None:
    assert rule_items("euchre", {"target": 10, "deals": None, "stick_the_dealer": True}) == (
        ("target", {"n": 10}), ("stick_the_dealer", {}),
    )
    assert rule_items("euchre", {"target": None, "deals": 8})[0] == ("deals", {"n": 8})
    items = dict(rule_items("whist", {"target": 7, "honours": True, "rubber": True,
                                      "honours_blocked_at": 6}))
    assert set(items) == {"target", "honours", "rubber"}


def test_rubber_games_end_on_their_deal_and_restart_the_chart() -> None:
    hands = [{"trump": "S", "tricks_NS": 13}, {"trump": "H", "tricks_NS": 10},
             {"trump": "D", "tricks_NS": 12}]
    match = {"format": "scorekeeper-match/1", "game": "whist", "seats": dict(SEATS),
             "rules": {"rubber": True}, "hands": hands}
    sheet = sheet_of(match)
    assert [r.game_end.no if r.game_end else None for r in sheet.rows] == [1, None, 2]
    assert sheet.games[0].winner == "NS" and sheet.rubber == {"winner": "NS", "points": 8}
    assert sheet.chart is not None and len(sheet.chart.ns_lines) == 2


def test_history_lists_what_changed() -> None:
    history = [
        {"no": 2, "action": "correct", "old": {"caller": "S", "makers_tricks": 5},
         "new": {"caller": "S", "makers_tricks": 4}, "at": "2026-11-30T00:06:51Z", "by": "x"},
        {"no": 4, "action": "undo", "old": {"caller": "N", "makers_tricks": 4}, "new": None,
         "at": "2026-11-30T00:07:00Z", "by": "x"},
    ]
    sheet = sheet_of(euchre([]), history)
    first, second = sheet.changes
    assert (first.kind, first.no, first.fields) == ("correct", 2, (("makers_tricks", 5, 4),))
    assert second.kind == "undo" and ("caller", "N", None) in second.fields


def test_names_are_clipped_and_kept_as_text() -> None:
    assert clip("  Ann ") == "Ann"
    assert len(clip("x" * 500)) == NAME_LIMIT
    sheet = sheet_of(euchre([], seats={**SEATS, "N": "<b>Ann</b>"}, teams={"NS": "蔡家"}))
    assert sheet.players["N"].name == "<b>Ann</b>"  # escaping is the template's job
    assert sheet.teams["NS"].name == "蔡家" and sheet.teams["EW"].name is None


def test_chart_geometry_and_svg() -> None:
    chart = chart_geometry([[(0, 0, 0), (1, 2, 0), (2, 2, 1), (3, 10, 1)]], 10)
    assert chart.top == 10 and chart.hands == 3
    assert chart.target_y == chart.y_ticks[-1][0]
    assert len(chart.ns_lines[0].split(" ")) == 4
    svg = render_svg(chart, title='a "quoted" <title>')
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and 'a &quot;quoted&quot; &lt;title&gt;' in svg
    assert len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 2
    empty = chart_geometry([[(0, 0, 0)]], None)
    assert empty.target_y is None and ET.fromstring(render_svg(empty)) is not None
    long = chart_geometry([[(i, i, i // 2) for i in range(101)]], None)
    assert len(long.x_ticks) <= 21
