"""A game as one registered object: its rules, and its parts, which the engine, the forms, the
pages, the printouts and the page's script ask.

A game is one folder (``scorekeeper/games/<name>/``) whose package exports
``GAME = Game(...)``; :mod:`scorekeeper.engine.games` loads it by name and registers it. The
engine reads ``evaluate``, ``apply``, ``settle``, the options and the pack of a match's rules; the
web layer reads the label, the presets, the hand form, the template names, the tricks per deal, the
default target, the game's words (:class:`Words`) and its history columns (:class:`History`).
Its web side lives in the folder ``Game.folder`` names (a package: ``form.py``,
``templates/``), whose templates the pages reach as ``game/<name>/<file>``.

What a game may have beyond its rules is a part, each in its own module of ``engine/parts/``
(docs/games.md): the recorder (``recording``), the sheet (``sheet``), the templates, the words
and history, the analysis, the notation; the statistics (``engine/statistics.py``) and the club
scoring (``engine/club.py``) are parts too. A game without a part leaves it None or the
part's default, and the core asks the part, never the game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import Pack, Seat
from .club import NO_MARKS, ClubScoring
from .parts.analysis import Analyser
from .parts.notation import Notation
from .parts.recorder import PLAIN_TRICKS, Recording
from .parts.sheet import GENERIC_SHEET, SheetPart
from .parts.templates import NO_TEMPLATES, Templates
from .parts.words import HAND_WORDS, PLAIN_HISTORY, History, Words
from .problems import Problem
from .result import HandResult
from .rules import Option
from .sessions import SessionPart
from .state import MatchState, Running, add_points, settle_to_target
from .statistics import Statistics

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
# running(rules): the game's own state a match starts with, carried from hand to hand
StartRunning = Callable[[dict[str, Any]], Running]
# pack(rules): the cards a match of these rules is played with
PackOf = Callable[[Mapping[str, Any]], Pack]
# lost_at(rules): the score at or below which a side has lost (Spades' ``lose_at``, Five
# Hundred's minus the target), or None: no score loses
LostAt = Callable[[Mapping[str, Any]], int | None]
# stop(state, rules): a match stopped before it ends (``"stopped": true`` in its file): what
# the unfinished part scores, the state made over; or the problems (the game can't stop there)
Stop = Callable[[MatchState, dict[str, Any]], list[Problem]]
FULL_PACK = Pack(low=2, joker=False, hand_size=13)


def never_lost(rules: Mapping[str, Any]) -> int | None:
    """No score loses the game: only reaching the target ends it."""
    return None


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
class Game:
    """Everything that makes a game, in one place: its rules, then its parts."""

    name: str  # as in the match file's "game"
    label: str  # its name in English, marked with N_
    rules_label: str  # the start page's heading of its presets ("Euchre rules"), marked too
    # its options; "target" and "deals" (rules.target_option, DEALS), when it has them, are
    # resolved together (a game that ends otherwise, a bridge rubber, has neither)
    options: tuple[Option, ...]
    evaluate: Evaluate
    tricks: int  # tricks in one deal
    presets: tuple[Preset, ...] = ()
    apply: Apply = add_points
    settle: Settle = settle_to_target
    finish_rules: FinishRules | None = None
    # a carry across hands (Spades' bags): it takes each hand before ``apply`` and adds its
    # keys to the match's JSON; None for a game whose hands stand alone
    running: StartRunning | None = None
    pack: PackOf = full_pack  # the pack of a match's rules: its ranks, Joker, hand and kitty
    hand_form: str | None = None  # the web layer's form, "module:Class"; None: files and API only
    templates: Templates = NO_TEMPLATES  # its own templates' names (parts/templates.py)
    sheet: SheetPart = GENERIC_SHEET  # its share of the printed sheet (parts/sheet.py)
    analysis: Analyser | None = None  # how its hands are analysed, or not (parts/analysis.py)
    words: Words = HAND_WORDS
    history: History = PLAIN_HISTORY
    folder: str | None = None  # the web side's package ("scorekeeper.games.euchre")
    notation: Notation | None = None  # its own file format beside the match file
    # its own options' words on the start page: name -> (label, one line of help), N_-marked
    option_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # its own hand fields' words in the problems ("makers_tricks": "makers' tricks"),
    # N_-marked; the fields every game has (dealer, note, ...) are worded in i18n/labels.py
    field_words: Mapping[str, str] = field(default_factory=dict)
    # its own problem sentences (the codes only its rules give): code -> English, N_-marked
    messages: Mapping[str, str] = field(default_factory=dict)
    recording: Recording = PLAIN_TRICKS  # the card recorder's part (parts/recorder.py)
    statistics: Statistics = field(default_factory=Statistics)  # the facts a hand yields
    club: ClubScoring = NO_MARKS  # its marks and house rules at a club night
    # whether a side's score can go below 0 (a failed contract), so a game continued from
    # paper may start there; and the score that loses (a start there is refused)
    negative_scores: bool = False
    lost_at: LostAt = never_lost
    # its duplicate sessions (``scorekeeper-session/1``, engine/sessions.py), if it keeps them
    session: SessionPart | None = None
    stop: Stop | None = None  # how a match stopped early ends; None: it can't be stopped

    @property
    def playable(self) -> bool:
        """Whether a table can enter its hands on the pages (it has a hand form); the others
        are scored through match files and the API."""
        return self.hand_form is not None

    @property
    def default_target(self) -> int | None:
        """The target when the rules set none."""
        return next((o.default for o in self.options if o.name == "target"), None)

    def preset(self, name: str) -> Preset | None:
        """The preset called ``name``, if the game has one."""
        return next((p for p in self.presets if p.name == name), None)

