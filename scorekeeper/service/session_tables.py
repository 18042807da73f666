"""A duplicate session at play (issue 40): the round under way (the director's "Next round"),
each table's right to score, and each result's state at its table.

A table's right: the tent's link carries the table's key, derived from the app's secret as a
club night's table keys are (``keys.derived_key``), so the tent can be printed again at any
time. Opening the link makes a new holder token for the table and keeps only its hash: the
phone that opened it holds the right (its rights cookie names the token), and the phone that
held it before no longer does. A result the table enters waits for the opponents (entered),
who accept it on the same phone or dispute it (the director settles it). No Flask.
"""

from __future__ import annotations

import enum
import hmac
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.messages import N_, fill
from ..engine.pair_movements import PairMovement, PairMovementError, Sitting
from ..store import session_tables as table_store
from ..store import sessions as session_store
from ..store.session_tables import StoredRound, StoredState
from ..store.sessions import StoredSession, get_head
from . import sessions
from .keys import derived_key, hash_key, new_key
from .session_start import movement_of
from .sessions import SessionOutcome, SessionProblemText, SessionStatus

ENTERED, ACCEPTED, DISPUTED = "entered", "accepted", "disputed"

TABLE_MESSAGES: dict[str, str] = {
    "table.ended": N_("The session has ended: the director enters any result now."),
    "table.not_playing": N_("Table {table} does not play in round {round}."),
    "table.no_board": N_("Choose the board you played: one of {boards}."),
    "table.later_round": N_("Round {round} has not started yet (this is round {now})."),
    "table.not_board": N_("Board {board} is not played at table {table} in round {round}: "
                          "its boards are {boards}."),
    "table.twice": N_("Board {board} was entered already at this table: if it is wrong, "
                      "dispute it and the director corrects it."),
    "table.played": N_("Pair {pair} already played board {board} (against pair {against}): "
                       "check the board's number."),
    "table.no_result": N_("Board {board} has no result from this table to accept."),
    "table.settled": N_("Board {board}'s result was accepted already: only the director can "
                        "change it now."),
    "table.disputed": N_("Board {board}'s result is disputed: the director settles it."),
}


class RoundStatus(enum.Enum):
    CHANGED = "changed"
    LAST = "last"  # no round after the last: end the session instead
    ENDED = "ended"  # the session has ended
    NOT_FOUND = "not_found"


def table_key(secret: str, session_id: str, table: int) -> str:
    """The key of table ``table``'s tent link (derived: shown again at any time)."""
    return derived_key(secret, f"session-table:{session_id}:{table}")


def movement(stored: StoredSession) -> PairMovement | None:
    """The movement the session was started with (None: results as they come)."""
    try:
        return movement_of(stored.plan or {"kind": "none"})
    except PairMovementError:
        return None


def sitting(found: PairMovement | None, round_no: int, table: int) -> Sitting | None:
    """Table ``table`` in round ``round_no``: its pairs and boards, or None."""
    if found is None or not 1 <= round_no <= len(found.rounds):
        return None
    return next((s for s in found.rounds[round_no - 1].tables if s.table == table), None)


def round_state(db: Database, session_id: str) -> StoredRound | None:
    return table_store.get_round(db, session_id)


def states(db: Database, session_id: str, ns: str | None = None
           ) -> dict[tuple[int, str], StoredState]:
    """Each table-entered result's state by (board, NS pair); ``ns``: that pair's alone."""
    return table_store.get_states(db, session_id, ns)


def next_round(db: Database, session_id: str) -> RoundStatus:
    """The director's "Next round": the round after this one starts now."""
    with store.transaction(db):
        stored = get_head(db, session_id)
        now = table_store.get_round(db, session_id)
        if stored is None or now is None:
            return RoundStatus.NOT_FOUND
        if now.ended is not None:
            return RoundStatus.ENDED
        found = movement(stored)
        if found is None or now.round >= len(found.rounds):
            return RoundStatus.LAST
        table_store.set_round(db, session_id, now.round + 1)
    return RoundStatus.CHANGED


def end_session(db: Database, session_id: str, ended: bool = True) -> RoundStatus:
    """The director's "End session" (``ended`` False: open it again)."""
    with store.transaction(db):
        if table_store.get_round(db, session_id) is None:
            return RoundStatus.NOT_FOUND
        table_store.set_ended(db, session_id, ended)
    return RoundStatus.CHANGED


def check_table_key(secret: str, session_id: str, table: int, key: str | None) -> bool:
    return bool(key) and hmac.compare_digest(table_key(secret, session_id, table), key or "")


def take_table(db: Database, secret: str, session_id: str, table: int, key: str | None
               ) -> str | None:
    """The tent's link opened: the hash of the new holder token (the phone's rights cookie
    names it), or None when the key is not this table's or the session has no such table."""
    stored = get_head(db, session_id)
    found = movement(stored) if stored is not None else None
    if found is None or not 1 <= table <= found.tables or \
            not check_table_key(secret, session_id, table, key):
        return None
    holder = hash_key(new_key())
    with store.transaction(db):
        table_store.set_holder(db, session_id, table, holder)
    return holder


def holder(db: Database, session_id: str, table: int) -> str | None:
    """The hash of the token of the phone holding the table's right (None: nobody yet)."""
    return table_store.get_holder(db, session_id, table)


def _refusal(code: str, **params: Any) -> SessionOutcome:
    template = TABLE_MESSAGES[code]
    return SessionOutcome(SessionStatus.ILLEGAL, problems=(SessionProblemText(
        params.get("board"), None, None, fill(template, params), template, params),))


def _span(boards: tuple[int, ...]) -> str:
    return f"{boards[0]}–{boards[-1]}" if len(boards) > 2 else ", ".join(map(str, boards))


def _table_guard(db: Database, table: int, round_no: int, board: int,
                 result: Mapping[str, Any]) -> sessions.Guard:
    """What a table may enter, checked in the write's transaction."""

    def guard(stored: StoredSession) -> SessionOutcome | None:
        now = table_store.get_round(db, stored.id)
        if now is None:
            return SessionOutcome(SessionStatus.NOT_FOUND)
        if now.ended is not None:
            return _refusal("table.ended")
        if round_no > now.round:
            return _refusal("table.later_round", round=round_no, now=now.round)
        seat = sitting(movement(stored), round_no, table)
        if seat is None:
            return _refusal("table.not_playing", table=table, round=round_no)
        if board not in seat.boards:
            return _refusal("table.not_board", board=board, table=table, round=round_no,
                            boards=_span(seat.boards))
        for r in session_store.board_results(db, stored.id, board):
            if r["ns"] == seat.ns and r["ew"] == seat.ew:
                return _refusal("table.twice", board=board)
            for pair in (seat.ns, seat.ew):
                if pair in (r["ns"], r["ew"]):
                    against = r["ew"] if r["ns"] == pair else r["ns"]
                    return _refusal("table.played", pair=pair, board=board, against=against)
        part = sessions.session_parts().get(stored.game)
        found = part.table_check(stored.as_file(), result) if (
            part is not None and part.table_check is not None) else []
        if found:
            return SessionOutcome(SessionStatus.ILLEGAL, problems=tuple(SessionProblemText(
                p.board, None, p.field, p.message, part.messages.get(p.code) if part else None,
                dict(p.params)) for p in found))
        return None

    return guard


def enter_at_table(db: Database, session_id: str, table: int, round_no: int,
                   result: Mapping[str, Any], key: str | None = None) -> SessionOutcome:
    """A result from a table's phone (its pairs and round are the table's, not the form's):
    refused in words when the session has ended, the round has not started, the board is not
    this table's in that round, or the board or a pair has a result already; else checked by
    the game (a lead the leader does not hold is its refusal) and kept as entered, waiting for
    the opponents. A round before the current one is taken (a table that was offline)."""
    stored = get_head(db, session_id)
    now = table_store.get_round(db, session_id)
    if stored is None or now is None:
        return SessionOutcome(SessionStatus.NOT_FOUND)
    seat = sitting(movement(stored), round_no, table)
    board = result.get("board")
    if seat is None:  # said as the write's check says it, in the same order
        return _refusal("table.ended") if now.ended is not None else _refusal(
            "table.later_round", round=round_no, now=now.round) if round_no > now.round \
            else _refusal("table.not_playing", table=table, round=round_no)
    whole = dict(result) | {"ns": seat.ns, "ew": seat.ew, "round": round_no, "table": table}
    if not isinstance(board, int) or isinstance(board, bool):
        return _refusal("table.no_board", boards=_span(seat.boards))
    return sessions.enter_result(db, session_id, whole, key,
                                 guard=_table_guard(db, table, round_no, board, whole),
                                 state=ENTERED)


def preview_at_table(db: Database, session_id: str, table: int, round_no: int,
                     result: Mapping[str, Any]
                     ) -> tuple[dict[int, dict[str, Any]] | None, SessionOutcome | None]:
    """What entering ``result`` at the table would do, nothing stored: its board's line of
    the game's answer with it, or the refusal."""
    loaded = sessions.load_session(db, session_id)
    seat = sitting(movement(loaded.stored), round_no, table) if loaded is not None else None
    board = result.get("board")
    if loaded is None or seat is None or not isinstance(board, int):
        return None, None
    whole = dict(result) | {"ns": seat.ns, "ew": seat.ew, "round": round_no, "table": table}
    refused = _table_guard(db, table, round_no, board, whole)(loaded.stored)
    if refused is not None:
        return None, refused
    lines, problems = sessions.try_result(loaded, whole)
    if problems:
        return None, SessionOutcome(SessionStatus.ILLEGAL, problems=problems)
    return lines, None


def answer_at_table(db: Database, session_id: str, table: int, board: int, state: str
                    ) -> SessionOutcome:
    """The opponents accept (``accepted``) or dispute (``disputed``) the table's result on
    ``board``: the same answer again changes nothing; an accepted result is the director's
    to change."""
    if state not in (ACCEPTED, DISPUTED):
        raise ValueError(state)
    with store.transaction(db):  # one board's rows read: the lock is held a moment
        if session_store.get_version(db, session_id) is None:
            return SessionOutcome(SessionStatus.NOT_FOUND)
        result = next((r for r in session_store.board_results(db, session_id, board)
                       if r.get("table") == table), None)
        if result is None:
            return _refusal("table.no_result", board=board)
        now = table_store.get_states(db, session_id, result["ns"]).get((board, result["ns"]))
        if now is not None and now.state == state:
            return SessionOutcome(SessionStatus.UNCHANGED)
        if now is not None and now.state == DISPUTED:
            return _refusal("table.disputed", board=board)
        if now is None or now.state != ENTERED:
            return _refusal("table.settled", board=board)
        table_store.set_state(db, session_id, board, result["ns"], state)
        # kept in the history too: the console says who accepted or disputed, and when
        session_store.add_change(db, session_id, board, result["ns"], result, result, None,
                                 None, table, state)
        table_store.bump_table(db, session_id, table)
    return SessionOutcome(SessionStatus.CHANGED)
