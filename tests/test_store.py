"""The database: pragmas, migrations, per-request connections, and the store's rows."""

from __future__ import annotations

import os

import pytest
from flask import g
from sqlite_utils.migrations import Migrations

from scorekeeper import store
from scorekeeper.store import db as dbmod
from scorekeeper.store.db import sqlite3


@pytest.fixture
def database(tmp_path):
    """A migrated database file, opened as the app opens it."""
    database = dbmod.connect(tmp_path / "t.db")
    dbmod.migrate(database)
    yield database
    database.conn.close()


def schema(database) -> list[tuple]:
    return database.execute(
        "SELECT type, name, sql FROM sqlite_master ORDER BY type, name"
    ).fetchall()


@pytest.mark.parametrize(
    ("version", "safe"),
    [
        ((3, 40, 1), False),
        ((3, 44, 5), False),
        ((3, 44, 6), True),
        ((3, 45, 0), False),
        ((3, 50, 6), False),
        ((3, 50, 7), True),
        ((3, 51, 2), False),
        ((3, 51, 3), True),
        ((3, 52, 0), True),
        ((4, 0, 0), True),
    ],
)
def test_wal_only_with_the_wal_reset_fix(version, safe):
    assert dbmod.wal_is_safe(version) is safe


def test_connection_pragmas(database):
    assert database.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert database.execute("PRAGMA synchronous").fetchone()[0] == 2
    mode = database.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == ("wal" if dbmod.wal_is_safe() else "delete")


def test_request_connection_has_the_pragmas_and_is_kept_for_the_thread(app):
    with app.app_context():
        database = dbmod.get_db()
        assert dbmod.get_db() is database  # one per request
        assert database.execute("PRAGMA synchronous").fetchone()[0] == 2
        # a request waits 5 s for a lock (the checklist's minimum), then 503 with Retry-After
        assert database.execute("PRAGMA busy_timeout").fetchone()[0] \
            == app.config["DB_BUSY_TIMEOUT_MS"] == 5000
        conn = database.conn
    with app.app_context():
        assert "db" not in g
        assert dbmod.get_db().conn is conn  # the thread's connection, kept between requests
        assert not conn.in_transaction


def test_a_replaced_database_file_gets_a_fresh_connection(app):
    path = dbmod.database_path(app)
    with app.app_context():
        conn = dbmod.get_db().conn
        store.insert_match(dbmod.get_db(), "kept", "h", "euchre", {"game": "euchre"})
        dbmod.get_db().conn.commit()
        # WAL: the old file's log is emptied first, as a restore does with the server stopped
        dbmod.get_db().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    copy = path.with_name("copy.db")
    src, dst = sqlite3.connect(path), sqlite3.connect(copy)
    src.backup(dst)
    dst.execute("DELETE FROM matches WHERE id = 'kept'")
    dst.commit()
    src.close()
    dst.close()
    for side in ("-wal", "-shm"):  # a restore moves the old file's log aside with it
        path.with_name(path.name + side).unlink(missing_ok=True)
    os.replace(copy, path)  # what a restore does
    with app.app_context():
        assert dbmod.get_db().conn is not conn
        assert store.get_match(dbmod.get_db(), "kept") is None  # the new file, not the old
    with pytest.raises(sqlite3.ProgrammingError):
        conn.execute("SELECT 1")  # the old one was closed


def test_a_failed_request_closes_the_kept_connection(app):
    with app.app_context():
        conn = dbmod.get_db().conn
        dbmod.close_db(RuntimeError("the view failed"))
    with pytest.raises(sqlite3.ProgrammingError):
        conn.execute("SELECT 1")
    with app.app_context():
        assert dbmod.get_db().conn is not conn


def test_teardown_rolls_back_an_unfinished_transaction(app):
    with app.app_context():
        database = dbmod.get_db()
        store.begin(database)
        store.insert_match(database, "x", "h", "euchre", {"game": "euchre"})
    with app.app_context():
        assert store.get_match(dbmod.get_db(), "x") is None


class _Refused(Exception):
    pass


def test_the_collector_waits_while_the_write_lock_is_held(database):
    """No cyclic collection inside a write: every other writer would wait it out. On again
    after the commit, after a rollback, and left off when it was off before."""
    import gc

    assert gc.isenabled()
    with store.transaction(database):
        assert not gc.isenabled()
    assert gc.isenabled()
    def refused() -> None:
        with store.transaction(database):
            assert not gc.isenabled()
            raise _Refused

    with pytest.raises(_Refused):
        refused()
    assert gc.isenabled()
    gc.disable()
    try:
        with store.transaction(database):
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_migrations_create_the_tables(database):
    tables = set(database.table_names())
    assert {"matches", "hands", "hand_history", "idempotency", "_sqlite_migrations"} <= tables


def test_applying_migrations_twice_is_a_no_op(database):
    before = schema(database)
    applied = dbmod.migrate(database)
    assert applied == []
    assert schema(database) == before
    names = [r[0] for r in database.execute("SELECT name FROM _sqlite_migrations")]
    assert len(names) == len(set(names))


def test_app_start_twice_on_one_instance_keeps_the_data(make_app, matches):
    match_id, _key = matches.create()
    app2 = make_app()  # migrations run again at start
    with app2.app_context():
        assert store.get_match(dbmod.get_db(), match_id) is not None


def test_a_failing_migration_leaves_the_schema_unchanged(database):
    before = schema(database)
    broken = Migrations("scorekeeper-test")

    @broken(name="0001_good")
    def good(db):
        db.execute("CREATE TABLE fine (id INTEGER PRIMARY KEY)")

    @broken(name="0002_bad")
    def bad(db):
        db.execute("CREATE TABLE half (id INTEGER PRIMARY KEY)")
        db.execute("ALTER TABLE matches ADD COLUMN extra TEXT")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        dbmod.migrate(database, broken)
    tables = set(database.table_names())
    assert "half" not in tables
    assert "extra" not in database["matches"].columns_dict
    assert "fine" in tables  # the migration before the failing one stays applied
    assert [m.name for m in broken.applied(database)] == ["0001_good"]
    assert not database.conn.in_transaction
    after = [row for row in schema(database) if row[1] != "fine"]
    assert after == before


def test_a_failing_first_migration_leaves_nothing(tmp_path):
    database = dbmod.connect(tmp_path / "empty.db")
    broken = Migrations("only-bad")

    @broken(name="0001_bad")
    def bad(db):
        db.execute("CREATE TABLE half (id INTEGER PRIMARY KEY)")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        dbmod.migrate(database, broken)
    assert "half" not in database.table_names()
    database.conn.close()


def test_match_and_hand_rows(database):
    store.begin(database)
    store.insert_match(database, "m1", "hash", "euchre", {"game": "euchre", "seats": {"N": "Ä"}})
    store.insert_hand(database, "m1", 1, {"caller": "E", "makers_tricks": 3}, "k1")
    database.conn.commit()
    row = store.get_match(database, "m1")
    assert row.data == {"game": "euchre", "seats": {"N": "Ä"}}
    assert row.version == 1
    hands = store.get_hands(database, "m1")
    assert [(h.no, h.data, h.version, h.submission_key) for h in hands] == [
        (1, {"caller": "E", "makers_tricks": 3}, 1, "k1")
    ]
    assert store.update_hand(database, "m1", 1, {"caller": "N", "makers_tricks": 5}, 1)
    assert not store.update_hand(database, "m1", 1, {"caller": "W", "makers_tricks": 5}, 1)
    assert store.get_hands(database, "m1")[0].version == 2


def test_unique_constraints_catch_double_entries(database):
    store.insert_match(database, "m1", "hash", "euchre", {})
    store.insert_hand(database, "m1", 1, {}, "k1")
    with pytest.raises(sqlite3.IntegrityError):
        store.insert_hand(database, "m1", 1, {}, "k2")  # the same hand number
    with pytest.raises(sqlite3.IntegrityError):
        store.insert_hand(database, "m1", 2, {}, "k1")  # the same submission
    store.insert_hand(database, "m1", 2, {}, None)
    store.insert_hand(database, "m1", 3, {}, None)  # no key: no constraint


def test_history_and_idempotency_rows(database):
    store.insert_match(database, "m1", "hash", "euchre", {})
    store.add_history(database, "m1", 2, "undo", {"caller": "E"}, None, "api")
    entry = store.get_history(database, "m1")[0]
    assert entry["action"] == "undo"
    assert entry["old"] == {"caller": "E"}
    assert entry["new"] is None
    assert entry["by"] == "api"
    mark = store.history_mark(database, "m1")
    store.put_idempotent(database, "m1", "key", "abc", 201, {"no": 1}, mark)
    assert store.get_idempotent(database, "m1", "key") == store.KeptAnswer(
        "abc", 201, {"hand": {"no": 1}}, mark)
    assert store.get_idempotent(database, "m2", "key") is None


def test_hands_version_starts_at_the_version_of_an_older_database(tmp_path):
    path = tmp_path / "old.db"
    db = dbmod.connect(path)
    dbmod.migrations.apply(db, stop_before="0020_hands_version")
    db.execute("INSERT INTO matches (id, edit_key_hash, game, data, created, updated, version)"
               " VALUES ('m', 'h', 'euchre', '{}', 'c', 'u', 7)")
    db.conn.commit()
    assert "0020_hands_version" in dbmod.migrate(db)
    assert store.get_match(db, "m").hands_version == 7
    store.bump_match(db, "m")
    assert (store.get_match(db, "m").version, store.get_match(db, "m").hands_version) == (8, 8)
    db.conn.close()
