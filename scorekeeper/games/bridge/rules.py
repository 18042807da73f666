"""Contract Bridge at a table as one game (spec/bridge.md): its options, a deal checked
(:mod:`.record`) and scored by rubber (:mod:`.rubber`) or Chicago (:mod:`.chicago`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.cards import TEAM_OF, Seat, next_seat
from ...engine.problems import Problem
from ...engine.result import HandResult
from ...engine.rules import Option
from ...engine.state import MatchState, Running
from . import chicago, rubber
from .details import BridgeDetails
from .record import TRICKS, read_deal

SCORING = ("rubber", "chicago")
MAX_RUBBERS = 20  # a long evening's most; a match holds at most 300 deals

OPTIONS: tuple[Option, ...] = (
    Option("scoring", "rubber", str, choices=SCORING),
    Option("rubbers", 1, int, minimum=1, maximum=MAX_RUBBERS),
    Option("chukkers", 1, int, minimum=1, maximum=MAX_RUBBERS),
    Option("honours", True, bool),
    Option("partscore_carry", True, bool),
)


def evaluate(
    raw: dict[str, Any], no: int, dealer: Seat, rules: dict[str, Any]
) -> tuple[HandResult | None, list[Problem]]:
    """Check one deal; its points depend on the running score (vulnerability, games), which
    the match's carry (:func:`running`) works out."""
    record, problems = read_deal(raw, no, dealer, honours=rules["honours"])
    if record is None:
        return None, problems
    details = BridgeDetails(record, dealer)
    if record.passed:
        # Chicago: a passed-out deal is dealt again by the same dealer and does not count
        return HandResult("passed", played=False, details=details,
                          redeal=rules["scoring"] == "chicago"), problems
    assert record.declarer is not None and record.tricks is not None
    assert record.contract is not None
    side = TEAM_OF[record.declarer]
    outcome = HandResult(
        "made" if record.tricks >= record.contract.needed else "down", details=details,
        makers=side, tricks={s: record.tricks if s == side else TRICKS - record.tricks
                             for s in ("NS", "EW")},
        trump=record.contract.strain, leader=next_seat(record.declarer))
    if record.trick_seats:
        outcome.trick_seats = [list(t) for t in record.trick_seats]
        outcome.trick_winners = list(record.winners)
    return outcome, problems


def running(rules: dict[str, Any]) -> Running:
    """The running score a match starts with: a rubber's or Chicago's."""
    if rules["scoring"] == "chicago":
        return chicago.ChicagoCarry(rules["chukkers"])
    return rubber.RubberCarry(rules["rubbers"])


def settle(state: MatchState, rules: dict[str, Any], start: bool = False) -> None:
    """Whether the match is over (its rubbers or chukkers played)."""
    if rules["scoring"] == "chicago":
        chicago.settle(state, rules, start)
    else:
        rubber.settle(state, rules, start)


def stop(state: MatchState, rules: dict[str, Any]) -> list[Problem]:
    """A match stopped before it ended: only a rubber can be."""
    if rules["scoring"] == "chicago":
        return [Problem("match.stop_chicago", field="stopped")]
    return rubber.stop(state, rules)


def deal_strain(hand: Mapping[str, Any]) -> str | None:
    """The strain of a recorded deal's contract ("H", "NT"), or None (passed out)."""
    contract = hand.get("contract")
    if not isinstance(contract, str):
        return None
    strain = contract.rstrip("X")[1:]
    return strain if strain in ("C", "D", "H", "S", "NT") else None
