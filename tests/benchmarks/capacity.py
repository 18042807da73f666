"""Capacity benchmark (issue 9): a club night at scale against ``scorekeeper serve``.

Run (loopback only; it starts and stops its own server on a temporary instance folder, and
every level is bounded in time)::

    .venv/bin/python tests/benchmarks/capacity.py                       # 250, 500, ... 1500
    .venv/bin/python tests/benchmarks/capacity.py --tables 1000 --duration 60
    .venv/bin/python tests/benchmarks/capacity.py --levels 500,1000 --workers 4 --threads 128

The model, per table: the scorer records a hand every 60 s (``POST /api/matches/<id>/hands``,
bearer key, ``Idempotency-Key``), and four phones each poll every 2 s, as table.js does on a
phone that follows the score: ``GET /m/<id>/live`` with ``If-None-Match`` (304 while nothing
changed; after a hand, the new live part of the page, which the phone swaps in). With ``--api``
the phones poll the JSON instead (``GET /api/matches/<id>``) and fetch the whole match page
(``GET /m/<id>``) after a change, as table.js did before the live part was polled itself.
Requests are open-loop: each is sent at its own time whatever the server's speed, so a slow
server shows as latency, not as fewer requests. The phones join their tables during the
warm-up (``--join``, default the whole warm-up: each phone's first poll, which has no ETag yet
and so fetches the live part, at a random moment in it); the measured time is the night under
way, every phone polling. ``--join 2`` has all 4N phones join in the same two seconds.
With ``--push`` (issue 41) each phone instead holds a live stream (``GET /stream?m=<id>``, a
connection of its own) and asks the live part, with its ETag, only when the stream says the
match changed; ``heard`` is how long after the scorer's answer each phone heard of the hand.

The client is one asyncio loop (standard library only) with a pool of keep-alive connections
(``--connections``, 256): the server sees the request rate of 4N phones, though not 4N sockets.
It reports the client's own lag (how late it sent requests): a level where the client could not
keep its schedule is marked as such rather than blamed on the server.

For each level N (a fresh server and database each time): latency percentiles per kind and
overall, errors (any transport failure or unexpected status), and the client lag. Afterwards
the SQLite file is checked (every hand stored exactly once, ``integrity_check``). The largest N
with overall p99 < 50 ms and no error is printed last; levels stop at the first failure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import (
    HAND_CYCLE,
    SEATS,
    MatchRecord,
    ServeProcess,
    percentile,
    stop_on_signals,
    verify_database,
)

P99_LIMIT = 0.050
POLL_EVERY = 2.0
HAND_EVERY = 60.0
PHONES = 4


class _Stale(Exception):
    """A kept-alive connection the server had closed: nothing came back."""


class Pool:
    """Keep-alive HTTP/1.1 connections to one host, at most ``size`` open."""

    def __init__(self, host: str, port: int, size: int):
        self.host, self.port, self.size = host, port, size
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        self.open = 0
        self.waiters: asyncio.Queue = asyncio.Queue()
        self._free = asyncio.Condition()

    async def get(self, fresh: bool = False):
        """(connection, reused): an idle one unless ``fresh``, else a new one within the
        limit."""
        async with self._free:
            while (fresh or not self.idle) and self.open >= self.size:
                if fresh and self.idle:  # make room: drop an idle connection
                    self.idle.pop()[1].close()
                    self.open -= 1
                    break
                await self._free.wait()
            if self.idle and not fresh:
                return self.idle.pop(), True
            self.open += 1
        try:
            return await asyncio.open_connection(self.host, self.port), False
        except OSError:
            async with self._free:
                self.open -= 1
                self._free.notify()
            raise

    async def put(self, conn, reusable: bool) -> None:
        async with self._free:
            if reusable:
                self.idle.append(conn)
            else:
                self.open -= 1
                conn[1].close()
            self._free.notify()

    async def close(self) -> None:
        for _r, w in self.idle:
            w.close()
        self.idle.clear()

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                      body: bytes | None = None) -> tuple[int, dict[str, str], bytes, float]:
        """(status, headers, body, seconds from sending to the last byte).

        A kept-alive connection that the server closed meanwhile (nothing came back) is
        retried once on a new connection, as browsers do.
        """
        try:
            return await self._request(method, path, headers, body, fresh=False)
        except _Stale:  # safe to send again: a GET, or a hand with its Idempotency-Key
            return await self._request(method, path, headers, body, fresh=True)

    async def _request(self, method, path, headers, body, fresh):
        conn, reused = await self.get(fresh)
        reader, writer = conn
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        for k, v in (headers or {}).items():
            lines.append(f"{k}: {v}")
        if body is not None:
            lines.append(f"Content-Length: {len(body)}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")
        started = time.perf_counter()
        try:
            writer.write(raw)
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
            status_line, *header_lines = head.decode("latin-1").split("\r\n")
            status = int(status_line.split(" ", 2)[1])
            got: dict[str, str] = {}
            for line in header_lines:
                if ":" in line:
                    k, v = (x.strip() for x in line.split(":", 1))
                    if k.lower() == "set-cookie":  # every cookie's name=value, "; " between
                        v = "; ".join(filter(None, (got.get("set-cookie"), v.split(";")[0])))
                    got[k.lower()] = v
            length = int(got.get("content-length", "0"))
            data = await asyncio.wait_for(reader.readexactly(length), 30) if length else b""
        except (TimeoutError, OSError, asyncio.IncompleteReadError,
                asyncio.LimitOverrunError, ValueError, IndexError) as e:
            await self.put(conn, False)
            nothing_back = isinstance(e, ConnectionResetError | BrokenPipeError) or (
                isinstance(e, asyncio.IncompleteReadError) and not e.partial)
            if reused and nothing_back:
                raise _Stale from e
            raise
        took = time.perf_counter() - started
        await self.put(conn, got.get("connection", "").lower() != "close")
        return status, got, data, took


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    heard: list[float] = field(default_factory=list)  # --push: a save to each phone's news
    measuring: bool = False

    def add(self, kind: str, took: float) -> None:
        if self.measuring:
            self.latencies.setdefault(kind, []).append(took)


async def timed(pool: Pool, stats: Stats, kind: str, expect: tuple[int, ...], method: str,
                path: str, headers=None, body=None):
    try:
        status, headers_got, data, took = await pool.request(method, path, headers, body)
    except Exception as e:
        stats.errors.append(f"{kind} {path}: {type(e).__name__}: {e}")
        return None
    if status not in expect:
        stats.errors.append(f"{kind} {path}: HTTP {status}: {data[:200]!r}")
        return None
    stats.add(kind, took)
    return status, headers_got, data


async def create_tables(pool: Pool, n: int, stats: Stats) -> list[MatchRecord]:
    sem = asyncio.Semaphore(16)

    async def one(no: int) -> MatchRecord | None:
        body = json.dumps({"format": "scorekeeper-match/1", "game": "euchre",
                           "seats": SEATS, "first_dealer": "NESW"[no % 4],
                           "rules": {"target": 100}}).encode()
        async with sem:
            got = await timed(pool, stats, "create", (201,), "POST", "/api/matches",
                              {"Content-Type": "application/json"}, body)
        if got is None:
            return None
        created = json.loads(got[2])
        return MatchRecord(created["id"], created["edit_key"])

    made = await asyncio.gather(*(one(i) for i in range(n)))
    return [m for m in made if m is not None]


async def at(when: float, stats: Stats) -> bool:
    """Sleep until ``when`` (monotonic); False when the run is over. Notes the client's lag."""
    delay = when - time.monotonic()
    if delay > 0:
        await asyncio.sleep(delay)
    if stats.measuring:
        stats.lag.append(max(0.0, time.monotonic() - when))
    return True


async def scorer(pool: Pool, stats: Stats, match: MatchRecord, start: float, end: float):
    when = start + random.uniform(0, HAND_EVERY)
    while when < end:
        await at(when, stats)
        no = len(match.hands) + 1
        hand = dict(HAND_CYCLE[no % len(HAND_CYCLE)])
        body = json.dumps({**hand, "no": no}).encode()
        got = await timed(pool, stats, "hand", (201,), "POST",
                          f"/api/matches/{match.id}/hands",
                          {"Content-Type": "application/json",
                           "Authorization": f"Bearer {match.key}",
                           "Idempotency-Key": f"{match.id}-{no}"}, body)
        if got is not None:
            match.hands.append(hand)
            SAVED_AT[match.id] = time.monotonic()
        when += HAND_EVERY


SAVED_AT: dict[str, float] = {}  # each match's last save answered (--push: when heard)


async def pushed_phone(pool: Pool, stats: Stats, match: MatchRecord, start: float, end: float,
                       join: float, source: str | None = None):
    """``--push``: the phone holds its stream and asks the live part only when told (from
    ``source``, a loopback address of its table's own, when given)."""
    await at(start + random.uniform(0, max(join, POLL_EVERY)), stats)
    try:
        reader, writer = await asyncio.open_connection(
            pool.host, pool.port, local_addr=(source, 0) if source else None)
    except OSError as e:
        stats.errors.append(f"stream: {e!r}")
        return
    writer.write(f"GET /stream?m={match.id} HTTP/1.1\r\nHost: {pool.host}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    etag, first = None, True
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            stats.errors.append(f"stream refused: {head[:40]!r}")
            return
        while (left := end - time.monotonic()) > 0:
            try:
                line = await asyncio.wait_for(reader.readline(), left)
            except TimeoutError:
                break
            if not line:
                stats.errors.append("stream ended")
                break
            if not line.startswith(b"data: "):
                continue
            version = json.loads(line[6:])["v"]  # asked by it, as the page does (table.js)
            if not first and stats.measuring and match.id in SAVED_AT:
                stats.heard.append(time.monotonic() - SAVED_AT[match.id])
            first = False
            headers = {"If-None-Match": etag} if etag else {}
            headers["Accept-Encoding"] = "gzip"
            got = await timed(pool, stats, "live", (200, 304), "GET",
                              f"/m/{match.id}/live?v={version}", headers)
            if got is not None and got[0] == 200:
                etag = got[1].get("etag")
    except (OSError, asyncio.IncompleteReadError) as e:
        stats.errors.append(f"stream: {e!r}")
    finally:
        writer.close()


async def phone(pool: Pool, stats: Stats, match: MatchRecord, start: float, end: float,
                api: bool, join: float):
    when = start + random.uniform(0, max(join, POLL_EVERY))  # the phone joins the table
    etag = None
    url = f"/api/matches/{match.id}" if api else f"/m/{match.id}/live"
    while when < end:
        await at(when, stats)
        headers = {"If-None-Match": etag} if etag else {}
        headers["Accept-Encoding"] = "gzip"  # as a browser asks
        got = await timed(pool, stats, "poll", (200, 304), "GET", url, headers)
        if got is not None and got[0] == 200:
            changed = etag is not None
            etag = got[1].get("etag")
            if changed and api:
                await timed(pool, stats, "page", (200,), "GET", f"/m/{match.id}",
                            {"Accept-Encoding": "gzip"})
        when += POLL_EVERY


def table_address(k: int) -> str:
    """A loopback address of table ``k``'s own (its phones' network), 127.1.0.1 on."""
    return f"127.1.{k // 250}.{k % 250 + 1}"


async def level(base: str, n: int, duration: float, warmup: float, connections: int,
                api: bool, join: float, push: bool = False, spread: bool = False
                ) -> tuple[Stats, list[MatchRecord], float]:
    host, port = base.removeprefix("http://").split(":")
    pool = Pool(host, int(port), connections)
    stats = Stats()
    matches = await create_tables(pool, n, stats)
    stats.latencies.clear()
    start = time.monotonic() + 1.0
    end = start + warmup + duration
    tasks = []
    for k, m in enumerate(matches):
        tasks.append(scorer(pool, stats, m, start, end))
        source = table_address(k) if spread else None  # else every stream from one address
        tasks.extend(pushed_phone(pool, stats, m, start, end, join, source) if push else
                     phone(pool, stats, m, start, end, api, join) for _ in range(PHONES))

    async def measure():
        await asyncio.sleep(max(0.0, start + warmup - time.monotonic()))
        stats.measuring = True

    began = time.monotonic()
    await asyncio.gather(measure(), *tasks)
    elapsed = time.monotonic() - began
    await pool.close()
    return stats, matches, elapsed


@dataclass
class Outcome:
    tables: int
    p99: float
    errors: int
    client_lag_p99: float
    requests: int
    rate: float
    lines: list[str]
    counts: dict[str, int] = field(default_factory=dict)  # measured requests of each kind

    @property
    def ok(self) -> bool:
        return self.errors == 0 and self.p99 < P99_LIMIT


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def group_cpu(pgid: int) -> float:
    """CPU seconds used so far by the living processes of process group ``pgid`` (the server:
    gunicorn's master and workers), read from /proc."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # its process group
            total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
    return total / CLOCK_TICKS


def own_cpu() -> float:
    return time.process_time()


def run_level(args: argparse.Namespace, n: int) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="scorekeeper-capacity-") as tmp:
        instance = Path(tmp) / "instance"
        server = ServeProcess(instance, workers=args.workers, threads=args.threads,
                              log=Path(tmp) / "serve.log")
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)  # the server starts at --nice
        try:  # started inside the try: a signal while it starts still stops it
            server.start()
            assert server.proc is not None
            # The load generator at --client-nice: on 2 cores its CPU is the server's loss.
            os.setpriority(os.PRIO_PROCESS, 0, args.nice + args.client_nice)
            cpu_before = (own_cpu(), group_cpu(server.proc.pid), time.monotonic())
            stats, matches, _elapsed = asyncio.run(
                level(server.base, n, args.duration, args.warmup, args.connections, args.api,
                      args.warmup if args.join is None else args.join, args.push))
            spent = time.monotonic() - cpu_before[2]
            client_cpu = (own_cpu() - cpu_before[0]) / spent
            server_cpu = (group_cpu(server.proc.pid) - cpu_before[1]) / spent
        finally:
            server.stop()
            os.setpriority(os.PRIO_PROCESS, 0, args.nice)
        log = server.log_text()
        if "Traceback" in log:
            stats.errors.append("the server log has a traceback: " + log[-1500:])
        verdict = verify_database(instance / "scorekeeper.db", matches)
        stats.errors.extend(verdict.problems)
    every = sorted(v for vs in stats.latencies.values() for v in vs)
    lag = sorted(stats.lag)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [f"N={n}: {len(every)} requests measured in {args.duration:g} s "
             f"({len(every) / args.duration:.0f} req/s), errors {len(stats.errors)}, "
             f"hands stored {verdict.db_hands} (lost {verdict.lost}, doubled {verdict.doubled}), "
             f"client lag p99 {percentile(lag, 99) * 1000:.1f} ms; machine load {load} "
             f"on {os.cpu_count()} cores",
             f"  CPU (tables created, warm-up and measured time): server {server_cpu:.2f} "
             f"cores ({server_cpu / n * 1000:.2f} ms per table per second), load generator "
             f"{client_cpu:.2f} cores ({client_cpu / n * 1000:.2f} ms per table per second)",
             f"  {'kind':<6} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}"]
    for kind, values in [*sorted(stats.latencies.items()), ("all", every)]:
        values = sorted(values)
        lines.append(f"  {kind:<6} {len(values):>7} " + " ".join(
            f"{percentile(values, p) * 1000:>8.1f}" for p in (50, 95, 99, 100)))
    if stats.heard:
        heard = sorted(stats.heard)
        lines.append(f"  {'heard':<6} {len(heard):>7} " + " ".join(
            f"{percentile(heard, p) * 1000:>8.1f}" for p in (50, 95, 99, 100)))
    for e in stats.errors[:5]:
        lines.append(f"  ! {e}")
    return Outcome(n, percentile(every, 99), len(stats.errors), percentile(lag, 99),
                   len(every), len(every) / args.duration, lines,
                   {kind: len(values) for kind, values in stats.latencies.items()})


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="250,500,750,1000,1250,1500",
                        help="table counts to try, in order (stops at the first failure)")
    parser.add_argument("--tables", type=int, help="a single level")
    parser.add_argument("--duration", type=float, default=40.0, help="measured seconds (40)")
    parser.add_argument("--warmup", type=float, default=20.0, help="unmeasured seconds (20)")
    parser.add_argument("--join", type=float, default=None,
                        help="seconds over which the phones join their tables, each at a "
                             "random moment (default: the warm-up; 2 = every phone at once)")
    parser.add_argument("--workers", type=int, default=None, help="default: serve's")
    parser.add_argument("--threads", type=int, default=None, help="default: serve's")
    parser.add_argument("--nice", type=int, default=0,
                        help="the server's niceness (below 0 needs root): on a machine shared "
                             "with other work, gives the server the cores as its own machine")
    parser.add_argument("--client-nice", type=int, default=0,
                        help="the load generator runs this much nicer than the server (e.g. "
                             "10: on the same cores it takes only what the server leaves)")
    parser.add_argument("--connections", type=int, default=256)
    parser.add_argument("--push", action="store_true",
                        help="phones hold live streams instead of polling (issue 41)")
    parser.add_argument("--api", action="store_true",
                        help="phones poll the JSON API and fetch the page after a change")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    stop_on_signals()
    if args.push:  # a connection a phone
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if not args.workers:
        from scorekeeper.serving.config import default_workers

        args.workers = default_workers()
    if not args.threads:
        from scorekeeper.serving import THREADS

        args.threads = THREADS
    levels = [args.tables] if args.tables else [int(x) for x in args.levels.split(",")]
    print(f"Capacity: each table a hand every {HAND_EVERY:g} s and {PHONES} phones polling "
          f"every {POLL_EVERY:g} s; scorekeeper serve ({args.workers} workers x "
          f"{args.threads} threads), {args.connections} client connections, "
          f"{args.duration:g} s measured after {args.warmup:g} s; p99 limit "
          f"{P99_LIMIT * 1000:g} ms")
    best = 0
    for n in levels:
        outcome = run_level(args, n)
        print("\n".join(outcome.lines) + ("\n  ok" if outcome.ok else "\n  FAILED"), flush=True)
        if not outcome.ok:
            break
        best = n
    print(f"largest N with p99 < {P99_LIMIT * 1000:g} ms and no error: {best or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
