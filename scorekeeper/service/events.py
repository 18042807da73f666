"""Club nights: creating an event, starting its rounds, and what it looks like now.

No Flask: answers are plain data and problem codes (the web layer words them). Each round's
table is an ordinary match (``matches``/``hands``) whose edit key is the table's key
(:mod:`.event_keys`: derived from the app's secret, the event, the table number and how often
its key was replaced). The director's key is random. Only the keys' hashes are stored.
"""

from __future__ import annotations

import hmac
import random
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dc_field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine import club, drives, movements
from ..engine.cards import SEATS
from ..engine.limits import MATCH_FORMAT, NAME_MAX, TITLE_MAX
from ..engine.matchfile import BIDI_CONTROLS, check_match, clean_name
from ..engine.problems import Problem
from ..engine.state import MatchState
from ..store import events as event_store
from ..store import facts
from .event_keys import generation, table_key
from .keys import hash_key, new_key, new_match_id

MIN_PLAYERS = 8
MAX_PLAYERS = 64
MAX_ROUNDS = 31  # a whole 32-player whist design
MAX_HANDS_PER_ROUND = 30
MAX_HOUSE_POINTS = 50
MOVEMENTS = ("progressive", "schedule", "fixed", drives.UPDOWN)
MAX_MINUTES = 180
KEYS = frozenset({"name", "game", "players", "rounds", "hands_per_round", "movement", "rules",
                  "house", "seed", "round_target", "minutes_per_round"})


class EventStatus(StrEnum):
    """How an event call ended (:mod:`scorekeeper.web.events` gives each an HTTP status)."""

    CREATED = "created"
    STARTED = "started"  # a round started (or had already started: idempotent)
    DECIDED = "decided"
    CHANGED = "changed"  # a player added, gone or moved; a round ended early
    ILLEGAL = "illegal"  # problems: nothing stored
    NOT_READY = "not_ready"  # the previous round's matches are not all over (or a tie is open)
    FINISHED = "finished"  # every round has been played
    NOT_FOUND = "not_found"


@dataclass(frozen=True, slots=True)
class EventProblem:
    """Something wrong with a request: a code (``event.*``) and its params, or an engine
    problem (``problem``) about the rules or a name."""

    code: str
    field: str | None = None
    params: dict[str, Any] = dc_field(default_factory=dict)
    problem: Problem | None = None


@dataclass(slots=True)
class EventResult:
    """What a write did."""

    status: EventStatus
    event_id: str | None = None
    director_key: str | None = None
    round: int | None = None
    problems: list[EventProblem] = dc_field(default_factory=list)


def new_event_id() -> str:
    """A fresh, unguessable event id."""
    return secrets.token_urlsafe(12)


def check_director_key(db: Database, event_id: str, key: str | None) -> bool:
    """Whether ``key`` is the event's director key."""
    row = event_store.get_event(db, event_id)
    stored = row.director_key_hash if row is not None else "0" * 64
    return hmac.compare_digest(stored, hash_key(key or "")) and row is not None and bool(key)


# --- validating --------------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _players(given: Any, problems: list[EventProblem]) -> list[dict[str, Any]]:
    if not isinstance(given, list):
        problems.append(EventProblem("event.players_list", "players",
                                     {"low": MIN_PLAYERS, "high": MAX_PLAYERS}))
        return []
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, item in enumerate(given):
        where = f"players[{i}]"
        player_id: Any = None
        name: Any = item
        if isinstance(item, dict):
            player_id, name = item.get("player"), item.get("name")
            if set(item) - {"player", "name"} or (player_id is not None
                                                   and not isinstance(player_id, str | int)):
                problems.append(EventProblem("event.bad_player", where))
                continue
            if name is None:
                problems.append(EventProblem("event.player_needs_name", where))
                continue
        if clean_name(name) is None:
            problems.append(_name_problem(name, where, "event.bad_name", NAME_MAX))
            continue
        name = name.strip()
        if name.casefold() in seen:
            problems.append(EventProblem("event.same_name", where, {"name": name}))
            continue
        seen.add(name.casefold())
        out.append({"name": name, "player": player_id})
    if not problems and not MIN_PLAYERS <= len(out) <= MAX_PLAYERS:
        problems.append(EventProblem("event.players_count", "players",
                                     {"low": MIN_PLAYERS, "high": MAX_PLAYERS, "n": len(out)}))
    return out


def _house(given: Any, problems: list[EventProblem]) -> dict[str, Any]:
    house = dict(club.HOUSE_DEFAULTS)
    if given is None:
        return house
    if not isinstance(given, dict):
        problems.append(EventProblem("event.house_object", "house"))
        return house
    for key, value in given.items():
        where = f"house.{key}"
        ok = True
        if key == "loner_partner_points":
            ok = value is None or (_is_int(value) and 0 <= value <= club_max())
        elif key in ("set_points",):
            ok = _is_int(value) and -club_max() <= value <= club_max()
        elif key == "sit_out_points":
            ok = _is_int(value) and 0 <= value <= MAX_HOUSE_POINTS
        elif key == "sit_out":
            ok = value in club.SIT_OUT_RULES
        elif key == "tiebreaks":
            ok = isinstance(value, list) and all(v in club.TIEBREAKS for v in value)
        elif key == "prizes":
            ok = isinstance(value, list) and all(v in club.PRIZES for v in value)
        elif key == "exclusive_prizes":
            ok = isinstance(value, bool)
        else:
            problems.append(EventProblem("event.unknown_house", where, {"name": key}))
            continue
        if not ok:
            problems.append(EventProblem("event.bad_house", where, {"name": key}))
            continue
        house[key] = value
    return house


def _name_problem(name: Any, where: str, code: str, most: int) -> EventProblem:
    """Why a name was refused (the player names' own rules, :func:`clean_name`): a
    text-direction control, a line break or another control character, or its length."""
    if isinstance(name, str) and any(ch in BIDI_CONTROLS for ch in name):
        return EventProblem("event.name_direction", where)
    if isinstance(name, str) and any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        return EventProblem("event.name_control", where)
    return EventProblem(code, where, {"most": most})


def club_max() -> int:
    """The largest points a house rule may give or take for one hand."""
    return 20


def validate(body: Any) -> tuple[dict[str, Any], list[EventProblem]]:
    """The event's settings from a request body, or the problems with it."""
    problems: list[EventProblem] = []
    if not isinstance(body, dict):
        return {}, [EventProblem("event.not_object")]
    for key in body:
        if key not in KEYS:
            problems.append(EventProblem("event.unknown_key", str(key), {"name": str(key)}))
    name = body.get("name")
    if clean_name(name, TITLE_MAX) is None:
        problems.append(_name_problem(name, "name", "event.bad_event_name", TITLE_MAX))
    game = body.get("game")
    if game not in ("euchre", "whist"):
        problems.append(EventProblem("event.bad_game", "game"))
    players = _players(body.get("players"), problems)
    rounds = body.get("rounds")
    if not _is_int(rounds) or not 1 <= rounds <= MAX_ROUNDS:
        problems.append(EventProblem("event.bad_rounds", "rounds", {"high": MAX_ROUNDS}))
    hands = body.get("hands_per_round")
    if not _is_int(hands) or not 1 <= hands <= MAX_HANDS_PER_ROUND:
        problems.append(EventProblem("event.bad_hands", "hands_per_round",
                                     {"high": MAX_HANDS_PER_ROUND}))
    movement = body.get("movement")
    if movement not in MOVEMENTS:
        problems.append(EventProblem("event.bad_movement", "movement"))
    rules = body.get("rules") or {}
    if not isinstance(rules, dict):
        problems.append(EventProblem("event.rules_object", "rules"))
        rules = {}
    elif "deals" in rules or "target" in rules:
        problems.append(EventProblem("event.rules_deals", "rules"))
    target = body.get("round_target")
    if target is not None and not (_is_int(target) and target >= 1):
        problems.append(EventProblem("event.bad_target", "round_target"))
    minutes = body.get("minutes_per_round")
    if minutes is not None and not (_is_int(minutes) and 1 <= minutes <= MAX_MINUTES):
        problems.append(EventProblem("event.bad_minutes", "minutes_per_round",
                                     {"high": MAX_MINUTES}))
    seed = body.get("seed")
    if seed is not None and not (_is_int(seed) and 0 <= seed < 2**31):
        problems.append(EventProblem("event.bad_seed", "seed"))
    house = _house(body.get("house"), problems)
    if not problems and game in ("euchre", "whist"):
        sample = _match_data(str(game), str(name), rules, int(hands),
                             {s: players[i]["name"] for i, s in enumerate(SEATS)}, target)
        result = check_match({**sample, "hands": []})
        problems.extend(EventProblem(p.code, p.field, dict(p.params), p)
                        for p in result.problems)
    settings = {"name": str(name).strip() if isinstance(name, str) else "", "game": game,
                "players": players, "rounds": rounds, "hands_per_round": hands,
                "movement": movement, "rules": rules, "house": house,
                "round_target": target, "minutes_per_round": minutes,
                "seed": seed if seed is not None else random.SystemRandom().randrange(2**31)}
    return settings, problems


def _match_data(game: str, name: str, rules: dict[str, Any], hands: int,
                seats: dict[str, str], target: int | None = None) -> dict[str, Any]:
    """A round's match: it ends after ``hands`` played hands, or when a side reaches
    ``target`` (the event's ``round_target``)."""
    length = {"target": target} if target is not None else {"deals": hands}
    return {"format": MATCH_FORMAT, "game": game, "title": name.strip()[:TITLE_MAX],
            "rules": {**rules, **length}, "seats": seats}


# --- creating and starting -----------------------------------------------------------------------


def _seats(table: movements.Table) -> dict[str, int]:
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
    if problems:
        return EventResult(EventStatus.ILLEGAL, problems=problems)
    count, rounds, seed = len(settings["players"]), settings["rounds"], settings["seed"]
    try:
        if settings["movement"] == "schedule":
            plan = movements.schedule(count, rounds, seed)
            planned, method, quality = list(plan.rounds), plan.method, plan.quality
        elif settings["movement"] == "fixed":
            plan = movements.fixed_schedule(count, rounds)
            planned, method, quality = list(plan.rounds), plan.method, plan.quality
        else:
            planned = [movements.progressive_first(count, seed)]  # updown: drawn as well
            method, quality = settings["movement"], movements.quality(count, planned)
    except movements.MovementError as refused:
        return EventResult(EventStatus.ILLEGAL, problems=[
            EventProblem(refused.code, "movement", dict(refused.params))])
    settings["method"] = method
    settings["quality"] = quality.as_json() if method not in drives.RESULT_MOVEMENTS else None
    event_id, key = new_event_id(), new_key()
    with store.transaction(db):
        event_store.insert_event(db, event_id, hash_key(key), settings["game"], settings)
        for no, rnd in enumerate(planned, start=1):
            event_store.insert_round(db, event_id, no, list(rnd.sit_outs),
                                     [_seats(t) for t in rnd.tables])
        _start(db, event_id, settings, 1, secret, budget)
    return EventResult(EventStatus.CREATED, event_id=event_id, director_key=key, round=1)


def _start(db: Database, event_id: str, settings: dict[str, Any], no: int, secret: str,
           budget: Budget | None) -> None:
    """Create the matches of planned round ``no`` and mark it started (in a transaction)."""
    names = [p["name"] for p in settings["players"]]
    stored = next(r for r in event_store.get_rounds(db, event_id) if r.no == no)
    if budget is not None:
        budget(len(stored.tables))
    matches: dict[int, str] = {}
    for table in stored.tables:
        data = _match_data(settings["game"], settings["name"], settings["rules"],
                           settings["hands_per_round"],
                           {seat: names[p] for seat, p in table.seats.items()},
                           settings.get("round_target"))
        match_id = new_match_id()
        key_hash = hash_key(table_key(secret, event_id, table.table_no,
                                      generation(settings, table.table_no)))
        store.insert_match(db, match_id, key_hash, settings["game"], data)
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
        view = _build(db, row)
        current = view["current_round"]
        if no <= current:
            return EventResult(EventStatus.STARTED, event_id=event_id, round=no)
        if no != current + 1 or no > settings["rounds"]:
            return EventResult(EventStatus.FINISHED if current >= settings["rounds"]
                               else EventStatus.NOT_READY, event_id=event_id, round=current)
        if view["waiting"]:
            return EventResult(EventStatus.NOT_READY, event_id=event_id, round=current,
                               problems=[EventProblem("event.tables_playing", None,
                                                      {"tables": view["waiting"]})])
        if not view["rounds"][-1]["started"] and view["rounds"][-1]["no"] == no:
            planned = view["rounds"][-1]
            if not planned["stored"]:  # a progressive or up/down round, made from results
                event_store.insert_round(db, event_id, no, planned["sit_out_numbers"],
                                         [t["seat_numbers"] for t in planned["tables"]])
        _start(db, event_id, settings, no, secret, budget)
    return EventResult(EventStatus.STARTED, event_id=event_id, round=no)


def decide(db: Database, event_id: str, no: int, table_no: int, side: Any) -> EventResult:
    """Record which side won a tied table's extra, unscored hand (progressive movement)."""
    if side not in ("NS", "EW"):
        return EventResult(EventStatus.ILLEGAL,
                           problems=[EventProblem("event.bad_side", "winner")])
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        view = _build(db, row)
        table = next((t for r in view["rounds"] if r["no"] == no for t in r["tables"]
                      if t["table"] == table_no), None)
        if table is None or not table["tied"]:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.not_tied", "table", {"round": no, "table": table_no})])
        event_store.set_decider(db, event_id, no, table_no, side)
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.DECIDED, event_id=event_id, round=no)


# --- changing the evening: late arrivals, leavers, moves, a round ended early -----------------


def _active(settings: dict[str, Any], no: int) -> list[int]:
    """The players there in round ``no``: arrived by then and not gone."""
    return [i for i, p in enumerate(settings["players"])
            if int(p.get("from_round") or 1) <= no
            and (p.get("gone_from") is None or no < int(p["gone_from"]))]


def _sat_counts(players: int, history: list[movements.Round]) -> list[int]:
    return movements.sat_counts(players, history)


def _as_round(stored: event_store.StoredRound) -> movements.Round:
    return movements.Round(
        tuple((t.seats["N"], t.seats["E"], t.seats["S"], t.seats["W"]) for t in stored.tables),
        tuple(stored.sit_outs))


def _replan(db: Database, event_id: str, settings: dict[str, Any], first: int) -> None:
    """Plan again the rounds from ``first`` on that have not started, for the players there
    in each (a late arrival, a leaver): the schedule's and fixed seats' rounds by the seeded
    search (counting the rounds before), a progressive round stored by a move fitted to the
    players. Rounds that have started never change."""
    stored = event_store.get_rounds(db, event_id)
    count = len(settings["players"])
    if settings["movement"] in drives.RESULT_MOVEMENTS:
        for waiting in [r for r in stored if r.started is None and r.no >= first]:
            before = [_as_round(r) for r in stored if r.no < waiting.no]
            fitted = movements.refit(_as_round(waiting), _active(settings, waiting.no),
                                     movements.sat_counts(count, before))
            event_store.replace_round(db, event_id, waiting.no, list(fitted.sit_outs),
                                      [_seats(t) for t in fitted.tables])
        return
    history = [_as_round(r) for r in stored if r.no < first]
    event_store.delete_planned_rounds(db, event_id, first)
    for no in range(first, settings["rounds"] + 1):
        (planned,) = movements.replan(count, _active(settings, no), history, 1,
                                      settings["seed"])
        event_store.insert_round(db, event_id, no, list(planned.sit_outs),
                                 [_seats(t) for t in planned.tables])
        history.append(planned)
    settings["method"] = "search"
    settings["quality"] = movements.quality(count, history).as_json()
    event_store.set_data(db, event_id, settings)


def _too_few(settings: dict[str, Any], first: int) -> list[EventProblem]:
    low = min(len(_active(settings, no)) for no in range(first, settings["rounds"] + 1))
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
            _name_problem(name, "name", "event.bad_name", NAME_MAX)])
    name = name.strip()
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        settings = row.data
        first = _next_round(db, row)
        problems: list[EventProblem] = []
        if first > settings["rounds"]:
            problems.append(EventProblem("event.all_started", "name"))
        elif any(p["name"].casefold() == name.casefold() for p in settings["players"]):
            problems.append(EventProblem("event.same_name", "name", {"name": name}))
        elif len(settings["players"]) >= MAX_PLAYERS:
            problems.append(EventProblem("event.players_full", "name", {"high": MAX_PLAYERS}))
        if problems:
            return EventResult(EventStatus.ILLEGAL, problems=problems)
        settings["players"].append({"name": name, "player": player_id, "from_round": first})
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
        players = settings["players"]
        if not 1 <= number <= len(players):
            return EventResult(EventStatus.NOT_FOUND, problems=[
                EventProblem("event.no_player", "player", {"n": number})])
        gone = first if from_round is None else from_round
        if first > settings["rounds"]:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.all_started", "gone_from")])
        if not _is_int(gone) or not first <= gone <= settings["rounds"]:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.bad_gone_from", "gone_from",
                             {"low": first, "high": settings["rounds"]})])
        player = players[number - 1]
        if player.get("gone_from") is not None and player["gone_from"] <= first:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.already_gone", "player", {"name": player["name"]})])
        player["gone_from"] = gone
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
        view = _build(db, row)
        rnd = next((r for r in view["rounds"] if r["no"] == no), None)
        if rnd is None or rnd["started"]:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.round_not_planned", "round", {"round": no})])
        present = {p for t in rnd["tables"] for p in t["seat_numbers"].values()}
        present.update(rnd["sit_out_numbers"])
        problems = []
        for where, value in (("players[0]", first), ("players[1]", second)):
            if not _is_int(value) or value - 1 not in present:
                problems.append(EventProblem("event.not_in_round", where,
                                             {"round": no, "n": value}))
        if not problems and first == second:
            problems.append(EventProblem("event.same_player", "players[1]"))
        if problems:
            return EventResult(EventStatus.ILLEGAL, problems=problems)
        planned = movements.Round(
            tuple((t["seat_numbers"]["N"], t["seat_numbers"]["E"], t["seat_numbers"]["S"],
                   t["seat_numbers"]["W"]) for t in rnd["tables"]),
            tuple(rnd["sit_out_numbers"]))
        moved = movements.swap(planned, first - 1, second - 1)
        event_store.replace_round(db, event_id, no, list(moved.sit_outs),
                                  [_seats(t) for t in moved.tables])
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
        from . import load

        for t in rnd.tables:
            loaded = load(db, t.match_id) if t.match_id else None
            if loaded is None or (loaded.state is not None and loaded.state.over):
                continue
            played = len(loaded.match["hands"])
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


# --- reading -------------------------------------------------------------------------------------


def load_event(db: Database, event_id: str) -> dict[str, Any] | None:
    """The event as the pages and the API show it (no keys), or None. See :func:`_build`."""
    row = event_store.get_event(db, event_id)
    return None if row is None else _build(db, row)


def event_of_match(db: Database, match_id: str) -> tuple[str, int, int] | None:
    """(event id, round, table) when the match is a table of a club night."""
    return event_store.table_of_match(db, match_id)


def _build(db: Database, row: event_store.StoredEvent) -> dict[str, Any]:
    """Everything about an event now: rounds (tables, scores, who plays), sit-outs, standings
    and prizes (live), and the next round's seating when it can be shown."""
    settings = row.data
    names = [p["name"] for p in settings["players"]]
    house = settings["house"]
    stored = event_store.get_rounds(db, row.id)
    rounds: list[dict[str, Any]] = []
    scored: list[tuple[int, dict[int, club.PlayerRound], list[int]]] = []
    current = 0
    for rnd in stored:
        tables = []
        seated: dict[int, club.PlayerRound] = {}
        for t in rnd.tables:
            info = _table(db, t, names, house, seated, rnd.ended is not None)
            tables.append(info)
        started = rnd.started is not None
        if started:
            current = rnd.no
            scored.append((rnd.no, seated, rnd.sit_outs))
        rounds.append({
            "no": rnd.no, "started": started, "tables": tables,
            "over": started and all(t["over"] for t in tables),
            "sit_outs": [names[p] for p in rnd.sit_outs], "sit_out_numbers": rnd.sit_outs,
            "stored": True, "started_at": rnd.started, "ended_early": rnd.ended is not None,
            "ends_at": _ends_at(rnd.started, settings.get("minutes_per_round")),
        })
    lines = club.standings(len(names), scored, house)
    played = any(t["hands"] for r in rounds for t in r["tables"])
    prize_list = club.prizes(lines, house) if played else [
        club.Prize(kind, (), 0) for kind in house.get("prizes") or []]
    last = next((r for r in rounds if r["no"] == current), None)
    if settings["movement"] not in drives.RESULT_MOVEMENTS:  # a tie moves nobody here
        for rnd in rounds:
            for t in rnd["tables"]:
                t["settled"] = t["over"]
    waiting = [] if last is None else [t["table"] for t in last["tables"] if not t["settled"]]
    if (settings["movement"] in drives.RESULT_MOVEMENTS and last is not None and not waiting
            and current < settings["rounds"] and len(rounds) == current):
        rounds.append(_progressive_preview(settings, stored, last, names))
    over = current >= settings["rounds"] and last is not None and not waiting
    return {
        "id": row.id, "name": settings["name"], "game": settings["game"],
        "movement": settings["movement"], "method": settings["method"],
        "quality": settings.get("quality"), "hands_per_round": settings["hands_per_round"],
        "rules": settings["rules"], "house": house, "players": names,
        "roster": [{"number": i + 1, "name": p["name"], "from_round": p.get("from_round", 1),
                    "gone_from": p.get("gone_from")} for i, p in enumerate(settings["players"])],
        "round_target": settings.get("round_target"),
        "minutes_per_round": settings.get("minutes_per_round"),
        "rounds_total": settings["rounds"], "current_round": current, "waiting": waiting,
        "can_start": current < settings["rounds"] and not waiting and last is not None,
        "over": over, "version": row.version, "rounds": rounds,
        "sit_outs": [{"round": r["no"], "players": r["sit_outs"]} for r in rounds
                     if r["sit_outs"]],
        "standings": [{"player": names[s.player], "number": s.player, "points": s.points,
                       "loners": s.loners, "euchres": s.euchres, "games_won": s.games_won,
                       "high_game": s.high_game, "sit_outs": s.sit_outs, "rank": s.rank,
                       "by_round": s.by_round} for s in lines],
        "prizes": [{"prize": p.kind, "players": [names[i] for i in p.players], "value": p.value,
                    "shared": p.shared} for p in prize_list],
    }


def _ends_at(started: str | None, minutes: int | None) -> str | None:
    """When a timed round's time is up (ISO 8601 UTC), or None."""
    if started is None or not minutes:
        return None
    stamp = datetime.fromisoformat(started.replace("Z", "+00:00")) + timedelta(minutes=minutes)
    return stamp.isoformat(timespec="seconds").replace("+00:00", "Z")


def _table(db: Database, t: event_store.StoredTable, names: list[str], house: dict[str, Any],
           seated: dict[int, club.PlayerRound], ended: bool = False) -> dict[str, Any]:
    info: dict[str, Any] = {
        "table": t.table_no, "seats": {s: names[p] for s, p in t.seats.items()},
        "seat_numbers": t.seats, "match": t.match_id, "hands": 0,
        "score": {"NS": 0, "EW": 0}, "over": False, "winner": None, "tied": False,
        "decider": t.decider, "settled": False,
    }
    if t.match_id is None:
        return info
    from . import load

    loaded = load(db, t.match_id)
    if loaded is None:
        return info
    state = _state_json(loaded.state)
    seated.update(club.table_round(t.seats, loaded.match["hands"], state, house))
    if state is not None:
        info.update(hands=len(loaded.match["hands"]), score=dict(state["score"]),
                    over=bool(state["over"]), winner=state["winner"], tied=bool(state["tied"]))
    if ended and not info["over"]:  # ended early with no hand played: 0-0
        info.update(over=True, tied=info["score"]["NS"] == info["score"]["EW"])
    info["settled"] = info["over"] and (not info["tied"] or t.decider is not None)
    return info


def _state_json(state: MatchState | None) -> dict[str, Any] | None:
    """The replayed state as the ``scorekeeper check`` object (what the club scorer reads)."""
    return None if state is None else state.as_json()


def _progressive_preview(settings: dict[str, Any], stored: list[event_store.StoredRound],
                         last: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The next progressive round's seating from the last round's winners (not stored until
    the director starts it; the same every time it is computed)."""
    previous = movements.Round(
        tuple(tuple(t["seat_numbers"][s] for s in SEATS) for t in last["tables"]),  # type: ignore[misc]
        tuple(last["sit_out_numbers"]))
    winners = [t["winner"] or t["decider"] or "NS" for t in last["tables"]]
    played = [movements.Round(tuple(tuple(t.seats[s] for s in SEATS) for t in r.tables),  # type: ignore[misc]
                              tuple(r.sit_outs)) for r in stored]
    sat = movements.sit_out_counts(len(names), played)
    follow = drives.updown_next if settings["movement"] == drives.UPDOWN \
        else movements.progressive_next
    nxt = follow(previous, winners, sat, settings["seed"] + last["no"])
    active = _active(settings, last["no"] + 1)
    if sorted([p for t in nxt.tables for p in t] + list(nxt.sit_outs)) != active:
        nxt = movements.refit(nxt, active, _sat_counts(len(names), played))
    tables = [{"table": i, "seats": {s: names[p] for s, p in zip(SEATS, t, strict=True)},
               "seat_numbers": dict(zip(SEATS, t, strict=True)), "match": None, "hands": 0,
               "score": {"NS": 0, "EW": 0}, "over": False, "winner": None, "tied": False,
               "decider": None, "settled": False} for i, t in enumerate(nxt.tables, start=1)]
    return {"no": last["no"] + 1, "started": False, "tables": tables, "over": False,
            "sit_outs": [names[p] for p in nxt.sit_outs],
            "sit_out_numbers": list(nxt.sit_outs), "stored": False, "started_at": None,
            "ended_early": False, "ends_at": None}
