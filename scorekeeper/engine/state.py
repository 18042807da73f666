"""The replayed state of a match: typed, as the engine hands it to the layers above.

:class:`MatchState` holds a :class:`HandState` per scored hand and a :class:`GameEnd` per
finished game of a rubber; ``as_json`` makes the `scorekeeper check` object (spec/api.md) at
the edge. The usual ways a hand's points count and a game ends (:func:`add_points`,
:func:`settle_to_target`) are here too, for the games to use or replace.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import Seat
from .problems import Problem
from .result import HandResult


class Running(Protocol):
    """A game's own state carried from hand to hand (Spades: each side's bags), made by
    ``Game.running(rules)`` at the start of a match and kept in ``MatchState.running``."""

    def take(self, outcome: HandResult, rules: dict[str, Any]) -> None:
        """One hand, before its points are applied: carry it on, and change the hand's
        ``points`` and ``details`` by what the carry makes of it (a bag penalty)."""

    def as_json(self) -> dict[str, Any]:
        """The match-level keys it adds to the `scorekeeper check` object (``bags``)."""
        ...

    # A carry may also have ``board() -> dict``: what the board's part (``Templates.board``)
    # reads as ``v.running`` instead of ``as_json()`` (a rubber's vulnerability and partscores);
    # and ``match_points() -> dict``: the match's points when ``score`` is only a part's.


@dataclass(slots=True)
class HandState:
    """One scored hand as the replay saw it: the engine's result plus the score after it."""

    no: int
    dealer: Seat
    outcome: HandResult
    points: dict[str, int]  # what the hand added (Whist: against the score, after any cap)
    score: dict[str, int]  # the (current game's) score after the hand
    # The entry's JSON, made once: a hand's entry never changes after its replay, and a save's
    # answer carries every hand's, so remaking them made each save cost more than the last.
    _json: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)
    _text: str | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def result(self) -> str:
        return self.outcome.result

    def as_json(self) -> dict[str, Any]:
        """The hand's entry in the `scorekeeper check` object's ``hands``: the generic keys,
        then the game's own (``details.as_json()``). Made once and shared: read-only."""
        if self._json is not None:
            return self._json
        entry = {"no": self.no, "dealer": self.dealer, **self.outcome.as_json(),
                 "points": dict(self.points), "score": dict(self.score)}
        if self.outcome.details is not None:
            entry.update(self.outcome.details.as_json())
        self._json = entry
        return entry

    def json_text(self, encode: Callable[[dict[str, Any]], str]) -> str:
        """The entry as JSON text by the caller's ``encode``, made once, as the entry is: a
        save's answer joins every hand's text. One encoder per state (the store's)."""
        if self._text is None:
            self._text = encode(self.as_json())
        return self._text


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
    running: Running | None = None  # the game's own carry across hands (Game.running)

    @property
    def ok(self) -> bool:
        return not self.problems

    def game_ends(self) -> dict[int, GameEnd]:
        """The finished games of a rubber by the number of the deal that ended each."""
        return {g.hand: g for g in self.games or ()}

    def games_won(self, team: str) -> int:
        """Games of a rubber won by ``team``."""
        return sum(1 for g in self.games or () if g.winner == team)

    def tally(self) -> dict[str, int]:
        """The match's result as two numbers, the one pair every page and list shows: a
        rubber is counted in games won (2-1, worth ``rubber["points"]``), since its score is
        only the current game's; any other match by its score."""
        if self.games is None:
            return self.match_points()
        return {team: self.games_won(team) for team in ("NS", "EW")}

    def match_points(self) -> dict[str, int]:
        """The match's points: its score, or its carry's ``match_points()`` where the score is
        only a part's (a bridge match of several rubbers: the rubber being played)."""
        points = getattr(self.running, "match_points", None)
        return points() if callable(points) else dict(self.score)

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
                out["rubber"] = copy.deepcopy(self.rubber)  # a kept state is shared
        if self.running is not None:
            out.update(self.running.as_json())
        return out


def add_points(outcome: HandResult, score: dict[str, int], rules: dict[str, Any]) -> None:
    """Add a hand's points to the score as they are (Euchre: points do not depend on it)."""
    for team, points in outcome.points.items():
        score[team] += points


def settle_to_target(state: MatchState, rules: dict[str, Any], start: bool = False) -> None:
    """First side to the target wins; with a fixed number of deals, the higher score (or a tie).

    ``start``: called before any hand (a starting score cannot end the match by deals).
    """
    target: int | None = rules.get("target")
    deals: int | None = rules.get("deals")
    score = state.score
    if target is not None:
        leaders = [t for t in ("NS", "EW") if score[t] >= target]
        if leaders:
            state.over, state.winner = True, max(leaders, key=lambda t: score[t])
        return
    if deals is not None and state.played >= deals and not start:
        state.over = True
        if score["NS"] == score["EW"]:
            state.tied = True
        else:
            state.winner = "NS" if score["NS"] > score["EW"] else "EW"
