"""Matchpoints, exactly (``fractions.Fraction``), as spec/bridge.md and the WBF define them.

On a board, each NS score earns 1 for every other NS score it beats and ½ for each it ties; EW
get the top minus NS's. A board with fewer scored results than the most any board has (``N``:
results of every kind, so an adjusted score leaves its board short) is factored by Neuberg's
formula, (m + ½) × N / n − ½, so every board's top is N − 1. An artificial adjusted score gets
a percentage of that top: A 50 %; A+ the greater of 60 % and the pair's own percentage on its
scored boards, A− the lesser of 40 % and it (Law 12C2); with fixed averages 60, 50 and 40 %.

Speed (a 1,000-table event): a board's matchpoints are worked out once per distinct score, and
kept unfactored (:class:`BoardMatchpoints`): a pair's total is N × its sum of shares − ½ a
board, so a new most results moves no board's share (:mod:`.standing`).
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
    """One board's matchpoints before they are factored: NS's on each result as a numerator
    over ``den`` = 2n (n: the board's scored results), 2m + 1 for m matchpoints among the n
    (None for an artificial adjusted score: it needs its pairs' other boards); EW's is
    ``den`` minus it. In a session whose most results on a board is N, NS score
    N × numerator / den − ½: Neuberg's (m + ½) × N / n − ½, and m itself when n = N. So a
    board is worked out again only when its results change, never when N does."""

    den: int
    numerators: tuple[int | None, ...]

    def scored(self, most: int) -> tuple[Scored | None, ...]:
        """Each result's matchpoints factored to ``most`` results (the top ``most`` − 1)."""
        top = max(most - 1, 0)
        n = self.den // 2
        shown: dict[int, Scored] = {}
        for num in set(self.numerators) - {None}:
            assert num is not None
            ns = Fraction(most * num - n, self.den)
            shown[num] = Scored(ns, top - ns)
        return tuple(None if num is None else shown[num] for num in self.numerators)


def _by_score(scores: Sequence[int]) -> dict[int, int]:
    """NS's matchpoints for each distinct score, 2m + 1 (over 2n: see BoardMatchpoints)."""
    count = Counter(scores)
    below = 0
    odd: dict[int, int] = {}
    for score in sorted(count):
        # beats ``below`` scores and ties count - 1: m = below + (count - 1) / 2
        odd[score] = 2 * below + count[score]
        below += count[score]
    return odd


def board_matchpoints(scores: Sequence[int], most: int) -> list[Fraction]:
    """NS's matchpoints for each of a board's scores (NS's), factored to ``most`` results
    (Neuberg; no change when there are ``most`` scores)."""
    if not scores:
        return []
    odd, n = _by_score(scores), len(scores)
    return [Fraction(most * odd[s] - n, 2 * n) for s in scores]


def board_scores(results: Sequence[Result]) -> BoardMatchpoints:
    """One board's matchpoints (its results in the file's order), not yet factored."""
    scores = [r.score for r in results if r.score is not None]
    odd = _by_score(scores)
    return BoardMatchpoints(2 * len(scores), tuple(
        None if r.score is None else odd[r.score] for r in results))


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
