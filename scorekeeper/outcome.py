"""What the service layer answers: an Outcome per write, a LoadedMatch per read."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from flask_babel import gettext as _

from .engine.problems import Problem
from .messages import problem_json, problem_message


class Status(StrEnum):
    """How a service call ended. ``Outcome.http_status`` maps each to the API's status code."""

    CREATED = "created"  # create_match: stored
    RECORDED = "recorded"  # record_hand: stored
    DUPLICATE = "duplicate"  # record_hand: same submission key and request; nothing stored
    CORRECTED = "corrected"  # correct_hand: stored (or unchanged)
    UNDONE = "undone"  # undo_last: removed
    KEY_REUSED = "key_reused"  # same submission key, another request
    WRONG_NO = "wrong_no"  # the hand number is taken: another phone got there first
    OVER = "over"  # the match is finished
    ILLEGAL = "illegal"  # the engine found problems; nothing stored
    CONFLICT = "conflict"  # the hand changed since the editor loaded it
    NOT_LAST = "not_last"  # undo of a hand that is not the last one
    NO_SUCH_HAND = "no_such_hand"
    NOT_FOUND = "not_found"  # no such match


HTTP_STATUS: dict[Status, int] = {
    Status.CREATED: 201,
    Status.RECORDED: 201,
    Status.DUPLICATE: 201,
    Status.CORRECTED: 200,
    Status.UNDONE: 200,
    Status.KEY_REUSED: 422,
    Status.WRONG_NO: 409,
    Status.OVER: 409,
    Status.ILLEGAL: 422,
    Status.CONFLICT: 409,
    Status.NOT_LAST: 409,
    Status.NO_SUCH_HAND: 404,
    Status.NOT_FOUND: 404,
}

OK = frozenset({Status.CREATED, Status.RECORDED, Status.DUPLICATE, Status.CORRECTED,
                Status.UNDONE})


@dataclass(slots=True)
class Outcome:
    """The result of a service write. Fields not relevant to a status are None/empty."""

    status: Status
    match_id: str | None = None
    no: int | None = None  # the hand concerned (recorded, corrected, undone, or asked for)
    hand: dict[str, Any] | None = None  # the hand object with its "no"
    state: dict[str, Any] | None = None  # the replayed state (`scorekeeper check` object)
    problems: list[Problem] = field(default_factory=list)
    edit_key: str | None = None  # create_match only: the new match's edit key
    version: int | None = None  # the match's version after the call (for ETags)
    response: dict[str, Any] | None = None  # record_hand: the API body to answer (and replay)

    @property
    def ok(self) -> bool:
        """Whether the call succeeded (including an idempotent duplicate)."""
        return self.status in OK

    @property
    def http_status(self) -> int:
        """The API's HTTP status for this outcome."""
        return HTTP_STATUS[self.status]

    @property
    def message(self) -> str:
        """A sentence for the person at the table (translated), empty on success."""
        s = self.status
        if s is Status.WRONG_NO:
            recorded = len(self.state.get("hands", [])) if self.state else None
            if recorded and self.no is not None and self.no <= recorded:
                return _("Hand %(no)s was just recorded by another phone.", no=self.no)
            if self.no is not None and self.no == (recorded or 0) + 1:
                return _("The match was changed on another phone meanwhile (a hand undone or "
                         "corrected): check the score, then save again.")
            return _("The next hand is hand %(next)s.", next=(recorded or 0) + 1)
        if s is Status.OVER:
            return _("The match is over: it takes no more hands.")
        if s is Status.KEY_REUSED:
            return _("This submission key was already used for a different hand.")
        if s is Status.CONFLICT:
            return _("Hand %(no)s was changed by someone else meanwhile; check it and try "
                     "again.", no=self.no)
        if s is Status.NOT_LAST:
            return _("Only the last hand can be undone.")
        if s is Status.NO_SUCH_HAND:
            return _("There is no hand %(no)s.", no=self.no)
        if s is Status.NOT_FOUND:
            return _("There is no such match.")
        if s is Status.ILLEGAL:
            if self.problems:
                return problem_message(self.problems[0])
            return _("This hand is not legal.")
        return ""

    def errors(self) -> list[dict[str, Any]]:
        """The API's ``errors`` list: the engine's problems, or one entry for the status."""
        if self.problems:
            return [problem_json(p) for p in self.problems]
        hand = self.no if self.status in (Status.CONFLICT, Status.NO_SUCH_HAND) else None
        fld = "no" if self.status in (Status.WRONG_NO, Status.NOT_LAST) else None
        return [{"hand": hand, "field": fld, "message": self.message}]


@dataclass(slots=True)
class LoadedMatch:
    """A stored match as the pages and the API show it."""

    id: str
    game: str
    match: dict[str, Any]  # the match file object, hands included
    state: dict[str, Any] | None  # the replay; None if the stored hands no longer replay
    problems: list[Problem]
    version: int  # bumped by every record, correction and undo
    hand_versions: list[int]  # per hand, for correct_hand(expected_version=...)
    created: str
    updated: str
    key_hash: str = ""  # the stored hash of the current edit key (never shown)

    @property
    def hand_count(self) -> int:
        """How many hands are recorded."""
        return len(self.match["hands"])

    @property
    def next_no(self) -> int:
        """The number the next hand will get."""
        return self.hand_count + 1

    @property
    def over(self) -> bool:
        """Whether the match is finished."""
        return bool(self.state and self.state.get("over"))
