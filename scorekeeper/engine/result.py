"""What one hand comes to, before the match applies it to the score."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import Seat


class Details(Protocol):
    """A game's own typed detail of one hand, beside the generic fields of :class:`HandResult`
    (Whist: honours, revoke, the points' parts; Spades: contracts, nils, bags).

    ``as_json`` gives the keys it adds to the hand's `scorekeeper check` entry, after ``score``
    (only what spec/match-format.md names; anything else stays an attribute)."""

    def as_json(self) -> dict[str, Any]: ...


@dataclass(slots=True)
class HandResult:
    """The result of one valid hand.

    ``points`` are final for Euchre; Whist computes them against the score in ``apply``.
    """

    result: str
    points: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    makers: str | None = None
    tricks: dict[str, int] | None = None
    trick_winners: list[str] | None = None
    renege: dict[str, Any] | None = None
    played: bool = True  # counts towards a fixed number of deals
    redeal: bool = False  # the same dealer deals the next hand (a deal that does not count)
    details: Details | None = None  # the game's own detail of the hand
    # How the hand was played, worked out once here for the pages and the printed sheet
    # (not part of the `scorekeeper check` object):
    trump: str | None = None  # as declared, or the turned-up card's suit
    leader: Seat | None = None  # who led the first trick
    sitting_out: frozenset[Seat] = frozenset()  # a loner's partner (and a lone defender's)
    trick_seats: list[list[Seat]] | None = None  # each recorded trick's seats, in play order

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"result": self.result}
        if self.makers is not None:
            out["makers"] = self.makers
        if self.tricks is not None:
            out["tricks"] = dict(self.tricks)
        if self.trick_winners is not None:
            out["trick_winners"] = list(self.trick_winners)
        if self.renege is not None:
            out["renege"] = dict(self.renege)
        return out
