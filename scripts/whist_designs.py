"""Search the two whist designs that engine/designs.py writes out (run once; kept as a
record of how they were found). ``python scripts/whist_designs.py 9`` or ``... 32``.

- Wh(9): there is no Z-cyclic Wh(9), so every round is searched: round r seats everyone but
  player r at two tables; a depth-first search keeps every pair's partnerships at most 1 and
  its oppositions at most 2 (9 rounds then make them exactly 1 and 2).
- Wh(32): a 1-rotational base over Z_31 plus a fixed point (INF): 8 tables; the partner
  pairs' differences cover each of the 15 classes +-d once, the opponent pairs' (those not
  with INF) each twice. Found by a random starter and a backtracking matching (see wh32).
"""

from __future__ import annotations

import random
import sys
from itertools import combinations, permutations

PARTNERS = ((0, 2), (1, 3))
OPPONENTS = ((0, 1), (0, 3), (2, 1), (2, 3))


def tables_of(players: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every split of 8 players into two seated tables (N, E, S, W), up to symmetries."""
    out = []
    first = players[0]
    for rest in combinations(players[1:], 3):
        one = (first, *rest)
        two = tuple(p for p in players if p not in one)
        for t1 in _seatings(one):
            for t2 in _seatings(two):
                out.append((t1, t2))
    return out


def _seatings(four: tuple[int, ...]) -> list[tuple[int, ...]]:
    a = four[0]
    return [(a, b, c, d) for b, c, d in permutations(four[1:]) if b < d]  # N fixed, E<W


def wh9() -> list[list[tuple[int, ...]]]:
    partner = [[0] * 9 for _ in range(9)]
    opposed = [[0] * 9 for _ in range(9)]
    options = [tables_of([p for p in range(9) if p != r]) for r in range(9)]
    rounds: list[list[tuple[int, ...]]] = []

    def fits(t: tuple[int, ...]) -> bool:
        return (all(partner[t[i]][t[j]] == 0 for i, j in PARTNERS)
                and all(opposed[t[i]][t[j]] < 2 for i, j in OPPONENTS))

    def mark(t: tuple[int, ...], step: int) -> None:
        for i, j in PARTNERS:
            partner[t[i]][t[j]] += step
            partner[t[j]][t[i]] += step
        for i, j in OPPONENTS:
            opposed[t[i]][t[j]] += step
            opposed[t[j]][t[i]] += step

    def go(r: int) -> bool:
        if r == 9:
            return True
        for t1, t2 in options[r]:
            if not fits(t1):
                continue
            mark(t1, 1)
            if fits(t2):
                mark(t2, 1)
                rounds.append([t1, t2])
                if go(r + 1):
                    return True
                rounds.pop()
                mark(t2, -1)
            mark(t1, -1)
        return False

    assert go(0)
    return rounds


MOD32, INF = 31, -1


def _cls(x: int) -> int:
    x %= MOD32
    return min(x, MOD32 - x)


def _starter(rng: random.Random) -> list[tuple[int, int]] | None:
    """INF with one point, the other 30 points in 15 pairs of 15 different difference
    classes (None if this draw gets stuck)."""
    points = list(range(MOD32))
    rng.shuffle(points)
    alone = points.pop()
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()

    def pick(left: list[int]) -> bool:
        if not left:
            return True
        a, others = left[0], left[1:]
        rng.shuffle(others)
        for b in others:
            if _cls(a - b) in used:
                continue
            used.add(_cls(a - b))
            pairs.append((a, b))
            if pick([y for y in left if y not in (a, b)]):
                return True
            used.discard(_cls(a - b))
            pairs.pop()
        return False

    return [(INF, alone), *pairs] if pick(points) else None


def _cross(one: tuple[int, int], two: tuple[int, int]) -> list[int]:
    return [_cls(a - b) for a in one for b in two if INF not in (a, b)]


def _match(pairs: list[tuple[int, int]]) -> list[tuple[int, ...]] | None:
    """The partnerships matched into 8 tables whose opponent pairs cover each class twice,
    by backtracking (None after 200,000 steps)."""
    count = [0] * 16
    tables: list[tuple[tuple[int, int], tuple[int, int]]] = []
    steps = [0]

    def go(left: list[tuple[int, int]]) -> bool:
        steps[0] += 1
        if not left:
            return True
        if steps[0] > 200_000:
            return False
        one = left[0]
        for two in left[1:]:
            found = _cross(one, two)
            for d in found:
                count[d] += 1
            if all(count[d] <= 2 for d in found):
                tables.append((one, two))
                if go([x for x in left if x not in (one, two)]):
                    return True
                tables.pop()
            for d in found:
                count[d] -= 1
        return False

    return [(one[0], two[0], one[1], two[1]) for one, two in tables] if go(pairs) else None


def wh32(seed: int = 1) -> list[tuple[int, ...]]:
    """A random starter, then a matching of its partnerships into tables; another starter
    while none is found."""
    rng = random.Random(seed)
    while True:
        pairs = _starter(rng)
        found = _match(pairs) if pairs else None
        if found:
            return found


if __name__ == "__main__":
    size = int(sys.argv[1])
    found = wh9() if size == 9 else wh32(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    sys.stdout.write(f"{found}\n")
