"""What a table's phone may not enter though a session file may hold it, or says in the
table's words: a deal without its contract, declarer or tricks (the deal form's own words,
not the file's), and an opening lead the leader does not hold in the board's hand record.
(The spec lets a file's lead go unchecked against its board; at the table the hand record is
the deal in front of them.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine.cards import SEATS, parse_card
from ....engine.problems import show
from .deal import read_hand_record
from .messages import SessionProblem

# The deal form's words for what a Save left out, in the order the form asks for them
MISSING = (("contract", "deal.contract_missing"), ("declarer", "deal.declarer_missing"),
           ("tricks", "deal.tricks_missing"))


def table_check(data: Mapping[str, Any], result: Mapping[str, Any]) -> list[SessionProblem]:
    """The table's result's problems the file's check does not find, or says in a file's
    words."""
    board = result.get("board")
    if "passed" not in result and "adjusted" not in result:
        for key, code in MISSING:
            if result.get(key) in (None, ""):
                return [SessionProblem(code, key, board if isinstance(board, int) else None)]
    raw = (data.get("boards") or {}).get(str(board)) if isinstance(board, int) else None
    record, _why = read_hand_record(raw.get("deal")) if isinstance(raw, dict) else (None, "")
    declarer, lead = result.get("declarer"), result.get("lead")
    card = parse_card(lead) if isinstance(lead, str) else None
    if record is None or card is None or declarer not in SEATS:
        return []
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    if card in record[leader]:
        return []
    return [SessionProblem("session.lead_not_held", "lead", board,
                           params={"value": show(lead), "seat": leader})]
