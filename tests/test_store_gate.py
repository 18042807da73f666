"""Writers take turns before SQLite's lock (scorekeeper/store/gate.py): many threads and
processes writing to one real SQLite file at once all get through, none waits in SQLite's
sleeping busy handler, and one held up past the busy timeout gets SQLite's own "locked" error
(which the app answers 503 in words, nothing stored)."""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
import time

import pytest

from scorekeeper import store
from scorekeeper.store import db as db_module
from scorekeeper.store.gate import gate_for


def _open(path, busy_ms=5000):
    db = db_module.connect(path, busy_timeout_ms=busy_ms)
    db.execute("CREATE TABLE IF NOT EXISTS n (who TEXT, i INTEGER)")
    return db


def _write(path: str, who: str, count: int) -> None:
    db = _open(path)
    for i in range(count):
        with store.transaction(db):
            db.execute("INSERT INTO n VALUES (?, ?)", [who, i])
            time.sleep(0.002)  # hold the lock a little, as a save does
    db.conn.close()


def test_threads_and_processes_writing_at_once_all_get_through(tmp_path):
    path = str(tmp_path / "t.db")
    _open(path).conn.close()
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_write, args=(path, f"p{i}", 25)) for i in range(3)]
    threads = [threading.Thread(target=_write, args=(path, f"t{i}", 25)) for i in range(4)]
    for w in [*procs, *threads]:
        w.start()
    for t in threads:
        t.join(timeout=60)
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    rows = _open(path).execute("SELECT who, COUNT(*) FROM n GROUP BY who").fetchall()
    assert dict(rows) == {**{f"p{i}": 25 for i in range(3)}, **{f"t{i}": 25 for i in range(4)}}


def test_a_writer_held_up_past_the_busy_timeout_gets_locked_and_stores_nothing(tmp_path):
    path = str(tmp_path / "t.db")
    waiter = _open(path, busy_ms=300)
    inside = threading.Event()
    done = threading.Event()

    def hold():
        holder = _open(path)  # a connection of its own thread
        with store.transaction(holder):
            holder.execute("INSERT INTO n VALUES ('holder', 1)")
            inside.set()
            done.wait(5)

    t = threading.Thread(target=hold)
    t.start()
    assert inside.wait(5)
    started = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        with store.transaction(waiter):
            waiter.execute("INSERT INTO n VALUES ('waiter', 1)")
    assert 0.25 < time.monotonic() - started < 2.0
    done.set()
    t.join(timeout=5)
    assert waiter.execute("SELECT who FROM n").fetchall() == [("holder",)]
    # The turn was given back: the next write goes through at once.
    with store.transaction(waiter):
        waiter.execute("INSERT INTO n VALUES ('waiter', 2)")


def test_another_process_holding_the_gate_file_is_waited_for(tmp_path):
    """Across processes the line is the gate file's lock; a forked child opens its own."""
    path = str(tmp_path / "t.db")
    _open(path).conn.close()
    gate = gate_for(str(tmp_path / "t.db"))
    ctx = multiprocessing.get_context("fork")
    held, go = ctx.Event(), ctx.Event()

    def child():
        with gate_for(str(tmp_path / "t.db")).turn(5):
            held.set()
            go.wait(5)

    p = ctx.Process(target=child)
    p.start()
    assert held.wait(10)
    with pytest.raises(sqlite3.OperationalError):
        with gate.turn(0.2):
            pass
    go.set()
    with gate.turn(5):  # the child let go
        pass
    p.join(timeout=10)
    assert p.exitcode == 0


def test_the_app_answers_a_long_held_lock_503_in_words(app, client, matches, tmp_path):
    """Through the app: a hand saved while another writer keeps the database past the busy
    timeout is refused 503 with Retry-After, and nothing is stored."""
    match_id, key = matches.create()
    app.config["DB_BUSY_TIMEOUT_MS"] = 300
    entered, leave = threading.Event(), threading.Event()

    def hold():
        other = db_module.connect(app.config["DATABASE"])
        with store.transaction(other):
            entered.set()
            leave.wait(5)

    t = threading.Thread(target=hold)
    t.start()
    assert entered.wait(5)
    try:
        r = client.post(f"/api/matches/{match_id}/hands", json={"no": 1, "caller": "N",
                                                                "makers_tricks": 3},
                        headers={"Authorization": f"Bearer {key}"})
    finally:
        leave.set()
        t.join(timeout=5)
    assert r.status_code == 503 and r.headers.get("Retry-After")
    assert "Nothing was saved" in r.get_json()["errors"][0]["message"]
    assert matches.load(match_id).match["hands"] == []
