"""Whist's trump rotation (a whist drive's option ``trump_rotation``): each deal's trump fixed
by its number in the match, from a cycle of suits such as ``"HDSC"`` (``"NT"``: a no-trump
deal), instead of the turn-up (spec/rules.md, Whist; scorekeeper/games/whist/README.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import SUITS
from ...engine.parts.sheet import SheetRules

NO_TRUMP = "NT"  # the trump of a no-trump deal (a rotation's deal only)
# Cycles the start page offers (any order of distinct suits is allowed, "NT" anywhere once):
# the research's orders in use (shared/research/club-nights.md, section 3).
ROTATIONS = ("HDSC", "CDHS", "SHDC", "NTSHDC")


def parse_rotation(text: str) -> tuple[str, ...] | None:
    """A trump cycle written as text: ``"HDSC"`` -> ``("H", "D", "S", "C")``; ``"NT"`` is a
    no-trump deal. Each suit (and NT) at most once; None if the text is not such a cycle."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith(NO_TRUMP, i):
            item, i = NO_TRUMP, i + 2
        elif text[i] in SUITS:
            item, i = text[i], i + 1
        else:
            return None
        if item in out:
            return None
        out.append(item)
    return tuple(out) if out else None


def is_rotation(text: str) -> bool:
    """Whether ``text`` is a trump cycle (the ``trump_rotation`` option's check)."""
    return parse_rotation(text) is not None


def trump_cycle(rules: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The match's trump cycle (``no_trump`` adds NT at its end), or None: trump turned up."""
    text = rules.get("trump_rotation")
    cycle = parse_rotation(text) if isinstance(text, str) else None
    if cycle is None:
        return None
    if rules.get("no_trump") and NO_TRUMP not in cycle:
        cycle = (*cycle, NO_TRUMP)
    return cycle


def deal_trump(rules: dict[str, Any], no: int) -> str | None:
    """The trump of deal ``no`` (from 1) by the rotation: a suit or NT; None without one.

    Every deal of a Whist match is played (none is passed or redealt), so deal ``no`` is the
    ``no``-th of the match: the cycle runs on through the games of a rubber too."""
    cycle = trump_cycle(rules)
    if cycle is None:
        return None
    return cycle[(no - 1) % len(cycle)]


def sheet_rule_params(option: str, value: Any, rules: Mapping[str, Any]) -> Mapping[str, Any]:
    """The printed sheet words a trump rotation by its cycle, NT included ("trumps in turn")."""
    return {"cycle": list(trump_cycle(rules) or ())} if option == "trump_rotation" else {}


SHEET_RULES = SheetRules(
    left_out={
        "honours_blocked_at": "a detail of the honours rule, which the sheet words alone",
        "no_trump": "the trump rotation's cycle prints the no-trump deal (NT)",
    },
    params=sheet_rule_params,
)
