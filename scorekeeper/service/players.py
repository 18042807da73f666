"""Players on the write path: who sits in a new match, the facts written with every hand,
(issue 14). No Flask: plain data and problems, like the rest of the service.

- ``read_seating(db, data) -> (data, Seating, problems)``: a creation body's ``date`` and its
  seats given as ``{"player": "<id>"}`` (the match object then holds plain names).
- ``seat_match(db, match_id, seats, seating, by)``: link each seat to a player (a known id, the
  player of the same name, or a new player), set the date; inside the creating transaction.
- ``facts_after_write(db, match_id, match, result, from_no=1)``: the facts of a changed match;
  ``facts_after_append(db, match_id, match, result)``: of a match whose last hand is new.
- renaming, merging and undoing them: :mod:`.player_changes`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date as Date
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.cards import SEATS
from ..engine.matchfile import CheckResult
from ..engine.problems import Problem
from ..store import facts as facts_store
from ..store import players as players_store

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(slots=True)
class Seating:
    """How the seats of a new match find their players, and the day it was played."""

    date: str | None = None
    ids: dict[str, str] = field(default_factory=dict)  # seat -> a player id given explicitly
    new: frozenset[str] = frozenset()  # seats whose name makes a new player, whatever it is


def valid_day(value: Any) -> bool:
    """Whether ``value`` is a real day written ``YYYY-MM-DD``."""
    if not isinstance(value, str) or not DAY.fullmatch(value):
        return False
    try:
        Date.fromisoformat(value)
    except ValueError:
        return False
    return True


def read_seating(db: Database, data: Any) -> tuple[Any, Seating, list[Problem]]:
    """Take a creation body's ``date`` and ``{"player": id}`` seats out of it.

    Returns the match object as the match format has it (seats as names), the seating, and
    the problems (a bad date, an unknown player id).
    """
    seating = Seating()
    if not isinstance(data, dict):
        return data, seating, []
    data = dict(data)
    problems: list[Problem] = []
    if "date" in data:
        day = data.pop("date")
        if valid_day(day):
            seating.date = day
        else:
            problems.append(Problem("match.bad_date", field="date",
                                    params={"value": str(day)[:40]}))
    seats = data.get("seats")
    if isinstance(seats, dict):
        seats = dict(seats)
        for seat in SEATS:
            given = seats.get(seat)
            if isinstance(given, dict) and set(given) == {"player"}:
                player_id = players_store.current_id(db, str(given["player"]))
                player = players_store.get_player(db, player_id) if player_id else None
                if player is None:
                    problems.append(Problem("match.unknown_player", field=f"seats.{seat}",
                                            params={"value": str(given["player"])[:40]}))
                    continue
                if player.id in seating.ids.values():  # one person sits at one seat
                    problems.append(Problem("match.player_twice", field=f"seats.{seat}",
                                            params={"value": player.name}))
                    continue
                seats[seat] = player.name
                seating.ids[seat] = player.id
        data["seats"] = seats
    return data, seating, problems


def seat_match(db: Database, match_id: str, seats: dict[str, str], seating: Seating | None,
               by: str) -> dict[str, str]:
    """Link a new match's seats to players and set its date (inside the caller's transaction).

    A seat given by id keeps that player; a seat marked new gets a new player; any other name
    goes to the player of the same name (case and spaces ignored), created on first use — unless
    that player already sits at another seat of this match: one person holds one seat, so two
    people of the same name at one table are two players.
    """
    seating = seating or Seating()
    data = store.get_match(db, match_id)
    players_store.set_date(db, match_id, seating.date or (
        players_store.date_of(data.data, data.created) if data else players_store.today()))
    linked: dict[str, str] = {s: i for s, i in seating.ids.items() if isinstance(seats.get(s), str)}
    for seat in SEATS:
        name = seats.get(seat)
        if not isinstance(name, str) or seat in linked:
            continue
        found = None if seat in seating.new else players_store.find_by_name(db, name)
        if found is None or found in linked.values():
            found = players_store.create_player(db, name, by)
        linked[seat] = found
    players_store.link_seats(db, match_id, linked)
    return linked


def seat_rematch(db: Database, old_id: str, new_id: str) -> None:
    """A rematch: the same players in the same seats, played today."""
    players_store.set_date(db, new_id, players_store.today())
    players_store.link_seats(db, new_id, players_store.seat_players(db, old_id))
    facts_store.rebuild(db, new_id)


def facts_after_write(db: Database, match_id: str, match: dict[str, Any], result: CheckResult,
                      from_no: int = 1) -> None:
    """Write a changed match's facts from the replay just done (inside the transaction): the
    hands from ``from_no`` on changed."""
    facts_store.write(db, match_id, match, result.state, from_no=from_no)


def facts_after_append(db: Database, match_id: str, match: dict[str, Any],
                       result: CheckResult) -> None:
    """Add the facts of a match's new last hand from the replay just done (inside the
    transaction)."""
    write_facts_append(db, plan_facts_append(db, match_id, match, result))


def plan_facts_append(db: Database, match_id: str, match: dict[str, Any],
                      result: CheckResult) -> facts_store.Appended:
    """The facts a match's new last hand adds, read and made without writing (a save makes
    them before it takes the write lock)."""
    assert result.state is not None
    return facts_store.plan_append(db, match_id, match, result.state)


def write_facts_append(db: Database, appended: facts_store.Appended) -> None:
    """Write what :func:`plan_facts_append` made (inside the transaction)."""
    facts_store.write_append(db, appended)


def match_players(db: Database, match_id: str) -> dict[str, dict[str, str]]:
    """``{seat: {"id", "name"}}`` of a match."""
    return players_store.seat_names(db, match_id)


def match_date(db: Database, match_id: str) -> str | None:
    """The day a match was played."""
    return players_store.get_date(db, match_id)
