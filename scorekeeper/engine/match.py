"""Replaying a match: hands in, the whole state out (scores, winner, next dealer, rubber).

Generic over the games: each registered :class:`~scorekeeper.engine.game.Game` says how one
hand is judged (``evaluate``), what it carries to the next (``running``: Spades' bags), how its
points count (``apply``) and when a game ends (``settle``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from .cards import Seat, next_seat
from .game import Game
from .games import GAMES
from .problems import Problem
from .result import HandResult
from .state import HandState, MatchState


def replay(
    game: str,
    rules: dict[str, Any],
    hands: Sequence[object],
    first_dealer: Seat = "N",
    start_score: dict[str, int] | None = None,
) -> MatchState:
    """Check and score every hand in order. Problems are collected, never raised."""
    spec = GAMES[game]
    score = dict(start_score or {"NS": 0, "EW": 0})
    state = MatchState(game=game, score=score, next_dealer=first_dealer,
                       running=spec.running(rules) if spec.running is not None else None)
    spec.settle(state, rules, True)
    for no, raw in enumerate(hands, 1):
        _step(state, spec, rules, no, raw)
    return state


def extend(previous: MatchState, rules: dict[str, Any], raw: object, no: int) -> MatchState:
    """The state after hand ``no``: equal to :func:`replay` of the first ``no - 1`` hands
    (whose state is ``previous``) and ``raw``, without replaying them again (a save continues
    from the kept state). ``previous`` is left as it is (a kept state is shared); ``rules``
    are the resolved ones."""
    state = MatchState(
        game=previous.game, score=dict(previous.score), hands=list(previous.hands),
        problems=list(previous.problems), over=previous.over, winner=previous.winner,
        tied=previous.tied, next_dealer=previous.next_dealer,
        games=None if previous.games is None else list(previous.games),
        rubber=copy.deepcopy(previous.rubber), played=previous.played,
        running=copy.deepcopy(previous.running))
    _step(state, GAMES[state.game], rules, no, raw)
    return state


def _step(state: MatchState, spec: Game, rules: dict[str, Any], no: int, raw: object) -> None:
    """Check and score hand ``no``, dealt by ``state.next_dealer``; the deal passes on
    (unless the hand says its dealer deals again)."""
    dealer = state.next_dealer
    redeal = False
    if not isinstance(raw, dict):
        state.problems.append(Problem("hand.not_object", hand=no))
    else:
        given = raw.get("dealer")
        if state.over:
            state.problems.append(Problem("hand.after_game_over", hand=no))
        elif given is not None and given != dealer:
            code = "hand.wrong_dealer" if given in ("N", "E", "S", "W") else "hand.bad_seat"
            state.problems.append(Problem(code, field="dealer", hand=no, params={
                "expected": dealer, "value": given, "field": "dealer"}))
        else:
            outcome, problems = spec.evaluate(raw, no, dealer, rules)
            if outcome is None and not problems:  # never drop a hand without saying why
                problems = [Problem("hand.invalid", hand=no)]
            state.problems.extend(problems)
            if outcome is not None:
                _apply(state, spec, outcome, rules, no, dealer)
                redeal = outcome.redeal
    state.next_dealer = dealer if redeal else next_seat(dealer)


def _apply(
    state: MatchState, game: Game, outcome: HandResult, rules: dict[str, Any], no: int,
    dealer: Seat,
) -> None:
    """Add one hand's points to the score and see whether the game (or rubber) is over."""
    if state.running is not None:
        state.running.take(outcome, rules)
    game.apply(outcome, state.score, rules)
    if outcome.played:
        state.played += 1
    state.hands.append(HandState(no, dealer, outcome, dict(outcome.points), dict(state.score)))
    game.settle(state, rules, False)
