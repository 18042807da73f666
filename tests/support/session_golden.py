"""Writes the golden seven-table Mitchell (28 boards, hand records, a result at every table) to
``tests/data/sessions/``: ``PYTHONPATH=. python tests/support/session_golden.py``. Seeded: the
same file each time. Its expected ``check`` line is written by the golden test run with
``UPDATE_GOLDEN=1``, never by hand."""

from __future__ import annotations

import json
import random
from pathlib import Path

from scorekeeper.engine.cards import ALL_CARDS
from scorekeeper.engine.pair_movements import mitchell

HERE = Path(__file__).resolve().parent.parent / "data" / "sessions"
NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu",
         "Mo", "Ned", "Oz", "Pia", "Quin", "Ros", "Sol", "Tam", "Uma", "Vic", "Wen", "Xu",
         "Yan", "Zoe", "Abe", "Bea"]


def main() -> None:
    rng = random.Random(39)
    movement = mitchell(7, 4)
    pairs = {p: [NAMES[2 * i], NAMES[2 * i + 1]] for i, p in enumerate(movement.pairs)}
    boards = {}
    for board in range(1, 29):
        cards = [str(c) for c in ALL_CARDS]
        rng.shuffle(cards)
        boards[str(board)] = {"deal": {s: cards[13 * i:13 * i + 13]
                                       for i, s in enumerate("NESW")}}
    results = []
    for rnd in movement.rounds:
        for sitting in rnd.tables:
            for board in sitting.boards:
                result = {"board": board, "ns": sitting.ns, "ew": sitting.ew,
                          "round": rnd.number, "table": sitting.table}
                roll = rng.random()
                if roll < 0.03:
                    result["adjusted"] = rng.choice([{"ns": "A+", "ew": "A-"},
                                                     {"ns": "A", "ew": "A"}])
                    result["reason"] = "a board fouled at the table"
                elif roll < 0.07:
                    result["passed"] = True
                else:
                    level = rng.choice([1, 2, 2, 3, 3, 4, 4, 4, 5, 6])
                    strain = rng.choice(["C", "D", "H", "S", "NT"])
                    double = rng.choice(["", "", "", "", "X"])
                    tricks = max(0, min(13, 6 + level + rng.choice([-2, -1, 0, 0, 0, 1, 1])))
                    result.update(contract=f"{level}{strain}{double}",
                                  declarer=rng.choice("NESW"), tricks=tricks)
                results.append(result)
    session = {"format": "scorekeeper-session/1", "game": "bridge",
               "name": "Tuesday pairs, seven tables", "date": "2026-12-08",
               "scoring": "matchpoints", "movement": "mitchell", "pairs": pairs,
               "boards": boards, "results": results}
    (HERE / "mitchell-7-tables.json").write_text(json.dumps(session, indent=1) + "\n")


if __name__ == "__main__":
    main()
