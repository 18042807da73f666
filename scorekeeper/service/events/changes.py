"""Club nights: changing the evening (late arrivals, leavers, moves, a round ended early)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlite_utils import Database

from ... import store
from ...engine import drives, movements
from ...engine.limits import NAME_MAX
from ...engine.matchfile import clean_name
from ...store import events as event_store
from ...store import facts
from ...store.event_settings import EventPlayer, EventSettings
from ..keys import hash_key, new_key
from .checks import is_int, name_problem
from .reading import build
from .results import MAX_PLAYERS, EventProblem, EventResult, EventStatus
from .starting import seats, unknown_players


def _as_round(stored: event_store.StoredRound) -> movements.Round:
    return movements.Round(
        tuple((t.seats["N"], t.seats["E"], t.seats["S"], t.seats["W"]) for t in stored.tables),
        tuple(stored.sit_outs))


def _replan(db: Database, event_id: str, settings: EventSettings, first: int) -> None:
    """Plan again the rounds from ``first`` on that have not started, for the players there
    in each (a late arrival, a leaver): the schedule's and fixed seats' rounds by the seeded
    search (counting the rounds before), a progressive round stored by a move fitted to the
    players. Rounds that have started never change."""
    stored = event_store.get_rounds(db, event_id)
    count = len(settings.players)
    if settings.movement in drives.RESULT_MOVEMENTS:
        for waiting in [r for r in stored if r.started is None and r.no >= first]:
            before = [_as_round(r) for r in stored if r.no < waiting.no]
            fitted = movements.refit(_as_round(waiting), settings.present(waiting.no),
                                     movements.sat_counts(count, before))
            event_store.replace_round(db, event_id, waiting.no, list(fitted.sit_outs),
                                      [seats(t) for t in fitted.tables])
        return
    history = [_as_round(r) for r in stored if r.no < first]
    event_store.delete_planned_rounds(db, event_id, first)
    for no in range(first, settings.rounds + 1):
        (planned,) = movements.replan(count, settings.present(no), history, 1, settings.seed)
        event_store.insert_round(db, event_id, no, list(planned.sit_outs),
                                 [seats(t) for t in planned.tables])
        history.append(planned)
    event_store.set_data(db, event_id, replace(
        settings, method="search", quality=movements.quality(count, history).as_json()))


def _too_few(settings: EventSettings, first: int) -> list[EventProblem]:
    low = min(len(settings.present(no)) for no in range(first, settings.rounds + 1))
    if low < movements.MIN_PLAYERS:
        return [EventProblem("event.too_few_left", "players",
                             {"minimum": movements.MIN_PLAYERS})]
    return []


def _next_round(db: Database, row: event_store.StoredEvent) -> int:
    """The first round that has not started."""
    started = [r.no for r in event_store.get_rounds(db, row.id) if r.started is not None]
    return max(started, default=0) + 1


def add_player(db: Database, event_id: str, body: Any) -> EventResult:
    """A late arrival (``{"name": ...}`` or ``{"player": id, "name": ...}``, or a name) joins
    from the first round not yet started; those rounds are planned again."""
    item = body if isinstance(body, str | dict) else None
    player_id: Any = item.get("player") if isinstance(item, dict) else None
    name: Any = item.get("name") if isinstance(item, dict) else item
    if isinstance(item, dict) and (set(item) - {"player", "name"} or (
            player_id is not None and not isinstance(player_id, str | int))):
        return EventResult(EventStatus.ILLEGAL, problems=[EventProblem("event.bad_player",
                                                                       "name")])
    if clean_name(name) is None:  # a late arrival: the same rules as every name
        return EventResult(EventStatus.ILLEGAL, problems=[
            name_problem(name, "name", "event.bad_name", NAME_MAX)])
    name = name.strip()
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        settings = row.data
        first = _next_round(db, row)
        problems = unknown_players(db, [EventPlayer(name, player_id)])
        if problems:
            return EventResult(EventStatus.ILLEGAL, problems=problems)
        if first > settings.rounds:
            problems.append(EventProblem("event.all_started", "name"))
        elif any(p.name.casefold() == name.casefold() for p in settings.players):
            problems.append(EventProblem("event.same_name", "name", {"name": name}))
        elif len(settings.players) >= MAX_PLAYERS:
            problems.append(EventProblem("event.players_full", "name", {"high": MAX_PLAYERS}))
        if problems:
            return EventResult(EventStatus.ILLEGAL, problems=problems)
        settings = replace(settings, players=(
            *settings.players, EventPlayer(name, player_id, from_round=first)))
        event_store.set_data(db, event_id, settings)
        _replan(db, event_id, settings, first)
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.CHANGED, event_id=event_id, round=first)


def player_leaves(db: Database, event_id: str, number: int, from_round: Any) -> EventResult:
    """Player ``number`` (from 1) is gone from round ``from_round`` (default: the first round
    not yet started) on; the rounds from there are planned again. The rounds played keep
    counting in the standings."""
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        settings = row.data
        first = _next_round(db, row)
        players = settings.players
        if not 1 <= number <= len(players):
            return EventResult(EventStatus.NOT_FOUND, problems=[
                EventProblem("event.no_player", "player", {"n": number})])
        gone = first if from_round is None else from_round
        if first > settings.rounds:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.all_started", "gone_from")])
        if not is_int(gone) or not first <= gone <= settings.rounds:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.bad_gone_from", "gone_from",
                             {"low": first, "high": settings.rounds})])
        player = players[number - 1]
        if player.gone_from is not None and player.gone_from <= first:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.already_gone", "player", {"name": player.name})])
        settings = replace(settings, players=(
            *players[:number - 1], replace(player, gone_from=gone), *players[number:]))
        problems = _too_few(settings, gone)
        if problems:
            return EventResult(EventStatus.ILLEGAL, problems=problems)
        event_store.set_data(db, event_id, settings)
        _replan(db, event_id, settings, gone)
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.CHANGED, event_id=event_id, round=gone)


def swap_players(db: Database, event_id: str, no: int, first: Any, second: Any) -> EventResult:
    """The director moves a player in round ``no`` (not started): players ``first`` and
    ``second`` (numbers from 1) change places, a seat for a seat or a seat for a sit-out."""
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        view = build(db, row)
        rnd = view.round_no(no)
        if rnd is None or rnd.started:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.round_not_planned", "round", {"round": no})])
        present = {p for t in rnd.tables for p in t.seat_numbers.values()}
        present.update(rnd.sit_out_numbers)
        problems = []
        for where, value in (("players[0]", first), ("players[1]", second)):
            if not is_int(value) or value - 1 not in present:
                problems.append(EventProblem("event.not_in_round", where,
                                             {"round": no, "n": value}))
        if not problems and first == second:
            problems.append(EventProblem("event.same_player", "players[1]"))
        if problems:
            return EventResult(EventStatus.ILLEGAL, problems=problems)
        planned = movements.Round(
            tuple((t.seat_numbers["N"], t.seat_numbers["E"], t.seat_numbers["S"],
                   t.seat_numbers["W"]) for t in rnd.tables),
            rnd.sit_out_numbers)
        moved = movements.swap(planned, first - 1, second - 1)
        event_store.replace_round(db, event_id, no, list(moved.sit_outs),
                                  [seats(t) for t in moved.tables])
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.CHANGED, event_id=event_id, round=no)


def end_round(db: Database, event_id: str, no: int) -> EventResult:
    """The director ends round ``no`` (the round being played) now: each table's match ends
    with the hands played so far (its ``deals`` cut to them), a table with no hand scores 0-0
    and its key no longer records; the round counts as finished. Ending it again changes
    nothing."""
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        stored = event_store.get_rounds(db, event_id)
        current = max((r.no for r in stored if r.started is not None), default=0)
        rnd = next((r for r in stored if r.no == no), None)
        if rnd is None or rnd.started is None or no != current:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.not_current", "round", {"round": no, "current": current})])
        if rnd.ended is not None:
            return EventResult(EventStatus.CHANGED, event_id=event_id, round=no)
        from .. import load

        for t in rnd.tables:
            loaded = load(db, t.match_id) if t.match_id else None
            if loaded is None or (loaded.state is not None and loaded.state.over):
                continue
            played = len(loaded.match.hands)
            if played:
                match = store.get_match(db, loaded.id)
                assert match is not None
                rules = {k: v for k, v in match.data["rules"].items() if k != "target"}
                event_store.close_match(db, match.id, {**match.data,
                                                       "rules": {**rules, "deals": played}},
                                        None)
                facts.rebuild(db, match.id)
            else:
                event_store.close_match(db, loaded.id, None, hash_key(new_key()))
        event_store.end_round(db, event_id, no)
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.CHANGED, event_id=event_id, round=no)
