"""A club night's stored settings as a frozen dataclass (issue 23, "typed at every boundary"):
``EventSettings.from_json`` where the store reads a row, ``as_json`` where it writes one, and
nothing lost or added on the way (a table of rows, old and new, and a hypothesis property).
What the service writes, step by step, is held byte for byte by
``tests/test_event_settings_golden.py``."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.store import dumps
from scorekeeper.store import events as event_store
from scorekeeper.store.db import get_db
from scorekeeper.store.event_settings import EventPlayer, EventSettings

HOUSE = {"exclusive_prizes": True, "prizes": ["high_total", "booby"], "sit_out": "average",
         "sit_out_points": 0, "tiebreaks": ["games_won"]}
QUALITY = {"max_meetings": 3, "max_opposed": 2, "perfect": True, "repeated_partners": 0,
           "sit_out_spread": 1}


def row(**changes: Any) -> dict[str, Any]:
    """A row as a new evening stores it today, with ``changes``."""
    data: dict[str, Any] = {
        "name": "Tuesday club", "game": "euchre",
        "players": [{"name": f"P{i}", "player": None} for i in range(8)],
        "rounds": 4, "hands_per_round": 2, "movement": "schedule", "rules": {}, "house": HOUSE,
        "seed": 11, "method": "whist_design", "quality": QUALITY, "round_target": None,
        "minutes_per_round": None, "rules_code": "K2V7-94T4"}
    return {**data, **changes}


OLD = {k: v for k, v in row().items()
       if k not in ("round_target", "minutes_per_round", "rules_code")}

ROWS = {
    "new": row(),
    "first club nights (no newer keys)": OLD,
    "old row with a late arrival and a leaver": {**OLD, "players": [
        *OLD["players"][:7], {"name": "P7", "player": None, "gone_from": 3},
        {"from_round": 2, "name": "Lou", "player": 7}]},
    "progressive, timed, to a target": row(movement="progressive", method="progressive",
                                           quality=None, round_target=5,
                                           minutes_per_round=30),
    "keys replaced, tables 1 and 10": row(table_keys={"1": 2, "10": 1}),
    "player ids and house rules of its own": row(
        players=[{"name": "Ann", "player": "k3xq9wpe"}, {"name": "Bo", "player": 12},
                 *row()["players"][2:]], house={"sit_out": "zero"},
        rules={"stick_the_dealer": True}),
    "a null the code never writes stays a null": {**OLD, "rules_code": None, "players": [
        {"name": "P0", "player": None, "gone_from": None}, *OLD["players"][1:]]},
    "a newer version's key is kept": row(seating_note="by the window"),
}


@pytest.mark.parametrize("data", ROWS.values(), ids=list(ROWS))
def test_a_row_read_and_written_again_is_the_same_bytes(data):
    settings = EventSettings.from_json(data)
    assert settings.as_json() == data
    assert dumps(settings.as_json()) == dumps(data)
    assert EventSettings.from_json(settings.as_json()) == settings


def test_an_old_row_reads_with_the_defaults_of_the_newer_keys():
    settings = EventSettings.from_json(ROWS["old row with a late arrival and a leaver"])
    assert settings.round_target is None and settings.minutes_per_round is None
    assert settings.rules_code is None and settings.table_keys is None
    assert settings.key_generation(1) == 0
    assert settings.players[-1] == EventPlayer("Lou", 7, from_round=2)
    assert settings.present(1) == list(range(8))
    assert settings.present(2) == list(range(9))
    assert settings.present(3) == [0, 1, 2, 3, 4, 5, 6, 8]
    assert settings.names[-2:] == ["P7", "Lou"]


def test_a_setting_changed_by_replace_is_written_and_the_rest_kept():
    old = EventSettings.from_json(OLD)
    timed = dataclasses.replace(old, minutes_per_round=25)
    assert timed.as_json() == {**OLD, "minutes_per_round": 25}
    assert old.as_json() == OLD  # frozen: the row read is unchanged
    keyed = dataclasses.replace(old, table_keys={3: old.key_generation(3) + 1})
    assert keyed.as_json()["table_keys"] == {"3": 1} and keyed.key_generation(3) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        old.rounds = 5  # type: ignore[misc]


def test_the_store_reads_and_writes_settings_not_dicts(app, client):
    made = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": [f"P{i}" for i in range(8)],
        "rounds": 2, "hands_per_round": 1, "movement": "schedule", "seed": 4,
        "minutes_per_round": 20})
    assert made.status_code == 201, made.get_json()
    with app.app_context():
        db = get_db()
        stored = event_store.get_event(db, made.get_json()["id"])
        assert stored is not None and isinstance(stored.data, EventSettings)
        assert stored.data.minutes_per_round == 20 and stored.data.round_target is None
        assert stored.data.nulls == {"round_target"}
        text = db.execute("SELECT data FROM events WHERE id = ?", [stored.id]).fetchone()[0]
        assert text == dumps(stored.data.as_json())


# --- any row of the stored shape comes back as it went in -------------------------------------

ABSENT = object()
small = st.integers(min_value=0, max_value=99)
names = st.text(min_size=1, max_size=12)
plain = st.none() | st.booleans() | small | names
values = st.recursive(plain, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(names, inner, max_size=3), max_leaves=6)


def _drop_absent(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not ABSENT}


players = st.lists(st.builds(
    lambda name, player, start, gone: _drop_absent(
        {"name": name, "player": player, "from_round": start, "gone_from": gone}),
    names, st.none() | names | small, st.just(ABSENT) | st.none() | small,
    st.just(ABSENT) | st.none() | small), min_size=1, max_size=6)


def optional(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.just(ABSENT) | st.none() | strategy


rows = st.builds(
    lambda fixed, extra: {**extra, **_drop_absent(fixed)},
    st.fixed_dictionaries({
        "name": names, "game": names, "players": players, "rounds": small,
        "hands_per_round": small, "movement": names, "rules": st.dictionaries(names, values),
        "house": st.dictionaries(names, values), "seed": small, "method": names,
        "quality": st.none() | st.dictionaries(names, st.booleans() | small),
        "round_target": optional(small), "minutes_per_round": optional(small),
        "rules_code": optional(names),
        "table_keys": optional(st.dictionaries(small.map(str), small, max_size=4))}),
    st.dictionaries(names.filter(lambda k: k not in ROWS["new"] and k != "table_keys"),
                    values, max_size=2))


@given(rows)
def test_any_stored_row_round_trips_byte_for_byte(data):
    settings = EventSettings.from_json(data)
    assert dumps(settings.as_json()) == dumps(data)
    assert EventSettings.from_json(settings.as_json()) == settings
