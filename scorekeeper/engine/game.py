"""A game as one registered object: what the engine, the forms, the pages, the printouts and
the page's script know about it.

A game is one module (``engine/euchre.py``, ``engine/whist.py``) that ends with
``GAME = Game(...)``; :mod:`scorekeeper.engine.games` registers it. The engine reads
``evaluate``, ``apply``, ``settle``, the options and the pack of a match's rules; the web layer
reads the label, the presets, the hand form, the template names, the tricks per deal, the
default target, the game's words (:class:`Words`) and its history columns (:class:`History`).
Its web side lives in the folder ``Game.folder`` names (a package: ``form.py``,
``templates/``), whose templates the pages reach as ``game/<name>/<file>``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import Pack, Seat
from .club import NO_MARKS, ClubScoring
from .messages import N_
from .problems import Problem
from .recording import PLAIN_TRICKS, Recording
from .result import HandResult
from .rules import Option
from .state import HandState, MatchState, Running, add_points, settle_to_target
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
# analyse(match, no): the double-dummy analysis of one hand (an Analysis) or the problems
AnalyseHand = Callable[[Mapping[str, Any], int], tuple[Any, list[Problem]]]
# deal_trump(rules, no): the trump a deal is played in when the rules fix it in advance
DealTrump = Callable[[dict[str, Any], int], str | None]
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


def no_fixed_trump(rules: dict[str, Any], no: int) -> str | None:
    """Trumps are chosen at the table, deal by deal (nothing to print in advance)."""
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
class Templates:
    """The game's templates (Jinja names), for the pages and the printouts."""

    hand_fields: str | None = None  # the hand form's fields (table/_hand_form.html wraps them)
    sheet_hands: str | None = None  # the printed sheet's hand-by-hand table
    blank: str | None = None  # a blank score sheet to fill in by hand
    board: str | None = None  # the board's own part (given ``v.running``: Spades' bags)


# tags(hand, rules): the history's small words after a hand's trump, N_-marked, with params
TagWords = tuple[tuple[str, dict[str, Any]], ...]
Tags = Callable[[Mapping[str, Any], Mapping[str, Any]], TagWords]


def no_tags(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """No tags."""
    return ()


def recorded_trump(hand: Mapping[str, Any]) -> str | None:
    """The trump a hand records in its own ``trump`` field."""
    trump = hand.get("trump")
    return trump if isinstance(trump, str) else None


# outcome(hand, result, rules): what a hand did in the game's own words (the Save label, the
# hand page), as N_-marked clauses with params, joined by "; " (none: the hand's points).
# short(hand, result, rules): its few words in the Undo button ("Bo, march"), clauses joined
# by ", " (none: the hand's points). The web layer gives every clause "gain" (every side's
# points), "makers", "caller", "trump" (its symbol), "NS" and "EW" (names); it turns a param
# called ``team`` or ``side`` (a side's code) or ``seat`` into names, and ``said`` (a side's
# code) words "gain" with that side's points first, its name left out ("NS march → +2").
# A text with no words, only params ("%(caller)s"), is left unmarked: there is nothing to
# translate.
OutcomeWords = Callable[[Mapping[str, Any], HandResult, Mapping[str, Any]], TagWords]


def no_words(hand: Mapping[str, Any], result: HandResult, rules: Mapping[str, Any]) -> TagWords:
    """No words of the game's own: the hand's points say it."""
    return ()


# marks(hand, result): the printed sheet's marks of a hand ("euchred", "loner"), as codes its
# printed words name (the ``mark`` macro of ``Statistics.sheet_words``)
Marks = Callable[[Mapping[str, Any], HandResult], tuple[str, ...]]


def no_marks(hand: Mapping[str, Any], result: HandResult) -> tuple[str, ...]:
    """No marks: the points say it."""
    return ()


@dataclass(frozen=True, slots=True)
class Words:
    """The game's words on the pages: English marked with N_, translated by the web layer.

    ``%(n)s`` (``%(no)s`` in ``title``) is the hand's number, ``%(a)s–%(b)s`` the score the
    next hand is based on. The defaults say "hand"; Whist says "deal".
    """

    title: str = N_("Hand %(no)s")  # a page's heading
    number: str = N_("hand %(n)s")  # within a line: the board, the queue
    save: str = N_("Save hand %(n)s")  # the Save button
    based: str = N_("Hand %(n)s, after %(a)s–%(b)s")  # above the form: what it is based on
    based_queued: str = N_("Hand %(n)s, after the hands waiting on this phone")
    record_as: str = N_("Record it as hand %(n)s")  # a hand recorded offline, late
    # the match page's history and its Undo, the correction page
    history: str = N_("Hands")  # the history's heading
    undo: str = N_("Undo hand %(n)s (%(what)s)")
    fix_hint: str = N_("Tap a hand’s number to correct it.")
    cards_hint: str = N_("Tap a hand’s tricks to see them card by card.")
    trick_by_trick: str = N_("Hand %(no)s, trick by trick")  # a history row's link
    none_yet: str = N_("No hands yet.")
    correct: str = N_("Correct hand %(n)s")
    rescored: str = N_("Dealt by %(name)s. Later hands are scored again after the change.")
    offline_fix: str = N_("You’re offline: correct hands when the connection is back.")
    # the hand page, under the trick-by-trick table
    tricks_hint: str = N_("▸ marks the card led; the winning card is boxed; shaded cards are "
                          "trumps. The last column counts the tricks of each side.")


@dataclass(frozen=True, slots=True)
class History:
    """The match page's history columns, as the game fills them.

    ``call`` heads the column of what was called (the name of the seat in the hand's ``seat``
    field, the trump, tags);
    ``makers``: a hand has a caller whose side (the makers) counts its tricks, so the tricks
    column and the short descriptions say the caller and the makers' tricks, not each side's.
    ``tags(hand, rules)``: the small words after the trump (N_-marked, with their params).
    ``trump(hand)``: the hand's trump suit ("S", "NT"), or None (misère, a passed hand).
    ``outcome`` and ``short``: a played hand's words (see :data:`OutcomeWords`);
    ``scored``: the marks after the tags that only the scoring knows (Spades' bag penalty),
    in the same shape;
    ``recorded(hand, rules)``: a hand as recorded, before it is scored, for the list of
    corrections ("Bo ♠ alone 4 tricks"): parts joined by spaces, with the same params but
    "gain" (none: the seat the call column names).
    ``results``: the word the result column shows for a result code (none: nothing, the
    points say it); ``classes``: the class of a result that shares another's look
    (a lone march is a march); ``marks``: the printed sheet's marks of a hand.
    """

    call: str = N_("Trump")
    seat: str = "caller"  # the hand's field whose seat the call column names
    makers: bool = False
    tags: Tags = no_tags
    trump: Callable[[Mapping[str, Any]], str | None] = recorded_trump
    outcome: OutcomeWords = no_words  # a hand's line
    short: OutcomeWords = no_words  # the Undo button's words
    scored: OutcomeWords = no_words  # the history's marks of a hand as scored
    recorded: Tags = no_tags  # the corrections list's words of a hand as recorded
    results: Mapping[str, str] = field(default_factory=dict)
    classes: Mapping[str, str] = field(default_factory=dict)
    marks: Marks = no_marks  # the printed sheet's marks of a hand


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
class Game:
    """Everything that makes a game, in one place."""

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
    bowers: bool = False  # jacks are bowers (the trump marks of a card record)
    pack: PackOf = full_pack  # the pack of a match's rules: its ranks, Joker, hand and kitty
    hand_form: str | None = None  # the web layer's form, "module:Class"; None: files and API only
    templates: Templates = Templates()
    sheet_row: SheetRowOf = no_sheet_row  # its own columns of the printed sheet's rows
    sheet_rules: SheetRules = SheetRules()  # its rules in the printed sheet's heading
    blank_rows: int = 20  # rows of a blank sheet
    analyse: AnalyseHand | None = None  # its own double-dummy analysis (Euchre's: analysis.py)
    double_dummy: bool = False  # its hands are small enough for engine/analysis.py's solver
    words: Words = Words()
    history: History = History()
    folder: str | None = None  # the web side's package ("scorekeeper.games.euchre")
    notation: str | None = None  # its own file format, offered beside the match file ("egn")
    # its own options' words on the start page: name -> (label, one line of help), N_-marked
    option_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # its own hand fields' words in the problems ("makers_tricks": "makers' tricks"),
    # N_-marked; the fields every game has (dealer, note, ...) are worded in i18n/labels.py
    field_words: Mapping[str, str] = field(default_factory=dict)
    deal_trump: DealTrump = no_fixed_trump  # a trump rotation's deals (a drive's tally boxes)
    recording: Recording = PLAIN_TRICKS  # the card recorder's parameters (engine/recording.py)
    statistics: Statistics = field(default_factory=Statistics)  # the facts a hand yields
    club: ClubScoring = NO_MARKS  # its marks and house rules at a club night
    # whether a side's score can go below 0 (a failed contract), so a game continued from
    # paper may start there; and the score that loses (a start there is refused)
    negative_scores: bool = False
    lost_at: LostAt = never_lost
    stop: Stop | None = None  # how a match stopped early ends; None: it can't be stopped
    # its own problem codes' English templates ({name} params), beside engine/messages.py's
    messages: Mapping[str, str] = field(default_factory=dict)

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

