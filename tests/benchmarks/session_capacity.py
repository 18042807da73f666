"""A duplicate session of 1,000 tables against ``scorekeeper serve`` (issue 41).

Run (loopback only; it starts and stops its own server on a temporary instance folder)::

    .venv/bin/python tests/benchmarks/session_capacity.py
    .venv/bin/python tests/benchmarks/session_capacity.py --tables 1000 --duration 120 --walls 10

The session: ``--tables`` NS pairs N1… against EW pairs E1…, ``--boards`` boards every table
plays (a large event's sections all play the same boards, scored across the field), the first
``--played`` of them already in (stored before the server starts: the session under way).
Each table sends its next result every ``--minutes`` (7), at its own moment: ``POST
/api/sessions/<id>/results`` with the edit key and an ``Idempotency-Key``, as the director's
scoring program would for a table (the start form seats at most 200 pairs, one Mitchell's
boards; a session this size is started from a file: the writes limit per key is off here).

Each table's phone holds a live stream of its table (``GET /stream?t=<id>.<table>``) and, told
of its result, asks that board's traveller page (``heard``: how long after the save's answer
it was told). ``--walls`` walls and consoles hold the session's stream (``s=<id>``) and ask
the wall's live part with its ETag at each change. Requests are open-loop. Afterwards the
SQLite file is checked: every acknowledged result stored once, nothing else, and
``integrity_check``. Targets: saves p99 < 100 ms, heard p99 < 0.5 s, no error, 0 lost,
0 doubled.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from capacity import Pool, Stats, group_cpu, timed
from load import ROOT, ServeProcess, percentile

sys.path.insert(0, str(ROOT))
CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "5D", "6NT"]


def result(table: int, board: int, tables: int, rng: random.Random) -> dict[str, Any]:
    level = int(rng.choice(CONTRACTS)[0])
    return {"board": board, "ns": f"N{table}", "ew": f"E{(table + board) % tables + 1}",
            "table": table, "contract": rng.choice([c for c in CONTRACTS
                                                   if int(c[0]) == level]),
            "declarer": rng.choice("NESW"),
            "tricks": min(13, 6 + level + rng.choice([-2, -1, 0, 0, 1]))}


def prepare(instance: Path, tables: int, boards: int, played: int) -> tuple[str, str]:
    """The session under way, stored before the server starts: (its id, its edit key)."""
    from sqlite_utils import Database

    from scorekeeper.service import sessions
    from scorekeeper.store.db import migrate

    instance.mkdir(parents=True)
    db = Database(instance / "scorekeeper.db")
    migrate(db)
    rng = random.Random(41)
    data = {"format": "scorekeeper-session/1", "game": "bridge", "scoring": "matchpoints",
            "movement": "mitchell", "name": f"{tables} tables",
            "pairs": {f"{d}{t}": [f"{d}{t} one", f"{d}{t} two"] for d in "NE"
                      for t in range(1, tables + 1)},
            "results": [result(t, b, tables, rng) for b in range(1, played + 1)
                        for t in range(1, tables + 1)]}
    made = sessions.create_session(db, data)
    assert made.session_id is not None and made.edit_key is not None, made.problems
    db.conn.close()
    return made.session_id, made.edit_key


async def table(pool: Pool, stats: Stats, sid: str, key: str, number: int, args: Any,
                start: float, end: float, saved: dict[int, tuple[float, int]],
                acked: list[tuple[int, int]], rng: random.Random) -> None:
    """A table's results, one every ``--minutes``, from a random moment of the first."""
    every = args.minutes * 60
    when = start + rng.uniform(0, every)
    for board in range(args.played + 1, args.boards + 1):
        if when >= end:
            return
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        stats.lag.append(time.monotonic() - when)
        body = json.dumps(result(number, board, args.tables, rng)).encode()
        headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json",
                   "Idempotency-Key": uuid.uuid4().hex}
        got = await timed(pool, stats, "save", (201,), "POST",
                          f"/api/sessions/{sid}/results", headers, body)
        if got is not None:
            saved[number] = (time.monotonic(), board)
            acked.append((board, number))
        when += every


async def follower(pool: Pool, stats: Stats, topic: str, end: float, ask: Any,
                   heard: Any = None) -> None:
    """A phone holding a stream (its own connection) and asking ``ask(stamp)`` when told."""
    try:
        reader, writer = await asyncio.open_connection(pool.host, pool.port)
    except OSError as e:
        stats.errors.append(f"stream: {e!r}")
        return
    writer.write(f"GET /stream?{topic} HTTP/1.1\r\nHost: {pool.host}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    first = True
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
            if not first:
                if heard is not None:
                    heard()
                await ask(json.loads(line[6:])["v"])
            first = False
    except (OSError, asyncio.IncompleteReadError) as e:
        stats.errors.append(f"stream: {e!r}")
    finally:
        writer.close()


async def night(base: str, sid: str, key: str, args: Any) -> tuple[Stats, list[tuple[int, int]]]:
    host, port = base.split("//")[1].split(":")
    pool = Pool(host, int(port), args.connections)
    stats = Stats()
    saved: dict[int, tuple[float, int]] = {}  # each table's last save: when, which board
    acked: list[tuple[int, int]] = []
    rng = random.Random(7)
    start = time.monotonic() + args.warmup
    end = start + args.duration
    tasks = []
    for number in range(1, args.tables + 1):
        def told(n: int = number) -> None:
            if stats.measuring and n in saved:
                stats.heard.append(time.monotonic() - saved[n][0])

        async def traveller(_stamp: str, n: int = number) -> None:
            board = saved[n][1] if n in saved else args.played
            await timed(pool, stats, "traveller", (200,), "GET", f"/s/{sid}/boards/{board}")

        tasks.append(follower(pool, stats, f"t={sid}.{number}", end, traveller, told))
        tasks.append(table(pool, stats, sid, key, number, args, start, end, saved, acked, rng))
    tags: dict[int, str] = {}
    for wall in range(args.walls):
        async def part(_stamp: str, w: int = wall) -> None:
            headers = {"If-None-Match": tags[w]} if w in tags else {}
            got = await timed(pool, stats, "wall", (200, 304), "GET", f"/s/{sid}/wall?part=1",
                              headers)
            if got is not None and got[0] == 200 and got[1].get("etag"):
                tags[w] = got[1]["etag"]

        tasks.append(follower(pool, stats, f"s={sid}", end, part))

    async def measure() -> None:
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        stats.measuring = True

    await asyncio.gather(measure(), *tasks)
    await pool.close()
    return stats, acked


def verify(path: Path, sid: str, expected: int, acked: list[tuple[int, int]]) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        problems = []
        if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            problems.append("integrity_check failed")
        rows = conn.execute("SELECT board, ns, count(*) FROM session_results WHERE session_id"
                            " = ? GROUP BY board, ns", [sid]).fetchall()
        doubled = [r for r in rows if r[2] > 1]
        stored = {(int(b), str(ns)) for b, ns, _n in rows}
        lost = [a for a in acked if (a[0], f"N{a[1]}") not in stored]
        if doubled or lost or len(rows) != expected:
            problems.append(f"{len(lost)} lost, {len(doubled)} doubled, {len(rows)} stored "
                            f"against {expected}")
        return problems
    finally:
        conn.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--played", type=int, default=18, help="boards already in")
    parser.add_argument("--minutes", type=float, default=7.0, help="between a table's results")
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument("--walls", type=int, default=10)
    parser.add_argument("--connections", type=int, default=256)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        began = time.monotonic()
        sid, key = prepare(instance, args.tables, args.boards, args.played)
        print(f"session of {args.tables} tables x {args.boards} boards, {args.played} boards in"
              f" ({args.tables * args.played} results): stored in {time.monotonic() - began:.1f} s")
        env = {"SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0", "SCOREKEEPER_STREAMS": "20000"}
        with ServeProcess(instance, workers=args.workers, env=env) as server:
            assert server.proc is not None
            cpu0 = group_cpu(server.proc.pid)
            stats, acked = asyncio.run(night(server.base, sid, key, args))
            cpu = group_cpu(server.proc.pid) - cpu0
        problems = verify(instance / "scorekeeper.db", sid, args.tables * args.played
                          + len(acked), acked)
    span = args.duration + args.warmup
    print(f"{len(acked)} results saved in {args.duration:.0f} s (+{args.warmup:.0f} s warm-up);"
          f" server CPU {cpu:.1f} s ({cpu / span:.2f} cores)")
    ok = not stats.errors and not problems
    for kind, values in sorted(stats.latencies.items()):
        values.sort()
        print(f"  {kind:10} n={len(values):6}  p50 {percentile(values, 50) * 1000:7.1f} ms  "
              f"p99 {percentile(values, 99) * 1000:7.1f} ms  max {values[-1] * 1000:7.1f} ms")
    if stats.heard:
        heard = sorted(stats.heard)
        print(f"  heard      n={len(heard):6}  p50 {percentile(heard, 50) * 1000:7.1f} ms  "
              f"p99 {percentile(heard, 99) * 1000:7.1f} ms")
        ok = ok and percentile(heard, 99) < 0.5
    saves = sorted(stats.latencies.get("save", [1.0]))
    ok = ok and percentile(saves, 99) < 0.1
    lag = sorted(stats.lag) or [0.0]
    print(f"  client lag p99 {percentile(lag, 99) * 1000:.1f} ms; errors {len(stats.errors)}"
          + "".join(f"\n    {e}" for e in stats.errors[:5]))
    for problem in problems:
        print(f"  DATABASE: {problem}")
    print("targets met" if ok else "targets NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
