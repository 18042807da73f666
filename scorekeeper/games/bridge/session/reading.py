"""Reading a session file (``scorekeeper-session/1``, spec/bridge.md): every key checked, every
result's deal checked and scored, each problem where it is. Nothing here compares results:
that is :mod:`.matchpoints` and :mod:`.imps`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from ....engine.problems import show
from ..scoring import dealer_of_board, vulnerable_on_board
from .deal import HandRecord, check_deal, read_hand_record
from .messages import SessionProblem

FORMAT = "scorekeeper-session/1"
SCORINGS = ("matchpoints", "imps")
MOVEMENTS = ("mitchell", "howell", "none")
AVERAGES = ("law", "fixed")  # Law 12C2's A+/A- from the pair's own percentage, or 60/50/40
ADJUSTED = {"A+": "A+", "A": "A", "A-": "A-", "A\u2212": "A-"}  # the minus sign as typed too
MAX_PAIRS = 2000
MAX_BOARDS = 200
MAX_RESULTS = 100_000
MAX_NAME = 40
MAX_TABLES = 5000  # a result's round and table numbers
MAX_TITLE = 100
MAX_NOTE = 500
PAIR_ID = re.compile(r"[A-Za-z0-9]{1,10}")
KEYS = frozenset({"format", "game", "name", "date", "scoring", "movement", "averages", "pairs",
                  "boards", "results"})
BOARD_KEYS = frozenset({"deal", "dealer", "vulnerable", "note"})
RESULT_KEYS = frozenset({"board", "ns", "ew", "round", "table", "contract", "declarer",
                         "tricks", "passed", "lead", "deal", "play", "claim", "adjusted",
                         "reason", "note"})


@dataclass(frozen=True, slots=True)
class Result:
    """One result of the file: ``place`` is its 1-based place in ``results``; ``shown`` the
    deal's fields as the answer shows them; ``score`` NS's (None for an adjusted score, whose
    two sides' artificial scores are ``adjusted``)."""

    place: int
    board: int
    ns: str
    ew: str
    shown: Mapping[str, Any]
    score: int | None
    adjusted: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Head:
    """Everything a session file says but its results: what each result is read against."""

    scoring: str
    movement: str
    averages: str
    pairs: Mapping[str, tuple[str, str]]  # in the file's order
    records: Mapping[int, HandRecord]  # the boards' hand records
    named: frozenset[str] | None  # the pair ids a result may name (None: no pairs object)
    name: str | None = None
    date: str | None = None


def read_head(data: object) -> tuple[Head | None, list[SessionProblem]]:
    """A session file's all but its results, and its problems so far (in the file's order:
    the results' come after them); None when ``data`` is not an object."""
    if not isinstance(data, dict):
        return None, [SessionProblem("session.not_object")]
    problems: list[SessionProblem] = []
    for key in data:
        if key not in KEYS:
            problems.append(SessionProblem("session.unknown_key", key, params={"key": key}))
    for key in ("format", "game", "pairs", "results"):
        if key not in data:
            problems.append(SessionProblem("session.missing", key, params={"key": key}))
    if data.get("format", FORMAT) != FORMAT:
        problems.append(_choice("format", data["format"], (FORMAT,)))
    # defaults: matchpoints (the spec's), results as they come, Law 12C2's averages
    chosen = {key: _chosen(data, key, choices, default, problems)
              for key, choices, default in (("scoring", SCORINGS, "matchpoints"),
                                            ("movement", MOVEMENTS, "none"),
                                            ("averages", AVERAGES, "law"))}
    name = data.get("name")
    if name is not None and not (isinstance(name, str) and 0 < len(name.strip()) <= MAX_TITLE):
        problems.append(SessionProblem("session.bad_name", "name", params={"most": MAX_TITLE}))
    day = data.get("date")
    if day is not None and not _is_day(day):
        problems.append(SessionProblem("session.bad_date", "date", params={"value": show(day)}))
    pairs = _pairs(data["pairs"], problems) if "pairs" in data else {}
    records = _boards(data.get("boards", {}), problems)
    # a result is held to the pair ids the file names, even one whose names were refused
    named = frozenset(data["pairs"]) if isinstance(data.get("pairs"), dict) else None
    return Head(chosen["scoring"], chosen["movement"], chosen["averages"], pairs, records,
                named, name, day), problems


def _choice(key: str, value: object, choices: tuple[str, ...]) -> SessionProblem:
    return SessionProblem("session.bad_choice", key, params={
        "key": key, "choices": ", ".join(choices), "value": show(value)})


def _chosen(data: Mapping[str, Any], key: str, choices: tuple[str, ...], default: str,
            problems: list[SessionProblem]) -> str:
    value = data.get(key, default)
    if value in choices:
        return str(value)
    problems.append(_choice(key, value, choices))
    return default


def _is_day(value: object) -> bool:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _pairs(raw: object, problems: list[SessionProblem]) -> dict[str, tuple[str, str]]:
    if not isinstance(raw, dict):
        problems.append(SessionProblem("session.pairs_shape", "pairs"))
        return {}
    if len(raw) > MAX_PAIRS:
        problems.append(SessionProblem("session.too_many_pairs", "pairs",
                                       params={"most": MAX_PAIRS}))
        return {}
    if len(raw) < 2:
        problems.append(SessionProblem("session.no_pairs", "pairs"))
    pairs: dict[str, tuple[str, str]] = {}
    for pair, names in raw.items():
        if not PAIR_ID.fullmatch(pair):
            problems.append(SessionProblem("session.bad_pair_id", "pairs",
                                           params={"value": show(pair), "most": 10}))
            continue
        if not (isinstance(names, list) and len(names) == 2
                and all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in names)):
            problems.append(SessionProblem("session.bad_names", "pairs",
                                           params={"pair": pair, "most": MAX_NAME}))
            continue
        pairs[pair] = (names[0].strip(), names[1].strip())
    return pairs


def _board_number(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    text = str(value)
    if not text.isdigit() or text != str(int(text)):
        return None
    number = int(text)
    return number if 1 <= number <= MAX_BOARDS else None


def _boards(raw: object, problems: list[SessionProblem]) -> dict[int, HandRecord]:
    if not isinstance(raw, dict):
        problems.append(SessionProblem("session.boards_shape", "boards"))
        return {}
    records: dict[int, HandRecord] = {}
    for key, board in raw.items():
        number = _board_number(key)
        if number is None:
            problems.append(SessionProblem("session.bad_board_number", "boards",
                                           params={"value": show(key), "most": MAX_BOARDS}))
            continue
        if not isinstance(board, dict) or set(board) - BOARD_KEYS or "deal" not in board:
            problems.append(SessionProblem("session.board_shape", "boards", number,
                                           params={"board": number}))
            continue
        # a hand record may say its dealer and vulnerability: they must be the board number's
        for key, expected in (("dealer", dealer_of_board(number)),
                              ("vulnerable", vulnerable_on_board(number))):
            if key in board and board[key] != expected:
                problems.append(SessionProblem("session.board_disagrees", key, number, params={
                    "board": number, "key": key, "value": show(board[key]),
                    "expected": expected}))
        record, why = read_hand_record(board["deal"])
        if record is None:
            problems.append(SessionProblem("session.bad_deal", "deal", number,
                                           params={"why": why}))
            continue
        records[number] = record
    return records


def read_results(raw: object, pairs: frozenset[str] | None,
             records: Mapping[int, HandRecord], movement: str,
             problems: list[SessionProblem]) -> list[Result]:
    if not isinstance(raw, list):
        problems.append(SessionProblem("session.results_shape", "results"))
        return []
    if len(raw) > MAX_RESULTS:
        problems.append(SessionProblem("session.too_many_results", "results",
                                       params={"most": MAX_RESULTS}))
        return []
    results: list[Result] = []
    played: dict[tuple[str, int], int] = {}  # (pair, board) -> the result that played it
    sat: dict[str, tuple[str, int]] = {}  # pair -> the direction it first sat, and where
    for place, item in enumerate(raw, 1):
        found = read_result(place, item, pairs, records, problems)
        if found is None:
            continue
        for pair, direction in ((found.ns, "NS"), (found.ew, "EW")):
            where = {"board": found.board, "result": place}
            first = played.setdefault((pair, found.board), place)
            if first != place:
                problems.append(SessionProblem(
                    "session.played_twice", direction.lower(), **where,
                    params={"pair": pair, "board": found.board, "first": first}))
            was, first_place = sat.setdefault(pair, (direction, place))
            if movement == "mitchell" and was != direction:
                problems.append(SessionProblem(
                    "session.changed_direction", direction.lower(), **where,
                    params={"pair": pair, "was": was, "first": first_place}))
        results.append(found)
    return results


def read_result(place: int, item: object, pairs: frozenset[str] | None,
            records: Mapping[int, HandRecord], problems: list[SessionProblem]
            ) -> Result | None:
    """One result checked; None when it has a problem (each added to ``problems``); its
    pairs are held to ``pairs`` (None: the file's pairs are missing or not an object)."""
    if not isinstance(item, dict):
        problems.append(SessionProblem("session.result_shape", None, None, place))
        return None
    board = _board_number(item.get("board")) if not isinstance(item.get("board"), str) else None
    where: dict[str, int | None] = {"board": board, "result": place}
    before = len(problems)
    for key in item:
        if key not in RESULT_KEYS:
            problems.append(SessionProblem("session.result_unknown_key", key, **where,
                                           params={"key": key}))
    if board is None:
        problems.append(SessionProblem("session.bad_board", "board", **where, params={
            "most": MAX_BOARDS, "value": show(item.get("board"))}))
    for side in ("ns", "ew"):
        named = item.get(side)
        if not isinstance(named, str) or (pairs is not None and named not in pairs):
            problems.append(SessionProblem("session.unknown_pair", side, **where,
                                           params={"value": show(item.get(side))}))
    if item.get("ns") is not None and item.get("ns") == item.get("ew"):
        problems.append(SessionProblem("session.same_pair", "ew", **where,
                                       params={"pair": item["ns"]}))
    for key in ("round", "table"):
        value = item.get(key, 1)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TABLES:
            problems.append(SessionProblem("session.bad_number", key, **where, params={
                "key": key, "most": MAX_TABLES, "value": show(value)}))
    note = item.get("note", item.get("reason"))
    if note is not None and not (isinstance(note, str) and len(note) <= MAX_NOTE):
        field = "note" if "note" in item else "reason"
        problems.append(SessionProblem("session.bad_note", field, **where,
                                       params={"most": MAX_NOTE}))
    adjusted = _adjusted(item, where, problems)
    if board is None or len(problems) > before:
        return None
    if adjusted is not None:
        shown = {"adjusted": {"ns": adjusted[0], "ew": adjusted[1]}}
        return Result(place, board, item["ns"], item["ew"], shown, None, adjusted)
    deal, found = check_deal(item, board, records.get(board), where)
    problems.extend(found)
    if deal is None:
        return None
    return Result(place, board, item["ns"], item["ew"], deal.shown, deal.score)


def _adjusted(item: Mapping[str, Any], where: dict[str, int | None],
              problems: list[SessionProblem]) -> tuple[str, str] | None:
    if "adjusted" not in item:
        return None
    raw = item["adjusted"]
    if not (isinstance(raw, dict) and set(raw) == {"ns", "ew"}
            and all(isinstance(v, str) and v in ADJUSTED for v in raw.values())):
        problems.append(SessionProblem("session.bad_adjusted", "adjusted", **where, params={}))
        return None
    played = [k for k in ("contract", "declarer", "tricks", "passed", "lead", "play", "claim",
                          "deal") if k in item]
    if played:
        problems.append(SessionProblem("session.deal_and_adjusted", played[0], **where, params={}))
        return None
    return ADJUSTED[raw["ns"]], ADJUSTED[raw["ew"]]
