"""Each pair's total over a session, kept from one check to the next (issue 41).

A board gives each of its pairs a share: its matchpoints or IMPs there, a fraction. A pair's
total is the sum of its shares. When boards change, each of their pairs' totals moves by the
difference of its shares (at 1,000 tables a board's 2,000 pairs, not the session's 72,000
shares). Matchpoints' shares are unfactored, so a new most results on a board moves none: the
totals are worked out from the sums and counts (:meth:`Standing.totals`). Artificial adjusted
matchpoints are not shares: they come from their pairs' own totals (:mod:`.matchpoints`),
worked out each time.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .imps import BoardImps
from .matchpoints import BoardMatchpoints
from .reading import Result

Share = tuple[int, int]  # numerator, denominator
HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class Standing:
    """Each pair's sum of shares (``sums``) and how many shares it has (``counts``), and each
    board's shares they were summed from (by board number)."""

    shares: Mapping[int, Mapping[str, Share]]
    sums: Mapping[str, Fraction]
    counts: Mapping[str, int]

    def totals(self, most: int | None) -> dict[str, Fraction]:
        """Each pair's total: its IMPs (``most`` None), or its matchpoints in a session whose
        most results on a board is ``most``: N × its shares − ½ a board
        (:class:`.matchpoints.BoardMatchpoints`)."""
        if most is None:
            return dict(self.sums)
        return {p: most * s - self.counts[p] * HALF for p, s in self.sums.items()}


def board_shares(results: Sequence[Result], scores: BoardMatchpoints | BoardImps
                 ) -> dict[str, Share]:
    """Each pair's share of one board (a pair plays a board once). An artificial adjusted
    score is a share in IMPs (±3 or 0), not in matchpoints."""
    out: dict[str, Share] = {}
    den = scores.den
    if isinstance(scores, BoardImps):
        for result, value, num in zip(results, scores.imped, scores.numerators, strict=True):
            if num is None:
                out[result.ns] = (value.ns.numerator, value.ns.denominator)
                out[result.ew] = (value.ew.numerator, value.ew.denominator)
            else:
                out[result.ns], out[result.ew] = (num, den), (-num, den)
        return out
    for result, num in zip(results, scores.numerators, strict=True):
        if num is not None:
            out[result.ns], out[result.ew] = (num, den), (den - num, den)
    return out


def standing(shares: Mapping[int, Mapping[str, Share]], before: Standing | None) -> Standing:
    """The pairs' sums from every board's shares: ``before``'s moved by the boards whose
    shares are not the ones it summed, or all summed (no ``before``)."""
    if before is None:
        return Standing(shares, *_summed(shares.values()))
    sums, counts = dict(before.sums), dict(before.counts)
    none: Mapping[str, Share] = {}
    for number in shares.keys() | before.shares.keys():
        old, new = before.shares.get(number, none), shares.get(number, none)
        if old is new:
            continue
        for pair in old.keys() | new.keys():
            was, now = old.get(pair), new.get(pair)
            if was == now:
                continue
            a, b = was or (0, 1), now or (0, 1)
            moved = Fraction(b[0] * a[1] - a[0] * b[1], a[1] * b[1])
            sums[pair] = sums.get(pair, Fraction(0)) + moved
            counts[pair] = counts.get(pair, 0) + (now is not None) - (was is not None)
    return Standing(shares, sums, counts)


def _summed(boards: Iterable[Mapping[str, Share]]
            ) -> tuple[dict[str, Fraction], dict[str, int]]:
    """Each pair's sum of shares (as integer numerators over each denominator, made
    Fractions once) and their count."""
    sums: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    counts: dict[str, int] = defaultdict(int)
    for shares in boards:
        for pair, (num, den) in shares.items():
            sums[pair][den] += num
            counts[pair] += 1
    return ({pair: sum((Fraction(num, den) for den, num in by.items()), Fraction(0))
             for pair, by in sums.items()}, dict(counts))
