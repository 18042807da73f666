"""A game as one registered object: what the engine, the forms, the pages, the printouts and
the page's script know about it.

A game is one module (``engine/euchre.py``, ``engine/whist.py``) that ends with
``GAME = Game(...)``; :mod:`scorekeeper.engine.games` registers it. The engine reads
``evaluate``, ``apply``, ``settle``, the options and the pack of a match's rules; the web layer
reads the label, the presets, the hand form, the template names, the tricks per deal, the
default target and the pack (``pack(rules).as_json()``: ranks, Joker, hand and kitty sizes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import Pack, Seat
from .problems import Problem
from .recording import PLAIN_TRICKS, Recording
from .result import HandResult
from .rules import Option
from .state import MatchState, add_points, settle_to_target

# evaluate(hand, no, dealer, rules) -> (result, problems): one hand checked and scored
Evaluate = Callable[
    [dict[str, Any], int, Seat, dict[str, Any]], tuple[HandResult | None, list[Problem]]
]
# apply(result, score, rules): add a hand's points to the current game's score, in place
Apply = Callable[[HandResult, dict[str, int], dict[str, Any]], object]
# settle(state, rules, start): whether the game (the match, a rubber) has ended
Settle = Callable[[MatchState, dict[str, Any], bool], None]
# finish_rules(rules, problems): rules that depend on each other, after the defaults
FinishRules = Callable[[dict[str, Any], list[Problem]], None]
# pack(rules): the cards a match of these rules is played with
PackOf = Callable[[Mapping[str, Any]], Pack]
FULL_PACK = Pack(low=2, joker=False, hand_size=13)


def full_pack(rules: Mapping[str, Any]) -> Pack:
    """52 cards, 13 to a seat, whatever the rules (Whist)."""
    return FULL_PACK


@dataclass(frozen=True, slots=True)
class Preset:
    """A set of rules offered when starting a match: only the options off their defaults."""

    name: str
    label: str  # English, marked with N_; the web layer translates it
    rules: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Templates:
    """The game's templates (Jinja names), for the pages and the printouts."""

    hand_fields: str | None = None  # the hand form's fields (table/_hand_form.html wraps them)
    sheet_hands: str | None = None  # the printed sheet's hand-by-hand table
    blank: str | None = None  # a blank score sheet to fill in by hand


@dataclass(frozen=True, slots=True)
class Game:
    """Everything that makes a game, in one place."""

    name: str  # as in the match file's "game"
    label: str  # its name in English, marked with N_
    rules_label: str  # the start page's heading of its presets ("Euchre rules"), marked too
    options: tuple[Option, ...]  # must include "target" and "deals" (rules.target_option, DEALS)
    evaluate: Evaluate
    tricks: int  # tricks in one deal
    presets: tuple[Preset, ...] = ()
    apply: Apply = add_points
    settle: Settle = settle_to_target
    finish_rules: FinishRules | None = None
    bowers: bool = False  # jacks are bowers (the trump marks of a card record)
    pack: PackOf = full_pack  # the pack of a match's rules: its ranks, Joker, hand and kitty
    hand_form: str | None = None  # the web layer's form, "module:Class"; None: files and API only
    templates: Templates = Templates()
    blank_rows: int = 20  # rows of a blank sheet
    double_dummy: bool = False  # its hands are small enough for engine/analysis.py's solver
    recording: Recording = PLAIN_TRICKS  # the card recorder's parameters (engine/recording.py)

    @property
    def default_target(self) -> int | None:
        """The target when the rules set none."""
        return next((o.default for o in self.options if o.name == "target"), None)

    def preset(self, name: str) -> Preset | None:
        """The preset called ``name``, if the game has one."""
        return next((p for p in self.presets if p.name == name), None)
