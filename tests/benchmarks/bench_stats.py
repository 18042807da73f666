"""Statistics at club scale: every statistics page and JSON answer as the hands grow from 1,000
to 100,000 (about 6,000 matches and 200 players at the top).

Run: .venv/bin/python tests/benchmarks/bench_stats.py [--sizes 1000,10000,100000] [--runs 30]
Target (issue 14): every statistics page and JSON under 100 ms at 100,000 hands (the median of
``--runs`` requests through the app, in process: the server's time, not the network's).
The matches are imported through the service's one write path (``create_match``), so the facts
are written exactly as a recorded hand writes them. Exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, service  # noqa: E402
from scorekeeper.engine.matchfile import check_match  # noqa: E402
from scorekeeper.store.db import get_db  # noqa: E402

TARGET_MS = 100.0
PLAYERS = 200
FIRST_DAY = date(2025, 1, 1)


def euchre_hands(rng: random.Random) -> list[dict]:
    """Random legal hands (outcomes only, some with trump and round, a few passes, loners and
    reneges), long enough to finish a game to 10."""
    hands = []
    for _ in range(60):
        roll = rng.random()
        if roll < 0.06:
            hands.append({"passed": True})
            continue
        hand: dict = {"caller": rng.choice("NESW")}
        if rng.random() < 0.7:
            hand["round"] = rng.choice((1, 2))
            hand["turn_up"] = f"9{rng.choice('SHDC')}"
            if hand["round"] == 2:
                hand["trump"] = rng.choice([s for s in "SHDC" if s != hand["turn_up"][-1]])
        if rng.random() < 0.08:
            hand["alone"] = True
        if rng.random() < 0.02:
            hand["renege"] = rng.choice("NESW")
        else:
            hand["makers_tricks"] = rng.choices((0, 1, 2, 3, 4, 5), (2, 4, 8, 40, 30, 16))[0]
        hands.append(hand)
    return hands


def whist_hands(rng: random.Random) -> list[dict]:
    return [{"trump": rng.choice("SHDC"), "tricks_NS": rng.randint(3, 10),
             "honours_NS": rng.randint(0, 4)} for _ in range(30)]


def a_match(rng: random.Random, names: list[str], day: date) -> dict:
    """A finished match of four players: hands cut where the game ended."""
    whist = rng.random() < 0.1
    seats = dict(zip("NESW", rng.sample(names, 4), strict=True))
    match = {"format": "scorekeeper-match/1", "game": "whist" if whist else "euchre",
             "seats": seats, "date": day.isoformat(),
             # games to 10, 15 and 20: about 17 hands a match, as a club's mix gives
             "rules": {"honours": True} if whist else {"target": rng.choice((10, 10, 15, 20))},
             "hands": whist_hands(rng) if whist else euchre_hands(rng)}
    checked = check_match({k: v for k, v in match.items() if k != "date"})
    over = [p.hand for p in checked.problems if p.code == "hand.after_game_over"]
    if over:
        match["hands"] = match["hands"][:min(over) - 1]
    return match


def fill(app, hands_wanted: int, rng: random.Random, names: list[str]) -> tuple[int, int]:
    """Import matches until ``hands_wanted`` hands are stored; (matches, hands)."""
    matches = hands = 0
    with app.app_context():
        db = get_db()
        db.execute("PRAGMA synchronous=OFF")  # building the data set, not measuring it
        while hands < hands_wanted:
            day = FIRST_DAY + timedelta(days=rng.randrange(730))
            outcome = service.create_match(db, a_match(rng, names, day))
            assert outcome.ok, outcome.problems
            matches += 1
            hands += len(outcome.state.hands)
    return matches, hands


def timed(client, url: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        r = client.get(url)
        times.append(time.perf_counter() - start)
        assert r.status_code == 200, (url, r.status_code, r.data[:300])
    return statistics.median(times) * 1000


def main() -> int:
    """Run in a temporary instance folder, removed afterwards (the database with it)."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        return run(tmp)


def run(tmp: str) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    rng = random.Random(14)
    names = [f"Player {n:03d}" for n in range(PLAYERS)]
    app = create_app({"TESTING": True, "CREATE_LIMIT": "0"}, instance_path=tmp)
    client = app.test_client()
    matches = hands = 0
    failed = False
    print(f"{'hands':>8} {'matches':>8}  answer (median ms of {args.runs})")
    for size in (int(s) for s in args.sizes.split(",")):
        started = time.perf_counter()
        more_matches, more_hands = fill(app, size - hands, rng, names)
        matches, hands = matches + more_matches, hands + more_hands
        built = time.perf_counter() - started
        players = client.get("/api/players").get_json()["players"]
        busiest = max(players, key=lambda p: p["matches"])["id"]
        pair = client.get(f"/players/{busiest}")
        assert pair.status_code == 200
        with app.app_context():
            from scorekeeper.store import stats

            partner = stats.partners(get_db(), busiest)[0]["id"]
            rivals = stats.opponents(get_db(), busiest, partner)[0]["ids"]
        urls = {
            "GET /api/players": "/api/players",
            "GET /api/players/<id>": f"/api/players/{busiest}",
            "GET /api/players/<id> (a year)": f"/api/players/{busiest}?from=2025-01-01"
                                              "&to=2025-12-31",
            "/players": "/players",
            "/players (sorted by made %)": "/players?sort=euchre.made",
            "/players/<id>": f"/players/{busiest}",
            "/players/<a>/with/<b>": f"/players/{busiest}/with/{partner}",
            "/players/<a>/with/<b>/vs/<c>/<d>":
                f"/players/{busiest}/with/{partner}/vs/{rivals[0]}/{rivals[1]}",
        }
        print(f"{hands:>8} {matches:>8}  (built in {built:.0f} s)")
        for label, url in urls.items():
            ms = timed(client, url, args.runs)
            over = ms > TARGET_MS
            failed |= over and hands >= 100_000
            print(f"{'':>18}{label:<36} {ms:7.1f}{'  OVER' if over else ''}")
        for label, url in (("/export/stats.csv (every player)", "/export/stats.csv"),
                           ("/export/hands.csv (every hand)", "/export/hands.csv")):
            print(f"{'':>18}{label:<36} {timed(client, url, 3):7.1f}  (an export: no target)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
