"""A bridge deal in the table's words (pure, N_-marked): the Save label and the hand page
("S 4♥X made +1 → NS 240 below, 150 above; game!"; Chicago: "W 3NT −2 → NS +200"), and the
Undo button's few words ("S 4♥X made +1"). Seats and sides stay as their letters, as players
write them on a pad."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.messages import N_
from ...engine.parts.sheet import SheetRow
from ...engine.parts.words import TagWords
from ...engine.result import HandResult
from ...engine.state import HandState
from .details import BridgeDetails
from .scoring import parse_contract
from .words import contract_text, result_text

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}

PASSED: TagWords = ((N_("passed out → no score"), {}),)
# (with the points, alone): made exactly, made with overtricks, down
MADE = (N_("%(decl)s %(contract)s made → %(gain)s"), N_("%(decl)s %(contract)s made"))
OVER = (N_("%(decl)s %(contract)s made +%(n)s → %(gain)s"),
        N_("%(decl)s %(contract)s made +%(n)s"))
DOWN = (N_("%(decl)s %(contract)s −%(n)s → %(gain)s"), N_("%(decl)s %(contract)s −%(n)s"))
# a rubber's deal: each side's points by the line
LINE = N_("%(decl)s %(contract)s made → %(who)s %(below)s below, %(above)s above")
LINE_OVER = N_("%(decl)s %(contract)s made +%(n)s → %(who)s %(below)s below, %(above)s above")
LINE_DOWN = N_("%(decl)s %(contract)s −%(n)s → %(who)s %(above)s above")
ABOVE = N_("%(who)s %(above)s above")
GAME = N_("game!")
RUBBER = N_("rubber! %(bonus)s to %(who)s")


def _what(hand: Mapping[str, Any], outcome: HandResult) -> tuple[int, dict[str, Any]]:
    """Which of made / over / down (0, 1, 2), and the params they share."""
    info = outcome.details
    over = info.record.over_under if isinstance(info, BridgeDetails) else None
    params = {"decl": hand.get("declarer") or "", "contract": contract_text(hand.get("contract")),
              "n": abs(over or 0)}
    return (0 if not over else 1 if over > 0 else 2), params


def outcome_words(hand: Mapping[str, Any], outcome: HandResult, rules: Mapping[str, Any]
                  ) -> TagWords:
    """The deal's line: rubber by the line (and the game or rubber it wins), Chicago by points."""
    if outcome.result == "passed":
        return PASSED
    kind, params = _what(hand, outcome)
    info = outcome.details
    if not isinstance(info, BridgeDetails) or info.below is None or info.above is None:
        return (((MADE, OVER, DOWN)[kind][0], params),)
    declaring = outcome.makers or ""
    first = "EW" if declaring == "NS" else "NS"
    lead = declaring if kind < 2 else first
    clauses: list[tuple[str, dict[str, Any]]] = [(
        (LINE, LINE_OVER, LINE_DOWN)[kind],
        {**params, "who": lead, "below": info.below[lead], "above": info.above[lead]})]
    other = first if lead == declaring else declaring
    if info.above[other]:
        clauses.append((ABOVE, {"who": other, "above": info.above[other]}))
    if info.bonus:
        clauses.append((RUBBER, {"who": info.game, "bonus": info.bonus}))
    elif info.game:
        clauses.append((GAME, {}))
    return tuple(clauses)


def short_words(hand: Mapping[str, Any], outcome: HandResult, rules: Mapping[str, Any]
                ) -> TagWords:
    """The Undo button's words: the contract and how it went."""
    if outcome.result == "passed":
        return ((N_("passed out"), {}),)
    kind, params = _what(hand, outcome)
    return (((MADE, OVER, DOWN)[kind][1], params),)


def recorded_words(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """A deal as recorded, before it is scored (the corrections list, another phone's deal in
    a conflict): the Undo button's words, its over or under worked out from the tricks. The
    offline queue says a deal waiting on the phone with the same words (game.js)."""
    if hand.get("passed"):
        return ((N_("passed out"), {}),)
    contract, tricks = parse_contract(str(hand.get("contract", ""))), hand.get("tricks")
    if contract is None or not isinstance(tricks, int):
        return ()
    over = tricks - contract.needed
    params = {"decl": hand.get("declarer") or "", "contract": contract_text(hand["contract"]),
              "n": abs(over)}
    return (((MADE, OVER, DOWN)[0 if not over else 1 if over > 0 else 2][1], params),)


def sheet_row(hand: Mapping[str, Any], state: HandState) -> SheetRow:
    """The printed sheet's own columns of a deal: the contract as written, its declarer, who
    was vulnerable, over or under, and a rubber's points by the line."""
    info = state.outcome.details
    if not isinstance(info, BridgeDetails):
        return SheetRow()
    over = info.record.over_under
    own: dict[str, Any] = {
        "contract": contract_text(hand.get("contract")), "declarer": hand.get("declarer"),
        "vulnerable": info.vulnerable,
        "result": result_text(over),
        "below": info.below, "above": info.above, "game": info.game,
        "rubber_end": bool(info.bonus) and info.below is not None,
        "chukker": info.chukker, "place": info.place,
        # the hand page: dummy (declarer's partner), and a claim after the tricks played
        "dummy": PARTNER.get(str(hand.get("declarer"))),
        "claim": hand.get("claim") if isinstance(hand.get("claim"), int) else None,
        "played": len(hand["play"]) if isinstance(hand.get("play"), list) else 0}
    columns = {"line"} if info.below is not None else {"chukker"} if info.chukker else set()
    return SheetRow(own=own, columns=frozenset(columns))


def history_tags(hand: Mapping[str, Any], rules: Mapping[str, Any]) -> TagWords:
    """The history's tag after the strain: the contract's level and doubling ("♥ 4X"), as
    Five Hundred's history shows its bid's tricks."""
    contract = hand.get("contract")
    if not isinstance(contract, str) or not contract[:1].isdigit():
        return ()
    return ((contract[0] + "X" * (len(contract) - len(contract.rstrip("X"))), {}),)
