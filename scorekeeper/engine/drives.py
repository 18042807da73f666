"""Whist drives (pure): the "updown" movement, one side of each table moving up and the other
down (research: shared/research/club-nights.md, section 3, the semi-partner drive).

Seats have a direction: North and East are the **up** seats (the research's "ladies"), South
and West the **down** seats (its "gents"), so each partnership (N-S, E-W) is one up player and
one down player. After a round the winners stay in their seats and the losing pair splits: its
up player moves to the next table (table + 1; the last table's goes to table 1), its down
player to the table before (table - 1; table 1's goes to the last). Every table so receives
one up player and one down player, who partner each other in the losers' seats (the up player
in the up seat). A tie is settled first (an extra, unscored deal), as in the progressive
movement. Players sitting out come back into the seats of those who sat out least.
"""

from __future__ import annotations

from collections.abc import Sequence

from .movements import Round, seat_returning

UPDOWN = "updown"
RESULT_MOVEMENTS = ("progressive", UPDOWN)  # each round's seating follows the results
# A table is (N, E, S, W): the up seats are indexes 0 and 1, the down seats 2 and 3. The
# losing side's (up seat, down seat): N-S lost -> N up, S down; E-W lost -> E up, W down.
LOSERS = {"NS": (0, 2), "EW": (1, 3)}


def updown_next(previous: Round, winners: Sequence[str], sat: Sequence[int],
                seed: int = 0) -> Round:
    """The next round of the updown movement.

    :param winners: per table of ``previous``, ``"NS"`` or ``"EW"`` (a tie already settled).
    :param sat: how often each player has sat out so far (``previous`` included).
    """
    if len(winners) != len(previous.tables):
        raise ValueError("one winner per table")
    count = len(previous.tables)
    losers = [LOSERS["EW" if side == "NS" else "NS"] for side in winners]
    grid = [list(t) for t in previous.tables]
    for j in range(count):
        up_seat, down_seat = losers[j]
        came_up = previous.tables[(j - 1) % count][losers[(j - 1) % count][0]]
        came_down = previous.tables[(j + 1) % count][losers[(j + 1) % count][1]]
        grid[j][up_seat], grid[j][down_seat] = came_up, came_down
    return seat_returning(grid, previous.sit_outs, sat, seed)
