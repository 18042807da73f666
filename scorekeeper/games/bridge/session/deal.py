"""One table's deal in a session: checked and scored from NS's side.

:func:`check_deal` is the one place a result's deal record is read. The full record check
(lead, deal, play, claim: ``games/bridge/record.py``) replaces its body when it lands; until
then it checks what scoring needs: the contract, the declarer, the tricks, a pass-out, the lead
as a card, and a ``deal`` against the board's hand record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ....engine.cards import DECK_52, SEATS, Card, parse_card
from ....engine.problems import show as _show
from ..scoring import duplicate_score, parse_contract, side_of, vulnerable_on_board
from ..scoring import is_vulnerable as side_vulnerable
from .messages import SessionProblem

HandRecord = Mapping[str, frozenset[Card]]  # seat -> its 13 cards


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal as the check answer shows it (``shown``) and NS's duplicate score."""

    shown: dict[str, Any]
    score: int


def read_hand_record(raw: object) -> tuple[HandRecord | None, str]:
    """A ``deal`` object as each seat's cards, or None and why it is not one."""
    if not isinstance(raw, dict) or set(raw) != set(SEATS):
        return None, "it needs N, E, S and W"
    hands: dict[str, frozenset[Card]] = {}
    seen: set[Card] = set()
    for seat in SEATS:
        cards = raw[seat]
        if not isinstance(cards, list) or len(cards) != 13:
            return None, f"{seat} must hold 13 cards"
        parsed = [parse_card(c) for c in cards]
        bad = next((c for c, p in zip(cards, parsed, strict=True)
                    if p is None or p not in DECK_52), None)
        if bad is not None:
            return None, f"{str(bad)[:20]!r} is not a card"
        held = frozenset(p for p in parsed if p is not None)
        if len(held) != 13 or held & seen:
            return None, "a card appears more than once"
        seen |= held
        hands[seat] = held
    return hands, ""


def check_deal(raw: Mapping[str, Any], board: int, record: HandRecord | None,
               where: dict[str, int | None]) -> tuple[PlayedDeal | None, list[SessionProblem]]:
    """A played (or passed-out) result's deal, checked and scored; ``where`` is the problem's
    board and result."""
    problems: list[SessionProblem] = []

    def refuse(code: str, field: str, **params: Any) -> None:
        problems.append(SessionProblem(code, field, **where, params=params))

    if "deal" in raw:
        given, why = read_hand_record(raw["deal"])
        if given is None:
            refuse("session.bad_deal", "deal", why=why)
        elif record is not None and dict(given) != dict(record):
            differs = next(s for s in SEATS if given[s] != record[s])
            refuse("session.deal_differs", "deal", board=board,
                   why=f"{differs} holds other cards")
    if "lead" in raw and parse_card(raw["lead"]) is None:
        refuse("session.bad_card", "lead", value=_show(raw["lead"]))
    if raw.get("passed") is not None:
        if raw["passed"] is not True:
            refuse("session.bad_passed", "passed")
        for key in ("contract", "declarer", "tricks", "lead", "play", "claim"):
            if key in raw:
                refuse("session.passed_and_contract", key, key=key)
        return (None if problems else PlayedDeal({"passed": True}, 0)), problems
    if not {"contract", "declarer", "tricks"} <= set(raw):
        missing = next(k for k in ("contract", "declarer", "tricks") if k not in raw)
        refuse("session.no_deal_result", missing)
        return None, problems
    contract = parse_contract(raw["contract"])
    if contract is None:
        refuse("session.bad_contract", "contract", value=_show(raw["contract"]))
    declarer = raw["declarer"]
    if declarer not in SEATS:
        refuse("session.bad_declarer", "declarer", value=_show(declarer))
    tricks = raw["tricks"]
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        refuse("session.bad_tricks", "tricks", value=_show(tricks))
    if problems or contract is None:
        return None, problems
    text, score = _ns_score(str(contract), declarer, tricks, vulnerable_on_board(board))
    return PlayedDeal({"contract": text, "declarer": declarer, "tricks": tricks}, score), []


@cache
def _ns_score(contract: str, declarer: str, tricks: int, vulnerable: str) -> tuple[str, int]:
    """A checked contract's score from NS's side (a session repeats the same few thousand
    results, so each is worked out once)."""
    parsed = parse_contract(contract)
    assert parsed is not None
    side = side_of(declarer)
    points = duplicate_score(parsed, tricks, side_vulnerable(vulnerable, side))
    return contract, points if side == "NS" else -points

