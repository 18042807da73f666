"""Ranks with shared places, and numbers printed to two decimals.

Pairs are ranked on their exact values: equal pairs share a rank written ``"2="`` and the
next rank counts them (1, 2=, 2=, 4). Numbers print rounded half away from zero from the exact
value, to two decimals; a whole number of matchpoints or IMPs prints as a whole number (``1``,
``1.5``), a percentage always with its point (``75.0``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

Key = TypeVar("Key", bound=Hashable)


def hundredths(value: Fraction) -> int:
    """``value`` in hundredths, rounded half away from zero (in integers: it runs once for
    every number a large session prints)."""
    num, den = value.numerator, value.denominator
    whole = (200 * abs(num) + den) // (2 * den)  # floor(|value| × 100 + ½)
    return whole if num >= 0 else -whole


def two_decimals(value: Fraction) -> float:
    """``value`` rounded to two decimals (a float: 75.0, 33.33). Dividing the whole hundredths
    by 100 gives the double nearest the decimal, as parsing "33.33" does."""
    return hundredths(value) / 100


def points(value: Fraction) -> int | float:
    """Matchpoints or IMPs as printed: a whole number as one, else two decimals."""
    cents = hundredths(value)
    return cents // 100 if cents % 100 == 0 else cents / 100


def descending(values: Mapping[Key, Fraction], order: Sequence[Key],
               rough: Mapping[Key, float] | None = None) -> list[Key]:
    """``order``'s keys, highest value first; equal values keep ``order``'s order. Sorted on
    floats (``rough``: each value's, when known), then each run of equal floats again on the
    exact values: a float is the correctly rounded value, so unequal floats are in the exact
    order, and 2,000 pairs sort without 20,000 Fraction comparisons."""
    if rough is None:
        rough = {k: float(values[k]) for k in order}
    ranked = sorted(order, key=lambda k: -rough[k])
    i = 0
    while i < len(ranked):
        j = i + 1
        while j < len(ranked) and rough[ranked[j]] == rough[ranked[i]]:
            j += 1
        if j - i > 1:
            ranked[i:j] = sorted(ranked[i:j], key=lambda k: -values[k])
        i = j
    return ranked


def ranks(values: Mapping[Key, Fraction], order: Sequence[Key]) -> dict[Key, str]:
    """Each key's rank, highest value first; ``order`` lists the keys to rank."""
    return labels(values, descending(values, order))


def labels(values: Mapping[Key, Fraction], ranked: Sequence[Key]) -> dict[Key, str]:
    """Each key's rank, ``ranked`` highest value first."""
    out: dict[Key, str] = {}
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and values[ranked[j + 1]] == values[ranked[i]]:
            j += 1
        label = str(i + 1) + ("=" if j > i else "")
        for k in ranked[i:j + 1]:
            out[k] = label
        i = j + 1
    return out
