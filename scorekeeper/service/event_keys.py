"""A club night's table keys: each derived from the app's secret, the event, the table number
and the table's key generation (kept in the event's settings,
``EventSettings.table_keys``), so the director's pages can show them again while only their
hashes are stored.

A round's matches take the table's key as it is when the round starts. "New scorer link" on
a table's match makes the table's next key: the matches of that table that held the old key
(this round's and earlier ones) take the new one, and every later round starts with it, so a
revoked key (a printed tent card, a phone that left) never records again. No Flask.
"""

from __future__ import annotations

from dataclasses import replace

from sqlite_utils import Database

from .. import store
from ..store import events as event_store
from .keys import derived_key, hash_key


def table_key(secret: str, event_id: str, table_no: int, generation: int = 0) -> str:
    """The edit key of table ``table_no`` at key generation ``generation`` (0: the first,
    derived as before generations existed, so the keys of events under way are kept)."""
    suffix = f":{generation}" if generation else ""
    return derived_key(secret, f"event-table:{event_id}:{table_no}{suffix}")


def current_keys(db: Database, secret: str, event_id: str) -> dict[int, str]:
    """Every table's current key (the tables of every round), or {} for no such event."""
    row = event_store.get_event(db, event_id)
    if row is None:
        return {}
    tables = {t.table_no for r in event_store.get_rounds(db, event_id) for t in r.tables}
    return {t: table_key(secret, event_id, t, row.data.key_generation(t)) for t in tables}


def key_hash_of_match_table(db: Database, secret: str, match_id: str) -> str | None:
    """The stored form of the current key of the club night's table whose match this is (any
    round's), or None if the match is not a club night's table."""
    found = event_store.table_of_match(db, match_id)
    row = event_store.get_event(db, found[0]) if found is not None else None
    if found is None or row is None:
        return None
    event_id, _round, table_no = found
    return hash_key(table_key(secret, event_id, table_no, row.data.key_generation(table_no)))


def new_table_key(db: Database, match_id: str, secret: str) -> str | None:
    """Replace the key of the table whose match this is; the new key, or None if the match is
    not a club night's table."""
    with store.transaction(db):
        found = event_store.table_of_match(db, match_id)
        row = event_store.get_event(db, found[0]) if found is not None else None
        if found is None or row is None:
            return None
        event_id, _round, table_no = found
        settings = row.data
        old = hash_key(table_key(secret, event_id, table_no, settings.key_generation(table_no)))
        settings = replace(settings, table_keys={
            **(settings.table_keys or {}), table_no: settings.key_generation(table_no) + 1})
        key = table_key(secret, event_id, table_no, settings.key_generation(table_no))
        event_store.set_data(db, event_id, settings)
        for rnd in event_store.get_rounds(db, event_id):
            for t in rnd.tables:
                held = store.get_match(db, t.match_id) if t.match_id else None
                if t.table_no == table_no and held is not None and \
                        (held.edit_key_hash == old or t.match_id == match_id):
                    store.set_edit_key_hash(db, held.id, hash_key(key))
        event_store.bump_event(db, event_id)  # the director's page and tent cards change
    return key



def locked_table(db: Database, match_id: str) -> bool:
    """Whether the match is a club-night table whose result both pairs confirmed: it then
    holds a key no one has, until the director reopens the table (events/confirming.py)."""
    found = event_store.table_of_match(db, match_id)
    if found is None:
        return False
    event_id, round_no, table_no = found
    return any(t.confirmed is not None and all(t.confirmed.values())
               for r in event_store.get_rounds(db, event_id) if r.no == round_no
               for t in r.tables if t.table_no == table_no)
