"""Starting a session from the director's form: the pairs pasted a line each, about how many
boards, the movement (a Mitchell, a Howell from the published schedules, or results as they
come), the scoring and the hand records (a file the game reads). The movement's seating gives
the pairs their ids; the session file made is checked and stored as any other, with its plan
(the movement again, for the director's page and the guide cards)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any

from sqlite_utils import Database

from ..engine import pair_movements as pm
from ..engine.sessions import SESSION_FORMAT
from .sessions import SessionOutcome, create_session, session_parts

MAX_PAIRS = 2000  # 1,000 tables: a Mitchell in sections
MOVEMENTS = ("mitchell", "mitchell-relay", "mitchell-sections", "howell", "none")
# between a pair's two names: "Ann & Bo", "Ann / Bo", "Ann, Bo", "Ann and Bo", "Ann、Bo"
_BETWEEN = re.compile(r"\s*(?:&|/|,|\+|、|，|\band\b)\s*")


@dataclass(frozen=True, slots=True)
class StartProblem:
    """What is wrong with the form: its field, a code the web layer words, the values."""

    field: str
    code: str
    params: dict[str, Any] = _field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StartForm:
    game: str
    name: str
    date: str
    pairs: str  # pasted: a pair a line
    boards: int  # about how many the session plays
    movement: str  # one of MOVEMENTS
    scoring: str  # matchpoints or imps
    boards_file: str | None = None  # the hand records' text, if a file was given


def read_pairs(text: str) -> tuple[list[tuple[str, str]], list[StartProblem]]:
    """A pair a line, its two names split by &, /, a comma, + or "and"; blank lines skipped."""
    pairs: list[tuple[str, str]] = []
    problems: list[StartProblem] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        names = [n.strip() for n in _BETWEEN.split(line.strip()) if n.strip()]
        if len(names) != 2 or any(len(n) > 40 for n in names):
            problems.append(StartProblem("pairs", "start.pair_line",
                                         {"line": number, "text": line.strip()[:40]}))
            continue
        pairs.append((names[0], names[1]))
    if len(pairs) > MAX_PAIRS:
        problems.append(StartProblem("pairs", "start.too_many_pairs", {"most": MAX_PAIRS}))
    elif len(pairs) < 2 and not problems:
        problems.append(StartProblem("pairs", "start.few_pairs"))
    return pairs, problems


def choices(pairs: int, boards: int) -> list[tuple[str, pm.Guarantee | None]]:
    """Each movement the form offers for so many pairs and about so many boards, with what it
    guarantees (None: results as they come, nothing guaranteed)."""
    out: list[tuple[str, pm.Guarantee | None]] = []
    for offer in pm.offers(pairs, boards) if pairs >= 2 else []:
        name = f"mitchell-{offer.way}" if offer.way in ("relay", "sections") else offer.kind
        out.append((name, offer.guarantee))
    out.append(("none", None))
    return out


def movement_of(plan: dict[str, Any]) -> pm.PairMovement | None:
    """The movement a session was started with (None: results as they come)."""
    if plan.get("kind") == "mitchell":
        return _movement(("mitchell", plan["tables"], plan["per_round"], plan["rounds"],
                          plan["way"], plan.get("sections", 1)))
    if plan.get("kind") == "howell":
        return _movement(("howell", plan["pairs"], plan["per_round"], plan["rounds"]))
    return None


@functools.lru_cache(maxsize=64)
def _movement(key: tuple[Any, ...]) -> pm.PairMovement:
    """A movement made once a process: every page of a 1,000-table session asks for it, and
    it is 9,000 sittings."""
    if key[0] == "mitchell":
        return pm.mitchell(*key[1:])
    return pm.howell(*key[1:])


def _plan(movement: str, pairs: int, boards: int) -> dict[str, Any] | StartProblem:
    chosen = dict(choices(pairs, boards))
    if movement not in chosen:
        return StartProblem("movement", f"start.no_{movement.split('-')[0]}", {"pairs": pairs})
    promise = chosen[movement]
    if promise is None:
        return {"kind": "none", "pairs": pairs}
    if movement == "howell":
        return {"kind": "howell", "pairs": pairs, "per_round": promise.per_round,
                "rounds": promise.rounds, "tables": promise.tables}
    way = "relay" if movement == "mitchell-relay" else "skip"
    plan = {"kind": "mitchell", "pairs": pairs, "tables": promise.tables,
            "per_round": promise.per_round, "rounds": promise.rounds, "way": way}
    if promise.sections > 1:
        plan["sections"] = promise.sections
    return plan


def _ids(plan: dict[str, Any], count: int) -> list[str]:
    """The pair ids in the order pasted: a Mitchell's NS pairs first (N1…), then EW (E1…)."""
    if plan["kind"] == "mitchell":
        tables = plan["tables"]
        return [f"N{i}" for i in range(1, tables + 1)] + [
            f"E{i}" for i in range(1, count - tables + 1)]
    return [str(i) for i in range(1, count + 1)]


def start_session(db: Database, form: StartForm, budget: Any = None
                  ) -> tuple[SessionOutcome | None, list[StartProblem], list[Any]]:
    """The session the form starts: its outcome, or the form's problems, or the problems of
    the hand-record file (nothing is stored unless all is well)."""
    part = session_parts().get(form.game)
    if part is None:
        return None, [StartProblem("game", "start.no_game")], []
    pairs, problems = read_pairs(form.pairs)
    if not 1 <= form.boards <= 200:
        problems.append(StartProblem("boards", "start.boards", {"most": 200}))
    if form.scoring not in ("matchpoints", "imps"):
        problems.append(StartProblem("scoring", "start.scoring"))
    plan = _plan(form.movement, len(pairs), form.boards) if not problems else None
    if isinstance(plan, StartProblem):
        problems.append(plan)
    file_problems: list[Any] = []
    boards: dict[str, Any] = {}
    if form.boards_file is not None and part.read_boards is not None:
        boards, file_problems = part.read_boards(form.boards_file)
    if problems or file_problems or not isinstance(plan, dict):
        return None, problems, file_problems
    data: dict[str, Any] = {"format": SESSION_FORMAT, "game": form.game,
                            "scoring": form.scoring, "movement": plan["kind"],
                            "pairs": {pid: list(names) for pid, names in
                                      zip(_ids(plan, len(pairs)), pairs, strict=True)},
                            "results": []}
    if form.name.strip():
        data["name"] = form.name.strip()
    if form.date:
        data["date"] = form.date
    if boards:
        data["boards"] = boards
    return create_session(db, data, budget, plan), [], []
