"""The players' pages since the facts became generic (migration 0022_game_facts): their time,
where it goes (the SQL's plans, a profile of one request), at one size of club.

Run: .venv/bin/python tests/benchmarks/bench_players.py [--hands 10000] [--runs 15] [--profile]
Prints the median of ``--runs`` requests through the app, in process (the server's time, not
the network's), EXPLAIN QUERY PLAN of the statistics queries a page runs, and with
``--profile URL`` the 20 functions of one request that cost the most time of their own. No
target of its own (``bench_stats.py`` holds issue 14's); figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_stats import PLAYERS, fill, timed  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.store.db import get_db  # noqa: E402

# The statistics queries behind the players' table and a player's page, with sample values.
PLANS = {
    "player_list: the rollup summed": (
        "SELECT player, game, json_group_object(fact, total) FROM (SELECT player, game, fact,"
        " SUM(value) AS total FROM player_days WHERE date BETWEEN ? AND ?"
        " GROUP BY player, game, fact) GROUP BY player, game", ["0000-01-01", "9999-12-31"]),
    "player_list: the all-time totals (0025)": (
        "SELECT player, game, json_group_object(fact, value) FROM player_totals"
        " GROUP BY player, game", []),
    "game_sums: hands per game": (
        "SELECT s.game, COUNT(*) FROM seat_facts s WHERE s.player = ? AND s.date BETWEEN ? AND ?"
        " GROUP BY s.game", ["{id}", "0000-01-01", "9999-12-31"]),
    "game_sums: facts per game": (
        "SELECT s.game, s.fact, s.key1, s.key2, s.key3, SUM(s.own) FROM seat_stats s"
        " WHERE s.player = ? AND s.date BETWEEN ? AND ? GROUP BY s.game, s.fact, s.key1,"
        " s.key2, s.key3", ["{id}", "0000-01-01", "9999-12-31"]),
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--profile", metavar="URL", help="profile one request, e.g. /players;"
                        " {id} is the busiest player")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        app = create_app({"TESTING": True, "CREATE_LIMIT": "0"}, instance_path=tmp)
        client = app.test_client()
        names = [f"Player {n:03d}" for n in range(PLAYERS)]
        matches, hands = fill(app, args.hands, random.Random(14), names)
        players = client.get("/api/players").get_json()["players"]
        busiest = max(players, key=lambda p: p["matches"])["id"]
        print(f"{hands} hands, {matches} matches, {len(players)} players")
        with app.app_context():
            db = get_db()
            rows = db.execute("SELECT COUNT(*) FROM player_days").fetchone()[0]
            print(f"player_days: {rows} rows")
            for label, (sql, params) in PLANS.items():
                plan = db.execute("EXPLAIN QUERY PLAN " + sql,
                                  [p.replace("{id}", busiest) for p in params]).fetchall()
                print(f"\n{label}:")
                for row in plan:
                    print("   ", row[-1])
        print()
        for label, url in {"GET /api/players": "/api/players", "/players": "/players",
                           "/players (sorted)": "/players?sort=euchre.made",
                           "GET /api/players/<id>": f"/api/players/{busiest}",
                           "/players/<id>": f"/players/{busiest}"}.items():
            print(f"{label:<28} {timed(client, url, args.runs):7.1f} ms")
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(client.get, args.profile.replace("{id}", busiest))
            pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
