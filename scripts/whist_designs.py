"""Search the two whist designs that engine/movements.py writes out (run once; kept as a
record of how they were found). ``python scripts/whist_designs.py 9`` or ``... 32``.

- Wh(9): there is no Z-cyclic Wh(9), so every round is searched: round r seats everyone but
  player r at two tables; a depth-first search keeps every pair's partnerships at most 1 and
  its oppositions at most 2 (9 rounds then make them exactly 1 and 2).
- Wh(32): a 1-rotational base over Z_31 plus a fixed point (INF): 8 tables; the partner
  pairs' differences cover each of the 15 classes +-d once, the opponent pairs' (those not
  with INF) each twice. Found by a seeded local search on the arrangement of the 32 points.
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


def wh32(seed: int = 1) -> list[tuple[int, ...]]:
    mod, inf = 31, -1
    rng = random.Random(seed)

    def classes(t: list[int]) -> tuple[list[int], list[int]]:
        part, opp = [], []
        for pairs, out in ((PARTNERS, part), (OPPONENTS, opp)):
            for i, j in pairs:
                if inf not in (t[i], t[j]):
                    d = (t[i] - t[j]) % mod
                    out.append(min(d, mod - d))
        return part, opp

    def badness(part: list[int], opp: list[int]) -> int:
        return sum(abs(part[d] - 1) + abs(opp[d] - 2) for d in range(1, 16))

    while True:
        points = [*range(mod), inf]
        rng.shuffle(points)
        part, opp = [0] * 16, [0] * 16
        for k in range(0, 32, 4):
            a, b = classes(points[k:k + 4])
            for d in a:
                part[d] += 1
            for d in b:
                opp[d] += 1
        current = badness(part, opp)
        temperature = 1.5
        for _step in range(400_000):
            if current == 0:
                return [tuple(points[k:k + 4]) for k in range(0, 32, 4)]
            i, j = rng.randrange(32), rng.randrange(32)
            ti, tj = i // 4, j // 4
            if ti == tj:
                continue
            old = [classes(points[t * 4:t * 4 + 4]) for t in (ti, tj)]
            points[i], points[j] = points[j], points[i]
            new = [classes(points[t * 4:t * 4 + 4]) for t in (ti, tj)]
            for (a, b), step in ((old[0], -1), (old[1], -1), (new[0], 1), (new[1], 1)):
                for d in a:
                    part[d] += step
                for d in b:
                    opp[d] += step
            after = badness(part, opp)
            if after <= current or rng.random() < 2.718 ** ((current - after) / temperature):
                current = after
            else:
                for (a, b), step in ((new[0], -1), (new[1], -1), (old[0], 1), (old[1], 1)):
                    for d in a:
                        part[d] += step
                    for d in b:
                        opp[d] += step
                points[i], points[j] = points[j], points[i]
            temperature = max(0.25, temperature * 0.99998)


if __name__ == "__main__":
    size = int(sys.argv[1])
    found = wh9() if size == 9 else wh32(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    sys.stdout.write(f"{found}\n")
