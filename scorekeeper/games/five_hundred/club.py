"""Five Hundred at a club night (pure): a misère made counts for the player who bid it (a
progressive Five Hundred night's "most misères" prize and tie-break)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.club import ClubScoring
from ...engine.messages import N_


def club_hand(entry: Mapping[str, Any], given: Mapping[str, Any], seats: Sequence[str],
              house: Mapping[str, Any]) -> dict[str, tuple[int, dict[str, int]]]:
    """Per seat: no points changed; the caller of a made misère gets the mark."""
    caller = given.get("caller")
    if entry.get("result") == "misere_made" and caller in seats:
        return {str(caller): (0, {"miseres": 1})}
    return {}


CLUB = ClubScoring(
    marks=("miseres",),
    labels=(N_("Misères"),),
    prize_labels=(N_("Most misères"),),
    tally_note=N_("M: a misère made. The opponents initial each round."),
    hand=club_hand,
)
