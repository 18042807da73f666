"""What watching phones cost the server while nothing changes (issue 41): N idle live streams
against N phones polling the live part every 2 s with ``If-None-Match`` (today's fallback).

Run: ``.venv/bin/python tests/benchmarks/idle_streams.py [--phones N] [--seconds S]
[--workers W] [--threads T] [--matches M]``

Starts ``scorekeeper serve`` (gunicorn, its ASGI worker) on a temporary instance, creates M
matches (default 250: four phones a table), then for each mode in turn:

- ``streams``: N connections each holding ``GET /stream?m=<id>`` open (one idle EventSource a
  phone), after every stream has received its first event;
- ``polling``: N keep-alive connections each asking ``GET /m/<id>/live`` with the current
  ETag every 2 s (spread evenly), every answer a 304.

It measures the CPU time (user + system, from /proc) of the server's processes (master and
workers) over S seconds (default 30) of each, and the worker threads; then saves one hand to
each match while the streams are open and reports how long until every stream heard of its
match's new version (p50, p99, max). The phones are asyncio connections of this process (its
own CPU is not counted). Numbers: docs/performance.md ("Live by push").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import SEATS, Client, ServeProcess

TICKS = os.sysconf("SC_CLK_TCK")


def server_pids(proc: ServeProcess) -> list[int]:
    assert proc.proc is not None
    master = proc.proc.pid
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [master, *map(int, children)]


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def threads(pids: list[int]) -> list[int]:
    out = []
    for pid in pids[1:]:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                out.append(int(line.split()[1]))
    return out


async def open_stream(host: str, port: int, match_id: str):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET /stream?m={match_id} HTTP/1.1\r\nHost: {host}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head[:200]
    await next_event(reader)
    return reader, writer


async def next_event(reader: asyncio.StreamReader) -> str:
    """The next change event's data line (chunked framing lines are skipped)."""
    while True:
        line = await reader.readline()
        if not line:
            raise ConnectionError("stream ended")
        if line.startswith(b"data: "):
            return line[6:].decode().strip()


async def poller(host: str, port: int, match_id: str, offset: float, until: float,
                 counts: list[int]) -> None:
    await asyncio.sleep(offset)
    reader, writer = await asyncio.open_connection(host, port)
    etag = ""
    try:
        while time.monotonic() < until:
            tag = f"If-None-Match: {etag}\r\n" if etag else ""
            writer.write(f"GET /m/{match_id}/live HTTP/1.1\r\nHost: {host}\r\n{tag}\r\n".encode())
            await writer.drain()
            try:
                head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
            except (asyncio.IncompleteReadError, ConnectionError):  # closed: ask again anew
                counts[2] += 1
                writer.close()
                reader, writer = await asyncio.open_connection(host, port)
                continue
            length = 0
            for line in head.split("\r\n"):
                name, _, value = line.partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                elif name.lower() == "etag":
                    etag = value.strip()
            if length:
                await reader.readexactly(length)
            counts[0 if head.startswith("HTTP/1.1 304") else 1] += 1
            await asyncio.sleep(2.0)
    finally:
        writer.close()


async def measure(args: argparse.Namespace, proc: ServeProcess, ids: list[str],
                  keys: list[str]) -> None:
    host, port = proc.base.removeprefix("http://").split(":")
    pids = server_pids(proc)
    mine = [ids[i % len(ids)] for i in range(args.phones)]

    before = cpu_seconds(pids)
    await asyncio.sleep(args.seconds)
    base = cpu_seconds(pids) - before
    print(f"nothing open for {args.seconds} s: server CPU {base * 1000:.0f} ms "
          f"(gunicorn's own heartbeats)")
    streams = []
    for chunk in range(0, len(mine), 200):
        streams += await asyncio.gather(*(open_stream(host, int(port), m)
                                          for m in mine[chunk:chunk + 200]))
    await asyncio.sleep(1)
    before = cpu_seconds(pids)
    await asyncio.sleep(args.seconds)
    idle = cpu_seconds(pids) - before
    held = threads(pids)
    print(f"streams: {args.phones} idle for {args.seconds} s: server CPU {idle * 1000:.0f} ms "
          f"({idle / args.seconds * 100:.2f}% of a core); worker threads {held}")

    async def heard_at(reader: asyncio.StreamReader) -> float:
        await next_event(reader)
        return time.monotonic()

    pending = [asyncio.ensure_future(heard_at(r)) for r, _w in streams]
    saved_at: dict[str, float] = {}

    def save_all() -> None:  # one scorer after another, on its own thread (the loop listens)
        client = Client(proc.base)
        for match_id, key in zip(ids, keys, strict=True):
            status, _b, _h, _s = client.request(
                "POST", f"/api/matches/{match_id}/hands",
                {"caller": "N", "makers_tricks": 3, "no": 1},
                {"Authorization": f"Bearer {key}"})
            assert status == 201, status
            saved_at[match_id] = time.monotonic()  # the scorer has its answer
        client.close()

    await asyncio.to_thread(save_all)
    times = await asyncio.gather(*pending)
    heard = sorted(max(0.0, t - saved_at[m]) for t, m in zip(times, mine, strict=True))
    print(f"  a hand saved at each of {len(ids)} matches: each of its streams heard it "
          f"p50 {statistics.median(heard) * 1000:.0f} ms, "
          f"p99 {heard[int(0.99 * (len(heard) - 1))] * 1000:.0f} ms, "
          f"max {heard[-1] * 1000:.0f} ms after the scorer's answer")
    for _r, w in streams:
        w.close()
    await asyncio.sleep(2)

    counts = [0, 0, 0]
    until = time.monotonic() + args.seconds + 4
    tasks = [asyncio.ensure_future(poller(host, int(port), m, 2.0 * i / len(mine), until, counts))
             for i, m in enumerate(mine)]
    await asyncio.sleep(3)  # every phone has asked once
    before, first = cpu_seconds(pids), sum(counts)
    await asyncio.sleep(args.seconds)
    polled = cpu_seconds(pids) - before
    asked = sum(counts) - first
    print(f"polling: {args.phones} phones every 2 s for {args.seconds} s: server CPU "
          f"{polled * 1000:.0f} ms ({polled / args.seconds * 100:.1f}% of a core); "
          f"{asked} answers ({counts[0]} 304s in all, {counts[1]} 200s; "
          f"{counts[2]} connections closed by the server)")
    await asyncio.gather(*tasks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=250)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args(argv)
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory() as tmp:
        proc = ServeProcess(Path(tmp) / "instance", workers=args.workers, threads=args.threads)
        proc.start()
        try:
            client = Client(proc.base)
            ids, keys = [], []
            for _ in range(args.matches):
                status, body, _h, _s = client.request("POST", "/api/matches", {
                    "format": "scorekeeper-match/1", "game": "euchre", "seats": dict(SEATS),
                    "rules": {"target": 200}})
                assert status == 201, body
                ids.append(body["id"])
                keys.append(body["edit_key"])
            client.close()
            asyncio.run(measure(args, proc, ids, keys))
        finally:
            proc.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
