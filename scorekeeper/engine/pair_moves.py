"""Where everyone goes at a round's end (pure): from a movement's round to the next, each
pair's new table and direction, and each table's boards' next table ("EW pair E2 to table 3;
boards 7–9 to table 1"), as a table's phone and the wall screen say it."""

from __future__ import annotations

from dataclasses import dataclass

from .pair_movements import PairMovement


@dataclass(frozen=True, slots=True)
class PairMove:
    """A pair of the table going to ``table`` as ``direction`` ("NS" or "EW"); table None:
    it sits out next round."""

    pair: str
    table: int | None
    direction: str | None
    stays: bool


@dataclass(frozen=True, slots=True)
class BoardsMove:
    """The table's boards going to ``table``; None: to the relay stand (``relay``), or not in
    play next round (a Howell's boards wait for a later round)."""

    boards: tuple[int, ...]
    table: int | None
    relay: bool = False


@dataclass(frozen=True, slots=True)
class TableMoves:
    """What a table's phone says at the round's end."""

    table: int
    pairs: tuple[PairMove, ...]
    boards: BoardsMove


def moves(movement: PairMovement, round_no: int, only: int | None = None
          ) -> tuple[TableMoves, ...]:
    """Each table's moves from round ``round_no`` to the next (none after the last round);
    ``only``: that table's alone (a table's phone, at 1,000 tables). A table's boards go to
    the first table of its section that plays any of them next."""
    if not 1 <= round_no < len(movement.rounds):
        return ()
    now = movement.rounds[round_no - 1]
    size = max(1, movement.tables // movement.sections)
    seats, playing = _next_seats(movement, round_no)
    out = []
    for s in now.tables if only is None else [t for t in now.tables if t.table == only]:
        pairs = []
        for pair, direction in ((s.ns, "NS"), (s.ew, "EW")):
            table, way = seats.get(pair, (None, None))
            pairs.append(PairMove(pair, table, way, table == s.table and way == direction))
        section = (s.table - 1) // size
        going = min((playing[(section, b)] for b in s.boards if (section, b) in playing),
                    default=None)
        relay = going is None and bool(set(movement.rounds[round_no].relay) & set(s.boards))
        out.append(TableMoves(s.table, tuple(pairs), BoardsMove(s.boards, going, relay)))
    return tuple(out)


# A round's next seats, by movement (its identity: movements are made once a process) and
# round: a 1,000-table session's every table page asks for them (1.3 ms each).
_SEATS: dict[tuple[int, int], tuple[PairMovement, dict[str, tuple[int, str]],
                                    dict[tuple[int, int], int]]] = {}


def _next_seats(movement: PairMovement, round_no: int
                ) -> tuple[dict[str, tuple[int, str]], dict[tuple[int, int], int]]:
    """Where each pair sits in round ``round_no + 1``, and the first table of each section
    playing each board then."""
    kept = _SEATS.get((id(movement), round_no))
    if kept is not None and kept[0] is movement:
        return kept[1], kept[2]
    size = max(1, movement.tables // movement.sections)
    seats: dict[str, tuple[int, str]] = {}
    playing: dict[tuple[int, int], int] = {}  # (section, board) -> the first table playing it
    for t in movement.rounds[round_no].tables:
        seats[t.ns], seats[t.ew] = (t.table, "NS"), (t.table, "EW")
        for board in t.boards:
            playing.setdefault(((t.table - 1) // size, board), t.table)
    if len(_SEATS) >= 64:
        _SEATS.clear()
    _SEATS[(id(movement), round_no)] = (movement, seats, playing)
    return seats, playing
