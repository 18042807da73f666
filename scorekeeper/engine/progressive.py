"""The progressive movement (pure): the first round is drawn; each later round follows the
results: winners move up a table and split, the head table's winners stay and its losers go to
the foot table."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .movements import MIN_PLAYERS, MovementError, Round, as_tables, seat_returning


def progressive_first(players: int, seed: int = 0) -> Round:
    """The first round of a progressive evening: a seeded draw; the extra players sit out."""
    if players < MIN_PLAYERS:
        raise MovementError("movement.too_few", minimum=MIN_PLAYERS)
    order = list(range(players))
    random.Random(seed).shuffle(order)
    extra = players % 4
    seated, sitting = order[:players - extra], order[players - extra:]
    return Round(as_tables([seated[k:k + 4] for k in range(0, len(seated), 4)]),
                 tuple(sorted(sitting)))


def progressive_next(previous: Round, winners: Sequence[str], sat: Sequence[int],
                     seed: int = 0) -> Round:
    """The next round of a progressive evening.

    :param winners: per table of ``previous``, ``"NS"`` or ``"EW"`` (a tie already settled).
    :param sat: how often each player has sat out so far (``previous`` included).

    Winners move up a table and losers stay; the head table's winners stay and its losers go
    to the foot table; at every table the two who stay split, each partnering one of the two
    who arrive. Then the players who sat out come back, taking the seats of those who sat out
    least (drawn by ``seed``).
    """
    if len(winners) != len(previous.tables):
        raise ValueError("one winner per table")
    won: list[tuple[int, int]] = []
    lost: list[tuple[int, int]] = []
    for table, side in zip(previous.tables, winners, strict=True):
        ns, ew = (table[0], table[2]), (table[1], table[3])
        won.append(ns if side == "NS" else ew)
        lost.append(ew if side == "NS" else ns)
    count = len(previous.tables)
    grid: list[list[int]] = []
    for i in range(count):
        if count == 1:
            stay, arrive = won[0], lost[0]
        elif i == 0:
            stay, arrive = won[0], won[1]
        else:
            stay, arrive = lost[i], won[i + 1] if i + 1 < count else lost[0]
        grid.append([stay[0], stay[1], arrive[0], arrive[1]])
    return seat_returning(grid, previous.sit_outs, sat, seed)
