"""What the service layer answers: an ServiceResult per write, a LoadedMatch per read.

Plain data: no HTTP status and no words (the web layer says them, :mod:`scorekeeper.web.outcomes`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..engine.problems import Problem
from ..engine.state import MatchState
from .match import Match


class Status(StrEnum):
    """How a service call ended. :mod:`scorekeeper.web.outcomes` maps each to an HTTP status
    code and a sentence."""

    CREATED = "created"  # create_match: stored
    RECORDED = "recorded"  # record_hand: stored
    DUPLICATE = "duplicate"  # record_hand: same submission key and request; nothing stored
    CORRECTED = "corrected"  # correct_hand: stored (or unchanged)
    UNDONE = "undone"  # undo_last: removed
    REDONE = "redone"  # redo_last: the undone hand put back
    KEY_REUSED = "key_reused"  # same submission key, another request
    WRONG_NO = "wrong_no"  # the hand number is taken: another phone got there first
    OVER = "over"  # the match is finished
    NOT_OVER = "not_over"  # rematch: the match is not finished
    ILLEGAL = "illegal"  # the engine found problems; nothing stored
    CONFLICT = "conflict"  # the hand changed since the editor loaded it
    NOT_LAST = "not_last"  # undo of a hand that is not the last one
    NO_SUCH_HAND = "no_such_hand"
    NOT_FOUND = "not_found"  # no such match


OK = frozenset({Status.CREATED, Status.RECORDED, Status.DUPLICATE, Status.CORRECTED,
                Status.UNDONE, Status.REDONE})


@dataclass(slots=True)
class ServiceResult:
    """The result of a service write. Fields not relevant to a status are None/empty."""

    status: Status
    match_id: str | None = None
    no: int | None = None  # the hand concerned (recorded, corrected, undone, or asked for)
    hand: dict[str, Any] | None = None  # the hand object with its "no"
    state: MatchState | None = None  # the replayed state (a DUPLICATE has its ``response``)
    problems: list[Problem] = field(default_factory=list)
    edit_key: str | None = None  # create_match only: the new match's edit key
    version: int | None = None  # the match's version after the call (for ETags)
    response: dict[str, Any] | None = None  # record_hand: the API body to answer (and replay)
    # the same body as stored for a retry: JSON made once per save (it holds the whole state)
    response_json: str | None = None

    @property
    def ok(self) -> bool:
        """Whether the call succeeded (including an idempotent duplicate)."""
        return self.status in OK


@dataclass(slots=True)
class Preview:
    """What saving a hand would do (:func:`scorekeeper.service.preview`); nothing is stored."""

    no: int  # the hand's number: the next one, or the recorded hand a correction replaces
    correction: bool  # whether it replaces a recorded hand (later hands re-scored)
    problems: list[Problem]  # empty when the hand (and every later one) is legal
    state: MatchState | None  # the replay with the hand in place; None if illegal

    @property
    def ok(self) -> bool:
        """Whether saving it would be accepted by the engine."""
        return self.state is not None


@dataclass(slots=True)
class LoadedMatch:
    """A stored match as the pages and the API show it: the typed match with its replay."""

    match: Match  # the match with its hands (``match.as_file()``: its match file object)
    state: MatchState | None  # the replay; None if the stored hands no longer replay
    problems: list[Problem]
    key_hash: str = ""  # the stored hash of the current edit key (never shown)

    @property
    def id(self) -> str:
        """The match's id."""
        return self.match.id

    @property
    def game(self) -> str:
        """The game's name ("euchre"); ``match.game`` is the game object."""
        return self.match.game.name

    @property
    def version(self) -> int:
        """Bumped by every record, correction and undo (and a renamed player)."""
        return self.match.version

    @property
    def hand_versions(self) -> list[int]:
        """Per hand, for ``correct_hand(expected_version=...)``."""
        return self.match.hand_versions

    @property
    def created(self) -> str:
        """When the match was stored (ISO 8601 UTC)."""
        return self.match.created

    @property
    def updated(self) -> str:
        """When it last changed (ISO 8601 UTC)."""
        return self.match.updated

    @property
    def hand_count(self) -> int:
        """How many hands are recorded."""
        return len(self.match.hands)

    @property
    def next_no(self) -> int:
        """The number the next hand will get."""
        return self.hand_count + 1

    @property
    def over(self) -> bool:
        """Whether the match is finished."""
        return self.state is not None and self.state.over
