"""A 3-table Mitchell at play for the table phones' tests: six pairs, boards 1–9 (the golden
Mitchell's deals, so leads and hand records are checked), three boards a round."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from scorekeeper.service import sessions

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
