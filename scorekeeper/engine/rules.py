"""Rule options: names, defaults, types and allowed values (spec/rules.md); each game lists
its own (``Game.options``).

Every number has a range, checked here once; everything downstream (pages, sheets, charts,
PDFs, blank sheets) relies on it. The ranges (also in docs/running.md "Limits"):

- ``target``: 1 to :data:`MAX_TARGET` (200) points; ``honours_blocked_at``: 0 to 200;
- ``deals``: 1 to :data:`MAX_DEALS` (300, a match's most hands);
- point options (``lone_march_points``, ``renege_points`` ...): 0 to :data:`MAX_POINTS` (20);
- a starting score (``start_score``): at most :data:`MAX_START_SCORE` (999) either side of 0,
  within the game's own limits (``matchfile.start_problems``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .problems import Problem, show

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option of a game."""

    name: str
    default: Any
    kind: type  # bool, int or str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0  # set from the kind of option below (see the module docstring)
    nullable: bool = False  # may be null (off), like `deals` or `honours_blocked_at`
    values: tuple[int, ...] = ()  # a whole-number option that takes only these (Euchre's pack)
    # a text option that takes more than its listed choices (``choices`` are then the ones the
    # start page offers): ``check`` says whether a text is allowed, ``expected`` words it
    check: Callable[[str], bool] | None = None
    expected: str = ""


MAX_TARGET = 200  # real games go to 5, 7, 10, 11, 15 or 21; 200 is plenty for a house rule
MAX_DEALS = 300  # a match holds at most this many hands (service.MAX_HANDS)
MAX_POINTS = 20  # a hand worth more than 20 points is a typo
MAX_START_SCORE = 999  # a carried-over score; the chart and sheets stay small below it


def target_option(default: int) -> Option:
    """The points that win a game (every game has one; null when ``deals`` is set)."""
    return Option("target", default, int, minimum=1, maximum=MAX_TARGET, nullable=True)


# A fixed number of deals instead of a target (every game has it).
DEALS = Option("deals", None, int, minimum=1, maximum=MAX_DEALS, nullable=True)

def resolve(game: Game, given: object) -> tuple[dict[str, Any], list[Problem]]:
    """Merge the options of a match file with the game's defaults; a problem per bad option.

    (:func:`scorekeeper.engine.games.resolve_rules` looks the game up by name.)"""
    options = game.options
    rules: dict[str, Any] = {o.name: o.default for o in options}
    problems: list[Problem] = []
    if given is None:
        given = {}
    if not isinstance(given, dict):
        return rules, [Problem("rules.not_object", field="rules")]
    known = {o.name: o for o in options}
    for name, value in given.items():
        option = known.get(name)
        field = f"rules.{name}"
        if option is None:
            params = {"name": name, "game": game.name}
            problems.append(Problem("rules.unknown", field=field, params=params))
            continue
        if value is None and option.nullable:
            rules[name] = None
            continue
        if option.kind is bool:
            ok = isinstance(value, bool)
        elif option.kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool) \
                and option.minimum <= value <= option.maximum \
                and (not option.values or value in option.values)
        elif option.check is not None:
            ok = isinstance(value, str) and option.check(value)
        else:
            ok = isinstance(value, str) and value in option.choices
        if not ok:
            problems.append(
                Problem(
                    "rules.bad_value",
                    field=field,
                    params={
                        "name": name,
                        "value": show(value),
                        "expected": _expected(option),
                    },
                )
            )
            continue
        rules[name] = value
    if "deals" in given and "target" in given and given.get("deals") is not None \
            and given.get("target") is not None:
        problems.append(Problem("rules.target_and_deals", field="rules.deals"))
    if "deals" in rules:  # a game that ends otherwise (a bridge rubber) has neither
        if rules["deals"] is not None:
            rules["target"] = None  # a fixed number of deals turns the target off
        elif rules["target"] is None:
            problems.append(Problem("rules.no_target", field="rules.target"))
    if game.finish_rules is not None:
        game.finish_rules(rules, problems)
    return rules, problems


def _expected(option: Option) -> str:
    if option.expected:
        return option.expected
    if option.kind is bool:
        return "true or false"
    if option.values:
        return ", ".join(map(str, option.values[:-1])) + f" or {option.values[-1]}"
    if option.kind is int:
        return f"a whole number from {option.minimum} to {option.maximum}"
    return " or ".join(option.choices)
