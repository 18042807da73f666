"""Cheap polling benchmark (issue 9): an unchanged poll costs at most 1.2x ``/healthz``.

Run: ``.venv/bin/python tests/benchmarks/bench_poll.py [--requests N] [--hands H]``

Starts ``scorekeeper serve`` (gunicorn, the production mode) on a temporary instance folder on
loopback, creates a match of H hands (default 40) through the API, then times, interleaved
request by request on one keep-alive connection (as a polling phone holds one):

- ``GET /healthz`` (one query: the floor),
- ``GET /api/matches/<id>`` with ``If-None-Match`` of the current ETag (the 304 path),
- ``GET /m/<id>/live`` the same way (what a phone that only watches polls),
- ``GET /api/matches/<id>`` without it (the whole JSON: made once per version, then the
  front's kept copy).

It prints median, 95th percentile and mean in milliseconds and the ratios of the medians
poll / healthz; the exit status is 0 when both are at most ``--limit`` (1.2).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import HAND_CYCLE, SEATS, Client, ServeProcess


def summary(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"median {statistics.median(ms):6.3f}  p95 {p95:6.3f}  mean {statistics.fmean(ms):6.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="of each kind (2000)")
    parser.add_argument("--hands", type=int, default=40, help="hands in the match (40)")
    parser.add_argument("--limit", type=float, default=1.2, help="ratio to pass (1.2)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, ServeProcess(Path(tmp) / "instance") as server:
        client = Client(server.base)
        match = {"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
                 "first_dealer": "N",
                 "rules": {"target": 200}}  # a long game: the hands never end it
        status, body, _h, _t = client.request("POST", "/api/matches", match)
        assert status == 201, body
        match_id, key = body["id"], body["edit_key"]
        for no in range(1, args.hands + 1):
            hand = {**HAND_CYCLE[no % len(HAND_CYCLE)], "no": no}
            status, body, _h, _t = client.request(
                "POST", f"/api/matches/{match_id}/hands", hand,
                {"Authorization": f"Bearer {key}", "Idempotency-Key": f"h{no}"})
            assert status == 201, body
        url = f"/api/matches/{match_id}"
        status, _body, headers, _t = client.request("GET", url)
        etag = headers["etag"]
        live = f"/m/{match_id}/live"
        status, _body, headers, _t = client.request("GET", live)
        live_tag = headers["etag"]
        kinds = {"healthz": [], "poll 304": [], "live 304": [], "full GET": []}
        for _ in range(200):  # warm up every worker and thread
            client.request("GET", "/healthz")
            client.request("GET", url, headers={"If-None-Match": etag})
        for i in range(args.requests):
            order = [("healthz", "/healthz", {}), ("poll 304", url, {"If-None-Match": etag}),
                     ("live 304", live, {"If-None-Match": live_tag})]
            for name, path, hdrs in order if i % 2 else reversed(order):
                status, _b, _h, took = client.request("GET", path, headers=hdrs)
                assert status == (304 if hdrs else 200), (name, status)
                kinds[name].append(took)
            if i % 10 == 0:
                status, _b, _h, took = client.request("GET", url)
                assert status == 200
                kinds["full GET"].append(took)
        client.close()
    print(f"scorekeeper serve, {args.requests} of each, a match of {args.hands} hands "
          f"({time.strftime('%Y-%m-%d %H:%M')})")
    for name, values in kinds.items():
        print(f"  {name:9s} {summary(values)}  ms  (n={len(values)})")
    worst = 0.0
    for name in ("poll 304", "live 304"):
        ratio = statistics.median(kinds[name]) / statistics.median(kinds["healthz"])
        worst = max(worst, ratio)
        verdict = "ok" if ratio <= args.limit else "TOO SLOW"
        print(f"unchanged {name[:4]} / healthz (medians): {ratio:.2f}x  (limit {args.limit}x): "
              f"{verdict}")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
