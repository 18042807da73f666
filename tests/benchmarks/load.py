"""Load test: many card tables recording hands at once against ``scorekeeper serve``.

Run (loopback only; it starts and stops its own server on a temporary instance folder)::

    .venv/bin/python tests/benchmarks/load.py                 # 50 tables for 60 s
    .venv/bin/python tests/benchmarks/load.py --short         # 8 tables for 5 s (CI)
    .venv/bin/python tests/benchmarks/load.py --tables 20 --duration 30 --think 0.5

What it does: ``scorekeeper serve`` (gunicorn, gthread workers: the production mode) starts as a
subprocess in its own process group. Each table is a thread with one keep-alive HTTP connection
(``http.client``, standard library only) that, until the time is up:

- creates a match through the API (``POST /api/matches``) and keeps its edit key;
- records the next hand (``POST .../hands`` with ``"no"`` and an ``Idempotency-Key``);
- polls the match now and then (``GET /api/matches/<id>`` with ``If-None-Match``);
- corrects an earlier hand now and then (``PUT``: a note is added, the outcome stays), and
  undoes the last hand now and then (``DELETE``), re-recording it afterwards;
- when the game is over, starts a new match (a rematch), as a real table does.

Rate limit: the app refuses more than ``WRITE_LIMIT_PER_MINUTE`` (60) writes a minute to one
match from one address. The load test does not raise it: every table keeps a client-side
sliding window of its writes to the current match and waits before going past
``--match-writes-per-minute`` (50). Since a game is ~10-25 hands and a table then moves to a new
match, the window seldom binds. A 429 counts as an error.

Each table runs closed-loop (one request in flight; ``--think`` seconds between requests,
default 0): this is a stress test far beyond real play, where a table records a hand every few
minutes.

Afterwards the server is stopped and the SQLite file is read directly (``sqlite3``): every hand
each table believes it stored must be there exactly once, with the same content and numbers
1..n; every match must replay cleanly (``check_match``); ``PRAGMA integrity_check`` must say ok.
It prints latency percentiles (p50/p95/p99/max) per request kind and overall, and throughput.
The exit status is 0 only with zero errors, zero lost and zero doubled hands.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.store.db import sqlite3

ROOT = Path(__file__).resolve().parents[2]
SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
DEFAULT_TABLES = 50
DEFAULT_DURATION = 60.0
SHORT_TABLES = 8
SHORT_DURATION = 5.0
# A deal pattern that makes a game of ~15-20 hands (both sides score, some euchres, a pass).
HAND_CYCLE: tuple[dict[str, Any], ...] = (
    {"caller": "E", "makers_tricks": 3},
    {"caller": "N", "makers_tricks": 4},
    {"caller": "W", "makers_tricks": 3},
    {"passed": True},
    {"caller": "S", "makers_tricks": 3},
    {"caller": "E", "makers_tricks": 2},
    {"caller": "N", "makers_tricks": 3},
    {"caller": "W", "makers_tricks": 5},
    {"caller": "S", "makers_tricks": 1},
)


# --- the server ---------------------------------------------------------------------------------


def free_port() -> int:
    """A TCP port free on the loopback interface right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_on_signals() -> None:
    """SIGTERM (``timeout``, ``kill``) and SIGINT end the harness by SystemExit, so the
    ``finally`` blocks stop the server and nginx it started: the servers run in sessions of
    their own and would otherwise live on under init. A second signal during that cleanup is
    let pass, so the stop is not cut short."""
    stopping: list[int] = []

    def handler(signum: int, _frame: object) -> None:
        if not stopping:
            stopping.append(signum)
            raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, handler)


class ServeProcess:
    """``scorekeeper serve`` (gunicorn) in a subprocess of its own process group.

    ``start()`` waits for ``/healthz``; ``stop()`` sends SIGTERM to the master (graceful);
    ``kill()`` sends SIGKILL to the whole group (master and workers), as a power cut would do to
    the processes. Each start picks a fresh port: read ``base`` after starting.
    """

    def __init__(self, instance: Path, *, workers: int | None = None, threads: int | None = None,
                 env: dict[str, str] | None = None, log: Path | None = None):
        self.instance = Path(instance)
        self.workers = workers
        self.threads = threads
        self.env = dict(env or {})
        self.log_path = log or self.instance.parent / f"{self.instance.name}-serve.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: Any = None
        self.base = ""

    def start(self, timeout: float = 30.0) -> str:
        """Start the server; return its base URL once ``/healthz`` answers."""
        assert self.proc is None, "already running"
        port = free_port()
        # Load runs create many matches and open many streams from one address: the
        # per-address limits are off unless ``env`` sets them.
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "SCOREKEEPER_CREATE_LIMIT": "0",
               "SCOREKEEPER_PDF_LIMIT": "0", "SCOREKEEPER_STREAMS_PER_ADDRESS": "0", **self.env}
        env.pop("SCOREKEEPER_INSTANCE", None)
        self._log = open(self.log_path, "ab")  # closed in _reap()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--instance", str(self.instance),
             *(["--workers", str(self.workers)] if self.workers else []),
             *(["--threads", str(self.threads)] if self.threads else [])],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                code = self.proc.returncode
                self._reap()
                raise RuntimeError(f"scorekeeper serve exited with {code}: {self.log_text()}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=2) as r:
                    if r.status == 200:
                        return self.base
            except (OSError, http.client.HTTPException):
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise TimeoutError(f"{self.base} did not answer within {timeout} s")
            time.sleep(0.05)

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def _signal_group(self, sig: int) -> None:
        assert self.proc is not None
        try:
            os.killpg(self.proc.pid, sig)  # start_new_session: the group id is the pid
        except ProcessLookupError:
            pass

    def stop(self, timeout: float = 30.0) -> None:
        """Graceful stop (SIGTERM to the master, which stops its workers, as `kill <pid>` or
        systemd's ``KillMode=mixed`` do); SIGKILL to the group if it does not end in time. A
        SIGTERM to every worker as well reaches some twice, after their event loop closed."""
        if self.proc is None:
            return
        try:
            self.proc.send_signal(signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self._signal_group(signal.SIGKILL)
            self.proc.wait()
        self._signal_group(signal.SIGKILL)  # any worker left behind
        self._reap()

    def kill(self) -> None:
        """SIGKILL to the whole process group: no worker gets to finish anything."""
        if self.proc is None:
            return
        self._signal_group(signal.SIGKILL)
        self.proc.wait()
        self._reap()

    def _reap(self) -> None:
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def __enter__(self) -> ServeProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --- the client ---------------------------------------------------------------------------------


class TransportError(Exception):
    """No HTTP answer (connection refused or reset, timeout)."""


class Client:
    """One keep-alive HTTP/1.1 connection (what one phone would hold)."""

    def __init__(self, base: str, timeout: float = 30.0, source: str | None = None):
        """:param source: the loopback address to connect from (127.0.0.2 ...), so that the
            server sees another client address; None: the default."""
        self.source = (source, 0) if source else None
        host_port = base.removeprefix("http://").rstrip("/")
        self.host, _, port = host_port.partition(":")
        self.port = int(port or 80)
        self.timeout = timeout
        self.conn: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str], float]:
        """(status, parsed JSON or text, headers, seconds). Raises TransportError."""
        data = None if body is None else json.dumps(body).encode()
        hdrs = {"Accept": "application/json", **(headers or {})}
        if data is not None:
            hdrs["Content-Type"] = "application/json"
        started = time.perf_counter()
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout,
                                                       source_address=self.source)
            self.conn.request(method, path, body=data, headers=hdrs)
            response = self.conn.getresponse()
            raw = response.read()
            elapsed = time.perf_counter() - started
            got_headers = {k.lower(): v for k, v in response.getheaders()}
            if response.will_close:
                self.close()
        except (OSError, http.client.HTTPException) as e:
            self.close()
            raise TransportError(f"{method} {path}: {type(e).__name__}: {e}") from e
        try:
            parsed: Any = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw.decode("utf-8", "replace")
        return response.status, parsed, got_headers, elapsed


# --- one table ----------------------------------------------------------------------------------


@dataclass
class MatchRecord:
    """What a table believes about one match it created."""

    id: str
    key: str
    hands: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    writes: deque[float] = field(default_factory=deque)


@dataclass
class TableStats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    matches: list[MatchRecord] = field(default_factory=list)
    requests: int = 0
    retries: int = 0
    waited_for_limit: float = 0.0


class Table(threading.Thread):
    """One card table: a phone recording a match after another, as fast as allowed."""

    def __init__(self, no: int, base: str, deadline: float, think: float,
                 match_writes_per_minute: int, start_barrier: threading.Barrier):
        super().__init__(name=f"table-{no}", daemon=True)
        self.no = no
        self.client = Client(base)
        self.deadline = deadline
        self.think = think
        self.limit = match_writes_per_minute
        self.barrier = start_barrier
        self.stats = TableStats()
        self.step = 0

    # requests with bookkeeping
    def call(self, kind: str, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None, idempotent: bool = False):
        """One request, retried up to 3 times (same request, same Idempotency-Key) after a 503
        with ``Retry-After`` (nothing was done), or after a transport error when
        ``idempotent``. None if it never got an answer."""
        for attempt in range(4):
            try:
                status, parsed, hdrs, secs = self.client.request(method, path, body, headers)
            except TransportError as e:
                if idempotent and attempt < 3 and time.monotonic() < self.deadline + 30:
                    self.stats.retries += 1
                    time.sleep(0.1 * (attempt + 1))
                    continue
                self.stats.errors.append(f"table {self.no}: {e}")
                return None
            self.stats.requests += 1
            self.stats.latencies.setdefault(kind, []).append(secs)
            if (status == 503 and "retry-after" in hdrs and attempt < 3
                    and time.monotonic() < self.deadline + 30):
                # "busy, nothing was saved, try again": safe to repeat whatever the request
                # (nothing happened); the phone's queue retries after Retry-After, so do we.
                self.stats.retries += 1
                time.sleep(min(float(hdrs["retry-after"]), 5.0))
                continue
            return status, parsed, hdrs
        return None  # pragma: no cover

    def expect(self, got, statuses: tuple[int, ...], what: str) -> Any:
        if got is None:
            return None
        status, parsed, _hdrs = got
        if status not in statuses:
            self.stats.errors.append(f"table {self.no}: {what} -> {status} {str(parsed)[:200]}")
            return None
        return parsed

    def pace_write(self, match: MatchRecord) -> None:
        """Keep under the per-match write limit (client-side sliding window)."""
        now = time.monotonic()
        while match.writes and now - match.writes[0] >= 60.0:
            match.writes.popleft()
        if len(match.writes) >= self.limit:
            wait = 60.0 - (now - match.writes[0]) + 0.05
            self.stats.waited_for_limit += wait
            time.sleep(max(wait, 0))
        match.writes.append(time.monotonic())

    def auth(self, match: MatchRecord, **extra: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {match.key}", **extra}

    def new_match(self) -> MatchRecord | None:
        body = {"format": "scorekeeper-match/1", "game": "euchre", "seats": dict(SEATS),
                "first_dealer": "NESW"[(self.no + len(self.stats.matches)) % 4]}
        created = self.expect(self.call("create", "POST", "/api/matches", body),
                              (201,), "create match")
        if created is None:
            return None
        match = MatchRecord(created["id"], created["edit_key"])
        self.stats.matches.append(match)
        return match

    def record(self, match: MatchRecord) -> None:
        hand = dict(HAND_CYCLE[(self.step + self.no) % len(HAND_CYCLE)])
        self.step += 1
        no = len(match.hands) + 1
        key = f"t{self.no}-m{len(self.stats.matches)}-s{self.step}"
        self.pace_write(match)
        got = self.call("record", "POST", f"/api/matches/{match.id}/hands",
                        {**hand, "no": no}, self.auth(match, **{"Idempotency-Key": key}),
                        idempotent=True)
        body = self.expect(got, (201,), f"record hand {no} of {match.id}")
        if body is None:
            return
        if body["hand"]["no"] != no:
            self.stats.errors.append(f"table {self.no}: hand stored as {body['hand']['no']}")
        match.hands.append(hand)
        match.over = bool(body["state"]["over"])

    def poll(self, match: MatchRecord, etag: str | None) -> str | None:
        headers = {"If-None-Match": etag} if etag else {}
        got = self.call("read", "GET", f"/api/matches/{match.id}", headers=headers)
        if got is None:
            return None
        status, parsed, hdrs = got
        if status == 304:
            return etag
        if status != 200:
            self.expect(got, (200, 304), f"read {match.id}")
            return None
        if parsed["match"]["hands"] != match.hands:
            self.stats.errors.append(f"table {self.no}: read back differs for {match.id}")
        return hdrs.get("etag")

    def correct(self, match: MatchRecord) -> None:
        no = max(1, len(match.hands) - 1)
        hand = {**match.hands[no - 1], "note": f"corrected at step {self.step}"}
        self.pace_write(match)
        got = self.call("correct", "PUT", f"/api/matches/{match.id}/hands/{no}", hand,
                        self.auth(match), idempotent=True)
        if self.expect(got, (200,), f"correct hand {no} of {match.id}") is not None:
            match.hands[no - 1] = hand

    def undo(self, match: MatchRecord) -> None:
        no = len(match.hands)
        self.pace_write(match)
        got = self.call("undo", "DELETE", f"/api/matches/{match.id}/hands/{no}",
                        headers=self.auth(match))
        if self.expect(got, (200,), f"undo hand {no} of {match.id}") is not None:
            match.hands.pop()
            match.over = False

    def run(self) -> None:
        try:
            self.barrier.wait(timeout=60)
            match: MatchRecord | None = None
            etag: str | None = None
            while time.monotonic() < self.deadline:
                if match is None or match.over:
                    match, etag = self.new_match(), None
                    if match is None:
                        time.sleep(0.2)
                        continue
                self.record(match)
                if self.step % 4 == 0:
                    etag = self.poll(match, etag)
                if self.step % 7 == 0 and match.hands and not match.over:
                    self.correct(match)
                if self.step % 11 == 0 and match.hands and not match.over:
                    self.undo(match)
                if self.think:
                    time.sleep(self.think)
        except Exception as e:  # a bug in the load test itself must show up as an error
            self.stats.errors.append(f"table {self.no}: crashed: {type(e).__name__}: {e}")
        finally:
            self.client.close()


# --- checking the database ----------------------------------------------------------------------


@dataclass
class Verdict:
    lost: int = 0
    doubled: int = 0
    differing: int = 0
    problems: list[str] = field(default_factory=list)
    integrity: str = ""
    db_hands: int = 0
    db_matches: int = 0


def verify_database(path: Path, matches: list[MatchRecord]) -> Verdict:
    """Compare what the tables believe they stored with the SQLite file itself."""
    from scorekeeper.engine.matchfile import check_match

    verdict = Verdict()
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        verdict.integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if verdict.integrity != "ok":
            verdict.problems.append(f"integrity_check: {verdict.integrity}")
        verdict.db_matches = conn.execute("SELECT count(*) FROM matches").fetchone()[0]
        verdict.db_hands = conn.execute("SELECT count(*) FROM hands").fetchone()[0]
        if verdict.db_matches != len(matches):
            verdict.problems.append(
                f"{verdict.db_matches} matches stored, the tables created {len(matches)}")
        believed_total = sum(len(m.hands) for m in matches)
        if verdict.db_hands != believed_total:
            verdict.problems.append(
                f"{verdict.db_hands} hands stored, the tables believe {believed_total}")
        for m in matches:
            rows = conn.execute(
                "SELECT no, data FROM hands WHERE match_id = ? ORDER BY no", [m.id]).fetchall()
            stored = [json.loads(r[1]) for r in rows]
            if [r[0] for r in rows] != list(range(1, len(rows) + 1)):
                verdict.problems.append(f"{m.id}: hand numbers {[r[0] for r in rows]}")
            verdict.lost += max(0, len(m.hands) - len(stored))
            verdict.doubled += max(0, len(stored) - len(m.hands))
            verdict.differing += sum(1 for a, b in zip(m.hands, stored, strict=False) if a != b)
            data = conn.execute("SELECT data FROM matches WHERE id = ?", [m.id]).fetchone()
            if data is None:
                verdict.problems.append(f"{m.id}: match missing")
                continue
            result = check_match({**json.loads(data[0]), "hands": stored})
            if not result.ok:
                verdict.problems.append(f"{m.id}: does not replay: {result.problems[:2]}")
        if verdict.differing:
            verdict.problems.append(f"{verdict.differing} stored hands differ from the client's")
    finally:
        conn.close()
    return verdict


# --- the run ------------------------------------------------------------------------------------


def percentile(sorted_values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of sorted values, 0 for none."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), int(-(-p * len(sorted_values) // 100))))
    return sorted_values[rank - 1]


@dataclass
class Result:
    tables: int
    duration: float
    elapsed: float
    requests: int
    errors: list[str]
    retries: int
    lost: int
    doubled: int
    problems: list[str]
    integrity: str
    matches: int
    hands: int
    latencies: dict[str, list[float]]
    waited_for_limit: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.errors and not self.lost and not self.doubled and not self.problems \
            and self.integrity == "ok"

    def summary(self) -> str:
        lines = [
            f"tables {self.tables}, duration {self.duration:g} s (ran {self.elapsed:.1f} s), "
            f"{self.requests} requests, {self.requests / self.elapsed:.1f} req/s",
            f"matches {self.matches}, hands stored {self.hands} "
            f"({self.hands / self.elapsed:.1f} hands/s net of undos)",
            f"errors {len(self.errors)}, lost {self.lost}, doubled {self.doubled}, "
            f"retries {self.retries}, integrity_check {self.integrity}, "
            f"waited for the write limit {self.waited_for_limit:.1f} s in all",
            f"{'kind':<8} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}",
        ]
        every = sorted(v for values in self.latencies.values() for v in values)
        for kind, values in [*sorted(self.latencies.items()), ("all", every)]:
            values = sorted(values)
            lines.append(
                f"{kind:<8} {len(values):>7} "
                + " ".join(f"{percentile(values, p) * 1000:>8.1f}" for p in (50, 95, 99, 100))
            )
        for line in (self.errors + self.problems)[:20]:
            lines.append(f"  ! {line}")
        return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=DEFAULT_TABLES)
    parser.add_argument("--duration", type=float, default=DEFAULT_DURATION, help="seconds")
    parser.add_argument("--short", action="store_true",
                        help=f"{SHORT_TABLES} tables for {SHORT_DURATION:g} s (CI)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a table waits between requests (default 0)")
    parser.add_argument("--match-writes-per-minute", type=int, default=50,
                        help="client-side cap per match, under the server's 60 (default 50)")
    parser.add_argument("--workers", type=int, default=None, help="default: serve's")
    parser.add_argument("--threads", type=int, default=128)
    parser.add_argument("--instance", type=Path, default=None,
                        help="a new instance folder to keep afterwards (default: a temporary "
                             "one, deleted)")
    args = parser.parse_args(argv)
    if not args.workers:
        from scorekeeper.serving.config import default_workers

        args.workers = default_workers()
    if args.short:
        args.tables, args.duration = SHORT_TABLES, SHORT_DURATION
    return args


def run(args: argparse.Namespace) -> Result:
    """Start the server, run the tables, stop the server, check the database."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as tmp:
        instance = args.instance or Path(tmp) / "instance"
        if (instance / "scorekeeper.db").exists():
            raise SystemExit(f"{instance} has a database already: give a new folder")
        server = ServeProcess(instance, workers=args.workers, threads=args.threads,
                              log=Path(tmp) / "serve.log")
        try:
            server.start()  # in the try: a signal while it starts still stops it
            barrier = threading.Barrier(args.tables + 1)
            tables: list[Table] = []
            deadline = time.monotonic() + args.duration + 60.0  # set again at the start
            for no in range(args.tables):
                t = Table(no, server.base, deadline, args.think, args.match_writes_per_minute,
                          barrier)
                tables.append(t)
                t.start()
            started = time.monotonic()
            for t in tables:
                t.deadline = started + args.duration
            barrier.wait(timeout=60)
            for t in tables:
                t.join(timeout=args.duration + 120)
            elapsed = time.monotonic() - started
            stuck = [t.name for t in tables if t.is_alive()]
        finally:
            server.stop()
        log = server.log_text()
        stats = [t.stats for t in tables]
        matches = [m for s in stats for m in s.matches]
        verdict = verify_database(instance / "scorekeeper.db", matches)
        errors = [e for s in stats for e in s.errors]
        errors += [f"{name} did not finish" for name in stuck]
        if "Traceback" in log or " 500 " in log:
            errors.append("the server log has a traceback:\n" + log[-2000:])
        latencies: dict[str, list[float]] = {}
        for s in stats:
            for kind, values in s.latencies.items():
                latencies.setdefault(kind, []).extend(values)
        return Result(
            tables=args.tables, duration=args.duration, elapsed=elapsed,
            requests=sum(s.requests for s in stats), errors=errors,
            retries=sum(s.retries for s in stats), lost=verdict.lost, doubled=verdict.doubled,
            problems=verdict.problems, integrity=verdict.integrity,
            matches=verdict.db_matches, hands=verdict.db_hands, latencies=latencies,
            waited_for_limit=sum(s.waited_for_limit for s in stats),
        )


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print the figures; 0 only if nothing was lost, doubled or failed."""
    args = parse_args(argv)
    stop_on_signals()
    print(f"Load test: {args.tables} tables for {args.duration:g} s against scorekeeper serve "
          f"({args.workers} workers x {args.threads} threads), think {args.think:g} s")
    result = run(args)
    print(result.summary())
    print("OK" if result.ok else "FAILED")
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
