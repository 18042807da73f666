"""What a Whist deal holds beside the generic result (pure): honours, a revoke, the rotation's
trump and the points by cause. Kept apart from Whist's module so its words and statistics
(``words``, ``facts``) read the typed details without importing the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.result import Details


@dataclass(slots=True)
class WhistDetails:
    """What a Whist deal holds beside the generic result (``HandResult.details``)."""

    honours_ns: int | None = None  # honours NS held, when honours count
    revoke: dict[str, str] | None = None  # the declared revoke {by, penalty}
    rotation_trump: str | None = None  # the trump a rotation fixed for the deal (or NT)
    parts: dict[str, dict[str, int]] | None = None  # the points by cause, set by ``apply``

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.revoke:
            out["revoke"] = dict(self.revoke)
        if self.rotation_trump:  # a trump rotation's deal
            out["trump"] = self.rotation_trump
        return out


def whist_details(details: Details | None) -> WhistDetails:
    """A deal's Whist details (empty ones for a hand that has none)."""
    return details if isinstance(details, WhistDetails) else WhistDetails()


def copied_parts(details: Details | None) -> dict[str, dict[str, int]] | None:
    """The points by cause (tricks, honours), copied: a kept state is shared."""
    parts = whist_details(details).parts
    return {name: dict(split) for name, split in parts.items()} if parts is not None else None
