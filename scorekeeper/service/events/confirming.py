"""Club nights: a round's result confirmed at the table, disputes, and undoing a round the
director ended early (issue 26).

What confirmation locks: once both pairs have accepted a table's result, its match takes an
edit key no one holds, so the table's phone can no longer correct or undo its hands; the
director reopens the table (the table's key works again and the confirmations are cleared)
for a correction, after which both pairs confirm again. A dispute flags the table for the
director, who reopens it or accepts the result for both pairs. No Flask.
"""

from __future__ import annotations

from sqlite_utils import Database

from ... import store
from ...store import events as event_store
from ...store import facts
from ...store import now as stamp
from ..event_keys import table_key
from ..keys import hash_key, new_key
from .checks import match_data
from .model import Event, EventTable
from .reading import build
from .results import EventProblem, EventResult, EventStatus

SIDES = {"NS": "confirmed_ns", "EW": "confirmed_ew"}


def _table(db: Database, event_id: str, no: int, table_no: int
           ) -> tuple[Event | None, EventTable | None, EventResult | None]:
    row = event_store.get_event(db, event_id)
    if row is None:
        return None, None, EventResult(EventStatus.NOT_FOUND)
    view = build(db, row)
    table = view.table(no, table_no)
    if table is None or table.match is None:
        return view, None, EventResult(EventStatus.NOT_FOUND, problems=[
            EventProblem("event.no_table", "table", {"round": no, "table": table_no})])
    return view, table, None


def confirm(db: Database, event_id: str, no: int, table_no: int, side: object) -> EventResult:
    """One pair (``"NS"`` or ``"EW"``) accepts its table's result of round ``no`` (over);
    when both have, the table's match is locked (see the module docstring)."""
    if side not in SIDES:
        return EventResult(EventStatus.ILLEGAL, problems=[EventProblem("event.bad_side", "side")])
    with store.transaction(db):
        _view, table, refused = _table(db, event_id, no, table_no)
        if refused is not None or table is None:
            return refused or EventResult(EventStatus.NOT_FOUND)
        if not table.over or table.match is None:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.not_over", "table", {"table": table_no})])
        event_store.set_confirmation(db, event_id, no, table_no, SIDES[str(side)], stamp())
        event_store.set_confirmation(db, event_id, no, table_no, "disputed", None)
        other = "EW" if side == "NS" else "NS"
        if table.confirmed[other]:
            event_store.set_match_key(db, table.match, hash_key(new_key()))
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.CHANGED, event_id=event_id, round=no)


def dispute(db: Database, event_id: str, no: int, table_no: int) -> EventResult:
    """A pair says the table's result is wrong: the director's console flags the table."""
    with store.transaction(db):
        _view, table, refused = _table(db, event_id, no, table_no)
        if refused is not None or table is None:
            return refused or EventResult(EventStatus.NOT_FOUND)
        if table.both_confirmed:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.confirmed", "table", {"table": table_no})])
        event_store.set_confirmation(db, event_id, no, table_no, "disputed", stamp())
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.CHANGED, event_id=event_id, round=no)


def settle(db: Database, event_id: str, no: int, table_no: int, action: object,
           secret: str) -> EventResult:
    """The director settles a table: ``"accept"`` its result for both pairs (and lock it), or
    ``"reopen"`` it for a correction (the table's key works again; confirmations cleared)."""
    if action not in ("accept", "reopen"):
        return EventResult(EventStatus.ILLEGAL, problems=[
            EventProblem("event.bad_action", "action")])
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        _view, table, refused = _table(db, event_id, no, table_no)
        if refused is not None or table is None or table.match is None or row is None:
            return refused or EventResult(EventStatus.NOT_FOUND)
        when = stamp() if action == "accept" else None
        for column in SIDES.values():
            event_store.set_confirmation(db, event_id, no, table_no, column, when)
        event_store.set_confirmation(db, event_id, no, table_no, "disputed", None)
        key = (new_key() if action == "accept"
               else table_key(secret, event_id, table_no, row.data.key_generation(table_no)))
        event_store.set_match_key(db, table.match, hash_key(key))
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.CHANGED, event_id=event_id, round=no)


def undo_end(db: Database, event_id: str, no: int, secret: str) -> EventResult:
    """Undo the director's "end round ``no`` now": each table's match gets its length and key
    back, and a next round already started (no hand saved yet) goes back to planned. Refused
    once a hand of the next round is saved."""
    with store.transaction(db):
        row = event_store.get_event(db, event_id)
        if row is None:
            return EventResult(EventStatus.NOT_FOUND)
        settings = row.data
        stored = {r.no: r for r in event_store.get_rounds(db, event_id)}
        rnd = stored.get(no)
        if rnd is None or rnd.ended is None:
            return EventResult(EventStatus.ILLEGAL, problems=[
                EventProblem("event.not_ended", "round", {"round": no})])
        after = stored.get(no + 1)
        if after is not None and after.started is not None:
            if any(store.get_hands(db, t.match_id) for t in after.tables if t.match_id):
                return EventResult(EventStatus.ILLEGAL, problems=[
                    EventProblem("event.next_round_played", "round", {"round": no + 1})])
            event_store.unstart_round(db, event_id, no + 1)
            if settings.movement in ("progressive", "updown"):  # follows the results again
                event_store.delete_planned_rounds(db, event_id, no + 1)
        for t in rnd.tables:
            match = store.get_match(db, t.match_id) if t.match_id else None
            length = match_data(settings.game, settings.name, settings.rules,
                                settings.hands_per_round, {}, settings.round_target)["rules"]
            if match is None or (match.data["rules"] == length
                                 and store.get_hands(db, match.id)):
                continue  # a table that finished its round itself keeps it
            key = table_key(secret, event_id, t.table_no, settings.key_generation(t.table_no))
            event_store.close_match(db, match.id, {**match.data, "rules": length},
                                    hash_key(key))
            for column in (*SIDES.values(), "disputed"):
                event_store.set_confirmation(db, event_id, no, t.table_no, column, None)
            facts.rebuild(db, match.id)
        event_store.unend_round(db, event_id, no)
        event_store.bump_event(db, event_id)
    return EventResult(EventStatus.CHANGED, event_id=event_id, round=no)
