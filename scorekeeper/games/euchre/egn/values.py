"""EGN's values as our readers and writers see them: cards in EGN's spelling (the Joker as
``B``), JSON whole numbers, and a bad value described in words (shared by the EGN modules)."""

from __future__ import annotations

import json
import re

from ....engine.problems import Problem
from .messages import EgnProblem

_CARD_RE = re.compile(r"^(7|8|9|10|[TJQKA])([SHDC])$", re.IGNORECASE)
JOKER_EGN = "B"  # EGN's "best bower", with the ruleset's `joker`


def is_int(value: object) -> bool:
    """A JSON whole number (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def kind_of(value: object) -> str:
    """How a JSON value is described to a person."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def shown(value: object) -> str:
    """A short printable rendering of a bad value."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    # a lone surrogate (legal in JSON text) must not break UTF-8 output later
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 40 else text[:37] + "..."


def egn_card(text: object) -> str | None:
    """Our card text (``10D``) for an EGN card (``Td``; ``10d`` is accepted too), else None."""
    if not isinstance(text, str):
        return None
    if text == JOKER_EGN:  # whether the match's pack has it is the engine's to judge
        return "JK"
    match = _CARD_RE.match(text)
    if match is None:
        return None
    rank = match.group(1).upper()
    return ("10" if rank == "T" else rank) + match.group(2).upper()



def card_to_egn(card: str) -> str:
    """The EGN text (``Td``) of one of our cards (``10D``); the Joker is EGN's ``B`` (the "best
    bower", with the ruleset's ``joker``)."""
    if card == "JK":
        return JOKER_EGN
    rank, suit = card[:-1], card[-1]
    return ("T" if rank == "10" else rank) + suit.lower()


def missing_or_bad(name: str, value: object, expected: str, problems: list[Problem],
                    hand: int | None = None, trick: int | None = None) -> None:
    """Report a missing key, or a value of the wrong JSON type."""
    if value is None:
        problems.append(EgnProblem("egn.missing", field=name, params={"name": name}, hand=hand))
    else:
        problems.append(EgnProblem("egn.bad_type", field=name, hand=hand, trick=trick,
                                params={"name": name, "expected": expected}))
