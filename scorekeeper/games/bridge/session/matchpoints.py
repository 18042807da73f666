"""Matchpoints, exactly (``fractions.Fraction``), as spec/bridge.md and the WBF define them.

On a board, each NS score earns 1 for every other NS score it beats and ½ for each it ties; EW
get the top minus NS's. A board with fewer scored results than the most any board has (``N``:
results of every kind, so an adjusted score leaves its board short) is factored by Neuberg's
formula, (m + ½) × N / n − ½, so every board's top is N − 1. An artificial adjusted score gets
a percentage of that top: A 50 %; A+ the greater of 60 % and the pair's own percentage on its
scored boards, A− the lesser of 40 % and it (Law 12C2); with fixed averages 60, 50 and 40 %.
"""

from __future__ import annotations

from collections import Counter, defaultdict
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
class Matchpoints:
    """A whole session's matchpoints: each result's (by its place in the file), each board's
    top (the same on every board: N − 1) and each pair's total over the tops of its boards."""

    results: Mapping[int, Scored]
    top: int
    pair_mp: Mapping[str, Fraction]
    pair_top: Mapping[str, int]


def board_matchpoints(scores: Sequence[int], most: int) -> list[Fraction]:
    """NS's matchpoints for each of a board's scores (NS's), factored to ``most`` results
    (Neuberg; no change when there are ``most`` scores)."""
    n = len(scores)
    if n == 0:
        return []
    count = Counter(scores)
    below = 0
    halves: dict[int, int] = {}  # score -> 2 × matchpoints
    for score in sorted(count):
        halves[score] = 2 * below + count[score] - 1
        below += count[score]
    if n == most:
        return [Fraction(halves[s], 2) for s in scores]
    return [Fraction(halves[s] + 1, 2) * most / n - HALF for s in scores]


def session_matchpoints(results: Iterable[Result], averages: str) -> Matchpoints:
    """Every result's matchpoints, and each pair's total and top."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_board[result.board].append(result)
    most = max((len(rs) for rs in by_board.values()), default=0)
    top = max(most - 1, 0)
    scored: dict[int, Scored] = {}
    pair_mp: dict[str, Fraction] = defaultdict(Fraction)
    pair_top: dict[str, int] = defaultdict(int)
    for board_results in by_board.values():
        played = [r for r in board_results if r.score is not None]
        mps = board_matchpoints([r.score for r in played if r.score is not None], most)
        for result, mp in zip(played, mps, strict=True):
            scored[result.place] = Scored(mp, top - mp)
            pair_mp[result.ns] += mp
            pair_mp[result.ew] += top - mp
        for result in board_results:
            pair_top[result.ns] += top
            pair_top[result.ew] += top
    scored_top = _scored_tops(by_board.values(), top)
    for board_results in by_board.values():
        for result in board_results:
            if result.adjusted is None:
                continue
            ns = top * _share(result.adjusted[0], pair_mp[result.ns], scored_top[result.ns],
                              averages)
            ew = top * _share(result.adjusted[1], pair_mp[result.ew], scored_top[result.ew],
                              averages)
            scored[result.place] = Scored(ns, ew)
    for result in (r for rs in by_board.values() for r in rs if r.adjusted is not None):
        pair_mp[result.ns] += scored[result.place].ns
        pair_mp[result.ew] += scored[result.place].ew
    return Matchpoints(scored, top, dict(pair_mp), dict(pair_top))


def _scored_tops(boards: Iterable[list[Result]], top: int) -> dict[str, int]:
    """Each pair's tops on its scored boards (those without an adjusted score)."""
    tops: dict[str, int] = defaultdict(int)
    for board_results in boards:
        for result in board_results:
            if result.adjusted is None:
                tops[result.ns] += top
                tops[result.ew] += top
    return tops


def _share(artificial: str, own_mp: Fraction, own_top: int, averages: str) -> Fraction:
    """The share of the top an artificial score gets (its pair's matchpoints on its scored
    boards are ``own_mp`` of ``own_top``; with none, A+ and A− are 60 % and 40 %)."""
    fixed = FIXED[artificial]
    if artificial == "A" or averages == "fixed" or own_top == 0:
        return fixed
    own = own_mp / own_top
    return max(fixed, own) if artificial == "A+" else min(fixed, own)
