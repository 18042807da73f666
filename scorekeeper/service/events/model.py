"""Club nights: the event as the pages and the API read it, built once by :mod:`.reading`.

Frozen dataclasses, as :mod:`scorekeeper.printing.sheet` does for a score sheet: the views and
templates read attributes, and the API makes its JSON from them at the edge
(:mod:`scorekeeper.web.api.events`). Seats are keyed ``N``/``E``/``S``/``W`` and sides
``NS``/``EW``, in that order, as the API shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class EventTable:
    """One table of one round: who sits where, its match and how it stands."""

    table: int
    seats: dict[str, str]  # seat -> player's name
    seat_numbers: dict[str, int]  # seat -> player's number (from 0)
    match: str | None = None  # None: a round only planned
    hands: int = 0
    score: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    over: bool = False
    winner: str | None = None
    tied: bool = False
    decider: str | None = None  # the side that won a tied table's extra hand
    settled: bool = False  # over, and not a tie left open (it moves the players on)
    hand_points: tuple[dict[str, int], ...] = ()  # each hand's points by side
    confirmed: dict[str, str | None] = field(
        default_factory=lambda: {"NS": None, "EW": None})  # side -> when it confirmed
    disputed: str | None = None  # when a pair said the result is wrong
    last_hand: str | None = None  # when the last hand was saved

    @property
    def both_confirmed(self) -> bool:
        return bool(self.confirmed.get("NS") and self.confirmed.get("EW"))


@dataclass(frozen=True, slots=True)
class EventRound:
    """One round: its tables and sit-outs, stored or (progressive, up/down) only previewed."""

    no: int
    started: bool
    tables: tuple[EventTable, ...]
    over: bool
    sit_outs: tuple[str, ...]  # names
    sit_out_numbers: tuple[int, ...]
    stored: bool  # False: the next progressive round worked out from the results
    started_at: str | None = None
    ended_early: bool = False
    ends_at: str | None = None  # a timed round: when its time is up (ISO 8601 UTC)

    def table(self, table_no: int) -> EventTable | None:
        """Table ``table_no`` of this round, or None."""
        return next((t for t in self.tables if t.table == table_no), None)


@dataclass(frozen=True, slots=True)
class RosterEntry:
    """A player of the evening: number (from 1), name, and the rounds they are there."""

    number: int
    name: str
    from_round: int = 1
    gone_from: int | None = None

    def absent(self, no: int) -> bool:
        """Whether the player is not there in round ``no`` (arrived later, or gone)."""
        return self.from_round > no or (self.gone_from is not None and self.gone_from <= no)


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One line of the live standings."""

    player: str  # name
    number: int  # from 0
    points: int
    marks: dict[str, int]  # the game's club marks (loners, euchres, ...), in its order
    games_won: int
    high_game: int
    sit_outs: int
    rank: int
    by_round: dict[int, int]  # round no -> points
    marks_by_round: dict[int, dict[str, int]]  # round no -> marks at that round's table
    unconfirmed: int = 0  # rounds whose result both pairs have not confirmed
    rating: float | None = None  # this evening's rating, shown


@dataclass(frozen=True, slots=True)
class PrizeLine:
    """A prize and who takes it (several: shared)."""

    prize: str
    players: tuple[str, ...]
    value: int
    shared: bool
    passed_over: tuple[str, ...] = ()  # one prize a player: who already takes one listed before
    passed_value: int = 0  # their figure


@dataclass(frozen=True, slots=True)
class SitOuts:
    """Who sits out a round."""

    round: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """Everything about a club night now (no keys)."""

    id: str
    name: str
    game: str
    movement: str
    method: str
    quality: dict[str, int | bool] | None  # the schedule's measure (as stored), or None
    hands_per_round: int
    rules: dict[str, object]  # the game's rules, as a match stores them
    house: dict[str, object]  # house rules (sit-out credit, prizes, ...)
    players: tuple[str, ...]
    rules_code: str | None
    roster: tuple[RosterEntry, ...]
    round_target: int | None
    minutes_per_round: int | None
    rounds_total: int
    current_round: int
    waiting: tuple[int, ...]  # tables of the current round not settled yet
    can_start: bool
    over: bool
    version: int
    rounds: tuple[EventRound, ...]
    sit_outs: tuple[SitOuts, ...]
    marks: tuple[str, ...]
    standings: tuple[StandingLine, ...]
    disputed: tuple[tuple[int, int], ...]  # (round, table) of each disputed table
    prizes: tuple[PrizeLine, ...]

    @property
    def exclusive_prizes(self) -> bool:
        """Whether a player takes one prize at most (the house rule; on by default)."""
        return bool(self.house.get("exclusive_prizes", True))

    def round_no(self, no: int) -> EventRound | None:
        """Round ``no``, or None."""
        return next((r for r in self.rounds if r.no == no), None)

    def table(self, no: int, table_no: int) -> EventTable | None:
        """Table ``table_no`` of round ``no``, or None."""
        rnd = self.round_no(no)
        return None if rnd is None else rnd.table(table_no)

    @property
    def upcoming(self) -> EventRound | None:
        """The first round not started (planned or previewed), or None."""
        return next((r for r in self.rounds if not r.started), None)
