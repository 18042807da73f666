"""A 3-table Mitchell at play for the table phones' tests: six pairs, boards 1–9 (the golden
Mitchell's deals, so leads and hand records are checked), three boards a round."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from scorekeeper.service import session_tables, sessions

GOLDEN = Path(__file__).parent.parent / "data" / "sessions" / "mitchell-7-tables.json"
PLAN = {"kind": "mitchell", "pairs": 6, "tables": 3, "per_round": 3, "rounds": 3,
        "way": "skip"}
NAMES = {"N1": ["Ann", "Bo"], "N2": ["Cy", "Di"], "N3": ["Ed", "Flo"],
         "E1": ["Gus", "Hal"], "E2": ["Ida", "Jo"], "E3": ["Kai", "Lou"]}


def session_file(scoring: str = "matchpoints") -> dict[str, Any]:
    boards = json.loads(GOLDEN.read_text())["boards"]
    return {"format": "scorekeeper-session/1", "game": "bridge", "name": "Tuesday pairs",
            "scoring": scoring, "movement": "mitchell", "pairs": NAMES,
            "boards": {str(n): boards[str(n)] for n in range(1, 10)}, "results": []}


def start(db: Database, scoring: str = "matchpoints") -> tuple[str, str]:
    """A new session's id and edit key."""
    outcome = sessions.create_session(db, session_file(scoring), plan=dict(PLAN))
    assert outcome.session_id is not None and outcome.edit_key is not None
    return outcome.session_id, outcome.edit_key


def lead_not_held(board: int, declarer: str) -> str:
    """A card the opening leader (declarer's left) does not hold on ``board``."""
    deal = json.loads(GOLDEN.read_text())["boards"][str(board)]["deal"]
    leader = "NESW"["NESW".index(declarer) + 1 - 4]
    return next(c for seat, cards in deal.items() if seat != leader for c in cards)


def lead_held(board: int, declarer: str) -> str:
    deal = json.loads(GOLDEN.read_text())["boards"][str(board)]["deal"]
    return str(deal["NESW"["NESW".index(declarer) + 1 - 4]][0])


def golden_pbn(count: int) -> tuple[str, dict[str, Any]]:
    """The golden Mitchell's first ``count`` boards as a dealing machine writes them (PBN),
    and those boards."""
    boards = json.loads(GOLDEN.read_text())["boards"]
    chosen = {k: boards[k] for k in list(boards)[:count]}

    def hand(cards: list[str]) -> str:
        by_suit: dict[str, list[str]] = {s: [] for s in "SHDC"}
        for card in cards:
            by_suit[card[-1]].append("T" if card[:-1] == "10" else card[:-1])
        return ".".join("".join(sorted(by_suit[s], key="AKQJT98765432".index))
                        for s in "SHDC")

    text = "\n".join(f'[Board "{k}"]\n[Dealer "N"]\n[Deal "N:'
                     + " ".join(hand(b["deal"][s]) for s in "NESW") + '"]\n'
                     for k, b in chosen.items())
    return text, chosen


def tent(secret: str, sid: str, table: int) -> str:
    """Table ``table``'s link, as its tent's QR code holds it."""
    return f"/s/{sid}/t/{table}?k={session_tables.table_key(secret, sid, table)}"


def deal(page: Any, board: int, contract: str, declarer: str, result: str,
         names: dict[str, str]) -> None:
    """Tap a board's result into the table's form: the board, the contract on the grid,
    declarer by name, the result (=, +1, -2...)."""
    page.locator(f"#entry input[name=board][value='{board}']").check()
    page.locator(f"#contract input[value='{contract}']").check()
    page.locator("#declarer label", has_text=names[declarer]).click()
    page.locator(f"#result input[value='{result}']").check()
