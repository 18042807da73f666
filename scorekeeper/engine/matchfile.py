"""Match files (spec/match-format.md): check the shape, then replay through the engine.

:func:`check_match` is the engine's entry point: a match object in, a typed
:class:`CheckResult` out (the JSON of `scorekeeper check` and of the API is made at the edge,
with ``MatchState.as_json``)."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from .cards import SEATS, TEAMS
from .game import Game
from .games import GAMES, resolve_rules
from .limits import MATCH_FORMAT, NAME_MAX, TITLE_MAX
from .match import extend, replay
from .numbers import score_text
from .problems import Problem
from .rules import MAX_START_SCORE
from .state import MatchState

KEYS = frozenset({"format", "game", "rules", "seats", "teams", "first_dealer", "start_score",
                  "title", "played", "stopped", "hands"})
PLAYED = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?")  # the day (and time) played
# Characters that reorder text around them (U+202A-202E, U+2066-2069, marks): a name holding
# one could make a download name or a sheet read differently from what was typed.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")


@dataclass
class CheckResult:
    """What checking a match file gives: ok, problems, and the replayed state."""

    ok: bool
    problems: list[Problem] = field(default_factory=list)
    # the replayed state of a legal match (``state.as_json()``: the `scorekeeper check` object)
    state: MatchState | None = None
    match: dict[str, Any] | None = None  # the match, normalised (names trimmed)


def check_match(data: Any) -> CheckResult:
    """Validate a match object (already parsed from JSON) and replay it."""
    match, problems = read_match(data)
    if match is None:
        return CheckResult(ok=False, problems=problems)
    rules, rule_problems = resolve_rules(match["game"], match.get("rules"))
    problems.extend(rule_problems)
    if problems:
        return CheckResult(ok=False, problems=problems, match=match)
    start = start_problems(GAMES[match["game"]], rules, match["start_score"])
    if start:
        return CheckResult(ok=False, problems=start, match=match)
    state = replay(
        match["game"], rules, match["hands"], match["first_dealer"], match["start_score"]
    )
    stop = GAMES[match["game"]].stop
    if match.get("stopped") and stop is not None and not state.problems:
        state.problems.extend(stop(state, rules))  # a match stopped before it ended
    if state.problems:
        return CheckResult(ok=False, problems=state.problems, match=match)
    return CheckResult(ok=True, state=state, match=match)


def check_next(previous: CheckResult, hand: Any) -> CheckResult:
    """:func:`check_match` of ``previous``'s match with ``hand`` appended, continuing from its
    replayed state instead of replaying every hand again (a save at hand 150 costs what one
    at hand 10 does). ``previous`` must be a legal match's result; it is left as it is."""
    assert previous.ok and previous.state is not None and previous.match is not None
    match = {**previous.match, "hands": [*previous.match["hands"], hand]}
    rules, _problems = resolve_rules(match["game"], match.get("rules"))  # legal: none
    state = extend(previous.state, rules, hand, len(match["hands"]))
    if state.problems:
        return CheckResult(ok=False, problems=state.problems, match=match)
    return CheckResult(ok=True, state=state, match=match)


def read_match(data: Any) -> tuple[dict[str, Any] | None, list[Problem]]:
    """Check the match-level shape; return the match with defaults filled in."""
    if not isinstance(data, dict):
        return None, [Problem("match.not_object")]
    problems: list[Problem] = []

    def bad(code: str, field: str | None, **params: Any) -> None:
        problems.append(Problem(code, field=field, params=params))

    for key in data:
        if key not in KEYS:
            bad("match.unknown_key", str(key), key=key)
    for key in ("format", "game", "seats"):
        if key not in data:
            bad("match.missing", key, key=key)
    if "format" in data and data["format"] != MATCH_FORMAT:
        bad("match.bad_format", "format", value=_shown(data["format"]))
    game = data.get("game")
    if not isinstance(game, str):  # {} or [] can't even be looked up in GAMES
        game = None
    if "game" in data and game not in GAMES:
        bad("match.bad_game", "game", value=_shown(data["game"]), games=_game_names())
    seats = _names(data.get("seats"), SEATS, "seats", bad, required=True)
    teams = _names(data.get("teams"), TEAMS, "teams", bad, required=False)
    first_dealer = data.get("first_dealer", "N")
    if not isinstance(first_dealer, str) or first_dealer not in SEATS:
        bad("match.bad_seat", "first_dealer", value=_shown(first_dealer))
    start = data.get("start_score")
    start_score = {"NS": 0, "EW": 0}
    if start is not None:
        if not isinstance(start, dict) or any(k not in TEAMS for k in start):
            bad("match.start_score_shape", "start_score")
        else:
            for team, value in start.items():
                if not isinstance(value, int) or isinstance(value, bool):
                    bad("match.start_not_whole", f"start_score.{team}", value=_shown(value))
                else:  # its range depends on the game's rules: start_problems
                    start_score[team] = value
    title = data.get("title")
    if title is not None and not (isinstance(title, str) and 0 < len(title.strip()) <= TITLE_MAX):
        bad("match.bad_title", "title", most=TITLE_MAX)
    played = data.get("played")
    if played is not None and not (isinstance(played, str) and PLAYED.fullmatch(played)):
        bad("match.bad_played", "played", value=json.dumps(played)[:40])
    stopped = data.get("stopped")
    if stopped is not None and not isinstance(stopped, bool):
        bad("match.bad_stopped", "stopped")
    elif stopped and isinstance(game, str) and game in GAMES and GAMES[game].stop is None:
        bad("match.cannot_stop", "stopped")
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        bad("match.hands_not_list", "hands")
        hands = []
    if problems or game not in GAMES:
        return None, problems
    match: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "game": game,
        "rules": data.get("rules", {}),  # [] or "" is not "no rules": resolve refuses it
        "seats": seats,
        "first_dealer": first_dealer,
        "start_score": start_score,
        "hands": hands,
    }
    if teams:
        match["teams"] = teams
    if title is not None:
        match["title"] = title.strip()
    if played is not None:
        match["played"] = played
    if stopped:
        match["stopped"] = True
    return match, problems


def start_problems(game: Game, rules: dict[str, Any], start: dict[str, int]) -> list[Problem]:
    """A problem for each side whose starting score the game can't start at
    (spec/match-format.md): below 0 where scores can't be, at or past the target, at or below
    the score that loses, or further from 0 than :data:`MAX_START_SCORE`."""
    target: int | None = rules.get("target")
    lost = game.lost_at(rules) if game.negative_scores else None
    most = min(MAX_START_SCORE, target - 1) if target is not None else MAX_START_SCORE
    least = 0 if not game.negative_scores else \
        max(-MAX_START_SCORE, lost + 1) if lost is not None else -MAX_START_SCORE
    problems: list[Problem] = []
    for team, value in start.items():
        field = f"start_score.{team}"
        if target is not None and value >= target:
            problems.append(Problem("match.start_over", field=field, params={"target": target}))
        elif lost is not None and value <= lost:
            problems.append(Problem("match.start_lost", field=field,
                                    params={"lost": score_text(lost)}))
        elif not least <= value <= most:
            problems.append(Problem("match.bad_start_score", field=field, params={
                "least": score_text(least), "most": score_text(most)}))
    return problems


def _game_names() -> str:
    """The registered games as the refusal lists them, in any language: "euchre", "whist"."""
    return ", ".join(f'"{name}"' for name in GAMES)


def _shown(value: Any) -> str:
    """A bad value as short JSON text (at most 40 characters), whatever it holds."""
    try:
        return json.dumps(value)[:40]
    except (TypeError, ValueError, RecursionError):
        return type(value).__name__


def _names(
    value: Any, keys: tuple[str, ...], field: str, bad: Any, *, required: bool
) -> dict[str, str]:
    """Player or team names: 1 to 40 characters of any script, after trimming."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        bad(f"match.{field}_not_object", field)
        return {}
    names: dict[str, str] = {}
    for key in value:
        if key not in keys:
            bad("match.unknown_key", f"{field}.{key}", key=f"{field}.{key}")
    for key in keys:
        if key not in value:
            if required:
                bad("match.seat_missing", f"{field}.{key}", seat=key)
            continue
        name = clean_name(value[key])
        if name is None and isinstance(value[key], str) \
                and any(ch in BIDI_CONTROLS for ch in value[key]):
            bad("match.name_direction", f"{field}.{key}")
        elif name is None:
            bad("match.bad_name", f"{field}.{key}")
        else:
            names[key] = name
    return names


def clean_name(value: Any, most: int = NAME_MAX) -> str | None:
    """A trimmed name of 1 to ``most`` (40) code points with no control, surrogate or
    text-direction characters, or None."""
    if not isinstance(value, str):
        return None
    name = value.strip()
    if not 1 <= len(name) <= most:
        return None
    if any(unicodedata.category(ch) in ("Cc", "Cs") or ch in BIDI_CONTROLS for ch in name):
        return None
    return name

