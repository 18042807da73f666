"""Double-dummy analysis speed for bridge: a whole deal's analysis, the makeable table (20
solves), par, and the play of 13 tricks with the plays that cost a trick, as the hand page
would ask for it (:func:`scorekeeper.games.bridge.analysis.analyse_deal`).

Run: .venv/bin/python tests/benchmarks/bridge_dd.py [--deals 30] [--threads N] [--seed 38]
(target: under 50 ms a deal on this machine). Two kinds of play are timed: a "club" play,
each card the double-dummy best one except one card in eight at random (a few costly cards,
as at a table), and random legal cards (many costly cards: the worst case for the words).
CPU time counts every thread DDS runs; the wall time is what a page waits.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import endplay._dds as raw_dds  # noqa: E402
from endplay.dds import solve_board  # noqa: E402
from endplay.dds.solve import SolveMode  # noqa: E402
from support.bridge_play import STRAINS, random_deal, random_record  # noqa: E402

from scorekeeper.games.bridge import analysis  # noqa: E402
from scorekeeper.games.bridge.endplay_types import endplay_deal  # noqa: E402
from scorekeeper.games.bridge.notation import next_seat, trick_winner  # noqa: E402


def club_record(rng: random.Random) -> dict[str, Any]:
    """A deal played the double-dummy best way but for one card in eight, chosen at random."""
    deal = random_deal(rng)
    strain, declarer = rng.choice(STRAINS), rng.choice("NESW")
    position = endplay_deal(deal, next_seat(declarer), strain)
    cards: list[str] = []
    for _ in range(52):
        if rng.random() < 1 / 8:
            choice = rng.choice(list(position.legal_moves()))
        else:
            choice = next(iter(solve_board(position, SolveMode.OptimalOne)))[0]
        position.play(choice)
        rank = str(choice.rank.abbr)
        cards.append(("10" if rank == "T" else rank) + choice.suit.name[0].upper())
    play = [cards[i:i + 4] for i in range(0, 52, 4)]
    leader, won = next_seat(declarer), 0
    for trick in play:
        leader = trick_winner(trick, leader, strain)
        won += leader in (declarer, next_seat(declarer, 2))
    return {"contract": f"{rng.randint(1, 4)}{strain}", "declarer": declarer, "deal": deal,
            "play": play, "tricks": won}


def timed(records: list[dict[str, Any]]) -> dict[str, list[float]]:
    """Milliseconds of each deal's whole analysis (CPU and wall, the table not kept from
    before), of its parts alone, and of the same analysis asked again (the table kept)."""
    parts: dict[str, list[float]] = {
        k: [] for k in ("table", "par", "play", "cpu", "wall", "again")}
    for record in records:
        analysis.clear_table_cache()
        wall, cpu = time.perf_counter(), time.process_time()
        found, problems = analysis.analyse_deal(record)
        parts["cpu"].append((time.process_time() - cpu) * 1000)
        parts["wall"].append((time.perf_counter() - wall) * 1000)
        assert found is not None and found.play is not None, problems
        again = time.process_time()
        analysis.analyse_deal(record)
        parts["again"].append((time.process_time() - again) * 1000)
        analysis.clear_table_cache()
        t0 = time.process_time()
        table = analysis.makeable(record["deal"])
        t1 = time.process_time()
        analysis.par_of(table, "none", "N")
        t2 = time.process_time()
        strain = record["contract"][1:].rstrip("X")
        analysis.analyse_play(record["deal"], strain, record["declarer"], record["play"])
        t3 = time.process_time()
        for name, start, end in (("table", t0, t1), ("par", t1, t2), ("play", t2, t3)):
            parts[name].append((end - start) * 1000)
    return parts


def report(kind: str, parts: dict[str, list[float]]) -> None:
    def line(values: list[float]) -> str:
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        return (f"median {statistics.median(ordered):7.1f}  p95 {p95:7.1f}  "
                f"max {ordered[-1]:7.1f} ms")

    print(f"{kind} ({len(parts['cpu'])} deals)")
    print(f"  whole analysis, CPU   {line(parts['cpu'])}")
    print(f"  whole analysis, wall  {line(parts['wall'])}")
    print(f"  table (CPU)           {line(parts['table'])}")
    print(f"  par (CPU)             {line(parts['par'])}")
    print(f"  play + costly (CPU)   {line(parts['play'])}")
    print(f"  asked again (CPU)     {line(parts['again'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--threads", type=int, default=0, help="DDS threads (0: its choice)")
    parser.add_argument("--seed", type=int, default=38)
    args = parser.parse_args()
    if args.threads:
        raw_dds.SetMaxThreads(args.threads)
    rng = random.Random(args.seed)
    analysis.makeable(random_deal(rng))  # DDS sets its memory up on the first call
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores, DDS threads "
          f"{args.threads or 'default'}")
    report("club play", timed([club_record(rng) for _ in range(args.deals)]))
    report("random legal play", timed([random_record(rng) for _ in range(args.deals)]))


if __name__ == "__main__":
    main()
