"""The players of a duplicate session's pairs (issue 39): each name of each pair linked to a
player, as a match's seats are (``match_players``), so a player's page lists their sessions and
the ratings count them. Sessions already stored are linked here by the same rule."""

from __future__ import annotations

import json

from sqlite_utils import Database


def session_players(db: Database) -> None:
    # ``slot``: the name's place in the pair (0: the first name, 1: the second)
    db.execute(
        """
        CREATE TABLE session_players (
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            pair TEXT NOT NULL,
            slot INTEGER NOT NULL,
            player TEXT NOT NULL REFERENCES players(id),
            PRIMARY KEY (session_id, pair, slot)
        )
        """
    )
    db.execute("CREATE INDEX session_players_player ON session_players (player)")
    from ..session_players import link_names  # the rule new sessions follow

    rows = db.execute("SELECT id, data FROM sessions ORDER BY created, id").fetchall()
    for session_id, data in rows:
        pairs = json.loads(data).get("pairs")
        if isinstance(pairs, dict):
            link_names(db, session_id, pairs, "session")
