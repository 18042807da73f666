"""Each pair's total over a session, kept from one check to the next (issue 41).

A board gives each of its pairs a share: its matchpoints or IMPs there, a fraction. A pair's
total is the sum of its shares. When boards change, each of their pairs' totals moves by the
difference of its shares (at 1,000 tables a board's 2,000 pairs, not the session's 72,000
shares). Matchpoints' shares are unfactored, so a new most results on a board moves none: the
totals are worked out from the sums and counts (:func:`total`). Artificial adjusted
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
ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Standing:
    """Each pair's sum of shares (``sums``) and how many shares it has (``counts``), the
    boards' shares they were summed from (by board number), and each pair's total for
    ``most`` (:func:`total`)."""

    shares: Mapping[int, Mapping[str, Share]]
    sums: Mapping[str, Fraction]
    counts: Mapping[str, int]
    most: int | None
    totals: Mapping[str, Fraction]


def total(sum_: Fraction, count: int, most: int | None) -> Fraction:
    """A pair's total: its IMPs (``most`` None), or its matchpoints in a session whose most
    results on a board is ``most``: N × its shares − ½ a board
    (:class:`.matchpoints.BoardMatchpoints`), made as one Fraction."""
    if most is None:
        return sum_
    return Fraction(2 * most * sum_.numerator - count * sum_.denominator, 2 * sum_.denominator)


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


def standing(shares: Mapping[int, Mapping[str, Share]], before: Standing | None,
             most: int | None) -> Standing:
    """The pairs' sums from every board's shares (``before``'s moved by the boards whose
    shares are not the ones it summed, or all summed when there is no ``before``), and their
    totals for ``most``: worked out again for the pairs whose shares moved, or for all of
    them when ``most`` did."""
    if before is None:
        sums, counts = _summed(shares.values())
        return Standing(shares, sums, counts, most,
                        {p: total(s, counts[p], most) for p, s in sums.items()})
    sums, counts, moved = _moved(shares, before)
    if before.most == most:
        totals = dict(before.totals)
        totals.update((p, total(sums[p], counts[p], most)) for p in moved)
    else:
        totals = {p: total(s, counts[p], most) for p, s in sums.items()}
    return Standing(shares, sums, counts, most, totals)


def _moved(shares: Mapping[int, Mapping[str, Share]], before: Standing
           ) -> tuple[dict[str, Fraction], dict[str, int], set[str]]:
    """``before``'s sums and counts moved by the boards whose shares are not the ones it
    summed, and the pairs they moved."""
    sums, counts, moved = dict(before.sums), dict(before.counts), set()
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
            sums[pair] = sums.get(pair, ZERO) + Fraction(b[0] * a[1] - a[0] * b[1], a[1] * b[1])
            counts[pair] = counts.get(pair, 0) + (now is not None) - (was is not None)
            moved.add(pair)
    return sums, counts, moved


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
