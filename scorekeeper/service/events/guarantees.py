"""Club nights: what each movement guarantees for a count of players and rounds, before the
evening is made (the "Club night" page shows it beside each movement)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import drives, fixed_seats, movements
from .results import MOVEMENTS


@dataclass(frozen=True, slots=True)
class Guarantee:
    """One movement for this count: its measured schedule (``quality``), or why it cannot be
    played (``refused``, a problem code with its numbers), or neither for a movement that
    follows the results (no plan to measure)."""

    movement: str
    quality: movements.Quality | None = None
    refused: str | None = None
    tables: int = 0


def guarantees(players: int, rounds: int, seed: int = 0) -> list[Guarantee]:
    """Each movement's guarantee for ``players`` and ``rounds`` (the same seed as the event
    would use gives the same schedule)."""
    out = []
    for movement in MOVEMENTS:
        if movement in drives.RESULT_MOVEMENTS:
            refused = "movement.too_few" if players < movements.MIN_PLAYERS else None
            out.append(Guarantee(movement, refused=refused))
            continue
        try:
            plan = (movements.schedule(players, rounds, seed) if movement == "schedule"
                    else fixed_seats.fixed_schedule(players, rounds))
        except movements.MovementError as error:
            out.append(Guarantee(movement, refused=error.code, tables=players // 4))
            continue
        out.append(Guarantee(movement, quality=plan.quality))
    return out
