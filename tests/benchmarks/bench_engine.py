"""Engine speed: replay Euchre hands with full card records, summary hands, and every EGN file.

Run: .venv/bin/python tests/benchmarks/bench_engine.py   (targets: >= 10,000 card-record hands
per second on one core; summary hands far faster; all EGN examples in well under a second)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.cli.check import check_text  # noqa: E402
from scorekeeper.engine.matchfile import check_match  # noqa: E402
from tests.support.deals import euchre_hand  # noqa: E402

SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}


def best_of(runs: int, fn) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    rng = random.Random(2026)
    n = 5000
    dealers = "NESW"
    hands = [euchre_hand(rng, dealers[i % 4]) for i in range(n)]
    full = {"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
            "rules": {"deals": n}, "hands": hands}
    assert check_match(full).ok
    t = best_of(3, lambda: check_match(full))
    print(f"euchre, full card records: {n / t:,.0f} hands/s ({t * 1e6 / n:.1f} µs a hand)")

    summary = [{"caller": rng.choice("NESW"), "makers_tricks": rng.choice((0, 3, 4, 5)),
                "alone": rng.random() < 0.1} for _ in range(n)]
    light = dict(full, hands=summary)
    assert check_match(light).ok
    t = best_of(3, lambda: check_match(light))
    print(f"euchre, summary hands:     {n / t:,.0f} hands/s ({t * 1e6 / n:.1f} µs a hand)")

    hundred = dict(light, hands=summary[:100], rules={"deals": 100})
    t = best_of(20, lambda: check_match(hundred))
    print(f"a 100-hand match replays in {t * 1e3:.2f} ms")

    files = sorted((ROOT.parent / "shared" / "data" / "egn").rglob("*.egn"))
    texts = [(f.read_text(encoding="utf-8"), f.name) for f in files]
    t = best_of(5, lambda: [check_text(text, name) for text, name in texts])
    print(f"all {len(files)} EGN examples checked in {t * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
