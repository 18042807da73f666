"""The words part: a game's words on the pages (:class:`Words`) and its history's columns
and clauses (:class:`History`), English marked with N_ and translated by the web layer. A game
without words of its own leaves the defaults ("hand", the hand's points)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..messages import N_
from ..result import HandResult

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
    # a save that lost the race to another phone, and the phone's own hand beside it
    taken: str = N_("Hand %(no)s was just recorded by another phone.")
    mine: str = N_("This phone’s hand (not stored)")
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


HAND_WORDS = Words()  # "hand" throughout
# "deal" throughout, for a game whose players speak of deals (Whist, Bridge)
DEAL_WORDS = Words(
    title=N_("Deal %(no)s"),
    number=N_("deal %(n)s"),
    save=N_("Save deal %(n)s"),
    based=N_("Deal %(n)s, after %(a)s–%(b)s"),
    based_queued=N_("Deal %(n)s, after the deals waiting on this phone"),
    record_as=N_("Record it as deal %(n)s"),
    history=N_("Deal by deal"),
    undo=N_("Undo deal %(n)s (%(what)s)"),
    fix_hint=N_("Tap a deal’s number to correct it."),
    cards_hint=N_("Tap a deal’s tricks to see them card by card."),
    trick_by_trick=N_("Deal %(no)s, trick by trick"),
    none_yet=N_("No deals yet."),
    correct=N_("Correct deal %(n)s"),
    rescored=N_("Dealt by %(name)s. Later deals are scored again after the change."),
    offline_fix=N_("You’re offline: correct deals when the connection is back."),
    taken=N_("Deal %(no)s was just recorded by another phone."),
    mine=N_("This phone’s deal (not stored)"),
)
PLAIN_HISTORY = History()  # the caller, the trump, the hand's points
