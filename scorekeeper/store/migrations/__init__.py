"""Every migration of Scorekeeper's database, registered here in the order they apply.

The order is history, not numbering: databases in the field applied them in this order, and a
restore compares a backup with it (``restore_checks``). Append only; never edit or reorder one
that has shipped.
"""

from __future__ import annotations

from sqlite_utils.migrations import Migrations

from . import (
    events,
    facts,
    initial,
    player_changes,
    players,
    redo,
    rubbers,
    rules_codes,
    session_changes,
    session_players,
    session_tables,
    sessions,
    totals,
    versions,
)
from .answers import small_answers

migrations = Migrations("scorekeeper")

for _name, _step in (
    ("0001_initial", initial.initial),
    ("0002_rematch_of", initial.rematch_of),
    ("0003_heartbeat", initial.heartbeat),
    ("0015_events", events.events),
    ("0016_event_round_ends", events.round_ends),
    ("0021_player_changes", player_changes.player_changes),
    ("0004_players", players.players),
    ("0020_hands_version", versions.hands_version),
    ("0022_game_facts", facts.game_facts),
    ("0023_event_confirmations", events.confirmations),
    ("0024_rules_codes", rules_codes.rules_codes),
    ("0025_player_totals", totals.player_totals),
    ("0026_redo", redo.redo_action),
    ("0027_rubber_facts", rubbers.rubber_facts),
    ("0028_small_answers", small_answers),
    ("0029_sessions", sessions.sessions),
    ("0030_session_tables", session_tables.session_tables),
    ("0031_session_change_by", session_changes.change_by),
    ("0032_session_players", session_players.session_players),
    ("0033_session_table_stamps", session_tables.table_stamps),
    ("0034_session_pair_results", session_tables.pair_results),
):
    migrations(name=_name)(_step)
