"""The core's session hook (engine/sessions.py): ``scorekeeper check`` hands a session file to
the part of the game it names, whatever the game, and refuses one naming a game without it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from support.one_trick import GAME as ONE_TRICK

from scorekeeper.cli import check as check_cli
from scorekeeper.engine.games import GAMES
from scorekeeper.engine.sessions import SessionPart, check_session, is_session

SEEN: list[Any] = []


def echo(data: object) -> tuple[dict[str, Any], list[Any]]:
    SEEN.append(data)
    return {"ok": True, "game": "one_trick", "tables": 1}, []


@pytest.fixture
def keeping_sessions(monkeypatch: pytest.MonkeyPatch) -> None:
    game = dataclasses.replace(ONE_TRICK, session=SessionPart(check=echo))
    monkeypatch.setitem(GAMES, "one_trick", game)


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any) -> tuple[int, Any]:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    status = check_cli.main([str(path)])
    return status, json.loads(capsys.readouterr().out)


def test_a_session_goes_to_the_part_of_the_game_it_names(
        keeping_sessions: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = {"format": "scorekeeper-session/1", "game": "one_trick", "anything": [1]}
    status, line = run(tmp_path, capsys, data)
    assert status == 0
    assert line == {"file": str(tmp_path / "s.json"), "ok": True, "game": "one_trick",
                    "tables": 1}
    assert SEEN[-1] == data


@pytest.mark.parametrize("game", ["euchre", "chess", None, ["one_trick"]])
def test_a_game_without_sessions_is_refused_by_name(
        keeping_sessions: None, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        game: Any) -> None:
    status, line = run(tmp_path, capsys, {"format": "scorekeeper-session/1", "game": game})
    assert status == 1 and line["ok"] is False
    [error] = line["errors"]
    assert (error["board"], error["result"], error["field"]) == (None, None, "game")
    assert "one_trick" in error["message"]  # the games that keep sessions are listed


@pytest.mark.parametrize(("data", "session"), [
    ({"format": "scorekeeper-session/1"}, True),
    ({"format": "scorekeeper-session/2"}, True),  # the game's part refuses the version
    ({"format": "scorekeeper-match/1"}, False),
    ({"format": ["scorekeeper-session/1"]}, False),
    ([], False),
])
def test_what_counts_as_a_session_file(data: Any, session: bool) -> None:
    assert is_session(data) == session


def test_no_game_keeps_sessions() -> None:
    answer = check_session({"format": "scorekeeper-session/1", "game": "x"}, {"euchre": None})
    assert "(none here)" in answer["errors"][0]["message"]
