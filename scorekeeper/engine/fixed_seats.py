"""The fixed-seats movement (pure), the prime or "rainbow" movement: North stays, South moves
one table down, East one up, West two up; only for a multiple of 4 players."""

from __future__ import annotations

from .movements import MIN_PLAYERS, MovementError, Round, Schedule, as_tables, quality

FIXED_MOVES = (0, 1, -1, 2)  # tables moved per round by the players of N, E, S, W


def fixed_schedule(players: int, rounds: int) -> Schedule:
    """The prime/rainbow movement: the player who starts at seat ``s`` of table ``t`` is at
    table ``t + r * move[s]`` (mod the tables) in round ``r``, in the same seat."""
    if players < MIN_PLAYERS or players % 4:
        raise MovementError("movement.fixed_needs_fours")
    tables = players // 4
    if rounds > tables:
        raise MovementError("movement.fixed_too_many_rounds", tables=tables)
    start = [[t * 4 + s for s in range(4)] for t in range(tables)]
    out: list[Round] = []
    for r in range(rounds):
        grid = [[0, 0, 0, 0] for _ in range(tables)]
        for t in range(tables):
            for s in range(4):
                grid[(t + r * FIXED_MOVES[s]) % tables][s] = start[t][s]
        out.append(Round(as_tables(grid)))
    found = tuple(out)
    return Schedule(players, found, "fixed", quality(players, found))
