"""What a bridge deal holds beside the generic result (pure): its record, its dealer and what
the table's scoring (rubber or Chicago) made of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import Seat
from .record import DealRecord


@dataclass(slots=True)
class BridgeDetails:
    """A deal's details (``HandResult.details``): ``vulnerable`` and, in a rubber, ``below`` and
    ``above`` are set when the running score takes the deal."""

    record: DealRecord
    dealer: Seat
    vulnerable: str = "none"
    below: dict[str, int] | None = None  # rubber: trick points below the line, by side
    above: dict[str, int] | None = None  # rubber: everything else, by side
    game: str | None = None  # the side whose game this deal completed
    bonus: int = 0  # the game (Chicago) or rubber bonus the deal scored
    chukker: int = 0  # Chicago: the deal's chukker (from 1) and place in it (1–4)
    place: int = 0

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"vulnerable": self.vulnerable,
                               "over_under": self.record.over_under}
        if self.below is not None and self.above is not None:
            out["below"] = dict(self.below)
            out["above"] = dict(self.above)
        return out
