"""A tiny third game, written as a game is: a folder whose package exports ``GAME``.

"One trick": each deal is a single trick; the side whose player took it scores a point (two
with the ``double`` rule). First to the target (3 by default) wins.

It is a package, as a game's folder ``scorekeeper/games/<name>/`` is: its web side is the hand
form (``form.py``) and its templates (``templates/``: the form's fields, the printed sheet's hand
table). Registered (a test puts it in ``GAMES``), it is started, played, shown and printed
through the real pages.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.cards import DECK_24, TEAM_OF, Seat
from scorekeeper.engine.fields import FieldReader
from scorekeeper.engine.game import Game, Preset
from scorekeeper.engine.parts.templates import Templates
from scorekeeper.engine.parts.words import History, Words
from scorekeeper.engine.problems import Problem
from scorekeeper.engine.result import HandResult
from scorekeeper.engine.rules import DEALS, Option, target_option

# The folder's own name is the game's: a copy of this folder under another name (the new-game
# test, tests/browser/test_new_game_folder.py) is another game with no edit inside it.
NAME = __name__.rpartition(".")[2]
FIELDS = frozenset({"dealer", "winner", "note"})


def evaluate(raw: dict[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
             ) -> tuple[HandResult | None, list[Problem]]:
    """The seat that took the trick scores for its side."""
    r = FieldReader(raw, no, NAME, DECK_24)
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
    name=NAME,
    label="One trick",
    rules_label="One trick rules",
    options=(target_option(3), DEALS, Option("double", False, bool)),
    evaluate=evaluate,
    tricks=1,
    presets=(Preset("quick", "Quick, to 3"),),
    hand_form=f"{__name__}.form:OneTrickHandForm",
    templates=Templates(hand_fields=f"game/{NAME}/hand_fields.html",
                        sheet_hands=f"game/{NAME}/sheet_hands.html"),
    words=Words(title="Trick %(no)s", number="trick %(n)s", save="Save trick %(n)s",
                based="Trick %(n)s, after %(a)s–%(b)s",
                based_queued="Trick %(n)s, after the tricks waiting on this phone",
                record_as="Record it as trick %(n)s"),
    history=History(call="Who took it", seat="winner"),
    folder=__name__,
    option_words={"double": ("Double points", "Each trick scores 2.")},
)
