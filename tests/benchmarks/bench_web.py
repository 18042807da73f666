"""Web benchmark through the real server (``scorekeeper serve``, gunicorn gthread).

Run: ``.venv/bin/python tests/benchmarks/bench_web.py [--requests N] [--hands H]``

Measures, over HTTP on loopback with keep-alive off (as a phone's request would be):
- GET /healthz (a trivial endpoint with one query: the floor),
- GET /api/matches/<id> of a match of H hands (replay + JSON),
- POST /api/matches/<id>/hands (a recorded hand: BEGIN IMMEDIATE, replay, fsync'd commit),
and prints the median, 95th percentile and mean of each, in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from scorekeeper.store.db import sqlite3

ROOT = Path(__file__).resolve().parents[2]
SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}


def call(method: str, url: str, body=None, key: str | None = None) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def timed(n: int, fn) -> list[float]:
    """Run ``fn`` n times; the durations in milliseconds."""
    out = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - start) * 1000)
    return out


def report(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(f"{name:<44} median {statistics.median(ms):7.2f} ms   p95 {p95:7.2f} ms   "
          f"mean {statistics.fmean(ms):7.2f} ms   (n={len(ms)})")


def hand(i: int) -> dict:
    """Hands that keep a game going: alternate sides, one point each (target raised below)."""
    return {"caller": "NESW"[i % 4], "makers_tricks": 3}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="requests per measurement")
    parser.add_argument("--hands", type=int, default=30, help="hands in the match read")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "SCOREKEEPER_INSTANCE": tmp,
               "SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0"}  # the benchmark floods one match
        proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", "--port", str(port)],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if call("GET", base + "/healthz")[0] == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline or proc.poll() is not None:
                    print("the server did not start", file=sys.stderr)
                    return 1
                time.sleep(0.1)

            big = 200  # the largest target: alternating points reach it only after 398 hands
            if max(args.hands, args.requests) > 300:
                parser.error("a match holds at most 300 hands")
            match = {"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
                     "rules": {"target": big}}
            status, body = call("POST", base + "/api/matches",
                                {**match, "hands": [hand(i) for i in range(args.hands)]})
            assert status == 201, body
            read = json.loads(body)
            status, body = call("POST", base + "/api/matches", match)
            write = json.loads(body)

            for _ in range(20):  # warm up both workers
                call("GET", base + "/healthz")
                call("GET", f"{base}/api/matches/{read['id']}")

            print(f"Scorekeeper web benchmark: scorekeeper serve, SQLite "
                  f"{sqlite3.sqlite_version}, {args.requests} requests each")
            report("GET /healthz", timed(args.requests, lambda i: call("GET", base + "/healthz")))
            report(f"GET /api/matches/<id> ({args.hands} hands)",
                   timed(args.requests, lambda i: call("GET", f"{base}/api/matches/{read['id']}")))

            def record(i: int) -> None:
                status, body = call("POST", f"{base}/api/matches/{write['id']}/hands",
                                    {**hand(i), "no": i + 1}, write["edit_key"])
                assert status == 201, body

            report("POST /api/matches/<id>/hands (record)", timed(args.requests, record))
            print(f"(the recorded match ends with {args.requests} hands; the record time "
                  f"includes its replay and an fsync'd commit)")
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
