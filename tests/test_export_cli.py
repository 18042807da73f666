"""``scorekeeper export-csv`` as a subprocess against a real SQLite file: it only reads (never
migrates the database under a running server), and ``--output`` is replaced only by a whole
export."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support.helpers import ROOT, euchre_hand, euchre_match

from scorekeeper import service
from scorekeeper.store.db import connect, migrate, migrations, pending_migrations, sqlite3


def export(instance: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", "export-csv", "--instance",
                           str(instance), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)


def instance_with_a_match(tmp_path: Path) -> Path:
    instance = tmp_path / "instance"
    instance.mkdir()
    db = connect(instance / "scorekeeper.db")
    try:
        migrate(db)
        made = service.create_match(db, euchre_match(hands=[euchre_hand("E", 3)]))
        assert made.ok
    finally:
        db.conn.close()
    return instance


def test_an_export_replaces_the_output_file_whole(tmp_path):
    instance = instance_with_a_match(tmp_path)
    out = tmp_path / "hands.csv"
    out.write_text("the export of last week\n")
    r = export(instance, "-o", str(out))
    assert r.returncode == 0, r.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and lines[0].startswith("match,hand,date,game,")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.csv", "instance"]  # no .part


def test_an_old_database_is_not_migrated_and_the_output_is_kept(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    db = connect(instance / "scorekeeper.db")
    last = [m.name for m in migrations.pending(db)][-1]
    migrations.apply(db, stop_before=last)  # a server one version behind
    db.conn.commit()
    assert pending_migrations(db) == [last]
    db.conn.close()
    out = tmp_path / "hands.csv"
    out.write_text("the export of last week\n")
    r = export(instance, "-o", str(out))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "is from an older Scorekeeper (1 upgrades not applied)" in r.stderr
    assert "scorekeeper serve" in r.stderr
    assert out.read_text() == "the export of last week\n"
    db = connect(instance / "scorekeeper.db")
    try:
        assert pending_migrations(db) == [last]  # the export wrote nothing
    finally:
        db.conn.close()


def test_a_file_that_is_not_a_database_is_refused_in_words(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "scorekeeper.db").write_bytes(b"not a database at all, " * 100)
    out = tmp_path / "hands.csv"
    out.write_text("kept\n")
    r = export(instance, "-o", str(out))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "cannot read the database at" in r.stderr and "not a database" in r.stderr
    assert out.read_text() == "kept\n"
    assert (instance / "scorekeeper.db").read_bytes() == b"not a database at all, " * 100


def test_an_output_folder_that_does_not_exist_is_said_in_words(tmp_path):
    instance = instance_with_a_match(tmp_path)
    r = export(instance, "-o", str(tmp_path / "nowhere" / "hands.csv"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "cannot write" in r.stderr and "No such file or directory" in r.stderr


def test_the_database_is_opened_read_only(tmp_path):
    instance = instance_with_a_match(tmp_path)
    from scorekeeper.store.db import connect_read_only

    db = connect_read_only(instance / "scorekeeper.db")
    try:
        assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 1
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            db.execute("DELETE FROM matches")
    finally:
        db.conn.close()
