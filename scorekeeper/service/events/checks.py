"""Club nights: checking an event's settings before anything is stored."""

from __future__ import annotations

import random
import unicodedata
from typing import Any, TypeGuard

from ...engine import club
from ...engine.cards import SEATS
from ...engine.games import GAMES
from ...engine.limits import MATCH_FORMAT, NAME_MAX, TITLE_MAX
from ...engine.matchfile import BIDI_CONTROLS, check_match, clean_name
from ...store.event_settings import EventPlayer, EventSettings
from .results import (
    KEYS,
    MAX_HANDS_PER_ROUND,
    MAX_HOUSE_POINTS,
    MAX_MINUTES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    MOVEMENTS,
    EventProblem,
)


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _players(given: Any, problems: list[EventProblem]) -> list[EventPlayer]:
    if not isinstance(given, list):
        problems.append(EventProblem("event.players_list", "players",
                                     {"low": MIN_PLAYERS, "high": MAX_PLAYERS}))
        return []
    out: list[EventPlayer] = []
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
            problems.append(name_problem(name, where, "event.bad_name", NAME_MAX))
            continue
        name = name.strip()
        if name.casefold() in seen:
            problems.append(EventProblem("event.same_name", where, {"name": name}))
            continue
        seen.add(name.casefold())
        out.append(EventPlayer(name, player_id))
    if not problems and not MIN_PLAYERS <= len(out) <= MAX_PLAYERS:
        problems.append(EventProblem("event.players_count", "players",
                                     {"low": MIN_PLAYERS, "high": MAX_PLAYERS, "n": len(out)}))
    return out


def _house(given: Any, scoring: club.ClubScoring,
           problems: list[EventProblem]) -> dict[str, Any]:
    house = scoring.house_defaults()
    if given is None:
        return house
    if not isinstance(given, dict):
        problems.append(EventProblem("event.house_object", "house"))
        return house
    for key, value in given.items():
        where = f"house.{key}"
        ok = True
        if key in scoring.checks:
            ok = scoring.checks[key](value)
        elif key == "sit_out_points":
            ok = is_int(value) and 0 <= value <= MAX_HOUSE_POINTS
        elif key == "sit_out":
            ok = value in club.SIT_OUT_RULES
        elif key == "tiebreaks":
            ok = isinstance(value, list) and all(v in scoring.tiebreaks for v in value)
        elif key == "prizes":
            ok = isinstance(value, list) and all(v in scoring.prizes for v in value)
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


def name_problem(name: Any, where: str, code: str, most: int) -> EventProblem:
    """Why a name was refused (the player names' own rules, :func:`clean_name`): a
    text-direction control, a line break or another control character, or its length."""
    if isinstance(name, str) and any(ch in BIDI_CONTROLS for ch in name):
        return EventProblem("event.name_direction", where)
    if isinstance(name, str) and any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        return EventProblem("event.name_control", where)
    return EventProblem(code, where, {"most": most})


def club_games() -> list[str]:
    """The games a club night can be played in: those a table can score on its phone and
    play for a round's number of hands (a game with a ``deals`` option; a bridge rubber has
    none: its club night is a duplicate session)."""
    return [g.name for g in GAMES.values()
            if g.playable and any(o.name == "deals" for o in g.options)]


def validate(body: Any) -> tuple[EventSettings | None, list[EventProblem]]:
    """The event's settings from a request body (its ``method``, ``quality`` and
    ``rules_code`` not worked out yet: :func:`.starting.create_event` does), or None and the
    problems with it."""
    problems: list[EventProblem] = []
    if not isinstance(body, dict):
        return None, [EventProblem("event.not_object")]
    for key in body:
        if key not in KEYS:
            problems.append(EventProblem("event.unknown_key", str(key), {"name": str(key)}))
    name = body.get("name")
    if clean_name(name, TITLE_MAX) is None:
        problems.append(name_problem(name, "name", "event.bad_event_name", TITLE_MAX))
    game = body.get("game")
    if game not in club_games():
        problems.append(EventProblem("event.bad_game", "game", {"games": club_games()}))
    players = _players(body.get("players"), problems)
    rounds: Any = body.get("rounds")
    if not is_int(rounds) or not 1 <= rounds <= MAX_ROUNDS:
        problems.append(EventProblem("event.bad_rounds", "rounds", {"high": MAX_ROUNDS}))
    hands: Any = body.get("hands_per_round")
    if not is_int(hands) or not 1 <= hands <= MAX_HANDS_PER_ROUND:
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
    if target is not None and not (is_int(target) and target >= 1):
        problems.append(EventProblem("event.bad_target", "round_target"))
    minutes = body.get("minutes_per_round")
    if minutes is not None and not (is_int(minutes) and 1 <= minutes <= MAX_MINUTES):
        problems.append(EventProblem("event.bad_minutes", "minutes_per_round",
                                     {"high": MAX_MINUTES}))
    seed = body.get("seed")
    if seed is not None and not (is_int(seed) and 0 <= seed < 2**31):
        problems.append(EventProblem("event.bad_seed", "seed"))
    playable = GAMES[game] if game in club_games() else None
    house = _house(body.get("house"), playable.club if playable else club.NO_MARKS, problems)
    if not problems and game in club_games() and is_int(hands):  # hands: checked above
        sample = match_data(str(game), str(name), rules, hands,
                             {s: players[i].name for i, s in enumerate(SEATS)}, target)
        result = check_match({**sample, "hands": []})
        problems.extend(EventProblem(p.code, p.field, dict(p.params), p)
                        for p in result.problems)
    if problems:
        return None, problems
    settings = EventSettings(
        name=str(name).strip(), game=str(game), players=tuple(players), rounds=rounds,
        hands_per_round=hands, movement=str(movement), rules=rules, house=house,
        seed=seed if seed is not None else random.SystemRandom().randrange(2**31),
        method="", quality=None, round_target=target, minutes_per_round=minutes)
    return settings, problems


def match_data(game: str, name: str, rules: dict[str, Any], hands: int,
                seats: dict[str, str], target: int | None = None) -> dict[str, Any]:
    """A round's match: it ends after ``hands`` played hands, or when a side reaches
    ``target`` (the event's ``round_target``)."""
    length = {"target": target} if target is not None else {"deals": hands}
    return {"format": MATCH_FORMAT, "game": game, "title": name.strip()[:TITLE_MAX],
            "rules": {**rules, **length}, "seats": seats}
