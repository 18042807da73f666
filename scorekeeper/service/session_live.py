"""A duplicate session as it is being played, for the director's console and the wall screen:
the round being played and its clock, each table's boards in each round with its result's
state (entered, accepted, disputed, late), where everyone goes next, and whether the session
is over. Everything is worked out from the stored session and its movement; nothing here
knows a game's scoring (the game's check answer is read, never made).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine import pair_movements as pm
from ..store import sessions as session_store
from . import session_start
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
    """One board of a table's round: its state and its result so far (None: not entered);
    ``played_by``: the EW pair that did play it when not the movement's."""

    board: int
    state: str
    result: dict[str, Any] | None
    played_by: str | None = None


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
class Move:
    """Where a table's pairs and boards go for the next round."""

    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    ew_from: int | None  # the table the EW pair comes from (None: it sat out, or new)
    boards_from: int | None  # the table the boards come from (None: new boards)


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


def _states(loaded: LoadedSession) -> dict[tuple[int, str], str]:
    """Each entered result's state by (board, NS pair): accepted, disputed or entered
    (kept with the result's row; a result the director enters needs no acceptance)."""
    kept = (loaded.stored.plan or {}).get("states") or {}
    return {(int(r["board"]), r["ns"]): kept.get(f"{r['board']}:{r['ns']}", ACCEPTED)
            for r in loaded.stored.results}


def round_now(loaded: LoadedSession, at: datetime) -> RoundNow:
    """The round being played at ``at``: the one the director started (the session's round
    state), else the first with a board not entered."""
    movement = movement_of(loaded)
    plan = loaded.stored.plan or {}
    ended = bool(plan.get("ended"))
    if movement is None:
        return RoundNow(None, 0, None, None, ended, ended)
    entered = _results(loaded)
    missing = [r.number for r in movement.rounds for t in r.tables for b in t.boards
               if (b, t.ns) not in entered]
    states = _states(loaded)
    all_in = not missing and all(states.get((b, t.ns)) == ACCEPTED for r in movement.rounds
                                 for t in r.tables for b in t.boards)
    number = plan.get("round") if isinstance(plan.get("round"), int) else (
        min(missing) if missing else len(movement.rounds))
    started = plan.get("round_started") if isinstance(plan.get("round_started"), str) \
        else None
    ends = None
    if started is not None:
        begun = datetime.fromisoformat(started.replace("Z", "+00:00"))
        ends = (begun + timedelta(minutes=board_minutes(loaded) * movement.per_round)
                ).strftime("%Y-%m-%dT%H:%M:%SZ")
    return RoundNow(number, len(movement.rounds), started, ends, ended or all_in, ended)


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


def grid(loaded: LoadedSession, at: datetime) -> list[list[TableRound]]:
    """The console's grid: a row per table, a cell per round (a table empty in a round is
    left out of its row)."""
    movement = movement_of(loaded)
    if movement is None:
        return []
    now = round_now(loaded, at)
    entered, states = _results(loaded), _states(loaded)
    rows: dict[int, list[TableRound]] = {}
    for rnd in movement.rounds:
        for t in rnd.tables:
            cells = []
            for board in t.boards:
                got = entered.get((board, t.ns))
                if got is not None:
                    state = states.get((board, t.ns), ACCEPTED)
                    other = got.get("ew") if got.get("ew") != t.ew else None
                    cells.append(BoardCell(board, state, got, other))
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


def moves(loaded: LoadedSession, number: int) -> list[Move]:
    """Where everyone sits in round ``number`` and where they come from (round ``number`` −
    1): empty when there is no such round."""
    movement = movement_of(loaded)
    if movement is None or not 1 <= number <= len(movement.rounds):
        return []
    before = movement.rounds[number - 2] if number > 1 else None
    out = []
    for t in movement.rounds[number - 1].tables:
        ew_from = boards_from = None
        if before is not None:
            ew_from = next((s.table for s in before.tables if t.ew in (s.ns, s.ew)), None)
            boards_from = next((s.table for s in before.tables
                                if set(s.boards) == set(t.boards)), None)
        out.append(Move(t.table, t.ns, t.ew, t.boards, ew_from, boards_from))
    return out


def sits_out(loaded: LoadedSession, number: int) -> str | None:
    movement = movement_of(loaded)
    if movement is None or not 1 <= number <= len(movement.rounds):
        return None
    return movement.rounds[number - 1].sits_out


def board_span(boards: tuple[int, ...]) -> str:
    """Boards as a club says them: "7–9" for a run, else "1, 4"."""
    if len(boards) > 1 and list(boards) == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def _stamp(at: datetime) -> str:
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def change_round(db: Database, session_id: str, action: str, at: datetime,
                 minutes: int | None = None) -> str:
    """The director's round controls: ``next`` (the next round starts now), ``end`` (the
    session is over, whatever is missing), ``reopen`` (an ended session goes on), ``minutes``
    (a board's minutes). The answer is a code the web layer words: ``round``, ``ended``,
    ``reopened``, ``minutes``, ``last`` (no round after the last), ``no_movement``,
    ``bad_minutes``, ``not_found``."""
    with store.transaction(db):
        stored = session_store.get_session(db, session_id)
        if stored is None:
            return "not_found"
        plan = dict(stored.plan or {"kind": "none"})
        if action == "end":
            plan["ended"] = True
            done = "ended"
        elif action == "reopen":
            plan.pop("ended", None)
            done = "reopened"
        elif action == "minutes":
            if minutes is None or not 1 <= minutes <= MAX_BOARD_MINUTES:
                return "bad_minutes"
            plan["board_minutes"] = minutes
            done = "minutes"
        else:
            loaded = LoadedSession(stored, {})
            movement = movement_of(loaded)
            if movement is None:
                return "no_movement"
            kept = plan.get("round")
            current = kept if isinstance(kept, int) else 0
            if current >= len(movement.rounds):
                return "last"
            plan["round"], plan["round_started"] = current + 1, _stamp(at)
            done = "round"
        session_store.put_plan(db, session_id, plan)
    return done
