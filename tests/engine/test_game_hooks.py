"""The engine's generic hooks for a game's own figures: ``HandResult.details`` (merged into the
hand's check entry) and ``Game.running`` (a carry across hands, adding match-level keys), shown
with a tiny game of the tests' own: "streaks", where a side winning three deals running scores
a bonus point on the third."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from support import one_trick
from support.helpers import SEATS

from scorekeeper.engine import games
from scorekeeper.engine.cards import TEAM_OF
from scorekeeper.engine.matchfile import check_match
from scorekeeper.engine.result import HandResult


@dataclass(slots=True)
class StreakDetails:
    side: str
    streak: int = 0  # set by the running state

    def as_json(self) -> dict[str, Any]:
        return {"streak": self.streak}


@dataclass(slots=True)
class Streaks:
    last: str | None = None
    length: int = 0
    bonuses: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})

    def take(self, outcome: HandResult, rules: dict[str, Any]) -> None:
        details = outcome.details
        assert isinstance(details, StreakDetails)
        self.length = self.length + 1 if details.side == self.last else 1
        self.last = details.side
        details.streak = self.length
        if self.length == 3:
            outcome.points[details.side] += 1
            self.bonuses[details.side] += 1

    def as_json(self) -> dict[str, Any]:
        return {"bonuses": dict(self.bonuses)}


def evaluate(raw: dict[str, Any], no: int, dealer: str, rules: dict[str, Any]):
    outcome, problems = one_trick.evaluate(raw, no, dealer, rules)  # type: ignore[arg-type]
    if outcome is not None:
        outcome.details = StreakDetails(TEAM_OF[raw["winner"]])
    return outcome, problems


STREAKS = replace(one_trick.GAME, name="streaks", evaluate=evaluate,
                  running=lambda rules: Streaks())


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, "streaks", STREAKS)


def test_details_and_the_running_state_reach_the_check_object() -> None:
    hands = [{"winner": w} for w in ("N", "S", "N", "E")]
    result = check_match({"format": "scorekeeper-match/1", "game": "streaks", "seats": SEATS,
                          "rules": {"target": 10}, "hands": hands})
    assert result.ok and result.state is not None, result.problems
    state = result.state.as_json()
    assert [h["streak"] for h in state["hands"]] == [1, 2, 3, 1]
    assert [h["points"] for h in state["hands"]][2] == {"NS": 2, "EW": 0}  # the bonus
    assert state["score"] == {"NS": 4, "EW": 1}
    assert list(state)[-1] == "bonuses" and state["bonuses"] == {"NS": 1, "EW": 0}
    assert list(state["hands"][0])[-1] == "streak"


def test_every_replay_starts_a_fresh_running_state() -> None:
    match = {"format": "scorekeeper-match/1", "game": "streaks", "seats": SEATS,
             "rules": {"target": 10}, "hands": [{"winner": "N"}] * 3}
    first, again = check_match(match), check_match(match)
    assert first.state is not None and again.state is not None
    assert first.state.running is not again.state.running
    assert again.state.as_json()["bonuses"] == {"NS": 1, "EW": 0}


def test_a_game_without_them_adds_nothing() -> None:
    result = check_match({"format": "scorekeeper-match/1", "game": "euchre", "seats": SEATS,
                          "hands": [{"caller": "N", "makers_tricks": 3}]})
    assert result.state is not None and result.state.running is None
    assert result.state.hands[0].outcome.details is None
    assert "bags" not in result.state.as_json()
