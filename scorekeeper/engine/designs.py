"""Whist tournament designs Wh(v) as data (pure): the rounds in which every pair of players
partners once and opposes twice, for the counts that have one here. "Whist design" is the
combinatorial name (Wh(v)); a design seats any partnership game's club night.

Found by ``scripts/whist_designs.py``; checked by ``tests/engine/test_movements.py``.
"""

from __future__ import annotations

Table = tuple[int, int, int, int]  # four players by seat, (N, E, S, W)
INF = -1  # the fixed point of a 1-rotational design

# Base rounds of Z-cyclic whist designs, found by search and verified by the tests.
# v = 4n: points INF and Z_{v-1}; round r adds r mod v-1 to every point but INF (player v-1).
# v = 4n+1: points Z_v; round r adds r mod v; point 0 (player r) sits out.
WHIST_DESIGN_BASES: dict[int, tuple[Table, ...]] = {
    8: ((3, 0, INF, 1), (4, 2, 6, 5)),
    12: ((0, 8, 9, 4), (3, 1, 2, 6), (7, INF, 10, 5)),
    13: ((5, 8, 1, 10), (7, 9, 12, 6), (4, 3, 11, 2)),
    16: ((5, 12, INF, 3), (0, 1, 2, 11), (13, 9, 6, 8), (4, 10, 7, 14)),
    17: ((8, 2, 9, 4), (7, 14, 11, 5), (13, 12, 10, 1), (16, 3, 6, 15)),
    20: ((11, 2, 18, 17), (10, 5, 15, 13), (9, 4, 8, 1), (INF, 6, 7, 0), (14, 12, 16, 3)),
    21: ((14, 15, 5, 8), (20, 3, 7, 19), (13, 18, 16, 1), (9, 2, 10, 12), (17, 6, 11, 4)),
    24: ((9, 21, 2, 22), (10, 18, 7, 5), (8, 17, 16, 0), (1, 14, 20, 19), (6, 3, INF, 12),
         (13, 4, 11, 15)),
    # scripts/whist_designs.py 32 1: a starter, then its partnerships matched into tables
    32: ((INF, 26, 4, 5), (28, 9, 10, 13), (17, 23, 25, 3), (11, 30, 14, 21), (1, 19, 16, 24),
         (7, 12, 8, 18), (29, 15, 22, 27), (0, 20, 2, 6)),
}
# Designs with no cyclic base (there is no Z-cyclic Wh(9)): every round written out, found by
# the backtracking search in scripts/whist_designs.py (round r: player r sits out).
WHIST_DESIGN_ROUNDS: dict[int, tuple[tuple[Table, ...], ...]] = {
    9: (((1, 2, 3, 4), (5, 6, 7, 8)), ((0, 2, 5, 6), (3, 4, 7, 8)),
        ((0, 7, 1, 8), (3, 5, 4, 6)), ((0, 5, 4, 8), (1, 6, 2, 7)),
        ((0, 3, 7, 6), (1, 2, 8, 5)), ((0, 4, 2, 7), (1, 3, 6, 8)),
        ((0, 2, 8, 3), (1, 4, 7, 5)), ((0, 1, 3, 5), (2, 4, 8, 6)),
        ((0, 1, 6, 4), (2, 3, 7, 5))),
}
