"""Whist's own facts of a deal are read by Whist's code from its typed details (issue 23): the
generic ``HandState`` has no revoke, honours or points split of its own any more; the
printed sheet's row (``Game.sheet.row``), the statistics' facts and the hands' export columns
(``Statistics.hand_facts``/``hand_columns``, given ``HandResult.details``) read them. A table
of deals, and the other games' hands, which have none."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.games import GAMES, resolve_rules
from scorekeeper.engine.match import replay
from scorekeeper.engine.state import HandState
from scorekeeper.games.whist.details import copied_parts, whist_details

HONOURS = {"honours": True}
NO_HONOURS = {"honours": False}


def deal(game: str, rules: dict[str, Any], hand: dict[str, Any]) -> HandState:
    state = replay(game, resolve_rules(game, rules)[0], [hand], "N")
    assert state.ok, state.problems
    return state.hands[0]


# (rules, deal) -> the sheet row's own values, its columns, the export's honour points
CASES = [
    (HONOURS, {"trump": "S", "tricks_NS": 8, "honours_NS": 4},
     {"honours_ns": 4, "revoke": None, "trick_points": {"NS": 2, "EW": 0},
      "honour_points": {"NS": 4, "EW": 0}}, {"honours"}, (4, 0)),
    (HONOURS, {"trump": "H", "tricks_NS": 5, "honours_NS": 1},
     {"honours_ns": 1, "revoke": None, "trick_points": {"NS": 0, "EW": 2},
      "honour_points": {"NS": 0, "EW": 2}}, {"honours"}, (0, 2)),
    (NO_HONOURS, {"trump": "D", "tricks_NS": 7},
     {"honours_ns": None, "revoke": None, "trick_points": {"NS": 1, "EW": 0},
      "honour_points": {"NS": 0, "EW": 0}}, set(), (0, 0)),
    (NO_HONOURS, {"trump": "C", "tricks_NS": 6, "revoke": {"by": "EW", "penalty": "add3"}},
     {"honours_ns": None, "revoke": {"by": "EW", "penalty": "add3"},
      "trick_points": {"NS": 3, "EW": 1}}, {"revoke"}, (0, 0)),
]


@pytest.mark.parametrize(("rules", "hand", "own", "columns", "honour_points"), CASES)
def test_whist_reads_its_own_details(rules, hand, own, columns, honour_points):
    st = deal("whist", rules, hand)
    row = GAMES["whist"].sheet.row(hand, st)
    assert {k: row.own[k] for k in own} == own
    assert row.columns == frozenset(columns)
    statistics = GAMES["whist"].statistics
    cols = statistics.hand_columns(hand, st.as_json(), st.outcome.details)
    assert (cols["honour_points_NS"], cols["honour_points_EW"]) == honour_points
    facts = statistics.of_hand(hand, st.as_json(), st.outcome.details)
    assert facts.seats.get("N", {}).get("honours", 0) == honour_points[0]
    assert facts.seats.get("E", {}).get("honours", 0) == honour_points[1]


def test_the_generic_state_holds_nothing_of_whist():
    st = deal("whist", HONOURS, {"trump": "S", "tricks_NS": 8, "honours_NS": 4})
    assert not any(hasattr(st, name) for name in ("revoke", "honours_ns", "parts"))
    assert whist_details(st.outcome.details).honours_ns == 4


@pytest.mark.parametrize(("game", "hand"), [
    ("euchre", {"caller": "E", "trump": "H", "makers_tricks": 3}),
    ("spades", {"bids": {"N": 3, "E": 3, "S": 3, "W": 3}, "tricks_NS": 6}),
])
def test_other_games_hands_have_no_whist_details(game, hand):
    st = deal(game, {}, hand)
    assert whist_details(st.outcome.details).parts is None
    assert copied_parts(st.outcome.details) is None
    assert whist_details(None).honours_ns is None


def test_the_split_handed_out_is_a_copy():
    st = deal("whist", HONOURS, {"trump": "S", "tricks_NS": 8, "honours_NS": 4})
    parts = copied_parts(st.outcome.details)
    assert parts is not None
    parts["tricks"]["NS"] = 99
    assert copied_parts(st.outcome.details) == {"tricks": {"NS": 2, "EW": 0},
                                                "honours": {"NS": 4, "EW": 0}}
