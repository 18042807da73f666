"""Cross-IMPs, exactly: on a board each NS score is compared with every other NS score, each
difference turned into IMPs by the standard scale, the sum divided by the number of
comparisons; EW get the negative. An artificial adjusted score is +3, 0 or −3 IMPs to its side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..scoring import imps
from .reading import Result

ARTIFICIAL = {"A+": Fraction(3), "A": Fraction(0), "A-": Fraction(-3)}


@dataclass(frozen=True, slots=True)
class Imped:
    """Each side's IMPs on one result."""

    ns: Fraction
    ew: Fraction


def _totals(scores: Sequence[int]) -> dict[int, int]:
    """Each distinct score's IMPs summed over its comparisons with every other score."""
    count = Counter(scores)
    # a score compared with itself is 0 IMPs, so summing over every score needs no exception
    return {s: sum(imps(s - other) * n for other, n in count.items()) for s in count}


def board_imps(scores: Sequence[int]) -> list[Fraction]:
    """NS's cross-IMPs for each of a board's scores (NS's); 0 for a board played once."""
    if len(scores) < 2:
        return [Fraction(0)] * len(scores)
    total = _totals(scores)
    return [Fraction(total[s], len(scores) - 1) for s in scores]


@dataclass(frozen=True, slots=True)
class BoardImps:
    """One board's cross-IMPs: each result's in the board's order, and NS's as a numerator
    over ``den`` (None for an artificial adjusted score). Worked out again only when the board
    changes."""

    den: int
    imped: tuple[Imped, ...]
    numerators: tuple[int | None, ...]


def board_scores(results: Sequence[Result]) -> BoardImps:
    """One board's cross-IMPs (its results in the file's order)."""
    scores = [r.score for r in results if r.score is not None]
    den = max(len(scores) - 1, 1)
    total = _totals(scores)
    shown = {s: Imped(Fraction(t, den), Fraction(-t, den)) for s, t in total.items()}
    imped: list[Imped] = []
    for result in results:
        if result.adjusted is not None:
            imped.append(Imped(ARTIFICIAL[result.adjusted[0]], ARTIFICIAL[result.adjusted[1]]))
        else:
            assert result.score is not None
            imped.append(shown[result.score])
    return BoardImps(den, tuple(imped), tuple(
        None if r.adjusted is not None else total[r.score] if r.score is not None else None
        for r in results))
