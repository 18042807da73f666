"""A duplicate session of 1,000 tables against ``scorekeeper serve`` (issue 41).

Run (loopback only; it starts and stops its own server on a temporary instance folder)::

    .venv/bin/python tests/benchmarks/session_capacity.py
    .venv/bin/python tests/benchmarks/session_capacity.py --tables 1000 --duration 120 --walls 10

The session is started as the start form starts it: 2 x ``--tables`` pairs, ``--boards``
boards, a Mitchell in sections (100 sections of 10 tables at 1,000), its first ``--rounds-in``
rounds already in (stored before the server starts: the session under way). Each table's
phone opens its tent link (the table's right), loads its page and holds its stream
(``GET /stream?t=<id>.<table>``). Every ``--minutes`` (7), at its own moment from the end of
the sit-down (the warm-up's last 40%: the measure starts in a night under way), it saves
the round's next board as the page's script does (``POST /s/<id>/t/<table>/results``, form fields,
its CSRF token and a ``submission_id``, ``Accept: application/json``), then the opponents
accept it (``.../answers``): two writes a board. Told by its stream, it asks its page again
with its ETag, one ask at a time, while its stream goes on being read (as the page's script
does; ``heard``: from the Save's tap to the stream's next word, which may come before the
save's answer). ``--walls`` walls hold
the session's stream (``s=<id>``) and ask the wall's live part with its ETag at a change, at
most every ``data-every`` as the page's script does (5 s past 30 tables).
At the end the next round starts (written straight into the database, as another process
would) and every table's phone is timed until it has its new page (each asks at a moment
within the page's ``data-spread``, as the page's script does). Requests are open-loop.
Afterwards the SQLite file is checked: every acknowledged result stored once, nothing else,
and ``integrity_check``.

Targets: saves p99 < 100 ms, heard p99 < 0.5 s, no error, 0 lost, 0 doubled.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from capacity import Pool, Stats, group_cpu
from load import ROOT, ServeProcess, percentile

sys.path.insert(0, str(ROOT))
from scorekeeper.store.db import sqlite3

CSRF = re.compile(rb'name="csrf_token" value="([^"]+)"')
EVERY = re.compile(rb'data-every="(\d+)"')
STAMP = re.compile(rb'data-version="([^"]*)"(?: data-spread="(\d+)")?')
CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "5D", "6NT"]


def prepare(instance: Path, tables: int, boards: int, rounds_in: int) -> tuple[str, Any]:
    """The session under way, stored before the server starts: its id and movement."""
    from sqlite_utils import Database

    from scorekeeper import store
    from scorekeeper.service.session_start import StartForm, movement_of, start_session
    from scorekeeper.store import session_tables as table_store
    from scorekeeper.store import sessions as session_store
    from scorekeeper.store.db import migrate

    instance.mkdir(parents=True)
    db = Database(instance / "scorekeeper.db")
    migrate(db)
    pairs = "\n".join(f"Ann{i} & Bo{i}" for i in range(1, 2 * tables + 1))
    outcome, problems, _file = start_session(db, StartForm(
        "bridge", f"{tables} tables", "", pairs, boards, "mitchell-sections", "matchpoints"))
    assert outcome is not None and outcome.session is not None, problems
    sid = outcome.session.stored.id
    movement = movement_of(outcome.session.stored.plan or {})
    assert movement is not None
    rng = random.Random(41)
    with store.transaction(db):
        for r in movement.rounds[:rounds_in]:
            for s in r.tables:
                for board in s.boards:
                    result = played(s.ns, s.ew, board, r.number, s.table, rng)
                    session_store.put_result(db, sid, result)
                    table_store.set_state(db, sid, board, s.ns, "accepted", bump=False)
        table_store.set_round(db, sid, rounds_in + 1)
    db.conn.close()
    return sid, movement


def played(ns: str, ew: str, board: int, round_no: int, table: int,
           rng: random.Random) -> dict[str, Any]:
    contract = rng.choice(CONTRACTS)
    level = int(contract[0])
    return {"board": board, "ns": ns, "ew": ew, "round": round_no, "table": table,
            "contract": contract, "declarer": rng.choice("NESW"),
            "tricks": min(13, 6 + level + rng.choice([-2, -1, 0, 0, 1]))}


class Phone:
    """A table's phone: its cookies, CSRF token, page's ETag and what it saved."""

    def __init__(self, number: int):
        self.number = number
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.tag = ""
        self.saved_at: float | None = None
        self.round_at: float | None = None
        self.round_seen = False
        self.version = ""  # the page's stamp, and the spread of a round's change (ms)
        self.spread = 0

    def keep(self, headers: dict[str, str]) -> None:
        for pair in filter(None, headers.get("set-cookie", "").split("; ")):
            name, _eq, value = pair.partition("=")
            self.cookies[name] = value

    def header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}


async def ask(pool: Pool, stats: Stats, kind: str, expect: tuple[int, ...], method: str,
              path: str, phone: Phone, headers: dict[str, str] | None = None,
              body: bytes | None = None) -> tuple[int, dict[str, str], bytes] | None:
    try:
        status, got, data, took = await pool.request(method, path, {
            **phone.header(), **(headers or {})}, body)
    except Exception as e:
        stats.errors.append(f"{kind} {path}: {e}")
        return None
    phone.keep(got)
    if status not in expect:
        stats.errors.append(f"{kind} {path}: HTTP {status}: {data[:160]!r}")
        return None
    stats.add(kind, took)
    return status, got, data


async def page(pool: Pool, stats: Stats, sid: str, phone: Phone) -> None:
    """The table's page again, as session-table.js asks it (its ETag: 304 when unchanged)."""
    headers = {"If-None-Match": phone.tag} if phone.tag else {}
    got = await ask(pool, stats, "page", (200, 304), "GET", f"/s/{sid}/t/{phone.number}",
                    phone, headers)
    if got is not None and got[0] == 200:
        phone.tag = got[1].get("etag", "")
        found = CSRF.search(got[2])
        if found:
            phone.token = found.group(1).decode()
        stamp = STAMP.search(got[2])
        if stamp:
            phone.version = stamp.group(1).decode()
            phone.spread = int(stamp.group(2) or 0)
        if phone.round_at is not None and not phone.round_seen and b"Round " in got[2]:
            phone.round_seen = True
            stats.latencies.setdefault("next round", []).append(
                time.monotonic() - phone.round_at)


async def table_phone(pool: Pool, stats: Stats, sid: str, key: str, phone: Phone,
                      boards: tuple[int, ...], round_no: int, args: Any, start: float,
                      end: float, acked: list[tuple[int, int]], rng: random.Random,
                      ready: asyncio.Event) -> None:
    try:
        await _table_phone(pool, stats, sid, key, phone, boards, round_no, args, start, end,
                           acked, rng, ready)
    finally:
        ready.set()  # a phone that failed is not waited for (its error is counted)


async def _table_phone(pool: Pool, stats: Stats, sid: str, key: str, phone: Phone,
                       boards: tuple[int, ...], round_no: int, args: Any, start: float,
                       end: float, acked: list[tuple[int, int]], rng: random.Random,
                       ready: asyncio.Event) -> None:
    await asyncio.sleep(rng.uniform(0, args.warmup * 0.6))  # tables sit down over the warm-up
    got = await ask(pool, stats, "tent", (303,), "GET", f"/s/{sid}/t/{phone.number}?k={key}",
                    phone)
    if got is None:
        return
    await page(pool, stats, sid, phone)
    try:
        reader, writer = await asyncio.open_connection(pool.host, pool.port)
    except OSError as e:
        stats.errors.append(f"stream: {e!r}")
        return
    writer.write(f"GET /stream?t={sid}.{phone.number} HTTP/1.1\r\nHost: {pool.host}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())

    words: list[str] = []  # the newest word not followed yet
    follower: asyncio.Future[None] | None = None

    async def follow() -> None:
        """The page asked again, one ask at a time, for the newest word (the page's script
        does so beside its stream, which goes on being read meanwhile)."""
        while words:
            stamp = words[-1]
            words.clear()
            if stamp.split(".")[0] != phone.version.split(".")[0] and phone.spread:
                # a round's change: session-table.js asks at a moment within the spread
                await asyncio.sleep(random.uniform(0, phone.spread / 1000))
            await page(pool, stats, sid, phone)

    async def listen() -> None:
        nonlocal follower
        first = True
        while True:
            line = await reader.readline()
            if not line:
                if time.monotonic() < end:
                    stats.errors.append("stream ended")
                return
            if not line.startswith(b"data: "):
                continue
            if not first:
                if phone.saved_at is not None and stats.measuring:
                    stats.heard.append(time.monotonic() - phone.saved_at)
                    phone.saved_at = None
                words.append(line[6:].strip().decode())
                if follower is None or follower.done():
                    follower = asyncio.ensure_future(follow())
            first = False

    async def save() -> None:
        every = args.minutes * 60
        # the night under way before the measure: boards saved from the end of the sit-down,
        # so the measure does not start with every worker's first ranking of the session
        when = start - args.warmup * 0.4 + rng.uniform(0, every)
        for board in boards:
            if when >= end:
                return
            await asyncio.sleep(max(0.0, when - time.monotonic()))
            stats.lag.append(time.monotonic() - when)
            result = played("", "", board, round_no, phone.number, rng)
            fields = {"csrf_token": phone.token, "submission_id": uuid.uuid4().hex,
                      "board": board, "round": round_no, "contract": result["contract"],
                      "declarer": result["declarer"],
                      "result": str(result["tricks"] - 6 - int(result["contract"][0]))}
            headers = {"Accept": "application/json",
                       "Content-Type": "application/x-www-form-urlencoded"}
            # heard from the tap: the stream's word may come before the save's answer
            phone.saved_at = time.monotonic()
            got = await ask(pool, stats, "save", (201,), "POST",
                            f"/s/{sid}/t/{phone.number}/results", phone, headers,
                            urlencode(fields).encode())
            if got is None:
                phone.saved_at = None
            else:
                acked.append((board, phone.number))
                answer = {"csrf_token": phone.token, "submission_id": uuid.uuid4().hex,
                          "board": board, "state": "accepted"}
                await ask(pool, stats, "accept", (200,), "POST",
                          f"/s/{sid}/t/{phone.number}/answers", phone, headers,
                          urlencode(answer).encode())
            when += every

    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        stats.errors.append(f"stream refused: {head[:40]!r}")
        return
    listening = asyncio.ensure_future(listen())
    ready.set()
    async def new_round() -> None:
        while not phone.round_seen:
            await asyncio.sleep(0.05)

    try:
        await save()
        await asyncio.sleep(max(0.0, end - time.monotonic()))
        await asyncio.wait_for(new_round(), args.round_wait + args.warmup)
    except TimeoutError:
        pass
    finally:
        listening.cancel()
        if follower is not None:
            follower.cancel()
        writer.close()


async def wall(pool: Pool, stats: Stats, sid: str, end: float) -> None:
    """A wall as ``event-live.js`` follows the session: at a change it asks its live part,
    then waits the part's ``data-every`` before it asks again (changes meanwhile: one ask)."""
    phone = Phone(0)
    try:
        reader, writer = await asyncio.open_connection(pool.host, pool.port)
    except OSError as e:
        stats.errors.append(f"stream: {e!r}")
        return
    writer.write(f"GET /stream?s={sid} HTTP/1.1\r\nHost: {pool.host}\r\n\r\n".encode())
    changed = asyncio.Event()

    async def listen() -> None:
        while line := await reader.readline():
            if line.startswith(b"data: "):
                changed.set()

    listening = asyncio.ensure_future(listen())
    every = 0.0
    try:
        while (left := end - time.monotonic()) > 0:
            try:
                await asyncio.wait_for(changed.wait(), left)
            except TimeoutError:
                break
            changed.clear()
            headers = {"If-None-Match": phone.tag} if phone.tag else {}
            got = await ask(pool, stats, "wall", (200, 304), "GET", f"/s/{sid}/wall?part=1",
                            phone, headers)
            if got is not None and got[0] == 200:
                phone.tag = got[1].get("etag", "")
                found = EVERY.search(got[2])
                every = int(found.group(1)) / 1000 if found else 0.0
            await asyncio.sleep(every)
    finally:
        listening.cancel()
        writer.close()


async def night(base: str, sid: str, secret: str, movement: Any, database: Path,
                args: Any) -> tuple[Stats, list[tuple[int, int]], list[Phone]]:
    from scorekeeper.service.session_tables import table_key

    host, port = base.split("//")[1].split(":")
    pool = Pool(host, int(port), args.connections)
    stats = Stats()
    acked: list[tuple[int, int]] = []
    rng = random.Random(7)
    round_no = args.rounds_in + 1
    sittings = {s.table: s for s in movement.rounds[round_no - 1].tables}
    start = time.monotonic() + args.warmup
    end = start + args.duration
    phones = [Phone(n) for n in range(1, args.tables + 1)]
    ready = [asyncio.Event() for _ in phones]
    tasks = [table_phone(pool, stats, sid, table_key(secret, sid, p.number), p,
                         sittings[p.number].boards, round_no, args, start, end, acked, rng,
                         ready[i]) for i, p in enumerate(phones)]
    tasks += [wall(pool, stats, sid, end) for _ in range(args.walls)]

    async def measure_then_next_round() -> None:
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        stats.measuring = True
        await asyncio.sleep(max(0.0, end - time.monotonic()))
        stats.measuring = False
        await asyncio.gather(*(r.wait() for r in ready))
        now = time.monotonic()
        for phone in phones:
            phone.round_at = now
        conn = sqlite3.connect(database, timeout=10)  # another process starts the round
        with conn:
            conn.execute("UPDATE sessions SET round = round + 1, version = version + 1,"
                         " tables_version = tables_version + 1 WHERE id = ?", [sid])
        conn.close()

    await asyncio.gather(measure_then_next_round(), *tasks)
    await pool.close()
    return stats, acked, phones


def verify(path: Path, sid: str, expected: int, acked: list[tuple[int, int]]) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        problems = []
        if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            problems.append("integrity_check failed")
        rows = conn.execute("SELECT board, json_extract(data, '$.table'), count(*) FROM"
                            " session_results WHERE session_id = ? GROUP BY board, ns",
                            [sid]).fetchall()
        doubled = [r for r in rows if r[2] > 1]
        stored = {(int(b), int(t)) for b, t, _n in rows}
        lost = [a for a in acked if a not in stored]
        if doubled or lost or len(rows) != expected:
            problems.append(f"{len(lost)} lost, {len(doubled)} doubled, {len(rows)} stored "
                            f"against {expected}")
        return problems
    finally:
        conn.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=27)
    parser.add_argument("--rounds-in", type=int, default=4, help="rounds already played")
    parser.add_argument("--minutes", type=float, default=7.0, help="between a table's boards")
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--warmup", type=float, default=30.0)
    parser.add_argument("--round-wait", type=float, default=30.0)
    parser.add_argument("--walls", type=int, default=10)
    parser.add_argument("--connections", type=int, default=256)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--log", type=Path, default=None, help="keep the server's log here")
    args = parser.parse_args(argv)
    from scorekeeper.web.security import load_secret_key

    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        began = time.monotonic()
        sid, movement = prepare(instance, args.tables, args.boards, args.rounds_in)
        before = sum(len(s.boards) for r in movement.rounds[:args.rounds_in] for s in r.tables)
        print(f"session of {args.tables} tables ({movement.sections} sections), "
              f"{args.rounds_in} rounds in ({before} results): stored in "
              f"{time.monotonic() - began:.1f} s")
        env = {"SCOREKEEPER_STREAMS": "20000"}
        with ServeProcess(instance, workers=args.workers, threads=args.threads, env=env,
                          log=args.log) as server:
            assert server.proc is not None
            secret = load_secret_key(instance / "secret_key")
            cpu0 = group_cpu(server.proc.pid)
            stats, acked, phones = asyncio.run(night(
                server.base, sid, secret, movement, instance / "scorekeeper.db", args))
            cpu = group_cpu(server.proc.pid) - cpu0
        problems = verify(instance / "scorekeeper.db", sid, before + len(acked), acked)
    span = args.duration + args.warmup
    print(f"{len(acked)} boards saved and accepted in {args.duration:.0f} s measured and the "
          f"warm-up's last {args.warmup * 0.4:.0f} s (+{args.warmup:.0f} s warm-up); "
          f"server CPU {cpu:.1f} s ({cpu / span:.2f} cores)")
    ok = not stats.errors and not problems
    for kind, values in sorted(stats.latencies.items()):
        values.sort()
        print(f"  {kind:10} n={len(values):6}  p50 {percentile(values, 50) * 1000:7.1f} ms  "
              f"p99 {percentile(values, 99) * 1000:7.1f} ms  max {values[-1] * 1000:7.1f} ms")
    missed = sum(1 for p in phones if not p.round_seen)
    print(f"  next round: {args.tables - missed} of {args.tables} tables' pages")
    if stats.heard:
        heard = sorted(stats.heard)
        print(f"  heard      n={len(heard):6}  p50 {percentile(heard, 50) * 1000:7.1f} ms  "
              f"p99 {percentile(heard, 99) * 1000:7.1f} ms")
        ok = ok and percentile(heard, 99) < 0.5
    saves = sorted(stats.latencies.get("save", [1.0]))
    ok = ok and percentile(saves, 99) < 0.1 and not missed
    lag = sorted(stats.lag) or [0.0]
    print(f"  client lag p99 {percentile(lag, 99) * 1000:.1f} ms; errors {len(stats.errors)}"
          + "".join(f"\n    {e}" for e in stats.errors[:5]))
    for problem in problems:
        print(f"  DATABASE: {problem}")
    print("targets met" if ok else "targets NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
