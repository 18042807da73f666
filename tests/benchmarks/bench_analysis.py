"""Double-dummy analysis speed: whole Euchre hands, par plus the count after every card (the
24-card pack, then 32 cards with the Joker, a turned-up Joker now and then).

Run: .venv/bin/python tests/benchmarks/bench_analysis.py   (target: under 50 ms a hand on one
core, for the worst hand as well as the typical one)
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

from support.deals import euchre_hand  # noqa: E402
from support.packplay import random_hand  # noqa: E402

from scorekeeper.engine.analysis import analyse_hand  # noqa: E402
from scorekeeper.engine.games import GAMES, resolve_rules  # noqa: E402


def main() -> None:
    n = 500
    dealers = "NESW"
    rng = random.Random(2026)
    run("24 cards", {}, [euchre_hand(rng, dealers[i % 4]) for i in range(n)])
    rng = random.Random(2027)
    run("32 cards and the Joker", {"pack": 32, "joker": True},
        [random_hand(rng, 32, True, dealer=dealers[i % 4], alone=i % 5 == 0,
                     joker_up=i % 10 == 0)["hand"] for i in range(n)])


def run(name: str, given: dict[str, object], hands: list[dict[str, object]]) -> None:
    rules, _ = resolve_rules("euchre", given)
    n = len(hands)
    dealers = "NESW"
    times = []
    for i, hand in enumerate(hands):
        start = time.process_time()  # CPU time: other processes on the machine don't count
        result, problems = analyse_hand(GAMES["euchre"], hand, i + 1, dealers[i % 4], rules)
        times.append(time.process_time() - start)
        assert result is not None, problems
    times.sort()
    ms = [t * 1e3 for t in times]
    print(f"{name}: {n} random hands (a fifth of them lone), par + every card + costly plays, "
          f"one core (CPU time):")
    print(f"  median {statistics.median(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms, "
          f"95th {ms[int(n * 0.95)]:.1f} ms, 99th {ms[int(n * 0.99)]:.1f} ms, "
          f"max {ms[-1]:.1f} ms")
    slow = sum(1 for t in ms if t >= 50)
    print(f"  hands at or over 50 ms: {slow}")


if __name__ == "__main__":
    main()
