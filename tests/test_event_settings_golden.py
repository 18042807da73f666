"""A club night's stored settings (the ``events.data`` column), byte for byte (issue 23): the
settings became a typed dataclass read and written at the store's edge, and what SQLite holds
must not change by a byte, for new evenings and for rows written before the newer keys
existed (no ``round_target``, ``minutes_per_round``, ``rules_code`` or ``table_keys``).

Each scenario runs the service on a real SQLite file and keeps the stored text after every
step; ``tests/data/golden/event_settings.json`` holds what the code before the dataclass wrote.
After a deliberate change of the stored settings, write it again with
``SCOREKEEPER_WRITE_GOLDEN=1 .venv/bin/python -m pytest tests/test_event_settings_golden.py``
and read the diff before committing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from scorekeeper import store
from scorekeeper.service import events
from scorekeeper.service.event_keys import new_table_key
from scorekeeper.service.events.confirming import undo_end
from scorekeeper.store.db import get_db

GOLDEN = Path(__file__).resolve().parent / "data" / "golden" / "event_settings.json"
WRITE = os.environ.get("SCOREKEEPER_WRITE_GOLDEN") == "1"
NAMES = [f"Player {i:02d}" for i in range(20)]

# A row as the first club nights stored it (commit 8082ea9): none of the keys added since.
OLD_ROW = {
    "name": "Old club", "game": "euchre", "players": [{"name": n, "player": None}
                                                      for n in NAMES[:9]],
    "rounds": 3, "hands_per_round": 2, "movement": "schedule", "rules": {},
    "house": {"sit_out": "average"}, "seed": 5, "method": "search",
    "quality": {"perfect": False, "repeated_partners": 1},
}


def _text(db: Any, event_id: str) -> str:
    return db.execute("SELECT data FROM events WHERE id = ?", [event_id]).fetchone()[0]


def _steps(app: Any, body: dict[str, Any], old: dict[str, Any] | None = None) -> list[str]:
    """Create an evening (its row replaced by ``old`` when given), then change it the ways a
    director does: a late arrival with a player id, a leaver, a new scorer link, a move, a
    round ended early and undone; the stored text after each."""
    with app.app_context():
        db = get_db()
        secret = app.config["SECRET_KEY"]
        made = events.create_event(db, body, secret)
        assert made.status == events.EventStatus.CREATED, made.problems
        event_id = made.event_id
        assert event_id is not None
        if old is not None:
            with store.transaction(db):
                db.execute("UPDATE events SET data = ? WHERE id = ?",
                           [store.dumps(old), event_id])
        texts = [_text(db, event_id)]
        # Lou is a known player (id 7): a late arrival's id must be a player's (issue 36).
        with store.transaction(db):
            db.execute("INSERT OR IGNORE INTO players (id, name, norm, created)"
                       " VALUES ('7', 'Late Lou', 'late lou', '2026-01-01T00:00:00Z')")
        changed = events.add_player(db, event_id, {"player": 7, "name": "Late Lou"})
        assert changed.status == events.EventStatus.CHANGED, changed.problems
        texts.append(_text(db, event_id))
        changed = events.add_player(db, event_id, "Later Liz")
        assert changed.status == events.EventStatus.CHANGED, changed.problems
        texts.append(_text(db, event_id))
        changed = events.player_leaves(db, event_id, 2, None)
        assert changed.status == events.EventStatus.CHANGED, changed.problems
        texts.append(_text(db, event_id))
        found = events.load_event(db, event_id)
        assert found is not None
        match = found.rounds[0].tables[0].match
        assert match is not None
        assert new_table_key(db, match, secret) is not None
        assert new_table_key(db, match, secret) is not None
        texts.append(_text(db, event_id))
        changed = events.end_round(db, event_id, 1)
        assert changed.status == events.EventStatus.CHANGED, changed.problems
        changed = undo_end(db, event_id, 1, secret)
        assert changed.status == events.EventStatus.CHANGED, changed.problems
        texts.append(_text(db, event_id))
    return texts


SCENARIOS: dict[str, dict[str, Any]] = {
    "schedule": {"name": "Tuesday club", "game": "euchre", "players": NAMES[:9], "rounds": 4,
                 "hands_per_round": 2, "movement": "schedule", "seed": 11,
                 "house": {"sit_out": "zero"}},
    "progressive_timed_target": {
        "name": "  Spaced  ", "game": "euchre",
        "players": [{"player": "p1", "name": "Ann"}, {"name": "Bo"}, *NAMES[:7]],
        "rounds": 3, "hands_per_round": 4, "movement": "progressive", "seed": 3,
        "round_target": 5, "minutes_per_round": 30, "rules": {"stick_the_dealer": True}},
    "fixed_whist": {"name": "Whist drive", "game": "whist", "players": NAMES[:12], "rounds": 3,
                    "hands_per_round": 2, "movement": "fixed", "seed": 0},
    "updown": {"name": "Up and down", "game": "euchre", "players": NAMES[:8], "rounds": 3,
               "hands_per_round": 1, "movement": "updown", "seed": 2},
}


def test_the_stored_settings_are_byte_for_byte_what_they_were(make_app, tmp_path):
    got: dict[str, list[str]] = {}
    for name, body in SCENARIOS.items():
        got[name] = _steps(make_app(instance_path=tmp_path / name), body)
    got["old_row"] = _steps(make_app(instance_path=tmp_path / "old"),
                            {**SCENARIOS["schedule"], "rounds": 3}, OLD_ROW)
    if WRITE:
        GOLDEN.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert set(got) == set(expected)
    for name, texts in got.items():
        assert texts == expected[name], name
