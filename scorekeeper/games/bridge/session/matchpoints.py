"""Matchpoints, exactly (``fractions.Fraction``), as spec/bridge.md and the WBF define them.

On a board, each NS score earns 1 for every other NS score it beats and ½ for each it ties; EW
get the top minus NS's. A board with fewer scored results than the most any board has (``N``:
results of every kind, so an adjusted score leaves its board short) is factored by Neuberg's
formula, (m + ½) × N / n − ½, so every board's top is N − 1. An artificial adjusted score gets
a percentage of that top: A 50 %; A+ the greater of 60 % and the pair's own percentage on its
scored boards, A− the lesser of 40 % and it (Law 12C2); with fixed averages 60, 50 and 40 %.

Speed (a 1,000-table event): a board's matchpoints are worked out once per distinct score, and
pairs' totals are summed as integer numerators over each board's denominator, made Fractions
once at the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .reading import Result

HALF = Fraction(1, 2)
FIXED = {"A+": Fraction(60, 100), "A": HALF, "A-": Fraction(40, 100)}


@dataclass(frozen=True, slots=True)
class Scored:
    """Each side's matchpoints on one result."""

    ns: Fraction
    ew: Fraction


@dataclass(frozen=True, slots=True)
class BoardMatchpoints:
    """One board's matchpoints, factored to the session's ``most`` results: each result's in
    the board's order (None for an artificial adjusted score: it needs its pairs' other
    boards), and NS's as a numerator over ``den`` (EW's is the top's rest). Worked out again
    only when the board or ``most`` changes."""

    most: int
    den: int
    scored: tuple[Scored | None, ...]
    numerators: tuple[int | None, ...]


def _by_score(scores: Sequence[int], most: int) -> tuple[dict[int, int], int]:
    """NS's matchpoints for each distinct score, as numerators over the returned denominator
    (2, or 2n when factored to ``most`` results)."""
    n = len(scores)
    count = Counter(scores)
    below = 0
    halves: dict[int, int] = {}  # score -> 2 × matchpoints among the n
    for score in sorted(count):
        halves[score] = 2 * below + count[score] - 1
        below += count[score]
    if n == most:
        return halves, 2
    # (m + ½) × N / n − ½ = ((2m + 1) × N − n) / 2n
    return {s: (h + 1) * most - n for s, h in halves.items()}, 2 * n


def board_matchpoints(scores: Sequence[int], most: int) -> list[Fraction]:
    """NS's matchpoints for each of a board's scores (NS's), factored to ``most`` results
    (Neuberg; no change when there are ``most`` scores)."""
    if not scores:
        return []
    numerators, den = _by_score(scores, most)
    return [Fraction(numerators[s], den) for s in scores]


def board_scores(results: Sequence[Result], most: int) -> BoardMatchpoints:
    """One board's matchpoints (its results in the file's order), factored to ``most``."""
    top = max(most - 1, 0)
    numerators, den = _by_score([r.score for r in results if r.score is not None], most)
    shown = {s: Scored(Fraction(num, den), top - Fraction(num, den))
             for s, num in numerators.items()}
    return BoardMatchpoints(
        most, den, tuple(None if r.score is None else shown[r.score] for r in results),
        tuple(None if r.score is None else numerators[r.score] for r in results))


def artificial(adjusted: Iterable[tuple[int, int, Result]], own: Mapping[str, Fraction],
               scored_top: Mapping[str, int], top: int, averages: str
               ) -> dict[tuple[int, int], Scored]:
    """Each artificial adjusted score's matchpoints (by its board and place there), from its
    pairs' matchpoints on their scored boards (``own``, of ``scored_top``)."""
    shares: dict[tuple[int, int], Scored] = {}
    for number, place, result in adjusted:
        assert result.adjusted is not None
        ns = top * _share(result.adjusted[0], own.get(result.ns, Fraction(0)),
                          scored_top.get(result.ns, 0), averages)
        ew = top * _share(result.adjusted[1], own.get(result.ew, Fraction(0)),
                          scored_top.get(result.ew, 0), averages)
        shares[(number, place)] = Scored(ns, ew)
    return shares


def _share(artificial: str, own_mp: Fraction, own_top: int, averages: str) -> Fraction:
    """The share of the top an artificial score gets (its pair's matchpoints on its scored
    boards are ``own_mp`` of ``own_top``; with none, A+ and A− are 60 % and 40 %)."""
    fixed = FIXED[artificial]
    if artificial == "A" or averages == "fixed" or own_top == 0:
        return fixed
    own = own_mp / own_top
    return max(fixed, own) if artificial == "A+" else min(fixed, own)
