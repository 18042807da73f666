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


def board_imps(scores: Sequence[int]) -> list[Fraction]:
    """NS's cross-IMPs for each of a board's scores (NS's); 0 for a board played once."""
    if len(scores) < 2:
        return [Fraction(0)] * len(scores)
    count = Counter(scores)
    comparisons = len(scores) - 1
    # a score compared with itself is 0 IMPs, so summing over every score needs no exception
    total = {s: sum(imps(s - other) * n for other, n in count.items()) for s in count}
    return [Fraction(total[s], comparisons) for s in scores]


def session_imps(results: Iterable[Result]) -> CrossImps:
    """Every result's IMPs and each pair's total."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_board[result.board].append(result)
    out: dict[int, Imped] = {}
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for board_results in by_board.values():
        played = [r for r in board_results if r.score is not None]
        won = board_imps([r.score for r in played if r.score is not None])
        for result, ns in zip(played, won, strict=True):
            out[result.place] = Imped(ns, -ns)
        for result in board_results:
            if result.adjusted is not None:
                out[result.place] = Imped(ARTIFICIAL[result.adjusted[0]],
                                          ARTIFICIAL[result.adjusted[1]])
            totals[result.ns] += out[result.place].ns
            totals[result.ew] += out[result.place].ew
    return CrossImps(out, dict(totals))
