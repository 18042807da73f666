"""Save benchmark (issue 21): a save costs at most 1.5x ``/healthz``, and does not grow with
the match (hand 150 at most 1.3x hand 10).

Run: ``.venv/bin/python tests/benchmarks/bench_save.py [--hands 155] [--rounds 3]``

Starts ``scorekeeper serve`` on a temporary instance folder on loopback, then, ``--rounds``
times, creates a match through the API and records ``--hands`` hands into it
(``POST /api/matches/<id>/hands`` with an ``Idempotency-Key``, as a phone's queue sends them),
each save in turn with a ``GET /healthz`` on the same keep-alive connection (the order
alternates, so neither always follows the other). It prints the medians of the saves of hands
5-15 and 145-155 and of ``/healthz`` over all rounds, and the ratios; the exit status is 0
when both targets are met.
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

EARLY = range(5, 16)  # hands 5-15
LATE = range(145, 156)  # hands 145-155


def record_match(client: Client, hands: int, round_no: int) -> tuple[dict[int, float], list[float]]:
    """One match of ``hands`` hands: each save's seconds by hand number, and the healthz times."""
    match = {"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
             "rules": {"target": 200}}  # a long game: 155 hands of the cycle never end it
    status, body, _h, _t = client.request("POST", "/api/matches", match)
    assert status == 201, body
    match_id, key = body["id"], body["edit_key"]
    saves: dict[int, float] = {}
    health: list[float] = []
    for no in range(1, hands + 1):
        hand = {**HAND_CYCLE[no % len(HAND_CYCLE)], "no": no}
        headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": f"r{round_no}-h{no}"}
        for step in (("save", "health") if no % 2 else ("health", "save")):
            if step == "save":
                status, body, _h, took = client.request(
                    "POST", f"/api/matches/{match_id}/hands", hand, headers)
                assert status == 201, body
                saves[no] = took
            else:
                status, _b, _h, took = client.request("GET", "/healthz")
                assert status == 200
                health.append(took)
    return saves, health


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=155, help="hands per match (155)")
    parser.add_argument("--rounds", type=int, default=3, help="matches recorded (3)")
    parser.add_argument("--healthz-limit", type=float, default=1.5,
                        help="save / healthz to pass (1.5)")
    parser.add_argument("--growth-limit", type=float, default=1.3,
                        help="hands 145-155 / hands 5-15 to pass (1.3)")
    args = parser.parse_args(argv)
    if args.hands < max(LATE):
        parser.error(f"--hands must be at least {max(LATE)}")
    early: list[float] = []
    late: list[float] = []
    every: list[float] = []
    health: list[float] = []
    # The benchmark records far faster than a table does: the per-match write limit is off.
    with tempfile.TemporaryDirectory() as tmp, ServeProcess(
            Path(tmp) / "instance", env={"SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0"}) as server:
        client = Client(server.base)
        for _ in range(200):  # warm up the workers
            client.request("GET", "/healthz")
        for round_no in range(args.rounds):
            saves, healthz = record_match(client, args.hands, round_no)
            early += [saves[no] for no in EARLY]
            late += [saves[no] for no in LATE]
            every += list(saves.values())
            health += healthz
            print(f"  round {round_no + 1}: hands 5-15 {median_ms([saves[n] for n in EARLY]):6.2f}"
                  f" ms, 145-155 {median_ms([saves[n] for n in LATE]):6.2f} ms, healthz"
                  f" {median_ms(healthz):6.2f} ms")
        client.close()
    print(f"scorekeeper serve, {args.rounds} matches of {args.hands} hands, one keep-alive "
          f"connection ({time.strftime('%Y-%m-%d %H:%M')})")
    print(f"  GET /healthz            median {median_ms(health):6.2f} ms  (n={len(health)})")
    print(f"  save, hands 5-15        median {median_ms(early):6.2f} ms  (n={len(early)})")
    print(f"  save, hands 145-155     median {median_ms(late):6.2f} ms  (n={len(late)})")
    print(f"  save, every hand        median {median_ms(every):6.2f} ms  (n={len(every)})")
    growth = statistics.median(late) / statistics.median(early)
    ratio = statistics.median(every) / statistics.median(health)
    worst = statistics.median(late) / statistics.median(health)
    ok = growth <= args.growth_limit and ratio <= args.healthz_limit
    print(f"hands 145-155 / hands 5-15: {growth:.2f}x (limit {args.growth_limit}x)")
    print(f"save / healthz (medians, every hand): {ratio:.2f}x; hands 145-155: {worst:.2f}x "
          f"(limit {args.healthz_limit}x)")
    print("ok" if ok else "NOT MET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
