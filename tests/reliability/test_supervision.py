"""``scorekeeper serve`` supervised (issue 21), through the real server: the master killed
alone (SIGKILL) takes its workers with it, and a new server starts on the same port at once;
SIGTERM leaves nothing; thousands of idle connections and stalled uploads, or a stopped
worker, do not keep /healthz and saves from the others; the pid file is gunicorn's own; the
running server's SQLite is WAL, synchronous FULL, with a busy timeout. Issue 36: a killed
master's workers go at once even with connections open; uploads stalled near their end cost
little memory; a worker stopped holding the write lock is killed by gunicorn's watchdog; a
kept-alive connection's next head is bounded by ``keepalive`` (a first head is not)."""

from __future__ import annotations

import os
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from support.reliability import ROOT, Client, TransportError, api, create, free_port, read_db

from scorekeeper.store.db import sqlite3

pytestmark = pytest.mark.slow

IDLE = 9000  # bare TCP connections that never send a byte (the issue: 8,400 locked everyone out)
STALLED = 150  # uploads that announce 1 MB, send 10 kB and stop


def _live_processes(field: int, value: int) -> list[int]:
    """Every live process whose /proc stat field number ``field`` (after the name) is
    ``value``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[field]) == value and fields[0] not in ("Z", "X"):
            found.append(int(stat.parent.name))
    return found


def session_processes(sid: int) -> list[int]:
    """Every live process of session ``sid`` (the server was started as a session leader, so
    its workers and anything they start belong to it)."""
    return _live_processes(3, sid)


def children(pid: int) -> list[int]:
    return _live_processes(1, pid)


class Served:
    """``scorekeeper serve`` on a given port, a session of its own."""

    def __init__(self, instance: Path, port: int, log: Path, args: tuple[str, ...] = ()):
        self.instance, self.port, self.log = instance, port, log
        self.base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "SCOREKEEPER_CREATE_LIMIT": "0",
               "SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0"}
        env.pop("SCOREKEEPER_INSTANCE", None)
        self.out = log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", "--port", str(port),
             "--instance", str(instance), *args],
            cwd=ROOT, env=env, stdout=self.out, stderr=subprocess.STDOUT,
            start_new_session=True)
        self.started = time.monotonic()
        deadline = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, log.read_text()
            try:
                if api(self.base, "GET", "/healthz")[0] == 200:
                    break
            except TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)

    def workers(self, wanted: int = 2) -> list[int]:
        deadline = time.monotonic() + 20
        while len(found := children(self.proc.pid)) < wanted and time.monotonic() < deadline:
            time.sleep(0.05)
        return found

    def gone(self, within: float = 10) -> list[int]:
        """What is left of the session after ``within`` seconds at most (empty: all gone)."""
        deadline = time.monotonic() + within
        while (left := session_processes(self.proc.pid)) and time.monotonic() < deadline:
            time.sleep(0.05)
        return left

    def close(self) -> None:
        for pid in session_processes(self.proc.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.proc.poll() is None:
            self.proc.wait(timeout=10)
        self.out.close()


@pytest.fixture
def started(tmp_path):
    made: list[Served] = []

    def start(port: int | None = None, args: tuple[str, ...] = ()) -> Served:
        s = Served(tmp_path / "instance", port or free_port(), tmp_path / "serve.log", args)
        made.append(s)
        return s

    yield start
    for s in made:
        s.close()


def saves(base: str, tables: int, stop: threading.Event) -> list[dict[str, Any]]:
    """Tables saving hands with an Idempotency-Key until ``stop`` or the server goes; each
    table's list of acknowledged hand numbers and the one in flight (``pending``)."""
    made = [{"id": m, "key": k, "acked": [], "pending": None}
            for m, k in (create(base) for _ in range(tables))]

    def table(t: dict[str, Any]) -> None:
        while not stop.is_set():
            no = len(t["acked"]) + 1
            try:
                status, _body, _h = api(base, "POST", f"/api/matches/{t['id']}/hands",
                                       {"caller": "NESW"[no % 4], "makers_tricks": 3, "no": no},
                                       t["key"], **{"Idempotency-Key": f"{t['id']}-{no}"})
            except TransportError:
                t["pending"] = no
                return
            if status != 201:
                t["pending"] = no  # a worker dying mid-answer may be a 502/503 too
                return
            t["acked"].append(no)

    threads = [threading.Thread(target=table, args=(t,)) for t in made]
    for th in threads:
        th.start()
    made.append({"threads": threads})  # type: ignore[dict-item]
    return made


def test_a_killed_master_takes_its_workers_and_the_port_is_free_at_once(started):
    server = started()
    from scorekeeper.serving.config import default_workers

    wanted = default_workers()  # four a core, 2 to 16
    assert len(server.workers(wanted)) == wanted
    pid_file = server.instance / "serve.pid"
    assert int(pid_file.read_text()) == server.proc.pid  # gunicorn's own pid file
    stop = threading.Event()
    tables = saves(server.base, 4, stop)
    threads = tables.pop()["threads"]
    time.sleep(1.0)
    os.kill(server.proc.pid, signal.SIGKILL)  # the master alone, mid-saves
    server.proc.wait(timeout=10)
    assert server.gone(within=10) == []  # the workers saw their parent change and stopped
    stop.set()
    for th in threads:
        th.join(timeout=30)
    again = started(server.port)  # the same port, straight away
    assert again.started - time.monotonic() < 30
    stored = read_db(server.instance / "scorekeeper.db")
    assert stored.integrity == "ok"
    for t in tables:
        count = len(stored.hand_data(t["id"]))
        assert t["acked"] == list(range(1, len(t["acked"]) + 1))
        # every 201 is stored, once; at most the one in flight as well
        assert count in (len(t["acked"]), len(t["acked"]) + 1), (count, t["acked"])
    assert sum(len(t["acked"]) for t in tables) > 0


def test_a_killed_master_leaves_no_worker_holding_its_connections(started):
    """Issue 36: with connections open on every worker (idle ones, and a kept-alive one that
    has been answered) the workers used to stop gracefully after seeing their parent change,
    serving those connections for ``graceful_timeout`` (20 s) with parent 1. The kernel now
    tells each worker to quit when its master dies (``PR_SET_PDEATHSIG``, SIGQUIT), and it
    ends once no commit of its own is in flight."""
    server = started(args=("--workers", "2"))
    assert len(server.workers(2)) == 2
    held: list[socket.socket] = []
    try:
        _open_idle(server.port, 40, held)
        for _ in range(4):  # answered, then kept alive
            kept = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            assert kept.recv(4096).startswith(b"HTTP/1.1 200")
            held.append(kept)
        os.kill(server.proc.pid, signal.SIGKILL)
        killed = time.monotonic()
        server.proc.wait(timeout=10)
        left = server.gone(within=3)
        assert left == [], f"still running {time.monotonic() - killed:.1f} s after: {left}"
    finally:
        for s in held:
            s.close()


def test_a_killed_worker_is_replaced_and_sigterm_leaves_nothing(started):
    server = started()
    first = server.workers()
    os.kill(first[0], signal.SIGKILL)
    deadline = time.monotonic() + 20
    while (now := children(server.proc.pid)) == first or len(now) < 2:
        assert time.monotonic() < deadline, now
        time.sleep(0.05)
    assert api(server.base, "GET", "/healthz")[0] == 200
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(timeout=30) == 0
    assert server.gone(within=5) == []
    assert not (server.instance / "serve.pid").exists()


def _healthz_within(base: str, seconds: float) -> float:
    started_at = time.monotonic()
    status, body, _h = api(base, "GET", "/healthz")
    took = time.monotonic() - started_at
    assert (status, body) == (200, "ok") and took < seconds, (status, body, took)
    return took


def _stall(server: Served, match_id: str, key: str, held: list[socket.socket]) -> None:
    """STALLED uploads that announce 1 MB, send 10 kB and stop."""
    head = (f"POST /api/matches/{match_id}/hands HTTP/1.1\r\nHost: x\r\n"
            f"Authorization: Bearer {key}\r\nContent-Type: application/json\r\n"
            "Content-Length: 1000000\r\n\r\n").encode()
    for _ in range(STALLED):
        s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        s.sendall(head + b" " * 10_000)
        held.append(s)
    time.sleep(0.5)


def _open_idle(port: int, count: int, held: list[socket.socket], within: float = 30) -> None:
    """``count`` connections that never send a byte, opened all at once (non-blocking): the
    server's accept queue drops some first attempts, and the kernel retries those a second
    later, so opening them one after another would take half a minute."""
    with selectors.DefaultSelector() as waiting:
        for _ in range(count):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", port))
            held.append(s)
            waiting.register(s, selectors.EVENT_WRITE)
        deadline = time.monotonic() + within
        while waiting.get_map() and time.monotonic() < deadline:
            for key, _events in waiting.select(timeout=1.0):
                assert key.fileobj.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0
                waiting.unregister(key.fileobj)
        left = len(waiting.get_map())
    assert not left, f"{left} of {count} connections not open in {within} s"


def test_idle_connections_and_stalled_uploads_do_not_hold_the_server(started):
    server = started()
    held: list[socket.socket] = []
    try:
        _open_idle(server.port, IDLE, held)
        match_id, key = create(server.base)
        _stall(server, match_id, key, held)
        for _ in range(3):
            _healthz_within(server.base, 5)
        status, _b, _h = api(server.base, "POST", f"/api/matches/{match_id}/hands",
                             {"caller": "N", "makers_tricks": 3, "no": 1}, key)
        assert status == 201
        rss = sum(int(Path(f"/proc/{pid}/statm").read_text().split()[1])
                  for pid in server.workers()) * os.sysconf("SC_PAGE_SIZE")
        assert rss < 800 * 1024 * 1024, rss  # each connection holds kilobytes, not a megabyte
    finally:
        for s in held:
            s.close()


def test_stalled_uploads_hold_no_thread(started):
    """Far more stalled bodies than the app has threads (2 x 4): a body is read whole before
    a thread is taken, so every thread stays free for the requests that are complete."""
    server = started(args=("--workers", "2", "--threads", "4"))
    held: list[socket.socket] = []
    try:
        match_id, key = create(server.base)
        _stall(server, match_id, key, held)
        for no in range(1, 6):
            _healthz_within(server.base, 2)
            status, _b, _h = api(server.base, "POST", f"/api/matches/{match_id}/hands",
                                 {"caller": "N", "makers_tricks": 3, "no": no}, key)
            assert status == 201
    finally:
        for s in held:
            s.close()


def _unread_by_server(port: int) -> int:
    """Bytes that arrived on the server's connections and that it has not read yet (the
    receive queues of /proc/net/tcp whose local port is the server's)."""
    unread = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == port and fields[3] == "01":  # established
            unread += int(fields[4].split(":")[1], 16)
    return unread


def _workers_rss(server: Served) -> int:
    return sum(int(Path(f"/proc/{pid}/statm").read_text().split()[1])
               for pid in server.workers()) * os.sysconf("SC_PAGE_SIZE")


def test_uploads_stalled_near_their_end_cost_little_memory(started):
    """Issue 36: 150 uploads that send 900 kB of a declared 1 MB and stop grew two workers by
    68 MB: the body step kept each upload's last socket read (up to 256 KiB) while waiting for
    the next, and glibc kept the freed reads in its heap. Now 3 MB (64 KiB each at most, the
    rest waits in temporary files)."""
    server = started(args=("--workers", "2"))
    match_id, key = create(server.base)
    _healthz_within(server.base, 5)
    before = _workers_rss(server)
    head = (f"POST /api/matches/{match_id}/hands HTTP/1.1\r\nHost: x\r\n"
            f"Authorization: Bearer {key}\r\nContent-Type: application/json\r\n"
            "Content-Length: 1000000\r\n\r\n").encode()
    held: list[socket.socket] = []
    try:
        for _ in range(STALLED):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            s.sendall(head + b" " * 900_000)
            held.append(s)
        deadline = time.monotonic() + 30
        while _unread_by_server(server.port):  # the server has read every byte sent
            assert time.monotonic() < deadline
            time.sleep(0.05)
        grown = _workers_rss(server) - before
        # 150 x 64 KiB is 9.4 MB by design; a loaded machine measured up to 22 MB with the
        # allocator's slack. Unfixed it grew 68 MB, and with either half of the fix 33-39 MB.
        assert grown < 30 * 1024 * 1024, f"{grown / 2**20:.1f} MB"
        status, _b, _h = api(server.base, "POST", f"/api/matches/{match_id}/hands",
                             {"caller": "N", "makers_tricks": 3, "no": 1}, key)
        assert status == 201
    finally:
        for s in held:
            s.close()


def test_a_stopped_worker_does_not_stall_the_other(started):
    server = started()
    match_id, key = create(server.base)
    stopped = server.workers()[0]
    os.kill(stopped, signal.SIGSTOP)
    try:
        for no in range(1, 11):  # each on a new connection: the live worker accepts them
            started_at = time.monotonic()
            status, _b, _h = api(server.base, "POST", f"/api/matches/{match_id}/hands",
                                 {"caller": "N", "makers_tricks": 3, "no": no}, key)
            assert status == 201 and time.monotonic() - started_at < 5
        _healthz_within(server.base, 5)
    finally:
        os.kill(stopped, signal.SIGCONT)


def test_a_kept_alive_connection_s_next_head_has_keepalive_to_arrive(started):
    """After a first request, gunicorn's ``keepalive`` (5 s) bounds the wait for the whole next
    head: a connection left idle, or whose next head is trickled a field a second, is closed
    within it. The first head of a connection has no such bound in gunicorn 27's ASGI worker,
    and no setting gives one (docs/running.md, "What the direct server does not bound"; the
    nginx profile cuts it): a new connection opened beside them is still open and served
    after they are closed. When that part fails, gunicorn bounds first heads: say so in the
    docs and assert the close here."""
    from scorekeeper.serving.config import options

    keepalive = options("127.0.0.1", 1, Path("."))["keepalive"]
    server = started(args=("--workers", "2"))
    idle, trickled, fresh = (socket.create_connection(("127.0.0.1", server.port), timeout=30)
                             for _ in range(3))
    opened = time.monotonic()
    try:
        for s in (idle, trickled):
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(4096).startswith(b"HTTP/1.1 200")
        began = time.monotonic()
        trickled.sendall(b"GET /healthz HTTP/1.1\r\n")
        trickled.settimeout(1)
        field = 0
        while True:  # a field a second until the server closes the connection
            try:
                if trickled.recv(4096) == b"":
                    break
            except TimeoutError:
                field += 1
                trickled.sendall(f"X-Field-{field}: y\r\n".encode())
            except ConnectionResetError:
                break
            assert time.monotonic() - began < keepalive + 3, "the trickled head is still open"
        assert idle.recv(4096) == b""  # closed as well, by now
        assert time.monotonic() - began < keepalive + 3
        assert time.monotonic() - opened > keepalive  # the new one waited longer, yet:
        fresh.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert fresh.recv(4096).startswith(b"HTTP/1.1 200")
    finally:
        idle.close()
        trickled.close()
        fresh.close()


def _wait_stopped(pid: int) -> None:
    """Until ``pid`` is stopped (state T in /proc), or gone."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return
        if state in ("T", "t"):
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} did not stop")


def _write_lock_holder(db: Path) -> int | None:
    """The process holding SQLite's WAL write lock on ``db`` (a POSIX lock on byte 120 of its
    -shm file, as /proc/locks lists it), or None."""
    try:
        inode = os.stat(f"{db}-shm").st_ino
    except FileNotFoundError:
        return None
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if ("->" not in fields and fields[1:4] == ["POSIX", "ADVISORY", "WRITE"]
                and fields[5].endswith(f":{inode}") and fields[6] == "120"):
            return int(fields[4])
    return None


def test_a_worker_stopped_holding_the_write_lock_holds_no_save_for_long(started):
    """Issue 36: SIGSTOP of the worker holding SQLite's write lock. Saves elsewhere answer 503
    in words with Retry-After after the 5 s busy timeout; the stopped worker misses gunicorn's
    heartbeat and is killed within its 10 s ``timeout`` (+2 s), so the connections it held are
    closed by then (not when it is continued) and the lock is free again."""
    bound = 13  # s: gunicorn's watchdog (10 s), its two checks a second apart, and slack
    server = started(args=("--workers", "2"))
    tables = [create(server.base) for _ in range(4)]
    quiet = create(server.base)  # no phone saves to it: its first hand needs the write lock
    stop = threading.Event()
    waits: list[tuple[float, object]] = []  # each save: (seconds, status or "reset")

    def phone(match_id: str, key: str) -> None:
        client, no = Client(server.base), 1
        while not stop.is_set():
            began = time.monotonic()
            try:
                status, _b, _h, _s = client.request(
                    "POST", f"/api/matches/{match_id}/hands",
                    {"caller": "N", "makers_tricks": 3, "no": no},
                    {"Authorization": f"Bearer {key}", "Idempotency-Key": f"{match_id}-{no}"})
            except TransportError:
                status = "reset"
                client.close()
                client = Client(server.base)
            waits.append((time.monotonic() - began, status))
            no += status == 201

    phones = [threading.Thread(target=phone, args=t) for t in tables]
    for th in phones:
        th.start()
    holder = None
    try:
        deadline = time.monotonic() + 30
        while holder is None:  # catch a worker in the middle of a save
            assert time.monotonic() < deadline, "no worker seen holding the write lock"
            pid = _write_lock_holder(server.instance / "scorekeeper.db")
            if pid in children(server.proc.pid):
                os.kill(pid, signal.SIGSTOP)
                _wait_stopped(pid)  # the signal is asynchronous: it may commit first
                if _write_lock_holder(server.instance / "scorekeeper.db") == pid:
                    holder = pid
                else:
                    os.kill(pid, signal.SIGCONT)  # its save ended first: try again
        stopped_at = time.monotonic()
        match_id, key = quiet  # hand 1, the next: checked in the write, so it waits for it
        status, body, headers = api(server.base, "POST", f"/api/matches/{match_id}/hands",
                                    {"caller": "N", "makers_tricks": 3, "no": 1}, key)
        took = time.monotonic() - stopped_at
        assert status == 503 and took < 5 + 1.5, (status, took)  # a new connection: the other
        assert "busy saving other scores" in body["errors"][0]["message"]
        assert {k.lower(): v for k, v in headers.items()}["retry-after"] == "2"
        while holder in children(server.proc.pid):
            assert time.monotonic() - stopped_at < bound, "the stopped worker was not killed"
            time.sleep(0.05)
        stop.set()
        for th in phones:
            th.join(timeout=bound)
        assert max(w for w, _status in waits) < bound, sorted(waits)[-5:]
        assert {s for _w, s in waits} <= {201, 503, "reset"}
        status, _b, _h = api(server.base, "POST", f"/api/matches/{match_id}/hands",
                             {"caller": "N", "makers_tricks": 3, "no": 1}, key)
        assert status == 201  # the lock is free again (the 503 stored nothing)
    finally:
        stop.set()
        if holder is not None:
            try:
                os.kill(holder, signal.SIGCONT)
            except ProcessLookupError:
                pass


def test_the_running_server_s_sqlite(started, app):
    """WAL on an SQLite with the WAL-reset fix, synchronous FULL, SQLite's busy timeout; a
    reader is not held back by an open write transaction."""
    server = started()
    worker = server.workers()[0]
    maps = Path(f"/proc/{worker}/maps").read_text()
    assert "pysqlite3" in maps  # the worker runs the wheel's SQLite, not the system's
    assert tuple(sqlite3.sqlite_version_info) >= (3, 51, 3)
    match_id, _key = create(server.base)
    writer = sqlite3.connect(server.instance / "scorekeeper.db")
    try:
        assert writer.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # kept in the file
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE heartbeat SET at = at")
        started_at = time.monotonic()
        status, _b, _h = api(server.base, "GET", f"/api/matches/{match_id}")
        assert status == 200 and time.monotonic() - started_at < 1
    finally:
        writer.rollback()
        writer.close()
    with app.app_context():  # the app's own connection, as each worker opens it
        from scorekeeper.store.db import get_db

        db = get_db()
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
