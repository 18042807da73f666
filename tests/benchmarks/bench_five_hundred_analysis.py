"""Double-dummy analysis speed for Five Hundred: whole random hands in a suit (10 cards a seat),
par plus the count after every card plus costly plays, solved by DDS (endplay); and, for
comparison, the engine's own solver on the last tricks only.

Run: .venv/bin/python tests/benchmarks/bench_five_hundred_analysis.py   (target: under 50 ms a
hand on one core; the first call of a process also imports endplay, reported apart)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from scorekeeper.engine.analysis import Solver, analyse_match_hand  # noqa: E402
from scorekeeper.engine.cards import TEAM_OF, parse_card  # noqa: E402
from scorekeeper.engine.games import resolve_rules  # noqa: E402
from scorekeeper.games.five_hundred.rules import evaluate  # noqa: E402
from tests.support import fiveplay  # noqa: E402

SUIT_BIDS = [b for b in fiveplay.BIDS if "NT" not in b and "misere" not in b]


def main() -> None:
    n = 500
    rng = random.Random(2026)
    hands = [fiveplay.random_hand(rng, rng.choice(SUIT_BIDS), dealer="NESW"[i % 4])["hand"]
             for i in range(n)]
    wall, cpu = [], []
    for i, hand in enumerate(hands):
        match = {"format": "scorekeeper-match/1", "game": "five_hundred",
                 "seats": {}, "first_dealer": "NESW"[i % 4], "hands": [hand]}
        start, start_cpu = time.perf_counter(), time.process_time()
        result, problems = analyse_match_hand(match, 1)
        wall.append((time.perf_counter() - start) * 1e3)
        cpu.append((time.process_time() - start_cpu) * 1e3)
        assert result is not None, problems
    print(f"DDS, {n} random suit-contract hands, par + every card + costly plays:")
    print(f"  first call (imports endplay): {wall[0]:.0f} ms wall")
    for name, ms in (("wall", sorted(wall[1:])), ("CPU, all threads", sorted(cpu[1:]))):
        print(f"  {name}: median {statistics.median(ms):.1f} ms, 95th {ms[int(len(ms) * .95)]:.1f}"
              f" ms, 99th {ms[int(len(ms) * .99)]:.1f} ms, max {ms[-1]:.1f} ms; "
              f"at or over 50 ms: {sum(1 for t in ms if t >= 50)}")
    engine_solver(hands[:20])


def engine_solver(hands: list[dict]) -> None:
    """The engine's own solver (Euchre's) on the last k tricks: why DDS is used."""
    rules, _ = resolve_rules("five_hundred", {})
    for left in (5, 6, 7):
        ms = []
        for hand in hands:
            outcome, _ = evaluate(dict(hand), 1, "N", rules)
            assert outcome is not None and outcome.trick_seats is not None
            held: dict = {s: [] for s in "NESW"}
            for seats, trick in zip(outcome.trick_seats, hand["play"], strict=True):
                for seat, text in zip(seats, trick, strict=True):
                    held[seat].append(parse_card(text))
            start = 10 - left
            leader = outcome.trick_seats[start][0]
            t = time.process_time()
            solver = Solver({s: c[start:] for s, c in held.items()}, hand["bid"][-1],
                            TEAM_OF[leader])
            solver.value(solver.full, "NESW".index(leader))
            ms.append((time.process_time() - t) * 1e3)
        ms.sort()
        print(f"engine's solver, par of the last {left} tricks ({len(hands)} hands): median "
              f"{statistics.median(ms):.1f} ms, max {ms[-1]:.1f} ms")


if __name__ == "__main__":
    main()
