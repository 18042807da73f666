"""Club nights: what an event looks like now (standings, rounds, tables, previews)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlite_utils import Database

from ...engine import club, drives, movements, progressive
from ...engine.cards import SEATS
from ...engine.games import GAMES
from ...engine.state import MatchState
from ...store import events as event_store
from ...store.event_settings import EventSettings
from ..ratings import event_ratings
from .model import Event, EventRound, EventTable, PrizeLine, RosterEntry, SitOuts, StandingLine


def sat_counts(players: int, history: list[movements.Round]) -> list[int]:
    return movements.sat_counts(players, history)


def load_event(db: Database, event_id: str) -> Event | None:
    """The event as the pages and the API show it (no keys), or None. See :func:`build`."""
    row = event_store.get_event(db, event_id)
    return None if row is None else build(db, row)


def event_of_match(db: Database, match_id: str) -> tuple[str, int, int] | None:
    """(event id, round, table) when the match is a table of a club night."""
    return event_store.table_of_match(db, match_id)


def club_scoring(game: str) -> club.ClubScoring:
    """The game's marks and house rules at a club night."""
    found = GAMES.get(game)
    return found.club if found is not None else club.NO_MARKS


def build(db: Database, row: event_store.StoredEvent) -> Event:
    """Everything about an event now: rounds (tables, scores, who plays), sit-outs, standings
    and prizes (live), and the next round's seating when it can be shown."""
    settings = row.data
    names = settings.names
    house = settings.house
    scoring = club_scoring(settings.game)
    stored = event_store.get_rounds(db, row.id)
    # a tie moves nobody in a movement that does not follow the results
    follows = settings.movement in drives.RESULT_MOVEMENTS
    rounds: list[EventRound] = []
    scored: list[tuple[int, dict[int, club.PlayerRound], list[int]]] = []
    current = 0
    times = event_store.last_hand_times(db, row.id)
    unconfirmed: dict[int, int] = {}
    for rnd in stored:
        tables = []
        seated: dict[int, club.PlayerRound] = {}
        for t in rnd.tables:
            info = _table(db, t, names, house, scoring, seated, rnd.ended is not None,
                          follows, times.get(t.match_id or ""))
            if info.hands and not info.both_confirmed:
                for p in t.seats.values():
                    unconfirmed[p] = unconfirmed.get(p, 0) + 1
            tables.append(info)
        started = rnd.started is not None
        if started:
            current = rnd.no
            scored.append((rnd.no, seated, rnd.sit_outs))
        rounds.append(EventRound(
            no=rnd.no, started=started, tables=tuple(tables),
            over=started and all(t.over for t in tables),
            sit_outs=tuple(names[p] for p in rnd.sit_outs),
            sit_out_numbers=tuple(rnd.sit_outs), stored=True, started_at=rnd.started,
            ended_early=rnd.ended is not None,
            ends_at=_ends_at(rnd.started, settings.minutes_per_round)))
    lines = club.standings(len(names), scored, house, scoring)
    played = any(t.hands for r in rounds for t in r.tables)
    prize_list = club.prizes(lines, house, scoring) if played else [
        club.Prize(kind, (), 0) for kind in house.get("prizes") or [] if kind in scoring.prizes]
    last = next((r for r in rounds if r.no == current), None)
    waiting = () if last is None else tuple(t.table for t in last.tables if not t.settled)
    rated = event_ratings(rounds)
    if (follows and last is not None and not waiting
            and current < settings.rounds and len(rounds) == current):
        rounds.append(_progressive_preview(settings, stored, last, names))
    over = current >= settings.rounds and last is not None and not waiting
    return Event(
        id=row.id, name=settings.name, game=settings.game,
        movement=settings.movement, method=settings.method,
        quality=settings.quality, hands_per_round=settings.hands_per_round,
        rules=settings.rules, house=house, players=tuple(names),
        rules_code=settings.rules_code,
        roster=tuple(RosterEntry(i + 1, p.name, 1 if p.from_round is None else p.from_round,
                                 p.gone_from) for i, p in enumerate(settings.players)),
        round_target=settings.round_target,
        minutes_per_round=settings.minutes_per_round,
        rounds_total=settings.rounds, current_round=current, waiting=waiting,
        can_start=current < settings.rounds and not waiting and last is not None,
        over=over, version=row.version, rounds=tuple(rounds),
        sit_outs=tuple(SitOuts(r.no, r.sit_outs) for r in rounds if r.sit_outs),
        marks=tuple(scoring.marks),
        standings=tuple(StandingLine(
            player=names[s.player], number=s.player, points=s.points, marks=dict(s.marks),
            games_won=s.games_won, high_game=s.high_game, sit_outs=s.sit_outs, rank=s.rank,
            by_round=s.by_round, marks_by_round=s.marks_by_round,
            unconfirmed=unconfirmed.get(s.player, 0),
            rating=rated[s.player].shown if s.player in rated else None) for s in lines),
        disputed=tuple((r.no, t.table) for r in rounds for t in r.tables if t.disputed),
        prizes=tuple(PrizeLine(p.kind, tuple(names[i] for i in p.players), p.value, p.shared,
                               tuple(names[i] for i in p.passed_over), p.passed_value)
                     for p in prize_list),
    )


def _ends_at(started: str | None, minutes: int | None) -> str | None:
    """When a timed round's time is up (ISO 8601 UTC), or None."""
    if started is None or not minutes:
        return None
    stamp = datetime.fromisoformat(started.replace("Z", "+00:00")) + timedelta(minutes=minutes)
    return stamp.isoformat(timespec="seconds").replace("+00:00", "Z")


def _table(db: Database, t: event_store.StoredTable, names: list[str], house: dict[str, Any],
           scoring: club.ClubScoring, seated: dict[int, club.PlayerRound],
           ended: bool, follows: bool, last_hand: str | None) -> EventTable:
    """A stored table now (``follows``: a movement where a tie waits for its extra hand)."""
    plain = EventTable(
        table=t.table_no, seats={s: names[p] for s, p in t.seats.items()},
        seat_numbers=t.seats, match=t.match_id, decider=t.decider,
        confirmed=dict(t.confirmed or {"NS": None, "EW": None}), disputed=t.disputed,
        last_hand=last_hand)
    loaded = None
    if t.match_id is not None:
        from .. import load

        loaded = load(db, t.match_id)
    if loaded is None:
        return plain
    state = _state_json(loaded.state)
    seated.update(club.table_round(t.seats, loaded.match.hand_objects, state, house, scoring))
    hands, score, over, winner, tied = 0, plain.score, False, None, False
    points: tuple[dict[str, int], ...] = ()
    if state is not None:
        points = tuple(dict(h["points"]) for h in state["hands"])
        hands, score, over = len(loaded.match.hands), dict(state["score"]), bool(state["over"])
        winner, tied = state["winner"], bool(state["tied"])
    if ended and not over:  # ended early with no hand played: 0-0
        over, tied = True, score["NS"] == score["EW"]
    settled = over and (not tied or t.decider is not None) if follows else over
    return replace(plain, hands=hands, score=score, over=over, winner=winner, tied=tied,
                   settled=settled, hand_points=points)


def _state_json(state: MatchState | None) -> dict[str, Any] | None:
    """The replayed state as the ``scorekeeper check`` object (what the club scorer reads)."""
    return None if state is None else state.as_json()


def _progressive_preview(settings: EventSettings, stored: list[event_store.StoredRound],
                         last: EventRound, names: list[str]) -> EventRound:
    """The next progressive round's seating from the last round's winners (not stored until
    the director starts it; the same every time it is computed)."""
    previous = movements.Round(
        tuple(tuple(t.seat_numbers[s] for s in SEATS) for t in last.tables),  # type: ignore[misc]
        last.sit_out_numbers)
    winners = [t.winner or t.decider or "NS" for t in last.tables]
    played = [movements.Round(tuple(tuple(t.seats[s] for s in SEATS) for t in r.tables),  # type: ignore[misc]
                              tuple(r.sit_outs)) for r in stored]
    sat = movements.sit_out_counts(len(names), played)
    follow = drives.updown_next if settings.movement == drives.UPDOWN \
        else progressive.progressive_next
    nxt = follow(previous, winners, sat, settings.seed + last.no)
    active = settings.present(last.no + 1)
    if sorted([p for t in nxt.tables for p in t] + list(nxt.sit_outs)) != active:
        nxt = movements.refit(nxt, active, sat_counts(len(names), played))
    tables = tuple(EventTable(table=i, seats={s: names[p] for s, p in zip(SEATS, t, strict=True)},
                              seat_numbers=dict(zip(SEATS, t, strict=True)))
                   for i, t in enumerate(nxt.tables, start=1))
    return EventRound(no=last.no + 1, started=False, tables=tables, over=False,
                      sit_outs=tuple(names[p] for p in nxt.sit_outs),
                      sit_out_numbers=tuple(nxt.sit_outs), stored=False)
