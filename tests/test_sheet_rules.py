"""The printed sheet's rules in words leave out what the game says (issue 23): generic
``printing/sheet.rule_items`` no longer names Whist's options; each game's ``Game.sheet.rules``
(``engine/game.SheetRules``) lists the options it leaves out, with why, and the params its
``rule`` macro needs (Whist's trump cycle). A table of cases, every game's and the test
game's, exactly as before the move."""

from __future__ import annotations

import dataclasses

import pytest
from support import one_trick

from scorekeeper.engine import games
from scorekeeper.engine.games import GAMES
from scorekeeper.engine.parts.sheet import SheetPart, SheetRules
from scorekeeper.printing.sheet import rule_items

# (game, rules) -> the sheet's (code, params), in order
CASES = [
    ("euchre", {"target": 10, "stick_the_dealer": True, "lone_lead": "loner_left"},
     (("target", {"n": 10}), ("stick_the_dealer", {}), ("lone_lead", {"n": "loner_left"}))),
    ("euchre", {"target": None, "deals": 8, "pack": 32, "joker": True},
     (("deals", {"n": 8}), ("pack", {"n": 32}), ("joker", {}))),
    ("whist", {"target": 7, "honours": True, "rubber": True, "honours_blocked_at": 6},
     (("target", {"n": 7}), ("honours", {}), ("rubber", {}))),
    ("whist", {"target": 5, "trump_rotation": "HDSC"},
     (("target", {"n": 5}), ("trump_rotation", {"n": "HDSC", "cycle": ["H", "D", "S", "C"]}))),
    # no_trump is left out: the cycle prints its NT deal
    ("whist", {"target": 5, "trump_rotation": "SHDC", "no_trump": True},
     (("target", {"n": 5}),
      ("trump_rotation", {"n": "SHDC", "cycle": ["S", "H", "D", "C", "NT"]}))),
    ("whist", {"target": 5, "scoring": "tricks"},
     (("target", {"n": 5}), ("scoring", {"n": "tricks"}))),
    ("spades", {"target": 300, "blind_nil": True, "bag_limit": 5},
     (("target", {"n": 300}), ("bag_limit", {"n": 5}), ("blind_nil", {}))),
    ("five_hundred", {"target": 500, "misere": False, "misere_opponent_points": 10},
     (("target", {"n": 500}), ("misere", {}), ("misere_opponent_points", {"n": 10}))),
]


@pytest.mark.parametrize(("game", "rules", "items"), CASES)
def test_rules_on_the_sheet(game, rules, items):
    assert rule_items(game, rules) == items


@pytest.mark.parametrize("name", sorted(GAMES))
def test_what_a_game_leaves_out_is_its_own_option_with_a_reason(name):
    game = GAMES[name]
    options = {o.name for o in game.options}
    assert set(game.sheet.rules.left_out) <= options - {"target", "deals"}
    assert all(len(why.split()) >= 3 for why in game.sheet.rules.left_out.values())


def test_whist_leaves_out_its_honours_threshold_and_no_trump():
    assert set(GAMES["whist"].sheet.rules.left_out) == {"honours_blocked_at", "no_trump"}
    assert not GAMES["euchre"].sheet.rules.left_out


def test_a_game_says_its_own(monkeypatch):
    """The test game, registered, leaves out its ``double`` rule or words it with params."""
    monkeypatch.setitem(games.GAMES, "one_trick", one_trick.GAME)
    rules = {"target": 3, "double": True}
    assert rule_items("one_trick", rules) == (("target", {"n": 3}), ("double", {}))
    quiet = dataclasses.replace(one_trick.GAME, sheet=SheetPart(rules=SheetRules(
        left_out={"double": "the test says it elsewhere"})))
    monkeypatch.setitem(games.GAMES, "one_trick", quiet)
    assert rule_items("one_trick", rules) == (("target", {"n": 3}),)
    worded = dataclasses.replace(one_trick.GAME, sheet=SheetPart(rules=SheetRules(
        params=lambda option, value, rules: {"points": 2} if option == "double" else {})))
    monkeypatch.setitem(games.GAMES, "one_trick", worded)
    assert rule_items("one_trick", rules) == (("target", {"n": 3}),
                                              ("double", {"points": 2}))
