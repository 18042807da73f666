"""Rubber bridge at a table (spec/bridge.md, "At a table: rubber bridge"): trick points below
the line make games, a side with a game is vulnerable, two games win the rubber and its bonus;
a match is a number of rubbers, won on points. The running score is the match's ``running``
(``Game.running``), taken deal by deal before the deal's points are added."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.problems import Problem
from ...engine.result import HandResult
from ...engine.state import MatchState
from .details import BridgeDetails
from .pad import RubberPad
from .scoring import SIDES, is_vulnerable, score_contract

GAME = 100  # trick points below the line that win a game
STOPPED_GAME = 300  # a stopped rubber: the only game in it
STOPPED_PARTSCORE = 100  # ... and the only partscore in the unfinished game


def zero() -> dict[str, int]:
    return {"NS": 0, "EW": 0}


def other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def vulnerability(games: dict[str, int]) -> str:
    """Who is vulnerable (a side that has won a game of the rubber): none, NS, EW or both."""
    vulnerable = [s for s in SIDES if games[s]]
    return "both" if len(vulnerable) == 2 else vulnerable[0] if vulnerable else "none"


def leader(points: dict[str, int]) -> str | None:
    """The side with more points, or None when level."""
    if points["NS"] == points["EW"]:
        return None
    return "NS" if points["NS"] > points["EW"] else "EW"


@dataclass(slots=True)
class RubberCarry:
    """The match so far: the rubber being played (its games, the unfinished game's trick
    points below the line, its points), and every finished game and rubber."""

    rubbers: int  # rubbers the match lasts
    below: dict[str, int] = field(default_factory=zero)  # the unfinished game's
    won: dict[str, int] = field(default_factory=zero)  # games won in this rubber
    totals: dict[str, int] = field(default_factory=zero)  # this rubber's points
    deals: int = 0  # deals of this rubber, passed out or not
    games: list[dict[str, Any]] = field(default_factory=list)
    done: list[dict[str, Any]] = field(default_factory=list)  # finished (or stopped) rubbers
    ended: bool = False  # the last deal taken ended a rubber
    pads: list[RubberPad] = field(default_factory=list)  # the score pad, a rubber each

    def begin(self, start: dict[str, int]) -> None:
        """A match continued from paper: its starting points count in the first rubber."""
        self.totals = dict(start)
        if any(start.values()):
            self.pad().above.append({**start, "kind": "start"})

    def pad(self) -> RubberPad:
        """The sheet of the rubber being played (a fresh one after a finished rubber)."""
        if not self.pads or self.pads[-1].done:
            self.pads.append(RubberPad(no=len(self.done) + 1))
        return self.pads[-1]

    def take(self, outcome: HandResult, rules: dict[str, Any]) -> None:
        """Score one deal by the rubber's vulnerability, below and above the line."""
        info = outcome.details
        assert isinstance(info, BridgeDetails)
        deal = info.record
        info.vulnerable = vulnerability(self.won)
        below, above = zero(), zero()
        self.ended = False
        self.deals += 1
        if not deal.passed:
            assert deal.contract is not None and deal.tricks is not None
            side = deal.declaring_side
            assert side is not None
            score = score_contract(deal.contract, deal.tricks,
                                   is_vulnerable(info.vulnerable, side))
            below[side] = score.below
            above[side] += score.above
            above[other(side)] += score.undertricks
            if deal.honours is not None:
                above[deal.honours.side] += deal.honours.points
            self.below[side] += score.below
            if self.below[side] >= GAME:
                self._game(side, above, info)
        info.below, info.above = below, above
        outcome.points = {s: below[s] + above[s] for s in SIDES}
        for s in SIDES:
            self.totals[s] += outcome.points[s]
        bonus = {info.game: info.bonus} if self.ended and info.game else {}
        self.pad().write(below, above, info.game is not None, bonus)
        if self.ended:
            self.close(info.bonus)

    def _game(self, side: str, above: dict[str, int], info: BridgeDetails) -> None:
        """``side`` won a game: a line is drawn; its second wins the rubber and the bonus."""
        self.games.append({"winner": side, "below": dict(self.below)})
        self.won[side] += 1
        self.below = zero()
        info.game = side
        if self.won[side] == 2:
            info.bonus = 700 if self.won[other(side)] == 0 else 500
            above[side] += info.bonus
            self.ended = True

    def close(self, bonus: Any, stopped: bool = False) -> None:
        """The rubber is over: its entry, then a fresh one."""
        entry: dict[str, Any] = {"winner": leader(self.totals), "bonus": bonus,
                                 "totals": dict(self.totals)}
        if stopped:
            entry["stopped"] = True
            if any(bonus.values()):
                self.pad().above.append({**bonus, "kind": "bonus"})
        pad = self.pad()
        pad.done, pad.stopped = True, stopped
        self.done.append(entry)
        self.below, self.won, self.totals, self.deals = zero(), zero(), zero(), 0

    @property
    def finished(self) -> bool:
        return len(self.done) >= self.rubbers

    def match_points(self) -> dict[str, int]:
        """Every rubber's points, the one being played included."""
        return {s: sum(r["totals"][s] for r in self.done) + self.totals[s] for s in SIDES}

    def stop(self) -> dict[str, int]:
        """The rubber being played stops: 300 to the only side with a game, 100 to the only
        side with a partscore in the unfinished game (the Laws of Rubber Bridge)."""
        bonus = zero()
        games = [s for s in SIDES if self.won[s]]
        if len(games) == 1:
            bonus[games[0]] += STOPPED_GAME
        parts = [s for s in SIDES if self.below[s]]
        if len(parts) == 1:
            bonus[parts[0]] += STOPPED_PARTSCORE
        for s in SIDES:
            self.totals[s] += bonus[s]
        return bonus

    def board(self) -> dict[str, Any]:
        """What the board shows before the next deal: vulnerability, the unfinished game's
        trick points below the line, games won in this rubber, the rubber's number, and the
        pad so far (every rubber's sheet)."""
        pads = [p.as_json(self.done[i]["totals"] if p.done else self.totals)
                for i, p in enumerate(self.pads)]
        return {"vulnerable": vulnerability(self.won), "below": dict(self.below),
                "won": dict(self.won), "rubber": len(self.done) + 1, "of": self.rubbers,
                "pads": pads}

    def as_json(self) -> dict[str, Any]:
        return {"games": [dict(g, below=dict(g["below"])) for g in self.games],
                "rubbers": [dict(r, totals=dict(r["totals"])) for r in self.done]}


def settle(state: MatchState, rules: dict[str, Any], start: bool = False) -> None:
    """A rubber's end starts the next from 0; after the last, the match is won on points."""
    carry = state.running
    assert isinstance(carry, RubberCarry)
    if start:
        carry.begin(dict(state.score))
        return
    if carry.finished:
        _finish(state, carry)
    elif carry.ended:
        state.score = zero()


def stop(state: MatchState, rules: dict[str, Any]) -> list[Problem]:
    """A match stopped before its last rubber ended: the unfinished rubber's points, then the
    match is over."""
    carry = state.running
    assert isinstance(carry, RubberCarry)
    if state.over:
        return []
    if carry.deals:
        bonus = carry.stop()
        for s in SIDES:
            state.score[s] += bonus[s]
        carry.close(bonus, stopped=True)
    _finish(state, carry)
    return []


def _finish(state: MatchState, carry: RubberCarry) -> None:
    totals = carry.match_points()
    state.over = True
    state.winner = leader(totals)
    state.tied = state.winner is None

