"""A tiny third game, written as a game is: one module ending with ``GAME``.

"One trick": each deal is a single trick; the side whose player took it scores a point (two
with the ``double`` rule). First to the target (3 by default) wins. No hand form and no
templates: it is played through match files, ``scorekeeper check`` and the engine.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.cards import EUCHRE_DECK, TEAM_OF, Seat
from scorekeeper.engine.fields import FieldReader
from scorekeeper.engine.game import Game, Preset
from scorekeeper.engine.problems import Problem
from scorekeeper.engine.result import HandResult
from scorekeeper.engine.rules import DEALS, Option, target_option

FIELDS = frozenset({"dealer", "winner", "note"})


def evaluate(raw: dict[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
             ) -> tuple[HandResult | None, list[Problem]]:
    """The seat that took the trick scores for its side."""
    r = FieldReader(raw, no, "one_trick", EUCHRE_DECK)
    r.check_keys(FIELDS)
    r.note()
    winner = r.seat("winner")
    if winner is None and not r.problems:
        r.problem("hand.invalid", "winner")
    if r.problems or winner is None:
        return None, r.problems
    side = TEAM_OF[winner]
    result = HandResult("scored", trick_winners=[winner])
    result.points[side] = 2 if rules["double"] else 1
    return result, r.problems


GAME = Game(
    name="one_trick",
    label="One trick",
    rules_label="One trick rules",
    options=(target_option(3), DEALS, Option("double", False, bool)),
    evaluate=evaluate,
    tricks=1,
    presets=(Preset("quick", "Quick, to 3"),),
)
