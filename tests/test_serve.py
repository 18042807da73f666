"""The ``scorekeeper`` command (serve, backup, restore) and the app under a real server."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from support.helpers import call, euchre_hand, euchre_match, free_port, stop_process, wait_for

from scorekeeper import cli
from scorekeeper.serving.config import options as gunicorn_options
from scorekeeper.store.backup import BackupError, backup_database, restore_database, verify
from scorekeeper.store.db import sqlite3


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for command in ("serve", "check", "backup", "restore"):
        assert command in out


def test_no_command_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main([])
    assert exit_.value.code == 2
    assert "usage" in capsys.readouterr().err


def test_serve_options():
    args = cli.build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.instance) == ("127.0.0.1", 5000, None)
    args = cli.build_parser().parse_args(
        ["serve", "--host", "0.0.0.0", "--port", "8080", "--instance", "/tmp/x"])
    assert (args.host, args.port, args.instance) == ("0.0.0.0", 8080, "/tmp/x")


def test_addresses_printed():
    assert cli.addresses("127.0.0.1", 5000) == ["http://127.0.0.1:5000/"]
    lan = cli.addresses("0.0.0.0", 5000)
    assert lan[0] == "http://127.0.0.1:5000/"
    assert all(url.endswith(":5000/") for url in lan)


def test_gunicorn_settings_are_stock_and_never_preload(tmp_path):
    options = gunicorn_options("0.0.0.0", 8000, tmp_path)
    assert options["worker_class"] == "asgi"  # gunicorn's own worker: checks its parent
    assert options["preload_app"] is False
    assert options["bind"] == "0.0.0.0:8000"
    assert options["pidfile"] == str(tmp_path / "serve.pid")
    assert options["keepalive"] > 2  # longer than a phone's pause between polls
    assert options["forwarded_allow_ips"] == ""
    # issue 36: the kernel kills a worker whose master dies; the watchdog a stopped worker
    from scorekeeper.serving.config import worker_quit, worker_started

    assert options["post_fork"] is worker_started
    assert options["timeout"] <= 10
    # an orphaned worker ends between commits, never inside one (Litestream's replica)
    assert options["worker_int"] is worker_quit


def test_the_write_lock_is_taken_only_between_commits(tmp_path):
    """What an orphaned worker does before it ends: it waits for the transaction in flight to
    commit, then holds the lock, so nothing else is in a commit when the process ends."""
    from scorekeeper.store.db import connect, hold_write_lock

    path = tmp_path / "t.db"
    writer = connect(path)
    writer.execute("CREATE TABLE t (x)")
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO t VALUES (1)")
    taken = threading.Event()
    held: list[object] = []

    def take() -> None:
        held.append(hold_write_lock(path, busy_timeout_ms=60_000))
        taken.set()

    thread = threading.Thread(target=take)
    thread.start()
    assert not taken.wait(0.3)  # the writer is inside its transaction: no lock yet
    writer.conn.commit()
    thread.join(timeout=60)
    conn = held[0]
    assert conn is not None and conn.in_transaction  # type: ignore[attr-defined]
    assert conn.execute("SELECT x FROM t").fetchall() == [(1,)]  # type: ignore[attr-defined]
    other = connect(path, busy_timeout_ms=50)
    with pytest.raises(sqlite3.OperationalError):
        other.execute("BEGIN IMMEDIATE")  # it holds the lock until it ends
    conn.close()  # type: ignore[attr-defined]
    other.conn.close()
    writer.conn.close()
    assert hold_write_lock(tmp_path / "missing" / "t.db") is None


def test_the_served_app_end_to_end(served_app):
    status, text = call("GET", served_app + "/healthz")
    assert (status, text) == (200, "ok")
    status, created = call("POST", served_app + "/api/matches", euchre_match())
    assert status == 201
    url = f"{served_app}/api/matches/{created['id']}"
    status, body = call("POST", url + "/hands", {**euchre_hand(), "no": 1}, created["edit_key"])
    assert status == 201
    assert body["state"]["score"] == {"NS": 0, "EW": 1}
    status, body = call("GET", url)
    assert status == 200
    assert len(body["match"]["hands"]) == 1
    status, _page = call("GET", served_app + "/")
    assert status == 200


def test_twenty_concurrent_writes_through_the_real_server(served_app):
    created = [call("POST", served_app + "/api/matches", euchre_match())[1] for _ in range(20)]

    def record(match):
        return call("POST", f"{served_app}/api/matches/{match['id']}/hands",
                    {**euchre_hand(), "no": 1}, match["edit_key"])[0]

    with ThreadPoolExecutor(20) as pool:
        statuses = list(pool.map(record, created))
    assert statuses == [201] * 20
    for match in created:
        assert len(call("GET", f"{served_app}/api/matches/{match['id']}")[1]["match"]["hands"]) == 1


def test_phones_racing_for_one_hand_through_the_real_server(served_app):
    _status, match = call("POST", served_app + "/api/matches", euchre_match())
    url = f"{served_app}/api/matches/{match['id']}/hands"
    barrier = threading.Barrier(8)

    def phone(seat):
        barrier.wait()
        return call("POST", url, {**euchre_hand(seat), "no": 1}, match["edit_key"])[0]

    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(pool.map(phone, "NESWNESW"))
    assert statuses == [201] + [409] * 7


def test_live_server_fixture(live_server):
    assert call("GET", live_server + "/healthz") == (200, "ok")


def test_backup_and_restore(app, matches, tmp_path, capsys, monkeypatch):
    match_id, _key = matches.create()
    matches.record(match_id, euchre_hand())
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", app.instance_path)
    dest = tmp_path / "backup.db"
    assert cli.main(["backup", str(dest)]) == 0
    assert "integrity check ok" in capsys.readouterr().out
    counts = verify(dest)
    assert counts["matches"] == 1
    assert counts["hands"] == 1
    conn = sqlite3.connect(dest)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    assert cli.main(["backup", str(dest)]) == 1  # never overwrites

    matches.record(match_id, euchre_hand("N"))  # a change after the backup ...
    assert cli.main(["restore", str(dest)]) == 0  # ... is undone by the restore
    assert matches.load(match_id).hand_count == 1


def test_backup_refuses_garbage(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupError):
        restore_database(junk, tmp_path / "db.db")
    with pytest.raises(BackupError):
        backup_database(tmp_path / "missing.db", tmp_path / "out.db")
    with pytest.raises(BackupError):
        backup_database(junk, tmp_path / "out.db")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["junk.db"]  # a failure leaves nothing


def _raw(base: str, head: str, chunks: list[bytes], close_early: bool = False) -> bytes:
    """An HTTP/1.1 request written by hand (a chunked body, a body cut short); the answer."""
    import socket
    from urllib.parse import urlsplit

    where = urlsplit(base)
    with socket.create_connection((where.hostname, where.port), timeout=30) as s:
        s.sendall(head.encode())
        for chunk in chunks:
            s.sendall(chunk)
        if close_early:
            return b""
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer) < 200:
            got = s.recv(65536)
            if not got:
                break
            answer += got
        return answer


def test_bodies_reach_the_app_whole_through_the_real_server(served_app):
    """A body is read whole before the app has it: chunked or in pieces it saves, too large
    it is refused in words (413), and one cut short stores nothing."""
    _status, match = call("POST", served_app + "/api/matches", euchre_match())
    path = f"/api/matches/{match['id']}/hands"
    auth = f"Authorization: Bearer {match['edit_key']}\r\nContent-Type: application/json\r\n"
    body = json.dumps({**euchre_hand(), "no": 1}).encode()
    chunked = b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in (body[:7], body[7:])) + b"0\r\n\r\n"
    answer = _raw(served_app, f"POST {path} HTTP/1.1\r\nHost: x\r\n{auth}"
                  "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n", [chunked])
    assert answer.startswith(b"HTTP/1.1 201"), answer[:200]

    big = b"[" + b" " * (2 * 1024 * 1024) + b"]"
    answer = _raw(served_app, f"POST {path} HTTP/1.1\r\nHost: x\r\n{auth}"
                  f"Content-Length: {len(big)}\r\nConnection: close\r\n\r\n", [])
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]  # refused before it is sent
    piece = b" " * 65536
    over = b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for _ in range(20)) + b"0\r\n\r\n"
    answer = _raw(served_app, f"POST {path} HTTP/1.1\r\nHost: x\r\n{auth}"
                  "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n", [over])
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"1 MB" in answer or b"too large" in answer.lower(), answer[-300:]

    second = json.dumps({**euchre_hand(), "no": 2}).encode()
    _raw(served_app, f"POST {path} HTTP/1.1\r\nHost: x\r\n{auth}"
         f"Content-Length: {len(second)}\r\n\r\n", [second[:-5]], close_early=True)
    status, got = call("GET", f"{served_app}/api/matches/{match['id']}")
    assert status == 200 and len(got["match"]["hands"]) == 1


def test_a_body_that_stops_gets_a_408_and_stores_nothing(tmp_path):
    """The plain gunicorn command of docs/running.md, with a 2 s ``--timeout`` (``serve`` has
    10 s): a body that stops coming is answered 408 in words when the timeout passes, not 500."""
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    port = free_port()
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(tmp_path / "instance"),
           "SCOREKEEPER_CREATE_LIMIT": "0"}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    proc = subprocess.Popen(
        [str(gunicorn), "-k", "asgi", "--asgi-lifespan", "off", "-w", "1",
         "-b", f"127.0.0.1:{port}", "--timeout", "2", "--no-control-socket",
         "scorekeeper.serving.app:create()"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/healthz", process=proc)
        body = json.dumps(euchre_match()).encode()
        started = time.monotonic()
        answer = _raw(base, "POST /api/matches HTTP/1.1\r\nHost: x\r\n"
                      "Content-Type: application/json\r\n"
                      f"Content-Length: {len(body)}\r\n\r\n", [body[:20]])
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"did not arrive in time" in answer
        assert time.monotonic() - started < 10
    finally:
        stop_process(proc)
    errors = proc.stderr.read().decode() if proc.stderr else ""
    assert "Traceback" not in errors, errors
    with sqlite3.connect(tmp_path / "instance" / "scorekeeper.db") as db:
        assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 0
