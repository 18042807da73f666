"""Cross-IMPs, exactly: on a board each NS score is compared with every other NS score, each
difference turned into IMPs by the standard scale, the sum divided by the number of
comparisons; EW get the negative. An artificial adjusted score is +3, 0 or −3 IMPs to its side.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
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


@dataclass(frozen=True, slots=True)
class CrossImps:
    """Every result's IMPs (by its place in the file) and each pair's total."""

    results: Mapping[int, Imped]
    pair_imps: Mapping[str, Fraction]


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


def session_imps(results: Iterable[Result]) -> CrossImps:
    """Every result's IMPs and each pair's total (summed as integers over each board's number
    of comparisons, made Fractions once)."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_board[result.board].append(result)
    out: dict[int, Imped] = {}
    sums: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))  # pair -> den -> num
    artificial: dict[str, Fraction] = defaultdict(Fraction)
    for board_results in by_board.values():
        scores = [r.score for r in board_results if r.score is not None]
        den = max(len(scores) - 1, 1)
        total = _totals(scores)
        shown = {s: Imped(Fraction(t, den), Fraction(-t, den)) for s, t in total.items()}
        for result in board_results:
            if result.adjusted is not None:
                out[result.place] = Imped(ARTIFICIAL[result.adjusted[0]],
                                          ARTIFICIAL[result.adjusted[1]])
                artificial[result.ns] += out[result.place].ns
                artificial[result.ew] += out[result.place].ew
            elif result.score is not None:
                out[result.place] = shown[result.score]
                sums[result.ns][den] += total[result.score]
                sums[result.ew][den] -= total[result.score]
    totals = {pair: artificial[pair] + sum((Fraction(num, den) for den, num in by.items()),
                                           Fraction(0))
              for pair in {*sums, *artificial} for by in (sums.get(pair, {}),)}
    return CrossImps(out, totals)
