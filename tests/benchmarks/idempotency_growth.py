"""Idempotency growth benchmark (issue 36): 300 keyed saves add less than 1 MB to the database.

Run: ``.venv/bin/python tests/benchmarks/idempotency_growth.py [--hands 300] [--limit-mb 1]``

Starts ``scorekeeper serve`` on a temporary instance folder on loopback, creates a Euchre match
of 300 deals through the API and records every hand with an ``Idempotency-Key`` (as a phone's
queue sends them). It prints what the database file grew by (its pages, the WAL checkpointed
first), what the kept answers and the hands hold, and the time of a retry of the first and of
the last key; the exit status is 0 when the growth is under ``--limit-mb``. Before issue 36
every answer kept the match's whole state: +7.09 MB for one 300-hand match.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import HAND_CYCLE, SEATS, Client, ServeProcess

from scorekeeper.store.db import sqlite3


def database_bytes(path: Path) -> tuple[int, int, int]:
    """(the file's pages in bytes, the kept answers' bytes, the hands' bytes)."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        answers, hands = conn.execute(
            "SELECT (SELECT COALESCE(SUM(LENGTH(response)), 0) FROM idempotency),"
            " (SELECT COALESCE(SUM(LENGTH(data)), 0) FROM hands)").fetchone()
    finally:
        conn.close()
    return pages * size, answers, hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="keyed saves (300)")
    parser.add_argument("--limit-mb", type=float, default=1.0, help="growth to pass (1 MB)")
    args = parser.parse_args(argv)
    match = {"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
             "rules": {"target": None, "deals": args.hands}}
    with tempfile.TemporaryDirectory() as tmp, ServeProcess(
            Path(tmp) / "instance", env={"SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0"}) as server:
        database = Path(tmp) / "instance" / "scorekeeper.db"
        client = Client(server.base)
        status, body, _h, _t = client.request("POST", "/api/matches", match)
        assert status == 201, body
        match_id, key = body["id"], body["edit_key"]
        before = database_bytes(database)
        hands = []
        for no in range(1, args.hands + 1):
            hand = {**HAND_CYCLE[no % len(HAND_CYCLE)], "no": no}
            hands.append(hand)
            status, body, _h, _t = client.request(
                "POST", f"/api/matches/{match_id}/hands", hand,
                {"Authorization": f"Bearer {key}", "Idempotency-Key": f"h{no}"})
            assert status == 201, body
        after = database_bytes(database)
        retries = {}
        for no in (1, args.hands):
            status, _b, headers, took = client.request(
                "POST", f"/api/matches/{match_id}/hands", hands[no - 1],
                {"Authorization": f"Bearer {key}", "Idempotency-Key": f"h{no}"})
            assert status == 201 and headers.get("idempotent-replayed") == "true", status
            retries[no] = took
        client.close()
    grown = (after[0] - before[0]) / (1024 * 1024)
    print(f"{args.hands} keyed saves: the database grew {grown:.3f} MB "
          f"(kept answers {after[1] / 1024:.1f} KB, hands {after[2] / 1024:.1f} KB)")
    for no, took in retries.items():
        print(f"retry of key {no}: {took * 1000:.1f} ms")
    ok = grown < args.limit_mb
    print("PASS" if ok else f"FAIL: over {args.limit_mb} MB")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
