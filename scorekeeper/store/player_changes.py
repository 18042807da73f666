"""Renaming and merging players, each recorded with what it moved so that it can be undone
exactly (issue 22; table ``player_changes``, migration ``0021_player_changes``).

A change can be undone while no later change (not undone) touches any of its players: undoing
in order restores the rows, seats and names exactly as they were. Like the rest of the store,
nothing here commits; the service wraps each call in a transaction and rebuilds the facts of
the matches returned.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from . import dumps, now
from .players import add_history, get_player, normalise

ROW_COLUMNS = ("name", "short_name", "norm", "merged_into")


@dataclass(slots=True)
class Change:
    """One recorded rename or merge, as read back."""

    id: int
    kind: str
    player: str
    into: str | None
    detail: dict[str, Any]
    at: str
    undone_at: str | None
    touches: list[str] = field(default_factory=list)

    @property
    def matches(self) -> list[str]:
        """The matches whose seats it rewrote."""
        return sorted(self.detail["names"])

    @property
    def seats(self) -> int:
        """How many seats of the player it renamed, or moved (a merge)."""
        if self.kind == "merge":
            return len(self.detail["moved"])
        return sum(1 for seats in self.detail["own"].values() for _ in seats)

    @property
    def seat_matches(self) -> int:
        """In how many matches those seats are."""
        own = self.detail["own"] if self.kind == "rename" else {
            m: None for m, _seat in self.detail["moved"]}
        return len(own)


def _row(db: Database, player_id: str) -> dict[str, Any]:
    found = db.execute("SELECT name, short_name, norm, merged_into FROM players WHERE id = ?",
                       [player_id]).fetchone()
    return dict(zip(ROW_COLUMNS, found, strict=True))


def _seats_of(db: Database, player_id: str) -> dict[str, list[str]]:
    own: dict[str, list[str]] = {}
    for match_id, seat in db.execute("SELECT match_id, seat FROM match_players WHERE player = ?"
                                     " ORDER BY match_id, seat", [player_id]).fetchall():
        own.setdefault(match_id, []).append(seat)
    return own


def _set_names(db: Database, names: dict[str, dict[str, str]]) -> None:
    """Write these seat names into the match files (their versions bumped, not their hands')."""
    for match_id, seats in sorted(names.items()):
        row = db.execute("SELECT data FROM matches WHERE id = ?", [match_id]).fetchone()
        if row is None:
            continue
        data = json.loads(row[0])
        data["seats"].update(seats)
        db.execute("UPDATE matches SET data = ?, version = version + 1, updated = ?"
                   " WHERE id = ?", [dumps(data), now(), match_id])


def _name_seats(db: Database, own: dict[str, list[str]], name: str
                ) -> dict[str, dict[str, str]]:
    """Give these seats ``name``; return each one's old name."""
    old: dict[str, dict[str, str]] = {}
    for match_id, seats in own.items():
        row = db.execute("SELECT data FROM matches WHERE id = ?", [match_id]).fetchone()
        if row is not None:
            old[match_id] = {s: json.loads(row[0])["seats"][s] for s in seats}
    _set_names(db, {m: dict.fromkeys(seats, name) for m, seats in old.items()})
    return old


def _record(db: Database, kind: str, player_id: str, into: str | None, touches: list[str],
            detail: dict[str, Any], by: str) -> int:
    cursor = db.execute(
        "INSERT INTO player_changes (kind, player, into_player, touches, detail, at, by)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [kind, player_id, into, dumps(sorted(set(touches))), dumps(detail), now(), by])
    return int(cursor.lastrowid or 0)


def rename(db: Database, player_id: str, name: str, short_name: str | None, by: str) -> int:
    """Rename a player and the seats of every match they sat in; return the change's id."""
    before = _row(db, player_id)
    db.execute("UPDATE players SET name = ?, short_name = ?, norm = ? WHERE id = ?",
               [name, short_name, normalise(name), player_id])
    own = _seats_of(db, player_id)
    names = _name_seats(db, own, name)
    change = _record(db, "rename", player_id, None, [player_id],
                     {"rows": {player_id: before}, "own": own, "names": names,
                      "to": {"name": name, "short_name": short_name}}, by)
    add_history(db, player_id, "rename", {"from": before["name"], "to": name,
                                          "short_name": short_name, "change": change}, by)
    return change


def merge(db: Database, player_id: str, into: str, by: str) -> int:
    """Move every seat of ``player_id`` to ``into`` (every seat of ``into`` then shows its
    name) and mark the player merged; return the change's id. The caller has checked that the
    two never sat in one match."""
    source, target = get_player(db, player_id), get_player(db, into)
    assert source is not None and target is not None
    pointing = [r[0] for r in db.execute("SELECT id FROM players WHERE merged_into = ?",
                                         [player_id]).fetchall()]
    rows = {p: _row(db, p) for p in [player_id, *pointing]}
    moved = [[m, s] for m, seats in _seats_of(db, player_id).items() for s in seats]
    db.execute("UPDATE match_players SET player = ? WHERE player = ?", [into, player_id])
    db.execute("DELETE FROM player_days WHERE player = ?", [player_id])
    db.execute("UPDATE players SET merged_into = ? WHERE id = ?", [into, player_id])
    db.execute("UPDATE players SET merged_into = ? WHERE merged_into = ?", [into, player_id])
    names = _name_seats(db, _seats_of(db, into), target.name)
    change = _record(db, "merge", player_id, into, [player_id, into, *pointing],
                     {"rows": rows, "moved": moved, "names": names,
                      "name": source.name, "into_name": target.name}, by)
    add_history(db, player_id, "merge", {"into": into, "name": source.name,
                                         "change": change}, by)
    add_history(db, into, "merged", {"from": player_id, "name": source.name,
                                     "change": change}, by)
    return change


def _change(row: Any) -> Change:
    return Change(id=row[0], kind=row[1], player=row[2], into=row[3],
                  touches=json.loads(row[4]), detail=json.loads(row[5]), at=row[6],
                  undone_at=row[7])


_SELECT = ("SELECT id, kind, player, into_player, touches, detail, at, undone_at"
           " FROM player_changes")


def get_change(db: Database, change_id: int) -> Change | None:
    """The recorded change, or None."""
    row = db.execute(f"{_SELECT} WHERE id = ?", [change_id]).fetchone()
    return None if row is None else _change(row)


def changes_of(db: Database, player_id: str) -> list[Change]:
    """Every change that touched this player, newest first."""
    rows = db.execute(f"{_SELECT} WHERE EXISTS (SELECT 1 FROM json_each(touches)"
                      " WHERE value = ?) ORDER BY id DESC", [player_id]).fetchall()
    return [_change(r) for r in rows]


def blocking(db: Database, change: Change) -> Change | None:
    """The latest later change, not undone, that touches one of this change's players (it must
    be undone first), or None."""
    row = db.execute(
        f"{_SELECT} WHERE id > ? AND undone_at IS NULL AND EXISTS (SELECT 1 FROM"
        " json_each(touches) WHERE value IN (SELECT value FROM json_each(?)))"
        " ORDER BY id DESC LIMIT 1", [change.id, dumps(change.touches)]).fetchone()
    return None if row is None else _change(row)


def undo(db: Database, change: Change, by: str) -> list[str]:
    """Put back what ``change`` moved (the caller checked ``blocking`` is None); return the
    matches whose seats changed (a merge's: their facts are rebuilt by the caller)."""
    for player_id, row in change.detail["rows"].items():
        db.execute("UPDATE players SET name = ?, short_name = ?, norm = ?, merged_into = ?"
                   " WHERE id = ?", [*(row[c] for c in ROW_COLUMNS), player_id])
    for match_id, seat in change.detail.get("moved", []):
        db.execute("UPDATE match_players SET player = ? WHERE match_id = ? AND seat = ?",
                   [change.player, match_id, seat])
    _set_names(db, change.detail["names"])
    db.execute("UPDATE player_changes SET undone_at = ?, undone_by = ? WHERE id = ?",
               [now(), by, change.id])
    for player_id in {change.player, change.into} - {None}:
        add_history(db, str(player_id), "undo", {"change": change.id, "kind": change.kind}, by)
    return sorted({m for m, _seat in change.detail.get("moved", [])})
