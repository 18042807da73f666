"""What a game counts: the facts each hand yields, their labels and breakdowns (issue 23).

A game's module gives a :class:`Statistics` to its ``GAME``. Its ``hand_facts`` is pure: from
one recorded hand and its replayed entry it says what each seat did (``called: 1``,
``tricks: 7``). The store keeps these generically (one row per seat and fact), the players'
pages and the API sum them, and the printed sheet's summary is the same facts summed over one
match, so a figure means one thing everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import PARTNER, SEATS
from .result import Details

MAX_BREAKDOWNS = 3  # the store keeps a hand's breakdown values in this many columns
RESERVED = ("matches", "won")  # what the per-day rollup counts beside a game's facts


@dataclass(frozen=True, slots=True)
class Fact:
    """One figure a hand yields for a seat.

    ``side``: the value is the side's (both partners have it, a partnership counts it once);
    otherwise it is the seat's own doing and a partnership adds both partners'. ``shown``: on
    the players' pages and in the API (else only the printed sheet's summary uses it)."""

    key: str
    label: str  # English, marked with N_
    side: bool = False
    shown: bool = True


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the tables of every player (the players' page, the season report): a fact,
    or a fact against another (``of``), shown as ``show`` says: "count" (the fact), "rate" (its
    per cent of ``of``), "share" (both), "ratio" ("1/2"), "per" (per ``of``, one decimal)."""

    key: str
    label: str  # N_-marked
    of: str | None = None
    show: str = "count"


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Figures split by something a hand has (its trump suit, its calling round)."""

    key: str
    label: str  # N_-marked heading
    values: tuple[tuple[str, str], ...]  # (code, N_-marked label), in the order shown
    api: str | None = None  # its key at the top of GET /api/players/<id> (issue 14's shape)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """The facts of one hand: each seat's own counts (zeros left out) and the hand's value in
    each of the game's breakdowns (None: not known, counted only in the totals)."""

    seats: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    keys: tuple[str | None, ...] = ()


# hand_facts(hand, entry, details): the recorded hand, its replayed entry
# (HandState.as_json()) and the game's own typed details of it (HandResult.details: Whist's
# points split into tricks and honours), or None -> the hand's facts
HandFactsOf = Callable[[Mapping[str, Any], Mapping[str, Any], Details | None], HandFacts]


# hand_columns(hand, entry, details): the game's own columns of a hand's row in the hands'
# export
HandColumnsOf = Callable[[Mapping[str, Any], Mapping[str, Any], Details | None],
                         Mapping[str, Any]]


def no_columns(hand: Mapping[str, Any], entry: Mapping[str, Any],
               details: Details | None) -> Mapping[str, Any]:
    """A game with no columns of its own in the hands' export."""
    return {}


@dataclass(frozen=True, slots=True)
class Statistics:
    """A game's statistics; the default counts nothing (matches played and won still count)."""

    facts: tuple[Fact, ...] = ()
    breakdowns: tuple[Breakdown, ...] = ()
    hand_facts: HandFactsOf | None = None
    table: tuple[Column, ...] = ()  # its columns in the table of every player
    season: tuple[Column, ...] = ()  # its columns in the season report's table
    figures: str | None = None  # the players' pages' template of its figures (Jinja name)
    summary: str | None = None  # the printed sheet's summary (Jinja name)
    sheet_words: str | None = None  # the printed sheet's words (macros: a hand or a deal, keys)
    columns: tuple[str, ...] = ()  # its own columns in the hands' export (hands.csv), in order
    hand_columns: HandColumnsOf = no_columns  # their values for one hand (and "trump", "caller")

    def __post_init__(self) -> None:
        if len(self.breakdowns) > MAX_BREAKDOWNS:
            raise ValueError(f"at most {MAX_BREAKDOWNS} breakdowns")
        if {f.key for f in self.facts} & set(RESERVED):
            raise ValueError(f"{RESERVED} are the rollup's own facts")

    @property
    def shown(self) -> tuple[Fact, ...]:
        """The facts the pages and the API show, in order."""
        return tuple(f for f in self.facts if f.shown)

    def of_hand(self, hand: Mapping[str, Any], entry: Mapping[str, Any],
                details: Details | None) -> HandFacts:
        """The hand's facts (none for a game that counts nothing)."""
        if self.hand_facts is None:
            return HandFacts()
        return self.hand_facts(hand, entry, details)

    def side_values(self, facts: HandFacts) -> dict[str, dict[str, int]]:
        """Each seat's side's values: its own, plus its partner's for the facts that are a
        seat's own doing (what a partnership's figures and a team's totals count)."""
        own_side = {f.key for f in self.facts if f.side}
        out: dict[str, dict[str, int]] = {}
        for seat in SEATS:
            mine, partner = facts.seats.get(seat, {}), facts.seats.get(PARTNER[seat], {})
            values = {k: v + (0 if k in own_side else partner.get(k, 0)) for k, v in mine.items()}
            for k, v in partner.items():
                if k not in own_side and k not in values:
                    values[k] = v
            out[seat] = {k: v for k, v in values.items() if v}
        return out
