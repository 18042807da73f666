"""Club nights: creating an event, starting its rounds, deciding a tied table."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from sqlite_utils import Database

from ... import store
from ...engine import drives, fixed_seats, movements, progressive
from ...engine.cards import SEATS, TEAMS
from ...engine.designs import Table
from ...store import events as event_store
from ...store import players as players_store
from ...store.event_settings import EventPlayer, EventSettings
from ..event_keys import table_key
from ..keys import hash_key, new_key, new_match_id
from ..rules_codes import keep_code
from .checks import match_data, validate
from .reading import build
from .results import EventProblem, EventResult, EventStatus, new_event_id


def seats(table: Table) -> dict[str, int]:
    return {seat: table[i] for i, seat in enumerate(SEATS)}


# Called with the number of matches a round is about to make, inside its transaction: it may
# raise to refuse them (the web layer's creation limit), and then nothing is stored.
Budget = Callable[[int], None]


def create_event(db: Database, body: Any, secret: str, budget: Budget | None = None
                 ) -> EventResult:
    """Create an event and start its first round (its matches taken from ``budget``).

    Returns CREATED (``event_id``, ``director_key``: shown once) or ILLEGAL (``problems``).
    """
    settings, problems = validate(body)
    if problems or settings is None:
        return EventResult(EventStatus.ILLEGAL, problems=problems)
    count, rounds, seed = len(settings.players), settings.rounds, settings.seed
    try:
        if settings.movement == "schedule":
            plan = movements.schedule(count, rounds, seed)
            planned, method, quality = list(plan.rounds), plan.method, plan.quality
        elif settings.movement == "fixed":
            plan = fixed_seats.fixed_schedule(count, rounds)
            planned, method, quality = list(plan.rounds), plan.method, plan.quality
        else:
            planned = [progressive.progressive_first(count, seed)]  # updown: drawn as well
            method, quality = settings.movement, movements.quality(count, planned)
    except movements.MovementError as refused:
        return EventResult(EventStatus.ILLEGAL, problems=[
            EventProblem(refused.code, "movement", dict(refused.params))])
    settings = replace(settings, method=method, quality=quality.as_json()
                       if method not in drives.RESULT_MOVEMENTS else None)
    event_id, key = new_event_id(), new_key()
    with store.transaction(db):
        settings = replace(settings, rules_code=keep_code(db, settings.game, settings.rules))
        event_store.insert_event(db, event_id, hash_key(key), settings)
        for no, rnd in enumerate(planned, start=1):
            event_store.insert_round(db, event_id, no, list(rnd.sit_outs),
                                     [seats(t) for t in rnd.tables])
        _start(db, event_id, settings, 1, secret, budget)
    return EventResult(EventStatus.CREATED, event_id=event_id, director_key=key, round=1)


def unknown_players(db: Database, players: Iterable[EventPlayer]) -> list[EventProblem]:
    """A problem for each player given by an id no player has (nor had, merged since)."""
    return [EventProblem("event.unknown_player", "player", {"value": str(p.player)[:40]})
            for p in players
            if p.player is not None and players_store.current_id(db, str(p.player)) is None]


def _start(db: Database, event_id: str, settings: EventSettings, no: int, secret: str,
           budget: Budget | None) -> None:
    """Create the matches of planned round ``no`` and mark it started (in a transaction)."""
    names = settings.names
    stored = next(r for r in event_store.get_rounds(db, event_id) if r.no == no)
    if budget is not None:
        budget(len(stored.tables))
    matches: dict[int, str] = {}
    for table in stored.tables:
        data = match_data(settings.game, settings.name, settings.rules,
                          settings.hands_per_round,
                          {seat: names[p] for seat, p in table.seats.items()},
                          settings.round_target)
        match_id = new_match_id()
        key_hash = hash_key(table_key(secret, event_id, table.table_no,
                                      settings.key_generation(table.table_no)))
        store.insert_match(db, match_id, key_hash, settings.game, data)
        matches[table.table_no] = match_id
    event_store.start_round(db, event_id, no, matches)
    event_store.bump_event(db, event_id)


def start_round(db: Database, event_id: str, no: int, secret: str,
                budget: Budget | None = None) -> EventResult:
    """Start round ``no`` (the director's button): the round after the last started one, once
    every match of that round is over (a tied table's extra hand decided, for the progressive
    movement); its matches are taken from ``budget``. Starting a round that has started
    already answers STARTED again."""
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        settings = row.data
        view = build(db, row)
        current = view.current_round
        if no <= current:
            return EventResult(EventStatus.STARTED, event_id=event_id, round=no)
        if no != current + 1 or no > settings.rounds:
            return EventResult(EventStatus.FINISHED if current >= settings.rounds
                               else EventStatus.NOT_READY, event_id=event_id, round=current)
        if view.waiting:
            return EventResult(EventStatus.NOT_READY, event_id=event_id, round=current,
                               problems=[EventProblem("event.tables_playing", None,
                                                      {"tables": list(view.waiting)})])
        planned = view.rounds[-1]
        if not planned.started and planned.no == no and not planned.stored:
            # a progressive or up/down round, made from results
            event_store.insert_round(db, event_id, no, list(planned.sit_out_numbers),
                                     [t.seat_numbers for t in planned.tables])
        _start(db, event_id, settings, no, secret, budget)
    return EventResult(EventStatus.STARTED, event_id=event_id, round=no)


def decide(db: Database, event_id: str, no: int, table_no: int, side: Any) -> EventResult:
    """Record which side won a tied table's extra, unscored hand (progressive movement)."""
    if side not in TEAMS:
        return EventResult(EventStatus.ILLEGAL,
                           problems=[EventProblem("event.bad_side", "winner")])
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        view = build(db, row)
        table = view.table(no, table_no)
        if table is None or not table.tied:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.not_tied", "table", {"round": no, "table": table_no})])
        event_store.set_decider(db, event_id, no, table_no, side)
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.DECIDED, event_id=event_id, round=no)
