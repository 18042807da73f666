"""Starting and keeping a session at the club: the boards' hand records read from a PBN file
(as dealing machines and hand-record services write them: a Board and a Deal tag a game), and
a result as the director's form gives it, made into a session file's result. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine.messages import N_, fill
from ..analysis_words import ANALYSIS_WORDS
from ..pbn import _board, _hands
from ..pbn_games import TAG, cut_games, fill_previous
from ..pbn_words import PBN_WORDS, PbnProblem

MAX_BOARDS = 200

START_WORDS: dict[str, str] = {
    "pbn.no_boards": N_("this file holds no deals with all 52 cards: a hand record is a Board "
                        "tag and a Deal tag for each board"),
    "pbn.board_twice": N_("board {board} is in the file twice: the first is kept"),
    "pbn.board_range": N_("board numbers go from 1 to {most}, not {value}"),
}


class StartProblem(PbnProblem):
    """A hand-record file's problem, worded from PBN's words and these."""

    __slots__ = ()

    @property
    def message(self) -> str:
        template = START_WORDS.get(self.code) or PBN_WORDS.get(self.code) or \
            ANALYSIS_WORDS.get(self.code, self.code)
        return fill(template, self.params)


def read_boards(text: str) -> tuple[dict[str, Any], list[StartProblem]]:
    """The ``boards`` of a session file from a PBN file's deals (a game's board number is its
    Board tag, else its place in the file), and what could not be read (said by place)."""
    boards: dict[str, Any] = {}
    problems: list[StartProblem] = []
    previous: dict[str, str] = {}
    games = [g for g in cut_games(text) if any(TAG.match(line) for line in g.lines)]
    for place, game in enumerate(games, 1):
        tags = fill_previous(game, previous)
        previous = tags

        def note(code: str, place: int = place, **params: Any) -> None:
            problems.append(StartProblem(code, hand=place, params=params))

        number = _board(tags.get("board", ""), note) or place
        hands = _hands(tags.get("deal", ""), note)
        if hands is None:
            continue
        if not 1 <= number <= MAX_BOARDS:
            note("pbn.board_range", most=MAX_BOARDS, value=number)
        elif str(number) in boards:
            note("pbn.board_twice", board=number)
        else:
            boards[str(number)] = {"deal": {seat: list(cards) for seat, cards in hands.items()}}
    if not boards:
        problems.append(StartProblem("pbn.no_boards"))
    return dict(sorted(boards.items(), key=lambda kv: int(kv[0]))), problems


def _digits(text: str) -> bool:
    """Whether a field is a plain number (ASCII digits, not so long that it isn't one)."""
    return text.isascii() and text.isdigit() and len(text) < 10


def result_from_form(form: Mapping[str, str]) -> dict[str, Any]:
    """A result as the director's form sends it (``outcome``: played, passed or adjusted;
    the contract, declarer, tricks and lead; each side's adjusted score and the reason),
    made into a session file's result for the game's check to judge: what can't be read is
    passed on as written, so the check says what is wrong with it."""
    result: dict[str, Any] = {}
    for key in ("round", "table", "board"):
        value = form.get(key, "").strip()
        if value:
            result[key] = int(value) if _digits(value) else value
    result["ns"], result["ew"] = form.get("ns", "").strip(), form.get("ew", "").strip()
    outcome = form.get("outcome", "played")
    if outcome == "passed":
        result["passed"] = True
    elif outcome == "adjusted":
        result["adjusted"] = {"ns": form.get("adjusted_ns", ""), "ew": form.get("adjusted_ew", "")}
        if form.get("reason", "").strip():
            result["reason"] = form["reason"].strip()
    else:
        contract = form.get("contract", "").strip().upper().replace(" ", "")
        result["contract"] = contract.replace("N", "NT").replace("NTT", "NT")
        result["declarer"] = form.get("declarer", "").strip().upper()
        tricks = form.get("tricks", "").strip()
        result["tricks"] = int(tricks) if _digits(tricks) else tricks
        lead = form.get("lead", "").strip().upper()
        if lead:
            result["lead"] = lead
    if form.get("note", "").strip():
        result["note"] = form["note"].strip()
    return result
