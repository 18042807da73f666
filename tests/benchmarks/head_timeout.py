"""How long a direct server waits for a request head, and the status line of a 507 (issue 36).

Run: ``.venv/bin/python tests/benchmarks/head_timeout.py [--server NAME ...] [--ceiling 40]``

Starts each server with the app on loopback (a temporary instance folder, new matches refused
with 507 by a disk reserve no disk has) and opens, at once, connections that:

- ``idle``: send nothing;
- ``half``: send half a head (the request line and one field) and stop;
- ``trickled``: send the request line, then a field every 3 s;
- ``next idle`` / ``next trickled``: the same after a first answer on a kept-alive connection.

It prints when the server closed each (or ``open`` at ``--ceiling``), then the status line the
server sends for ``POST /api/matches`` (507) through that server. ``--costs`` measures, for the
same servers, what the project relies on its server for: an upload stalled after 10 of 1,000
bytes (when is it answered or closed), a worker killed (is it replaced), a worker stopped
(SIGSTOP: is it killed, as gunicorn's watchdog does), the master killed (do its workers go;
``scorekeeper serve`` adds ``PR_SET_PDEATHSIG``, a hook the others lack), and the time of 2,000
keep-alive requests for the manifest, one at a time. ``--lock-wait``: with one worker, while
another process holds SQLite's write lock 3 s and a save waits for it, how long a request
for the manifest (no database) takes: a worker whose requests share one thread (gevent)
waits with the save. Servers other than ``gunicorn-asgi`` (``scorekeeper serve``, the shipped
one) need packages the project does not install: ``pip install --target DIR uvicorn-worker
hypercorn granian gevent`` and ``PYTHONPATH=DIR``.
Results and what they mean: docs/running.md ("What the direct server does not bound").
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = "scorekeeper.serving.app:create"
TRICKLE = 3.0  # seconds between the fields of a trickled head (the tester's pace)

# Each server with the app, on PORT; the settings match `scorekeeper serve` where the server
# has them (keep-alive 5 s, 2 workers).
SERVERS: dict[str, list[str]] = {
    "gunicorn-asgi": [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
                      "--port", "{port}", "--workers", "{workers}"],
    "gunicorn-gthread": [sys.executable, "-m", "gunicorn", "-k", "gthread", "--threads", "8",
                         "-w", "{workers}", "--keep-alive", "5", "-t", "10",
                         "-b", "127.0.0.1:{port}", "scorekeeper:create_app()"],
    "gunicorn-gevent": [sys.executable, "-m", "gunicorn", "-k", "gevent", "-w", "{workers}",
                        "--keep-alive", "5", "-t", "10", "-b", "127.0.0.1:{port}",
                        "scorekeeper:create_app()"],
    "gunicorn-uvicorn": [sys.executable, "-m", "gunicorn", "-k",
                         "uvicorn_worker.UvicornWorker", "-w", "{workers}", "--keep-alive", "5",
                         "-t", "10", "-b", "127.0.0.1:{port}", f"{APP}()"],
    "hypercorn": [sys.executable, "-m", "hypercorn", "-w", "{workers}", "--keep-alive", "5",
                  "--read-timeout", "10", "-b", "127.0.0.1:{port}", f"{APP}()"],
    "granian": [sys.executable, "-m", "granian", "--interface", "asgi", "--factory",
                "--workers", "{workers}", "--http", "1", "--http1-keep-alive",
                "--http1-header-read-timeout", "5000", "--respawn-failed-workers",
                "--host", "127.0.0.1", "--port", "{port}", APP],
}
CASES = ("idle", "half", "trickled", "next idle", "next trickled")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(name: str, instance: Path, workers: int = 2,
          refuse: bool = True) -> tuple[subprocess.Popen[bytes], int]:
    """The server ``name`` with the app; ``refuse``: every new match refused (507)."""
    port = free_port()
    command = [part.format(port=port, workers=workers) for part in SERVERS[name]]
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(instance),
           "SCOREKEEPER_DISK_RESERVE_MB": str(10**9 if refuse else 0),
           "SCOREKEEPER_CREATE_LIMIT": "0", "SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen(command, cwd=instance, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=open(instance / "server.log", "wb"))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if s.recv(64).startswith(b"HTTP/1.1 200"):
                    return proc, port
        except OSError:
            pass
        if proc.poll() is not None:
            raise SystemExit(f"{name} exited: {(instance / 'server.log').read_text()[-2000:]}")
        time.sleep(0.2)
    raise SystemExit(f"{name} did not answer /healthz within 60 s")


def closed_after(port: int, case: str, ceiling: float) -> float | None:
    """Seconds until the server closed the connection of ``case``; None: open at ``ceiling``."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        if case.startswith("next"):
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            s.recv(4096)
        began = time.monotonic()
        if case == "half":
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        elif case.endswith("trickled"):
            s.sendall(b"GET /healthz HTTP/1.1\r\n")
        field, next_field = 0, began + TRICKLE
        while (now := time.monotonic()) - began < ceiling:
            s.settimeout(max(0.05, min(next_field, began + ceiling) - now))
            try:
                if s.recv(4096) == b"":
                    return time.monotonic() - began
            except TimeoutError:
                if case.endswith("trickled") and time.monotonic() >= next_field:
                    field += 1
                    next_field += TRICKLE
                    try:
                        s.sendall(f"X-Field-{field}: y\r\n".encode())
                    except OSError:
                        return time.monotonic() - began
            except OSError:
                return time.monotonic() - began
        return None
    finally:
        s.close()


def status_line_507(port: int) -> str:
    body = b'{"format": "scorekeeper-match/1", "game": "euchre", "rules": {"target": 200}}'
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(body), body))
        return s.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")


def stalled_upload(port: int, ceiling: float) -> str:
    """What an upload announcing 1,000 bytes that sends 10 gets, and when."""
    with socket.create_connection(("127.0.0.1", port), timeout=ceiling) as s:
        s.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1000\r\n\r\n{\"game\": 1")
        began = time.monotonic()
        try:
            answer = s.recv(4096)
        except TimeoutError:
            return f"open at {ceiling:.0f} s"
        except OSError:
            answer = b""
        took = time.monotonic() - began
        return f"{answer.split(b' ', 2)[1].decode() if answer else 'closed'} {took:.1f} s"


def children(pid: int) -> set[int]:
    """The server's worker processes (multiprocessing's resource tracker left out)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] not in "ZX" and b"resource_tracker" not in command:
            found.add(int(stat.parent.name))
    return found


def wait_for(condition, seconds: float) -> float | None:
    """Seconds until ``condition()`` held, None if it did not within ``seconds``."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if condition():
            return time.monotonic() - began
        time.sleep(0.1)
    return None


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in "ZX"
    except OSError:
        return False


def keep_alive_requests(port: int, count: int = 2000) -> float:
    """Milliseconds a request, ``count`` GETs of the manifest on kept-alive connections (a new
    one when the server closes one: hypercorn does after 1,000 requests)."""
    request = b"GET /manifest.webmanifest HTTP/1.1\r\nHost: x\r\n\r\n"
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    began = time.monotonic()
    try:
        done = 0
        while done < count:
            s.sendall(request)
            answer = b""
            while b"\r\n\r\n" not in answer and (piece := s.recv(65536)):
                answer += piece
            if not answer:  # closed by the server: again on a new connection
                s.close()
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
                continue
            head, rest = answer.split(b"\r\n\r\n", 1)
            length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length")))
            while len(rest) < length:
                rest += s.recv(65536)
            done += 1
    finally:
        s.close()
    return (time.monotonic() - began) * 1000 / count


def costs(name: str, ceiling: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        proc, port = start(name, Path(folder))
        cells = []
        try:
            cells.append(f"request {keep_alive_requests(port):.2f} ms")
            cells.append(f"stalled upload: {stalled_upload(port, ceiling)}")
            workers = children(proc.pid)
            victim = min(workers)
            os.kill(victim, signal.SIGKILL)
            took = wait_for(lambda: len(children(proc.pid) - {victim}) >= len(workers), 20)
            cells.append("worker killed: " + (f"replaced {took:.1f} s" if took is not None
                                              else "not replaced in 20 s"
                                              + ("" if proc.poll() is None else ", server exited")))
            if proc.poll() is None:
                workers = children(proc.pid)
                stopped = min(workers)
                os.kill(stopped, signal.SIGSTOP)
                took = wait_for(lambda: not alive(stopped), 25)
                cells.append("worker stopped: " + (f"killed {took:.1f} s" if took is not None
                                                   else "still there at 25 s"))
                if alive(stopped):
                    os.kill(stopped, signal.SIGCONT)
                wait_for(lambda: len(children(proc.pid)) >= len(workers), 20)
                workers = children(proc.pid)
                os.kill(proc.pid, signal.SIGKILL)
                took = wait_for(lambda: not any(alive(w) for w in workers), 30)
                cells.append("master killed: " + (f"workers gone {took:.1f} s" if took is not None
                                                  else "workers serving at 30 s"))
            print(f"{name} costs: " + "; ".join(cells), flush=True)
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()


def request(port: int, method: str, path: str, body: bytes = b"",
            key: str = "") -> tuple[int, bytes]:
    """One request on a new connection: (status, body)."""
    auth = f"Authorization: Bearer {key}\r\n".encode() if key else b""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(b"%s %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n%s"
                  b"Content-Length: %d\r\nConnection: close\r\n\r\n%s"
                  % (method.encode(), path.encode(), auth, len(body), body))
        got = b""
        while piece := s.recv(65536):
            got += piece
    head, _sep, answer = got.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), answer


def lock_wait(name: str, hold: float = 3.0) -> None:
    """One worker; another process holds SQLite's write lock for ``hold`` s while a save waits
    for it: how long a request that needs no database takes meanwhile, and the save."""
    import json

    from scorekeeper.store.db import sqlite3

    with tempfile.TemporaryDirectory() as folder:
        proc, port = start(name, Path(folder), workers=1, refuse=False)
        try:
            match = {"format": "scorekeeper-match/1", "game": "euchre", "rules": {"target": 200},
                     "seats": {"N": "Ann", "E": "Ben", "S": "Cat", "W": "Dan"}}
            _status, answer = request(port, "POST", "/api/matches", json.dumps(match).encode())
            created = json.loads(answer)
            assert "id" in created, created
            db = sqlite3.connect(Path(folder) / "scorekeeper.db", isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            held = time.monotonic()
            saved: list[tuple[int, float]] = []
            hand = json.dumps({"caller": "N", "makers_tricks": 3, "no": 1}).encode()
            saver = threading.Thread(target=lambda: saved.append((request(
                port, "POST", f"/api/matches/{created['id']}/hands", hand,
                created["edit_key"])[0], time.monotonic() - held)))
            saver.start()
            time.sleep(0.5)  # the save is waiting in SQLite's busy handler by now
            began = time.monotonic()
            got = request(port, "GET", "/manifest.webmanifest")[0]
            took = time.monotonic() - began
            time.sleep(max(0.0, hold - (time.monotonic() - held)))
            db.execute("COMMIT")
            saver.join()
            print(f"{name} lock wait: manifest {got} in {took:.2f} s; save {saved[0][0]} at "
                  f"{saved[0][1]:.2f} s (lock held {time.monotonic() - held:.2f} s)", flush=True)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(30)


def measure(name: str, ceiling: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        proc, port = start(name, Path(folder))
        try:
            results: dict[str, float | None] = {}
            threads = [threading.Thread(target=lambda c=case: results.__setitem__(
                c, closed_after(port, c, ceiling))) for case in CASES]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            cells = [f"{case}: " + (f"closed {results[case]:.1f} s" if results[case] is not None
                                    else f"open at {ceiling:.0f} s") for case in CASES]
            print(f"{name}: " + "; ".join(cells) + f"; 507 -> {status_line_507(port)!r}",
                  flush=True)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", action="append", choices=sorted(SERVERS))
    parser.add_argument("--ceiling", type=float, default=40.0)
    parser.add_argument("--costs", action="store_true", help="what a switch would cost")
    parser.add_argument("--lock-wait", action="store_true",
                        help="a request while a save waits for SQLite's lock (one worker)")
    args = parser.parse_args()
    for name in args.server or ["gunicorn-asgi"]:
        if args.lock_wait:
            lock_wait(name)
        else:
            (costs if args.costs else measure)(name, args.ceiling)


if __name__ == "__main__":
    main()
