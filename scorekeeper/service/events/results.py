"""Club nights: what an event call answers (status, problems) and the event's limits."""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from dataclasses import field as dc_field
from enum import StrEnum
from typing import Any

from sqlite_utils import Database

from ...engine import drives
from ...engine.problems import Problem
from ...store import events as event_store
from ..keys import hash_key

MIN_PLAYERS = 8
MAX_PLAYERS = 64
MAX_ROUNDS = 31  # a whole 32-player whist design
MAX_HANDS_PER_ROUND = 30
MAX_HOUSE_POINTS = 50
MOVEMENTS = ("progressive", "schedule", "fixed", drives.UPDOWN)
MAX_MINUTES = 180
KEYS = frozenset({"name", "game", "players", "rounds", "hands_per_round", "movement", "rules",
                  "house", "seed", "round_target", "minutes_per_round"})


class EventStatus(StrEnum):
    """How an event call ended (:mod:`scorekeeper.web.events.access` gives each an HTTP status)."""

    CREATED = "created"
    STARTED = "started"  # a round started (or had already started: idempotent)
    DECIDED = "decided"
    CHANGED = "changed"  # a player added, gone or moved; a round ended early
    ILLEGAL = "illegal"  # problems: nothing stored
    NOT_READY = "not_ready"  # the previous round's matches are not all over (or a tie is open)
    FINISHED = "finished"  # every round has been played
    NOT_FOUND = "not_found"


@dataclass(frozen=True, slots=True)
class EventProblem:
    """Something wrong with a request: a code (``event.*``) and its params, or an engine
    problem (``problem``) about the rules or a name."""

    code: str
    field: str | None = None
    params: dict[str, Any] = dc_field(default_factory=dict)
    problem: Problem | None = None


@dataclass(slots=True)
class EventResult:
    """What a write did."""

    status: EventStatus
    event_id: str | None = None
    director_key: str | None = None
    round: int | None = None
    problems: list[EventProblem] = dc_field(default_factory=list)


def new_event_id() -> str:
    """A fresh, unguessable event id."""
    return secrets.token_urlsafe(12)


def check_director_key(db: Database, event_id: str, key: str | None) -> bool:
    """Whether ``key`` is the event's director key."""
    row = event_store.get_event(db, event_id)
    stored = row.director_key_hash if row is not None else "0" * 64
    return hmac.compare_digest(stored, hash_key(key or "")) and row is not None and bool(key)
