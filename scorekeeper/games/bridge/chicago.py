"""Chicago (four-deal bridge) at a table (spec/bridge.md, "At a table: Chicago"): chukkers of
four deals, vulnerability by the deal's place in its chukker, each deal scored as in duplicate
but for the partscores, which (``partscore_carry``) add up towards game within the chukker."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.result import HandResult
from ...engine.state import MatchState
from .details import BridgeDetails
from .pad import ChukkerPad
from .rubber import GAME, leader, other, zero
from .scoring import game_bonus, is_vulnerable, score_contract, side_of
from .words import contract_text, result_text

DEALS = 4  # deals in a chukker
FOURTH_PARTSCORE = 100  # a partscore on the fourth deal that completes no game (with carry)


def vulnerability(place: int, dealer: str) -> str:
    """Who is vulnerable on the chukker's deal ``place`` (1–4): deal 1 neither, deals 2 and 3
    the dealer's side, deal 4 both."""
    if place == 1:
        return "none"
    return side_of(dealer) if place in (2, 3) else "both"


@dataclass(slots=True)
class ChicagoCarry:
    """The match so far: deals that counted, and each side's partscores towards game."""

    chukkers: int
    dealt: int = 0  # deals that counted (passed-out deals are dealt again)
    parts: dict[str, int] = field(default_factory=zero)  # trick points since the last game
    pads: list[ChukkerPad] = field(default_factory=list)  # the score pad, a chukker each

    def take(self, outcome: HandResult, rules: dict[str, Any]) -> None:
        """Score one deal by its place in the chukker."""
        info = outcome.details
        assert isinstance(info, BridgeDetails)
        deal = info.record
        place = self.dealt % DEALS + 1
        info.vulnerable = vulnerability(place, info.dealer)
        info.chukker, info.place = self.dealt // DEALS + 1, place
        points = zero()
        outcome.points = points
        if self.dealt % DEALS == 0 and len(self.pads) <= self.dealt // DEALS:
            self.pads.append(ChukkerPad(no=self.dealt // DEALS + 1))
        line = {"place": place, "vulnerable": info.vulnerable, "dealer": info.dealer,
                "passed": deal.passed, "contract": contract_text(str(deal.contract or "")),
                "declarer": deal.declarer, "result": result_text(deal.over_under)}
        if deal.passed:
            self.pads[-1].write(line, points)
            return
        assert deal.contract is not None and deal.tricks is not None
        side = deal.declaring_side
        assert side is not None
        vulnerable = is_vulnerable(info.vulnerable, side)
        score = score_contract(deal.contract, deal.tricks, vulnerable)
        if score.made:
            info.bonus = self._bonus(side, score.below, vulnerable, place, rules)
            points[side] = score.below + score.above + info.bonus
        else:
            points[other(side)] = score.undertricks
        if deal.honours is not None:
            points[deal.honours.side] += deal.honours.points
        self.pads[-1].write(line, points)
        self.dealt += 1
        if self.dealt % DEALS == 0:
            self.parts = zero()  # a new chukker starts from nothing

    def _bonus(self, side: str, trick_points: int, vulnerable: bool, place: int,
               rules: dict[str, Any]) -> int:
        """A made contract's game or partscore bonus, by the rules' carry of partscores."""
        if not rules["partscore_carry"]:
            return game_bonus(trick_points, vulnerable)
        towards = self.parts[side] + trick_points
        if towards >= GAME:
            self.parts = zero()  # a game: every partscore counts no more
            return 500 if vulnerable else 300
        self.parts[side] = towards
        return FOURTH_PARTSCORE if place == DEALS else 0

    @property
    def finished(self) -> bool:
        return self.dealt >= DEALS * self.chukkers

    def board(self) -> dict[str, Any]:
        """What the board shows before the next deal: its place in the chukker (the page
        words its vulnerability from the dealer), each side's partscores towards game, and the
        pad so far (every chukker's deals and totals)."""
        return {"place": self.dealt % DEALS + 1, "chukker": self.dealt // DEALS + 1,
                "of": self.chukkers, "parts": dict(self.parts),
                "pads": [p.as_json() for p in self.pads]}

    def as_json(self) -> dict[str, Any]:
        return {}


def settle(state: MatchState, rules: dict[str, Any], start: bool = False) -> None:
    """After the last chukker the side with more points wins; level totals tie."""
    carry = state.running
    assert isinstance(carry, ChicagoCarry)
    if carry.finished and not start:
        state.over = True
        state.winner = leader(state.score)
        state.tied = state.winner is None
