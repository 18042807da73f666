"""``scorekeeper restore`` through the real command: a damaged or hostile backup replaces
nothing, the safety copy holds exactly the committed data even after a writer crashed, a
running server refuses it, a read-only folder gets a sentence and leaves nothing behind."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from support.reliability import api, create

from scorekeeper import create_app, service
from scorekeeper.store.db import connect, sqlite3

ROOT = Path(__file__).resolve().parents[2]
SEATS = {"N": "Ann", "E": "Bo", "S": "Cy", "W": "Di"}


def run_cli(*args: str, instance: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args, "--instance",
                           str(instance)], capture_output=True, text=True, timeout=120, cwd=ROOT)


def make_instance(folder: Path, matches: int = 3) -> list[str]:
    """An instance with a few matches and hands, made through the service; their ids."""
    create_app({"TESTING": True}, instance_path=folder)
    db = connect(folder / "scorekeeper.db")
    ids = []
    try:
        for _ in range(matches):
            made = service.create_match(db, {"format": "scorekeeper-match/1", "game": "euchre",
                                             "seats": dict(SEATS), "rules": {"target": 10}})
            for no in (1, 2):
                service.record_hand(db, made.match_id, {"caller": "E", "makers_tricks": 3}, no)
            ids.append(made.match_id)
    finally:
        db.conn.close()
    return ids


def match_ids(path: Path) -> set[str]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return {r[0] for r in conn.execute("SELECT id FROM matches")}
    finally:
        conn.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def changed(path: Path, *sql: str) -> Path:
    conn = sqlite3.connect(path)
    for statement in sql:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return path


CRASH = """
import os, signal, sys
from scorekeeper.store.db import sqlite3
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
mode = sys.argv[2]
if mode == "wal":
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")  # the committed hands stay in the WAL
    conn.execute("BEGIN")
    conn.execute("INSERT INTO matches (id, edit_key_hash, game, data, created, updated)"
                 " VALUES ('committed', 'h', 'euchre', '{}', 'x', 'x')")
    conn.execute("COMMIT")
else:  # a database left in rollback-journal mode (an older SQLite, before WAL was safe)
    conn.execute("PRAGMA journal_mode=DELETE")
conn.execute("PRAGMA cache_size=1")  # the uncommitted pages spill into the file (or the WAL)
conn.execute("BEGIN IMMEDIATE")
for n in range(300):
    conn.execute("INSERT INTO matches (id, edit_key_hash, game, data, created, updated)"
                 " VALUES (?, 'h', 'euchre', ?, 'x', 'x')", [f"dead-{n}", "x" * 2000])
os.kill(os.getpid(), signal.SIGKILL)  # a writer killed in the middle of its transaction
"""


def crash_writer(path: Path, mode: str) -> None:
    """A child process writing to ``path`` killed mid-transaction (a hot journal or a WAL)."""
    done = subprocess.run([sys.executable, "-c", CRASH, str(path), mode], cwd=ROOT,
                          timeout=60, capture_output=True, text=True)
    assert done.returncode == -signal.SIGKILL, done.stderr
    side = Path(f"{path}-wal" if mode == "wal" else f"{path}-journal")
    assert side.is_file() and side.stat().st_size > 0


@pytest.fixture
def instance(tmp_path: Path) -> Path:
    return tmp_path / "instance"


def bad_backups(good: Path, tmp: Path) -> list[tuple[str, Path, str]]:
    """(kind, file, words the refusal says) for each kind of bad backup."""
    def copy(name: str) -> Path:
        path = tmp / f"{name}.db"
        path.write_bytes(good.read_bytes())
        return path

    truncated = tmp / "truncated.db"
    truncated.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    junk = tmp / "junk.db"
    junk.write_bytes(os.urandom(8192))
    hot = copy("hot-journal")
    crash_writer(hot, "delete")
    wal = copy("wal-left")
    crash_writer(wal, "wal")
    return [
        ("trigger", changed(copy("trigger"), "CREATE TRIGGER wipe AFTER INSERT ON hands "
                                             "BEGIN DELETE FROM matches; END"), "trigger"),
        ("view", changed(copy("view"), "CREATE VIEW everything AS SELECT * FROM matches"),
         "view"),
        ("dropped index", changed(copy("index"), "DROP INDEX hand_history_match"), "index"),
        ("extra column", changed(copy("column"), "ALTER TABLE matches ADD COLUMN evil TEXT"),
         "table matches"),
        ("hand not JSON", changed(copy("json"), "UPDATE hands SET data = 'not json' "
                                                "WHERE no = 1"), "JSON"),
        ("does not replay", changed(copy("replay"), "UPDATE hands SET data = "
                                    "'{\"caller\": \"E\", \"makers_tricks\": 9}' WHERE no = 2"),
         "does not replay"),
        ("not a database", junk, "not a Scorekeeper database"),
        ("truncated", truncated, "damaged"),
        ("hot journal", hot, "-journal beside it"),
        ("WAL left behind", wal, "-wal beside it"),
    ]


def test_bad_backups_replace_nothing_and_keep_the_safety_copy(instance, tmp_path):
    make_instance(instance)
    good = tmp_path / "good.db"
    assert run_cli("backup", str(good), instance=instance).returncode == 0
    live = instance / "scorekeeper.db"
    first = run_cli("restore", str(good), instance=instance)
    assert first.returncode == 0, first.stderr
    [safety] = instance.glob("scorekeeper.db.before-restore-*")
    kept = {p.name: digest(p) for p in instance.iterdir() if p.is_file()}
    cases = bad_backups(good, tmp_path)
    assert len(cases) == 10
    for kind, bad, words in cases:
        done = run_cli("restore", str(bad), instance=instance)
        assert done.returncode == 1, (kind, done.stdout, done.stderr)
        assert words in done.stderr, (kind, done.stderr)
        assert "Traceback" not in done.stderr and "nothing was changed" in done.stderr
        assert {p.name: digest(p) for p in instance.iterdir() if p.is_file()} == kept, kind
    assert match_ids(safety) == match_ids(live)


@pytest.mark.parametrize("mode", ["delete", "wal"])
def test_the_safety_copy_holds_exactly_the_committed_data_after_a_crash(instance, tmp_path,
                                                                         mode):
    committed = set(make_instance(instance))
    good = tmp_path / "good.db"
    assert run_cli("backup", str(good), instance=instance).returncode == 0
    live = instance / "scorekeeper.db"
    crash_writer(live, mode)
    if mode == "wal":
        committed.add("committed")  # in the WAL only: deleting the -wal would lose it
    done = run_cli("restore", str(good), instance=instance)
    assert done.returncode == 0, done.stderr
    [safety] = instance.glob("scorekeeper.db.before-restore-*")
    assert str(safety) in done.stdout
    assert match_ids(safety) == committed  # no dead writer's match, every committed one
    assert match_ids(live) == committed - {"committed"}  # the backup's matches
    assert not [p for p in instance.iterdir() if p.name.startswith(".restore")]


def test_restore_is_refused_while_the_server_runs(serve, tmp_path):
    proc = serve()
    match_id, key = create(proc.base)
    good = tmp_path / "good.db"
    assert run_cli("backup", str(good), instance=proc.instance).returncode == 0
    assert (proc.instance / "serve.pid").is_file()
    assert api(proc.base, "POST", f"/api/matches/{match_id}/hands",
               {"caller": "E", "makers_tricks": 3, "no": 1}, key)[0] == 201
    before = digest(proc.instance / "scorekeeper.db")
    done = run_cli("restore", str(good), instance=proc.instance)
    assert done.returncode == 1
    assert "a server is using this instance" in done.stderr and "serve.pid" in done.stderr
    assert digest(proc.instance / "scorekeeper.db") == before
    assert not list(proc.instance.glob("*.before-restore-*"))


def test_old_etags_never_match_after_a_restore(serve, tmp_path):
    # Two histories reach the same version with different hands: a phone polling with the
    # tag of one must not get 304 from the other after a restore.
    proc = serve()
    match_id, key = create(proc.base)
    empty, one_hand = tmp_path / "empty.db", tmp_path / "one-hand.db"
    hands = f"/api/matches/{match_id}/hands"
    assert run_cli("backup", str(empty), instance=proc.instance).returncode == 0
    assert api(proc.base, "POST", hands, {"caller": "E", "makers_tricks": 3, "no": 1},
               key)[0] == 201
    assert run_cli("backup", str(one_hand), instance=proc.instance).returncode == 0
    proc.stop()
    assert run_cli("restore", str(empty), instance=proc.instance).returncode == 0
    proc.start()
    assert api(proc.base, "POST", hands, {"caller": "N", "makers_tricks": 5, "no": 1},
               key)[0] == 201
    etag = api(proc.base, "GET", f"/api/matches/{match_id}")[2]["etag"]
    proc.stop()
    assert run_cli("restore", str(one_hand), instance=proc.instance).returncode == 0
    proc.start()
    status, body, headers = api(proc.base, "GET", f"/api/matches/{match_id}",
                                **{"If-None-Match": etag})
    assert status == 200, "the phone would keep the other history's score"
    assert headers["etag"] != etag and body["match"]["hands"][0]["caller"] == "E"


def read_only_restore(good: Path, instance: Path) -> subprocess.CompletedProcess[str]:
    """``scorekeeper restore`` with the instance folder read-only: a read-only bind mount in a
    mount namespace of its own when run as root (root writes through permissions), else the
    folder's permissions."""
    if os.geteuid() != 0:
        instance.chmod(0o555)
        try:
            return run_cli("restore", str(good), instance=instance)
        finally:
            instance.chmod(0o755)
    script = ('mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"')
    return subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", str(instance),
                           sys.executable, "-m", "scorekeeper", "restore", str(good),
                           "--instance", str(instance)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def full_disk_restore(good: Path, instance: Path) -> subprocess.CompletedProcess[str]:
    """``scorekeeper restore`` whose files may not grow past 16 KB (the disk is "full")."""
    import resource

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past it fails, as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (16 * 1024, 16 * 1024))

    return subprocess.run([sys.executable, "-m", "scorekeeper", "restore", str(good),
                           "--instance", str(instance)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, preexec_fn=limit)


@pytest.mark.parametrize(("run", "words"), [(read_only_restore, "read-only or no permission"),
                                            (full_disk_restore, "disk is full")])
def test_a_disk_that_refuses_gets_a_sentence_and_nothing_behind(instance, tmp_path, run, words):
    make_instance(instance)
    good = tmp_path / "good.db"
    assert run_cli("backup", str(good), instance=instance).returncode == 0
    before = {p.name: digest(p) for p in instance.iterdir() if p.is_file()}
    done = run(good, instance)
    assert done.returncode == 1, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert {p.name: digest(p) for p in instance.iterdir() if p.is_file()} == before


def test_every_json_column_the_restore_checks_exists(tmp_path):
    from scorekeeper.store.restore_checks import JSON_COLUMNS

    create_app({"TESTING": True}, instance_path=tmp_path)
    conn = sqlite3.connect(tmp_path / "scorekeeper.db")
    try:
        for table, column, _kind in JSON_COLUMNS:
            columns = [c[1] for c in conn.execute(f'PRAGMA table_info("{table}")')]
            assert column in columns, (table, column)
    finally:
        conn.close()


def test_a_backup_of_another_page_size_restores_over_a_wal_database(instance, tmp_path):
    committed = set(make_instance(instance))
    good = tmp_path / "good.db"
    assert run_cli("backup", str(good), instance=instance).returncode == 0
    small = tmp_path / "small-pages.db"
    small.write_bytes(good.read_bytes())
    conn = sqlite3.connect(small)
    conn.execute("PRAGMA page_size=1024")
    conn.execute("VACUUM")
    assert conn.execute("PRAGMA page_size").fetchone()[0] == 1024
    conn.close()
    live = sqlite3.connect(instance / "scorekeeper.db")
    assert live.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
    live.close()
    # (the store keeps WAL where SQLite has the WAL-reset fix: then the copy goes into WAL)
    done = run_cli("restore", str(small), instance=instance)
    assert done.returncode == 0, done.stderr
    assert match_ids(instance / "scorekeeper.db") == committed
