"""The sheet part: a game's own share of the printed score sheet (and the hand page, which
shows a sheet's row): its columns of a hand's row (:class:`SheetRow`), how the sheet's heading
lists its rules (:class:`SheetRules`) and the rows of its blank sheet. A game without one
prints the generic row (dealer, caller, trump, tricks, points) and every rule off its default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..state import HandState


@dataclass(frozen=True, slots=True)
class SheetRow:
    """A game's own part of one row of the printed sheet's hand table (and the hand page):
    the values its templates read as ``row.own`` (Euchre's round, Whist's honours) and the
    columns the row fills (``sheet.columns``: a column is printed when some hand fills it)."""

    own: Mapping[str, Any] = field(default_factory=dict)
    columns: frozenset[str] = frozenset()


# sheet_row(hand, state): that part of a hand's row, from the hand as recorded and as replayed
SheetRowOf = Callable[[Mapping[str, Any], HandState], SheetRow]


def card_as_recorded(hand: Mapping[str, Any], key: str) -> str | None:
    """One card a hand records (a turn-up, a discard) as printed, or None: anything but a
    card code (a kitty's list of cards, say) is not one card."""
    value = hand.get(key)
    return value if isinstance(value, str) else None


def no_sheet_row(hand: Mapping[str, Any], state: HandState) -> SheetRow:
    """No columns of its own: the generic row (dealer, caller, trump, tricks, points)."""
    return SheetRow()


# params(option, value, rules): a printed rule's params for the game's ``rule`` macro (a
# whole-number or text option has ``n``, its value; these are added to them)
RuleParams = Callable[[str, Any, Mapping[str, Any]], Mapping[str, Any]]


def no_rule_params(option: str, value: Any, rules: Mapping[str, Any]) -> Mapping[str, Any]:
    """Nothing more than the option's value."""
    return {}


@dataclass(frozen=True, slots=True)
class SheetRules:
    """How the printed sheet's heading lists the game's rules off their defaults (the ``rule``
    macro of ``Statistics.sheet_words`` words each): ``left_out``, the options it does not
    list, each with why (a detail of another rule, or printed elsewhere); ``params``, the
    params a rule's words need beyond its value (a trump rotation's cycle)."""

    left_out: Mapping[str, str] = field(default_factory=dict)
    params: RuleParams = no_rule_params


@dataclass(frozen=True, slots=True)
class SheetPart:
    """The game's part of the printed sheet: ``row(hand, state)``, its own columns of a hand's
    row; ``rules``, its rules in the heading; ``blank_rows``, the rows of a blank sheet."""

    row: SheetRowOf = no_sheet_row
    rules: SheetRules = SheetRules()
    blank_rows: int = 20


GENERIC_SHEET = SheetPart()  # the generic row, every rule listed, 20 blank rows
