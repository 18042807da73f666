"""Renaming and merging players, and undoing either (issues 14 and 22). No Flask: who may do it
is the views' business (the organiser's right); this module says whether it can be done.

- ``rename(db, player_id, name, short_name, by)``, ``merge(db, player_id, into, by)``: each
  recorded in ``player_changes`` with what it moved.
- ``undo(db, change_id, by)``: the latest change touching its players, put back exactly.
- ``history(db, player_id)``: the changes that touched a player, newest first, each saying
  whether it can be undone now.
- ``shared_table(db, a, b)``: the problem that refuses merging two players who sat in one match
  (or played in one duplicate session).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.cards import SEATS
from ..engine.matchfile import clean_name
from ..engine.problems import Problem
from ..store import facts as facts_store
from ..store import player_changes as changes_store
from ..store import players as players_store
from ..store import session_players

SHORT_MAX = 4  # initials


@dataclass(slots=True)
class PlayerChange:
    """The outcome of a rename, a merge or an undo: ``status`` ok | not_found | illegal | gone
    | conflict (undo: a later change comes first, or it was undone)."""

    status: str
    player_id: str | None = None
    problems: list[Problem] = field(default_factory=list)
    matches: list[str] = field(default_factory=list)
    change: int | None = None


def rename(db: Database, player_id: str, name: Any, short_name: Any = None, by: str = "api"
           ) -> PlayerChange:
    """Rename a player: every match they sat in shows the new name (its version bumped)."""
    clean = clean_name(name)
    problems = []
    if clean is None:
        problems.append(Problem("match.bad_name", field="name"))
    short = None
    if short_name is not None:
        short = clean_name(short_name)
        if short is None or len(short) > SHORT_MAX:
            problems.append(Problem("player.bad_short_name", field="short_name",
                                    params={"most": SHORT_MAX}))
    if problems:
        return PlayerChange("illegal", player_id, problems)
    with store.transaction(db):
        refused = _not_editable(db, player_id)
        if refused is not None:
            return refused
        assert clean is not None
        change = changes_store.rename(db, player_id, clean, short, by)
        done = changes_store.get_change(db, change)
    assert done is not None
    return PlayerChange("ok", player_id, matches=done.matches, change=change)


def _not_editable(db: Database, player_id: str) -> PlayerChange | None:
    """Why the player cannot be renamed or merged (unknown, or merged away already), or None."""
    player = players_store.get_player(db, player_id)
    if player is None:
        return PlayerChange("not_found", player_id)
    if player.merged_into:
        return PlayerChange("gone", players_store.current_id(db, player_id))
    return None


def shared_table(db: Database, a: str, b: str) -> Problem | None:
    """Why ``a`` cannot be merged into ``b`` because they sat in one match (naming the first
    such match by its day and its seats), or None."""
    match_id = players_store.first_shared_match(db, a, b)
    if match_id is None:
        return shared_session(db, a, b)
    seats = players_store.seat_names(db, match_id)
    found = {p: players_store.get_player(db, p) for p in (a, b)}
    names = {p: row.name if row is not None else p for p, row in found.items()}
    return Problem("player.shared_table", field="into", params={
        "name": names[a], "into": names[b],
        "date": players_store.get_date(db, match_id) or "",
        "table": ", ".join(f"{s} {seats[s]['name']}" for s in SEATS if s in seats)})


def shared_session(db: Database, a: str, b: str) -> Problem | None:
    """Why ``a`` cannot be merged into ``b`` because both played in one duplicate session
    (naming the first), or None."""
    found = session_players.first_shared_session(db, a, b)
    if found is None:
        return None
    names = {p: (row.name if (row := players_store.get_player(db, p)) else p) for p in (a, b)}
    return Problem("player.shared_session", field="into", params={
        "name": names[a], "into": names[b], "date": found[1], "session": found[0] or "—"})


def merge(db: Database, player_id: str, into: Any, by: str = "api") -> PlayerChange:
    """Merge ``player_id`` into ``into``: all its seats move, its facts follow, the history
    of both says so. Two players who sat in one match are two people: refused."""
    with store.transaction(db):
        refused = _not_editable(db, player_id)
        if refused is not None:
            return refused
        target = players_store.get_player(db, into) if isinstance(into, str) else None
        if target is None or target.merged_into or into == player_id:
            return PlayerChange("illegal", player_id, [Problem(
                "player.bad_merge", field="into", params={"value": str(into)[:40]})])
        together = shared_table(db, player_id, into)
        if together is not None:
            return PlayerChange("illegal", player_id, [together])
        change = changes_store.merge(db, player_id, into, by)
        done = changes_store.get_change(db, change)
        assert done is not None
        for match_id in sorted({m for m, _seat in done.detail["moved"]}):
            facts_store.rebuild(db, match_id)  # the others' facts name the same ids as before
    return PlayerChange("ok", into, matches=done.matches, change=change)


def _later_problem(later: changes_store.Change) -> Problem:
    if later.kind == "merge":
        return Problem("player.undo_later_merge", params={
            "name": later.detail["name"], "into": later.detail["into_name"]})
    return Problem("player.undo_later_rename", params={
        "name": later.detail["rows"][later.player]["name"], "to": later.detail["to"]["name"]})


def undo(db: Database, change_id: Any, by: str = "api") -> PlayerChange:
    """Undo a change: the players' rows, the seats it moved, the names in the match files and
    the facts of those matches come back as they were. Only the latest change touching any of
    its players can be undone (undo the later ones first), so what it recorded is still what
    it changed."""
    with store.transaction(db):
        change = changes_store.get_change(db, change_id) if isinstance(change_id, int) else None
        if change is None:
            return PlayerChange("not_found", None, [Problem(
                "player.no_change", params={"value": str(change_id)[:20]})])
        if change.undone_at:
            return PlayerChange("conflict", change.player, [Problem("player.undone")])
        later = changes_store.blocking(db, change)
        if later is not None:
            return PlayerChange("conflict", change.player, [_later_problem(later)])
        moved = changes_store.undo(db, change, by)
        for match_id in moved:
            facts_store.rebuild(db, match_id)
        dates = {players_store.get_date(db, m) for m in moved} - {None}
        if change.into:
            for date in sorted(d for d in dates if d):
                # the player merged into sits no longer in these matches: recount its days
                facts_store.refresh_days(db, {change.into}, date)
    return PlayerChange("ok", change.player, matches=change.matches, change=change.id)


@dataclass(slots=True)
class HistoryItem:
    """One change as a player's page and the API tell it."""

    change: changes_store.Change
    undoable: bool
    words: dict[str, Any]


def describe(change: changes_store.Change) -> dict[str, Any]:
    """What a change moved, as plain data for words and JSON."""
    words: dict[str, Any] = {"id": change.id, "kind": change.kind, "player": change.player,
                             "at": change.at, "undone_at": change.undone_at,
                             "seats": change.seats, "matches": change.seat_matches}
    if change.kind == "merge":
        words.update(into=change.into, name=change.detail["name"],
                     into_name=change.detail["into_name"],
                     moved=[{"match": m, "seat": s} for m, s in change.detail["moved"]])
    else:
        words.update(name=change.detail["rows"][change.player]["name"],
                     to=change.detail["to"]["name"])
    return words


def history(db: Database, player_id: str) -> list[HistoryItem]:
    """The changes that touched this player, newest first."""
    return [HistoryItem(c, not c.undone_at and changes_store.blocking(db, c) is None,
                        describe(c))
            for c in changes_store.changes_of(db, player_id)]


def item(db: Database, change_id: int | None) -> HistoryItem | None:
    """One change as the history tells it, or None."""
    change = changes_store.get_change(db, change_id) if change_id is not None else None
    if change is None:
        return None
    return HistoryItem(change, not change.undone_at and changes_store.blocking(db, change)
                       is None, describe(change))
