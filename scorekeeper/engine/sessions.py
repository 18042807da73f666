"""Duplicate sessions (``scorekeeper-session/1``): the part of a game that keeps them.

A session file names its ``game``; the core asks that registered game for its session part
(``Game.session``) and knows nothing of its scoring. A part checks a parsed file and answers
the spec's line (without ``"file"``): ``ok: true`` and the game's results, or ``ok: false``
and ``errors``, each ``{"board", "result", "field", "message"}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .messages import N_, fill
from .problems import show

SESSION_FORMAT = "scorekeeper-session/1"

# check(data) -> (the answer, its problems): a parsed session file checked and scored
CheckSession = Callable[[object], tuple[dict[str, Any], list[Any]]]

SESSION_MESSAGES: dict[str, str] = {
    "session.bad_game": N_("game must be one of {games} (the games that keep duplicate "
                           "sessions), not {value}"),
    "session.not_session": N_("a session file needs \"format\": \"scorekeeper-session/1\" "
                              "and the game it is of"),
}


# score_card(answer, pair) -> the pair's boards from its own side and its total, or None
ScoreCard = Callable[[Mapping[str, Any], str], dict[str, Any] | None]
# hand_record(data, board) -> that board's hand record as the game's templates show it (its
# analysis may take a while: the app keeps it), or None when the session has none for it
HandRecord = Callable[[Mapping[str, Any], int], dict[str, Any] | None]
# read_boards(text) -> a session file's ``boards`` from an uploaded hand-record file, and its
# problems (each with ``code``, ``params`` and ``message``)
ReadBoards = Callable[[str], tuple[dict[str, Any], list[Any]]]
# result_from_form(form) -> a session file's result from the director's form (the game's
# check then judges it)
ResultFromForm = Callable[[Mapping[str, str]], dict[str, Any]]
# table_check(data, result) -> what a table's phone may not enter that a file may hold (each
# problem with ``code``, ``field``, ``board``, ``params`` and ``message``)
TableCheck = Callable[[Mapping[str, Any], Mapping[str, Any]], list[Any]]
# recheck(data, before) -> (problems, read): ``check``'s problems (none: ``ok``) reading again
# only what changed since ``before`` (what an earlier ``rescore`` of the same session kept;
# None: read it whole), and what ``rescore`` scores (None with problems)
Recheck = Callable[[object, Any], tuple[list[Any], Any]]
# rescore(read) -> (answer, kept): a recheck's ``ok`` answer, and what the next recheck keeps
Rescore = Callable[[Any], tuple[dict[str, Any], Any]]
# board_lines(read, numbers) -> those boards' lines of ``rescore``'s answer, scored without
# the pairs' totals (a table's page shows only its boards), or None when a board needs them
BoardLines = Callable[[Any, tuple[int, ...]], dict[int, dict[str, Any]] | None]
# standings(read) -> (answer, kept): ``rescore``'s answer without its boards' lines (a wall
# ranks the pairs), and what the next recheck keeps
Standings = Callable[[Any], tuple[dict[str, Any], Any]]
# write(data, answer) -> the file's text: a session file and its ``ok`` check answer
WriteSession = Callable[[Mapping[str, Any], Mapping[str, Any]], str]


@dataclass(frozen=True, slots=True)
class SessionExport:
    """One way a game writes a checked session out (its PBN, a CSV of every result): the
    address's suffix (``csv``), the media type, and the writer."""

    suffix: str
    mimetype: str
    write: WriteSession


@dataclass(frozen=True, slots=True)
class SessionPart:
    """A game's duplicate sessions: how a session file of that game is checked (``check``
    scores it whole: the app recomputes a stored session with it after every change), the
    English templates of its problems by code (``messages``: the web layer translates them),
    the files it writes a session as (``exports``, by suffix), a pair's score card from the
    check answer, the boards' hand records as its templates show them (in its folder,
    ``game/<name>/session/``: a result's cells and form, a hand record), the boards read
    from an uploaded hand-record file (``boards_file``: its kind, such as "PBN"), and a result
    from the director's form, and what a table's phone may not enter though a file may hold
    it (``table_check``). A game may also check a session again from what its last check kept
    (``recheck`` then ``rescore``, always ``check``'s answer): a large session's change is
    then read and scored for the boards it changed, not all of them, and give some boards'
    lines alone (``board_lines``) or the pairs' ranks alone (``standings``)."""

    check: CheckSession
    messages: Mapping[str, str] = field(default_factory=dict)
    exports: tuple[SessionExport, ...] = ()
    score_card: ScoreCard | None = None
    hand_record: HandRecord | None = None
    read_boards: ReadBoards | None = None
    boards_file: str = ""
    result_from_form: ResultFromForm | None = None
    table_check: TableCheck | None = None
    recheck: Recheck | None = None
    rescore: Rescore | None = None
    board_lines: BoardLines | None = None
    standings: Standings | None = None


def is_session(data: object) -> bool:
    """Whether parsed JSON claims to be a session file (of this version or another, which
    the game's part then refuses by name)."""
    return isinstance(data, dict) and isinstance(data.get("format"), str) and (
        data["format"].startswith("scorekeeper-session/"))


def check_session(data: Mapping[str, Any], parts: Mapping[str, SessionPart | None]
                  ) -> dict[str, Any]:
    """A session file's answer, from the part of the game it names (``parts``: each
    registered game's session part, None for a game without one)."""
    part = parts.get(data["game"]) if isinstance(data.get("game"), str) else None
    if part is None:
        games = ", ".join(sorted(name for name, p in parts.items() if p is not None))
        message = fill(SESSION_MESSAGES["session.bad_game"],
                       {"games": games or "(none here)", "value": show(data.get("game"))})
        return {"ok": False, "errors": [
            {"board": None, "result": None, "field": "game", "message": message}]}
    answer, _problems = part.check(data)
    return answer
