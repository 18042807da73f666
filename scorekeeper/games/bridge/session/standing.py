"""Each pair's total over a session, kept from one check to the next (issue 41).

A board gives each of its pairs a share: its matchpoints or IMPs there, a fraction. A pair's
total is the sum of its shares. When boards change, each of their pairs' totals moves by the
difference of its shares (at 1,000 tables a board's 2,000 pairs, not the session's 72,000
shares), unless every board's shares changed (matchpoints' most results moved: every board is
factored to it): then they are summed again. Artificial adjusted matchpoints are not shares:
they come from their pairs' own totals (:mod:`.matchpoints`), worked out each time.
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


@dataclass(frozen=True, slots=True)
class Standing:
    """Each pair's sum of shares (``totals``), and each board's shares it was summed from
    (by board number), factored to ``most`` results."""

    most: int
    shares: Mapping[int, Mapping[str, Share]]
    totals: Mapping[str, Fraction]


def board_shares(results: Sequence[Result], scores: BoardMatchpoints | BoardImps,
                 top: int) -> dict[str, Share]:
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
            out[result.ns], out[result.ew] = (num, den), (top * den - num, den)
    return out


def standing(most: int, shares: Mapping[int, Mapping[str, Share]],
             before: Standing | None) -> Standing:
    """The pairs' totals from every board's shares: ``before``'s moved by the boards whose
    shares are not the ones it summed, or all summed again (no ``before``, or another
    ``most``)."""
    if before is None or before.most != most:
        return Standing(most, shares, _summed(shares.values()))
    totals = dict(before.totals)
    none: Mapping[str, Share] = {}
    for number in shares.keys() | before.shares.keys():
        old, new = before.shares.get(number, none), shares.get(number, none)
        if old is new:
            continue
        for pair in old.keys() | new.keys():
            was, now = old.get(pair, (0, 1)), new.get(pair, (0, 1))
            if was != now:
                moved = Fraction(now[0] * was[1] - was[0] * now[1], was[1] * now[1])
                totals[pair] = totals.get(pair, Fraction(0)) + moved
    return Standing(most, shares, totals)


def _summed(boards: Iterable[Mapping[str, Share]]) -> dict[str, Fraction]:
    """Each pair's sum of shares (as integer numerators over each denominator, made
    Fractions once)."""
    sums: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for shares in boards:
        for pair, (num, den) in shares.items():
            sums[pair][den] += num
    return {pair: sum((Fraction(num, den) for den, num in by.items()), Fraction(0))
            for pair, by in sums.items()}
