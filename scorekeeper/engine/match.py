"""Replaying a match: hands in, the whole state out (scores, winner, next dealer, rubber)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
class MatchState:
    """Everything derived from a match's hands."""

    game: str
    score: dict[str, int]
    hands: list[dict[str, Any]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    over: bool = False
    winner: str | None = None
    tied: bool = False
    next_dealer: Seat = "N"
    games: list[dict[str, Any]] | None = None  # Whist rubber: finished games
    rubber: dict[str, Any] | None = None
    played: int = 0  # hands that count towards a fixed number of deals
    # Whist: each scored deal's points split into tricks and honours (by hand number); for
    # the printed sheet, not part of the `scorekeeper check` object
    parts: dict[int, dict[str, dict[str, int]]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        """The state object of `scorekeeper check` (without "file")."""
        out: dict[str, Any] = {
            "ok": self.ok,
            "game": self.game,
            "hands": self.hands,
            "score": dict(self.score),
            "over": self.over,
            "winner": self.winner,
            "tied": self.tied,
            "next_dealer": self.next_dealer,
        }
        if self.games is not None:
            out["games"] = self.games
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
    entry = {"no": no, "dealer": dealer, **outcome.as_json(),
             "points": dict(outcome.points), "score": dict(score)}
    if outcome.whist is not None and outcome.whist.get("revoke"):
        entry["revoke"] = dict(outcome.whist["revoke"])
    if outcome.whist is not None and outcome.whist.get("parts"):
        state.parts[no] = outcome.whist["parts"]
    state.hands.append(entry)
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
        state.games.append({"winner": winner, "score": dict(score), "value": value})
        won = sum(1 for g in state.games if g["winner"] == winner)
        if won >= 2:
            points = 2 + sum(g["value"] for g in state.games if g["winner"] == winner) \
                - sum(g["value"] for g in state.games if g["winner"] != winner)
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


def game_breaks(
    hands: Sequence[Mapping[str, Any]], games: Sequence[Mapping[str, Any]] | None,
    target: int | None,
) -> dict[int, dict[str, Any]]:
    """Which deal ended which game of a rubber: ``{hand no: {no, winner, value, score}}``.

    ``hands`` and ``games`` are the replayed state's (``MatchState.as_json``): a hand's
    ``score`` is the game's score after it, so the deal that ends a game is the next one whose
    score reaches the target. ``no`` counts the games from 1; ``score`` is (winners, losers).
    """
    ends: dict[int, dict[str, Any]] = {}
    if not games or target is None:
        return ends
    pending = list(games)
    for hand in hands:
        score = hand.get("score") or {}
        if pending and max(score.values(), default=0) >= target:
            game = pending.pop(0)
            winner = str(game.get("winner"))
            final = game.get("score") or score
            loser = "EW" if winner == "NS" else "NS"
            ends[int(hand.get("no", 0))] = {
                "no": len(ends) + 1, "winner": winner, "value": int(game.get("value", 0)),
                "score": (int(final.get(winner, 0)), int(final.get(loser, 0))),
            }
    return ends
