"""A duplicate session as it is being played, for the director's console and the wall screen:
the round being played and its clock, each table's boards in each round with its result's
state (entered, accepted, disputed, late), where everyone goes next, and whether the session
is over. Everything is worked out from the stored session and its movement; nothing here
knows a game's scoring (the game's check answer is read, never made).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine import pair_movements as pm
from ..engine import pair_moves
from ..store import session_tables as table_store
from ..store import sessions as session_store
from . import session_start, session_tables
from .session_tables import RoundStatus
from .sessions import LoadedSession

# What clubs allow a board (7 to 7½ minutes, changing included): a round's length is this
# times its boards, unless the director sets another.
BOARD_MINUTES = 7
MAX_BOARD_MINUTES = 30

# A table's or board's state on the console, worst first: a table's cell shows its worst.
DISPUTED, LATE, ENTERED, ACCEPTED, PLAYING, WAITING = (
    "disputed", "late", "entered", "accepted", "playing", "waiting")
WORST_FIRST = (DISPUTED, LATE, PLAYING, ENTERED, ACCEPTED, WAITING)


@dataclass(frozen=True, slots=True)
class RoundNow:
    """The round being played: its number (None: none yet, or no movement), when it started
    and when its time is up (ISO, UTC; None: not timed), and whether the session is over
    (ended by the director, or every board of the movement in)."""

    number: int | None
    rounds: int
    started: str | None
    ends: str | None
    over: bool
    ended: bool  # the director ended it (over, whatever is missing)


@dataclass(frozen=True, slots=True)
class BoardCell:
    """One board of a table's round: its state and its result so far (None: not entered)."""

    board: int
    state: str
    result: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class TableRound:
    """A table in a round: its pairs, its boards and the state its cell shows."""

    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[BoardCell, ...]
    state: str


@dataclass(frozen=True, slots=True)
class NextRound:
    """Where everyone goes when round ``number`` − 1 ends: each table's pairs and boards
    (``engine/pair_moves``), and the pair sitting out now, where it plays next."""

    number: int
    tables: tuple[pair_moves.TableMoves, ...]
    joining: tuple[pair_moves.PairMove, ...]


def movement_of(loaded: LoadedSession) -> pm.PairMovement | None:
    try:
        return session_start.movement_of(loaded.stored.plan or {"kind": "none"})
    except pm.PairMovementError:
        return None


def board_minutes(loaded: LoadedSession) -> int:
    """The minutes the director allows a board (default ``BOARD_MINUTES``)."""
    value = (loaded.stored.plan or {}).get("board_minutes")
    return value if isinstance(value, int) and 1 <= value <= MAX_BOARD_MINUTES \
        else BOARD_MINUTES


def _results(loaded: LoadedSession) -> dict[tuple[int, str], dict[str, Any]]:
    """Each result so far by (board, NS pair): the check answer's (scored) when the session
    scores, else the stored one."""
    scored = {(int(b["board"]), r["ns"]): r | {"board": b["board"]}
              for b in loaded.answer.get("boards", []) for r in b.get("results", [])
              } if loaded.answer.get("ok") else {}
    return scored or {(int(r["board"]), r["ns"]): r for r in loaded.stored.results}


class _Unsettled(Mapping[tuple[int, str], str]):
    """The state of each result not accepted yet (entered, disputed) by (board, NS pair),
    read on first use: a result without one is accepted (``_state``), and a wall of 1,000
    tables needs none until as many results are in as the movement has boards."""

    def __init__(self, db: Database, session_id: str) -> None:
        self._db, self._id = db, session_id
        self._kept: dict[tuple[int, str], str] | None = None

    def _read(self) -> dict[tuple[int, str], str]:
        if self._kept is None:
            self._kept = {k: v.state for k, v in table_store.get_states(
                self._db, self._id, besides=ACCEPTED).items()}
        return self._kept

    def __getitem__(self, key: tuple[int, str]) -> str:
        return self._read()[key]

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())


@dataclass(frozen=True, slots=True)
class Play:
    """The session at play (``service.session_tables``): the round under way, since when,
    whether the director ended it, and each table-entered result's state but accepted."""

    round: int
    started: str
    ended: bool
    states: Mapping[tuple[int, str], str]


def play(db: Database, session_id: str) -> Play:
    kept = session_tables.round_state(db, session_id)
    states = _Unsettled(db, session_id)
    if kept is None:
        return Play(1, "", False, states)
    return Play(kept.round, kept.started, kept.ended is not None, states)


def _state(at: Play, board: int, ns: str) -> str:
    """A result's state: a table's (entered, accepted, disputed); the director's own result
    needs no acceptance."""
    return at.states.get((board, ns), ACCEPTED)


def round_now(loaded: LoadedSession, at: Play) -> RoundNow:
    """The round under way (the director's "Next round") and when its time is up (a board's
    minutes times its boards, from its start); over once the director ended the session or
    every board of the movement is in and accepted."""
    movement = movement_of(loaded)
    if movement is None:
        return RoundNow(None, 0, None, None, at.ended, at.ended)
    places = sum(len(t.boards) for r in movement.rounds for t in r.tables)  # 0.2 ms at 1,000
    all_in = len(loaded.stored.results) >= places and _all_in(loaded, movement, at)
    ends = None
    if at.started:
        begun = datetime.fromisoformat(at.started.replace("Z", "+00:00"))
        ends = _stamp(begun + timedelta(minutes=board_minutes(loaded) * movement.per_round))
    number = min(max(at.round, 1), len(movement.rounds))
    return RoundNow(number, len(movement.rounds), at.started or None, ends,
                    at.ended or all_in, at.ended)


def _all_in(loaded: LoadedSession, movement: pm.PairMovement, at: Play) -> bool:
    """Every board of the movement entered and accepted (asked only once there are as many
    results as the movement's boards)."""
    entered = _results(loaded)
    return all((b, t.ns) in entered and _state(at, b, t.ns) == ACCEPTED
               for r in movement.rounds for t in r.tables for b in t.boards)


def _late(now: RoundNow, number: int, at: datetime) -> bool:
    """Whether round ``number``'s boards not entered are late: an earlier round, or this
    round with its time up."""
    if now.number is None:
        return False
    if number < now.number:
        return True
    return number == now.number and now.ends is not None and \
        at >= datetime.fromisoformat(now.ends.replace("Z", "+00:00"))


def _worst(states: list[str]) -> str:
    return next((s for s in WORST_FIRST if s in states), WAITING)


def grid(loaded: LoadedSession, kept: Play, at: datetime) -> list[list[TableRound]]:
    """The console's grid at ``at``: a row per table, a cell per round (a table empty in a
    round is left out of its row)."""
    movement = movement_of(loaded)
    if movement is None:
        return []
    now = round_now(loaded, kept)
    entered = _results(loaded)
    rows: dict[int, list[TableRound]] = {}
    for rnd in movement.rounds:
        for t in rnd.tables:
            cells = []
            for board in t.boards:
                got = entered.get((board, t.ns))
                if got is not None:
                    state = _state(kept, board, t.ns)
                    cells.append(BoardCell(board, state, got))
                elif _late(now, rnd.number, at):
                    cells.append(BoardCell(board, LATE, None))
                elif now.number == rnd.number and not now.over:
                    cells.append(BoardCell(board, PLAYING, None))
                else:
                    cells.append(BoardCell(board, WAITING, None))
            rows.setdefault(t.table, []).append(TableRound(
                rnd.number, t.table, t.ns, t.ew, tuple(cells),
                _worst([c.state for c in cells])))
    return [rows[n] for n in sorted(rows)]


def next_round(loaded: LoadedSession, number: int) -> NextRound | None:
    """Where everyone goes from round ``number`` to the next (None after the last)."""
    movement = movement_of(loaded)
    if movement is None or not 1 <= number < len(movement.rounds):
        return None
    out = movement.rounds[number - 1].sits_out
    joining: tuple[pair_moves.PairMove, ...] = ()
    if out is not None:
        seat = next((t for t in movement.rounds[number].tables if out in (t.ns, t.ew)), None)
        joining = (pair_moves.PairMove(out, seat.table if seat else None,
                                       ("NS" if seat.ns == out else "EW") if seat else None,
                                       False),)
    return NextRound(number + 1, pair_moves.moves(movement, number), joining)


def board_span(boards: tuple[int, ...]) -> str:
    """Boards as a club says them: "7–9" for a run, else "1, 4"."""
    if len(boards) > 1 and list(boards) == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def _stamp(at: datetime) -> str:
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def change_round(db: Database, session_id: str, action: str,
                 minutes: int | None = None) -> str:
    """The director's round controls: ``next`` (the next round starts now), ``end`` (the
    session is over, whatever is missing), ``reopen`` (an ended session goes on), ``minutes``
    (a board's minutes). The answer is a code the web layer words: ``round``, ``ended``,
    ``reopened``, ``minutes``, ``last`` (no round after the last), ``no_movement``,
    ``is_ended`` (no next round once ended), ``bad_minutes``, ``not_found``."""
    if action == "minutes":
        if minutes is None or not 1 <= minutes <= MAX_BOARD_MINUTES:
            return "bad_minutes"
        with store.transaction(db):
            stored = session_store.get_head(db, session_id)
            if stored is None:
                return "not_found"
            session_store.put_plan(db, session_id, {**(stored.plan or {"kind": "none"}),
                                                    "board_minutes": minutes})
            table_store.bump_tables(db, session_id)
        return "minutes"
    if action in ("end", "reopen"):
        done = session_tables.end_session(db, session_id, action == "end")
        return "not_found" if done is RoundStatus.NOT_FOUND else (
            "ended" if action == "end" else "reopened")
    stored = session_store.get_head(db, session_id)
    if stored is None:
        return "not_found"
    if session_tables.movement(stored) is None:
        return "no_movement"
    done = session_tables.next_round(db, session_id)
    return {RoundStatus.CHANGED: "round", RoundStatus.LAST: "last",
            RoundStatus.ENDED: "is_ended"}.get(done, "not_found")
