"""Migrations beyond tests/test_store.py (which proves: twice is a no-op, a failing migration
rolls back, the ones before it stay): at app start with data in the database, several
processes starting at once, and migrations that must run outside a transaction.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from sqlite_utils.migrations import Migrations
from support.reliability import ROOT, read_db

from scorekeeper import create_app
from scorekeeper.store import db as dbmod
from scorekeeper.store.db import sqlite3


def schema(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
    finally:
        conn.close()


def applied(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT migration_set, name, applied_at FROM _sqlite_migrations ORDER BY id"
        ).fetchall()
    finally:
        conn.close()


def test_a_failing_migration_at_app_start_keeps_schema_and_data(tmp_path, monkeypatch, matches,
                                                               app):
    match_id, _key = matches.create()
    matches.record(match_id, {"caller": "E", "makers_tricks": 3})
    path = Path(app.config["DATABASE"])
    before_schema, before_applied = schema(path), applied(path)
    before = read_db(path)

    def bad(db):
        db.execute("ALTER TABLE hands ADD COLUMN colour TEXT")
        db.execute("UPDATE hands SET data = '{}'")
        db.execute("DROP TABLE hand_history")
        raise RuntimeError("migration failed half way")

    monkeypatch.setattr(dbmod.migrations, "_migrations", [
        *dbmod.migrations._migrations, Migrations._Migration("9999_bad", bad, True)])
    with pytest.raises(RuntimeError, match="half way"):
        create_app({"TESTING": True}, instance_path=app.instance_path)
    assert schema(path) == before_schema
    assert applied(path) == before_applied
    after = read_db(path)
    assert after.hands == before.hands and after.counts == before.counts
    assert after.integrity == "ok"

    monkeypatch.undo()  # the fixed release starts, on the same file
    again = create_app({"TESTING": True}, instance_path=app.instance_path)
    assert schema(Path(again.config["DATABASE"])) == before_schema
    assert matches.load(match_id).hand_count == 1


def test_migrating_an_up_to_date_database_writes_nothing(tmp_path):
    """A second start does not even touch the file (no write transaction left behind)."""
    path = tmp_path / "m.db"
    database = dbmod.connect(path)
    try:
        dbmod.migrate(database)
        changes = database.conn.total_changes
        assert dbmod.migrate(database) == []
        assert database.conn.total_changes == changes
        assert not database.conn.in_transaction
    finally:
        database.conn.close()


START = (
    "import hashlib, sys\n"
    "from scorekeeper import create_app\n"
    "app = create_app(instance_path=sys.argv[1])\n"
    "print(hashlib.sha256(app.secret_key.encode()).hexdigest())\n"
)


@pytest.mark.slow
def test_six_processes_starting_at_once_on_a_new_instance(tmp_path):
    """Gunicorn workers (or two `serve`s) starting together: one schema, one migration row
    each, one secret key that every process uses."""
    instance = tmp_path / "fresh"
    procs = [subprocess.Popen([sys.executable, "-c", START, str(instance)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(6)]
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        outs.append(out.strip())
    key_file = instance / "secret_key"
    assert len(set(outs)) == 1
    assert outs[0] == hashlib.sha256(key_file.read_text().strip().encode()).hexdigest()
    rows = applied(instance / "scorekeeper.db")
    names = [r[1] for r in rows]
    assert len(names) == len(set(names)) == len(dbmod.migrations._migrations)
    assert not list(instance.glob(".secret_key.*"))  # no temporary key file left behind
    assert read_db(instance / "scorekeeper.db").integrity == "ok"


def test_a_migration_outside_a_transaction_can_run(tmp_path):
    database = dbmod.connect(tmp_path / "v.db")
    try:
        steps = Migrations("scorekeeper-vacuum-test")

        @steps(name="0001_table")
        def table(db):
            db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")

        @steps(name="0002_vacuum", transactional=False)
        def vacuum(db):
            db.execute("VACUUM")

        assert dbmod.migrate(database, steps) == ["0001_table", "0002_vacuum"]
        assert dbmod.migrate(database, steps) == []  # and only once
        assert not database.conn.in_transaction
    finally:
        database.conn.close()
