"""A game is one registered object: a third game, written in one module of the tests
(tests/support/one_trick/), is played through the engine and `scorekeeper check` with nothing else
touched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import one_trick
from support.helpers import SEATS

from scorekeeper.cli import check
from scorekeeper.engine import games
from scorekeeper.engine.limits import MATCH_FORMAT
from scorekeeper.engine.matchfile import check_match


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, "one_trick", one_trick.GAME)


def match(hands: list[dict], **rules: object) -> dict:
    out = {"format": MATCH_FORMAT, "game": "one_trick", "seats": dict(SEATS),
           "hands": hands}
    if rules:
        out["rules"] = rules
    return out


def test_an_unregistered_game_is_refused() -> None:
    result = check_match(match([{"winner": "N"}]))
    assert not result.ok
    assert [(p.code, p.field) for p in result.problems] == [("match.bad_game", "game")]


@pytest.mark.usefixtures("registered")
def test_the_engine_plays_it_to_its_default_target() -> None:
    result = check_match(match([{"winner": "N"}, {"winner": "E"}, {"winner": "S"},
                                {"winner": "W"}, {"winner": "S"}]))
    assert result.ok and result.state is not None, result.problems
    state = result.state
    assert (state.score, state.over, state.winner) == ({"NS": 3, "EW": 2}, True, "NS")
    assert [h.dealer for h in state.hands] == ["N", "E", "S", "W", "N"]
    assert state.next_dealer == "E"
    assert [h.score for h in state.hands][:2] == [{"NS": 1, "EW": 0}, {"NS": 1, "EW": 1}]
    # a sixth deal after the game is over is refused by the generic replay
    late = check_match(match([{"winner": "N"}] * 4))
    assert [(p.code, p.hand) for p in late.problems] == [("hand.after_game_over", 4)]


@pytest.mark.usefixtures("registered")
def test_its_own_options_are_checked_and_used() -> None:
    result = check_match(match([{"winner": "E"}, {"winner": "W"}], double=True, target=4))
    assert result.ok and result.state is not None
    assert (result.state.score, result.state.winner) == ({"NS": 0, "EW": 4}, "EW")
    bad = check_match(match([], double="yes", trumps=True))
    assert sorted((p.code, p.field) for p in bad.problems) == [
        ("rules.bad_value", "rules.double"), ("rules.unknown", "rules.trumps")]
    deals = check_match(match([{"winner": "N"}, {"winner": "E"}], deals=2))
    assert deals.ok and deals.state is not None and deals.state.tied


@pytest.mark.usefixtures("registered")
def test_a_bad_hand_says_what_is_wrong() -> None:
    result = check_match(match([{"winner": "X"}, {"winer": "N"}, {}]))
    assert [(p.code, p.hand, p.field) for p in result.problems] == [
        ("hand.bad_seat", 1, "winner"), ("hand.unknown_key", 2, "winer"),
        ("hand.invalid", 3, "winner")]
    assert result.problems[0].message == 'winner must be a seat (N, E, S or W), got "X"'



@pytest.mark.usefixtures("registered")
def test_scorekeeper_check_prints_its_state(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one-trick.json"
    path.write_text(json.dumps(match([{"winner": "N"}, {"dealer": "E", "winner": "W"}])),
                    encoding="utf-8")
    assert check.main([str(path)]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line == {
        "file": str(path), "ok": True, "game": "one_trick",
        "hands": [
            {"no": 1, "dealer": "N", "result": "scored", "trick_winners": ["N"],
             "points": {"NS": 1, "EW": 0}, "score": {"NS": 1, "EW": 0}},
            {"no": 2, "dealer": "E", "result": "scored", "trick_winners": ["W"],
             "points": {"NS": 0, "EW": 1}, "score": {"NS": 1, "EW": 1}},
        ],
        "score": {"NS": 1, "EW": 1}, "over": False, "winner": None, "tied": False,
        "next_dealer": "S",
    }
