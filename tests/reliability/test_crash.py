"""Crashes: SIGKILL the whole server (master and workers) in the middle of a burst of writes,
restart it on the same instance, and check that every acknowledged hand is there once; a
backup taken while writes are running is consistent.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from support.reliability import (
    ROOT,
    Client,
    TransportError,
    api,
    assert_sound,
    create,
    db_path,
    read_db,
)

from scorekeeper.store.db import sqlite3

pytestmark = pytest.mark.slow

TABLES = 6
ROUNDS = 3  # kill -> restart cycles


def hand_for(table: int, no: int) -> dict[str, Any]:
    return {"caller": "NESW"[(table + no) % 4], "makers_tricks": 3 + (no % 3),
            "note": f"t{table} h{no}"}


@dataclass
class Writer:
    """One table recording hand after hand with an Idempotency-Key, until the server dies."""

    table: int
    match_id: str
    key: str
    acked: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[str, Any] | None = None  # sent, no answer: stored or not, we cannot know
    unexpected: list[str] = field(default_factory=list)

    def idem(self, no: int) -> str:
        return f"t{self.table}-h{no}"

    def burst(self, base: str, stop: threading.Event) -> None:
        client = Client(base, timeout=20)
        try:
            while not stop.is_set():
                no = len(self.acked) + 1
                hand = hand_for(self.table, no)
                try:
                    status, body, _h, _s = client.request(
                        "POST", f"/api/matches/{self.match_id}/hands", {**hand, "no": no},
                        {"Authorization": f"Bearer {self.key}",
                         "Idempotency-Key": self.idem(no)})
                except TransportError:
                    self.pending = hand  # the server went away with this request in flight
                    return
                if status == 409 and body.get("state", {}).get("over"):
                    return  # the game is won: saves are fast enough to get there (issue 36)
                if status != 201:
                    self.unexpected.append(f"{status} {body}")
                    return
                assert body["hand"]["no"] == no
                self.acked.append(hand)
        finally:
            client.close()

    def resend_pending(self, base: str) -> None:
        """After the restart: the phone sends its unanswered request again, same key."""
        if self.pending is None:
            return
        no = len(self.acked) + 1
        status, body, _h = api(base, "POST", f"/api/matches/{self.match_id}/hands",
                               {**self.pending, "no": no}, self.key,
                               **{"Idempotency-Key": self.idem(no)})
        assert status == 201, body
        assert body["hand"]["no"] == no
        self.acked.append(self.pending)
        self.pending = None


def check_after_crash(path: Path, writers: list[Writer]) -> None:
    """Every acknowledged hand is stored, in order, once; at most the in-flight one more."""
    stored = read_db(path)
    assert stored.integrity == "ok"
    for w in writers:
        hands = stored.hand_data(w.match_id)
        assert hands[: len(w.acked)] == w.acked, f"table {w.table} lost an acknowledged hand"
        extra = hands[len(w.acked):]
        assert extra in ([], [w.pending]), f"table {w.table}: unexpected extra hands {extra}"
    assert_sound(stored)


def test_sigkill_during_a_burst_loses_no_acknowledged_hand(serve, tmp_path):
    proc = serve(SCOREKEEPER_WRITE_LIMIT_PER_MINUTE="0")
    writers = [Writer(t, *create(proc.base)) for t in range(TABLES)]
    kills_with_requests_in_flight = 0

    for round_no in range(ROUNDS):
        stop = threading.Event()
        threads = [threading.Thread(target=w.burst, args=(proc.base, stop)) for w in writers]
        before = sum(len(w.acked) for w in writers)
        for t in threads:
            t.start()
        deadline = time.monotonic() + 10
        while sum(len(w.acked) for w in writers) < before + 25 and time.monotonic() < deadline:
            time.sleep(0.01)
        proc.kill()  # SIGKILL to the process group: master and every worker, mid-request
        for t in threads:
            t.join(timeout=30)
        stop.set()
        assert not any(t.is_alive() for t in threads)
        assert all(not w.unexpected for w in writers), [w.unexpected for w in writers]
        assert sum(len(w.acked) for w in writers) >= before + 25, f"round {round_no}: too slow"
        kills_with_requests_in_flight += sum(w.pending is not None for w in writers)

        check_after_crash(db_path(proc), writers)  # straight after the kill, server down

        proc.start()  # the same instance, a fresh port
        for w in writers:
            w.resend_pending(proc.base)  # stored exactly once, whatever happened before
        stored = read_db(db_path(proc))
        for w in writers:
            assert stored.hand_data(w.match_id) == w.acked, f"table {w.table} after restart"
        assert_sound(stored)

    assert kills_with_requests_in_flight > 0  # the kills did land in the middle of requests

    # life goes on: each table records three more hands, and the API agrees with the file
    for w in writers:
        for _ in range(3):
            no = len(w.acked) + 1
            hand = hand_for(w.table, no)
            status, _b, _h = api(proc.base, "POST", f"/api/matches/{w.match_id}/hands",
                                 {**hand, "no": no}, w.key)
            assert status == 201
            w.acked.append(hand)
        status, body, _h = api(proc.base, "GET", f"/api/matches/{w.match_id}")
        assert status == 200 and body["match"]["hands"] == w.acked
    stored = read_db(db_path(proc))
    for w in writers:
        assert stored.hand_data(w.match_id) == w.acked
    assert_sound(stored)
    assert "Traceback" not in proc.log_text()


def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (gunicorn's workers), from /proc."""
    found = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat_file.parent.name))
    return found


def all_workers(proc) -> list[int]:
    """gunicorn's workers (``scorekeeper serve``'s default count), once all are up."""
    from scorekeeper.serving.config import default_workers

    wanted = default_workers()
    deadline = time.monotonic() + 20
    while len(found := children(proc.proc.pid)) < wanted and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(found) == wanted, found
    return found


def _sockets(pid: int) -> int:
    """How many sockets process ``pid`` has open."""
    from pathlib import Path

    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            count += fd.readlink().name.startswith("socket:")
        except OSError:
            pass
    return count


def test_a_worker_killed_mid_burst_loses_and_doubles_nothing(serve):
    """One gunicorn worker dies (SIGKILL) while phones record; the master starts another, the
    phones whose request died send it again with the same key: every hand stored once."""
    import os
    import signal

    proc = serve(SCOREKEEPER_WRITE_LIMIT_PER_MINUTE="0")
    writers = [Writer(t, *create(proc.base)) for t in range(TABLES)]
    workers = all_workers(proc)
    stop = threading.Event()
    threads = [threading.Thread(target=w.burst, args=(proc.base, stop)) for w in writers]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 10
    while sum(len(w.acked) for w in writers) < 20 and time.monotonic() < deadline:
        time.sleep(0.01)
    # The worker holding the most of the phones' kept-alive connections (each worker has the
    # same few sockets of its own besides): with eight workers the first may hold none.
    victim = max(workers, key=_sockets)
    os.kill(victim, signal.SIGKILL)
    time.sleep(0.3)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    assert all(not w.unexpected for w in writers), [w.unexpected for w in writers]
    check_after_crash(db_path(proc), writers)
    assert any(w.pending is not None for w in writers)  # the kill cut some requests off
    for w in writers:
        w.resend_pending(proc.base)  # served by the surviving or the new worker
    stored = read_db(db_path(proc))
    for w in writers:
        assert stored.hand_data(w.match_id) == w.acked
    assert_sound(stored)
    assert proc.running
    assert victim not in all_workers(proc)  # the master replaced the dead worker


def run_backup(instance: Path, dest: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "backup", str(dest), "--instance", str(instance)],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )


def test_a_backup_taken_while_writes_run_is_consistent(serve, tmp_path):
    proc = serve(SCOREKEEPER_WRITE_LIMIT_PER_MINUTE="0")
    writers = [Writer(t, *create(proc.base)) for t in range(4)]
    stop = threading.Event()
    threads = [threading.Thread(target=w.burst, args=(proc.base, stop)) for w in writers]
    for t in threads:
        t.start()
    try:
        results = []
        for i in range(3):
            time.sleep(0.3)
            dest = tmp_path / f"backup-{i}.db"
            results.append((dest, run_backup(proc.instance, dest)))
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=30)
    assert all(not w.unexpected for w in writers)
    written = sum(len(w.acked) for w in writers)
    assert written > 20  # the backups really ran under writes

    for dest, done in results:
        assert done.returncode == 0, done.stderr
        assert "integrity check ok" in done.stdout
        reported = dict((t, int(n)) for n, t in re.findall(r"(\d+) (\w+)", done.stdout))
        copy = read_db(dest)
        assert copy.integrity == "ok"
        assert {t: copy.counts[t] for t in reported} == reported  # matching row counts
        # one consistent snapshot: each hand came with its idempotency row and version bump
        assert copy.counts["idempotency"] == copy.counts["hands"]
        for w in writers:
            hands = copy.hand_data(w.match_id)
            assert hands == w.acked[: len(hands)]  # a prefix of what the table recorded
            assert copy.matches[w.match_id]["_version"] == 1 + len(hands)
        assert_sound(copy)


class Rows(list):
    def fetchone(self) -> Any:
        return self[0] if self else None


class WritesAroundTheCopy:
    """A stand-in for the backup's connection: another phone records a hand right after the
    "before" row count and right after ``VACUUM INTO`` (the windows a busy table can hit)."""

    def __init__(self, real: sqlite3.Connection, source: Path, match_id: str):
        self.real = real
        self.source = source
        self.match_id = match_id

    def another_phone_records(self) -> None:
        from scorekeeper import service
        from scorekeeper.store.db import connect

        db = connect(self.source)
        try:
            no = service.load(db, self.match_id).next_no
            outcome = service.record_hand(db, self.match_id, hand_for(0, no), no, f"k{no}")
            assert outcome.ok
        finally:
            db.conn.close()

    def execute(self, sql: str, params: Any = ()) -> Any:
        rows = self.real.execute(sql, params).fetchall()  # the statement is finished
        if "FROM idempotency" in sql or sql.startswith("VACUUM INTO"):
            self.another_phone_records()
        return Rows(rows)

    def close(self) -> None:
        self.real.close()


def test_a_backup_is_not_refused_when_writes_land_around_the_copy(tmp_path, monkeypatch):
    from scorekeeper import service
    from scorekeeper.store import backup
    from scorekeeper.store.db import connect, migrate

    source, dest = tmp_path / "scorekeeper.db", tmp_path / "copy.db"
    db = connect(source)
    try:
        migrate(db)
        match_id = service.create_match(db, {"format": "scorekeeper-match/1", "game": "euchre",
                                             "seats": {"N": "A", "E": "B", "S": "C", "W": "D"},
                                             "rules": {"target": 200}}).match_id
    finally:
        db.conn.close()

    def busy_connect(path: Path) -> Any:
        opened = connect(path)
        opened.conn = WritesAroundTheCopy(opened.conn, source, match_id)  # type: ignore
        return opened

    monkeypatch.setattr(backup, "connect", busy_connect)
    try:
        got = backup.backup_database(source, dest)
    except backup.BackupError as e:
        pytest.fail(f"a good copy was refused ({e}); the copy was left at DEST: {dest.exists()}")
    assert got == backup.verify(dest)
    assert not list(tmp_path.glob(".*partial*"))
    copy = read_db(dest)
    assert copy.counts["hands"] == copy.counts["idempotency"] == 1  # the copy's own snapshot
    assert_sound(copy)


def test_a_killed_server_leaves_no_lock_behind(serve, tmp_path):
    """After SIGKILL, the database opens and takes a write lock at once (no stale lock)."""
    proc = serve()
    create(proc.base)
    proc.kill()
    conn = sqlite3.connect(db_path(proc), timeout=1)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
