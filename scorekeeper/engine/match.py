"""Replaying a match: hands in, the whole state out (scores, winner, next dealer, rubber)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import euchre, whist
from .cards import Seat, next_seat
from .problems import Problem
from .result import HandResult

Evaluate = Callable[
    [dict[str, Any], int, Seat, dict[str, Any]], tuple[HandResult | None, list[Problem]]
]

# One entry per game: a new game is a new module registered here.
GAMES: dict[str, Evaluate] = {"euchre": euchre.evaluate, "whist": whist.evaluate}


@dataclass(slots=True)
class HandState:
    """One scored hand as the replay saw it: the engine's result plus the score after it."""

    no: int
    dealer: Seat
    outcome: HandResult
    points: dict[str, int]  # what the hand added (Whist: against the score, after any cap)
    score: dict[str, int]  # the (current game's) score after the hand

    @property
    def result(self) -> str:
        return self.outcome.result

    @property
    def revoke(self) -> dict[str, str] | None:
        """Whist: the declared revoke ``{by, penalty}``, if any."""
        whist = self.outcome.whist
        return dict(whist["revoke"]) if whist is not None and whist.get("revoke") else None

    @property
    def honours_ns(self) -> int | None:
        """Whist with honours: the honours North and South held (as given or as dealt)."""
        whist = self.outcome.whist
        return whist.get("honours_NS") if whist is not None else None

    @property
    def parts(self) -> dict[str, dict[str, int]] | None:
        """Whist: the points split into tricks and honours (for the printed sheet)."""
        whist = self.outcome.whist
        return whist.get("parts") if whist is not None else None

    def as_json(self) -> dict[str, Any]:
        """The hand's entry in the `scorekeeper check` object's ``hands``."""
        entry = {"no": self.no, "dealer": self.dealer, **self.outcome.as_json(),
                 "points": dict(self.points), "score": dict(self.score)}
        revoke = self.revoke
        if revoke is not None:
            entry["revoke"] = revoke
        return entry


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A finished game of a rubber, and the deal that ended it."""

    no: int  # the game's number in the rubber, from 1
    hand: int  # the number of the deal that ended it
    winner: str
    score: dict[str, int]  # the game's final score
    value: int  # treble, double or single

    @property
    def pair(self) -> tuple[int, int]:
        """The final score as (winners, losers)."""
        loser = "EW" if self.winner == "NS" else "NS"
        return self.score[self.winner], self.score[loser]

    def as_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "score": dict(self.score), "value": self.value}


@dataclass(slots=True)
class MatchState:
    """Everything derived from a match's hands."""

    game: str
    score: dict[str, int]
    hands: list[HandState] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    over: bool = False
    winner: str | None = None
    tied: bool = False
    next_dealer: Seat = "N"
    games: list[GameEnd] | None = None  # Whist rubber: finished games
    rubber: dict[str, Any] | None = None
    played: int = 0  # hands that count towards a fixed number of deals

    @property
    def ok(self) -> bool:
        return not self.problems

    def game_ends(self) -> dict[int, GameEnd]:
        """The finished games of a rubber by the number of the deal that ended each."""
        return {g.hand: g for g in self.games or ()}

    def games_won(self, team: str) -> int:
        """Games of a rubber won by ``team``."""
        return sum(1 for g in self.games or () if g.winner == team)

    def as_json(self) -> dict[str, Any]:
        """The state object of `scorekeeper check` (without "file")."""
        out: dict[str, Any] = {
            "ok": self.ok,
            "game": self.game,
            "hands": [h.as_json() for h in self.hands],
            "score": dict(self.score),
            "over": self.over,
            "winner": self.winner,
            "tied": self.tied,
            "next_dealer": self.next_dealer,
        }
        if self.games is not None:
            out["games"] = [g.as_json() for g in self.games]
            if self.rubber is not None:
                out["rubber"] = self.rubber
        return out


def replay(
    game: str,
    rules: dict[str, Any],
    hands: Sequence[object],
    first_dealer: Seat = "N",
    start_score: dict[str, int] | None = None,
) -> MatchState:
    """Check and score every hand in order. Problems are collected, never raised."""
    evaluate = GAMES[game]
    score = dict(start_score or {"NS": 0, "EW": 0})
    state = MatchState(game=game, score=score, next_dealer=first_dealer)
    rubber = game == "whist" and bool(rules.get("rubber"))
    if rubber:
        state.games = []
    _settle(state, rules, rubber, start=True)
    dealer = first_dealer
    for no, raw in enumerate(hands, 1):
        if not isinstance(raw, dict):
            state.problems.append(Problem("hand.not_object", hand=no))
            dealer = next_seat(dealer)
            continue
        given = raw.get("dealer")
        if state.over:
            state.problems.append(Problem("hand.after_game_over", hand=no))
        elif given is not None and given != dealer:
            code = "hand.wrong_dealer" if given in ("N", "E", "S", "W") else "hand.bad_seat"
            state.problems.append(Problem(code, field="dealer", hand=no, params={
                "expected": dealer, "value": given, "field": "dealer"}))
        else:
            outcome, problems = evaluate(raw, no, dealer, rules)
            if outcome is None and not problems:  # never drop a hand without saying why
                problems = [Problem("hand.invalid", hand=no)]
            state.problems.extend(problems)
            if outcome is not None:
                _apply(state, outcome, rules, rubber, no, dealer)
        dealer = next_seat(dealer)
    state.next_dealer = dealer
    return state


def _apply(
    state: MatchState, outcome: HandResult, rules: dict[str, Any], rubber: bool, no: int,
    dealer: Seat,
) -> None:
    """Add one hand's points to the score and see whether the game (or rubber) is over."""
    score = state.score
    if state.game == "whist":
        whist.apply(outcome, score, rules)
    else:
        for team, points in outcome.points.items():
            score[team] += points
    if outcome.played:
        state.played += 1
    state.hands.append(HandState(no, dealer, outcome, dict(outcome.points), dict(score)))
    _settle(state, rules, rubber)


def _settle(state: MatchState, rules: dict[str, Any], rubber: bool, start: bool = False) -> None:
    """Decide whether the current game has ended, and with it the match or the rubber."""
    target: int | None = rules.get("target")
    deals: int | None = rules.get("deals")
    score = state.score
    if target is not None:
        leaders = [t for t in ("NS", "EW") if score[t] >= target]
        if not leaders:
            return
        winner = max(leaders, key=lambda t: score[t])
        if not rubber:
            state.over, state.winner = True, winner
            return
        assert state.games is not None
        loser = "EW" if winner == "NS" else "NS"
        value = whist.game_value(score[loser], target)
        hand = state.hands[-1].no if state.hands else 0
        state.games.append(GameEnd(len(state.games) + 1, hand, winner, dict(score), value))
        won = state.games_won(winner)
        if won >= 2:
            points = 2 + sum(g.value for g in state.games if g.winner == winner) \
                - sum(g.value for g in state.games if g.winner != winner)
            state.rubber = {"winner": winner, "points": points}
            state.over, state.winner = True, winner
        else:
            state.score = {"NS": 0, "EW": 0}
        return
    if deals is not None and state.played >= deals and not start:
        state.over = True
        if score["NS"] == score["EW"]:
            state.tied = True
        else:
            state.winner = "NS" if score["NS"] > score["EW"] else "EW"
