"""A stored match, typed: its id, game, names, rules, seats and teams, first dealer, start
score, version and times, with its recorded hands; made once from the stored rows
(:meth:`Match.of`). The pages and the service read the attributes.

The match file object (``spec/match-format.md``) is made only at the edges, by
:meth:`Match.as_file`: the API's JSON, the match file export, the engine's replay and the
printed sheet read that form; everything else reads the attributes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import Seat
from ..engine.game import Game
from ..engine.games import GAMES
from ..store import StoredHand, StoredMatch

# The order keys are written in when a match file is exported (others follow, hands last).
FILE_ORDER = ("format", "game", "title", "played", "rules", "seats", "teams", "first_dealer",
              "start_score")


@dataclass(frozen=True, slots=True)
class Hand:
    """A recorded hand: its number, the hand object as recorded (the game's own keys,
    match-format.md, without ``no``) and its version (bumped by each correction)."""

    no: int
    data: dict[str, Any]
    version: int = 1

    @property
    def note(self) -> str | None:
        """The scorer's free text, if any."""
        note = self.data.get("note")
        return note if isinstance(note, str) else None

    @property
    def trump(self) -> str | None:
        """The trump as recorded (a rotation's deals may record none)."""
        trump = self.data.get("trump")
        return trump if isinstance(trump, str) else None

    @property
    def cards(self) -> bool:
        """Whether the cards were recorded (a deal or the tricks): a hand page worth a link."""
        return bool(self.data.get("play") or self.data.get("deal"))

    def as_json(self) -> dict[str, Any]:
        """The hand object with its ``no``, as the API answers it."""
        return {**self.data, "no": self.no}


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


@dataclass(frozen=True, slots=True, eq=False)
class Match:
    """A match as stored, with its hands. Not a mapping: callers read the attributes, or ask
    :meth:`as_file` for the match file object where they need that form."""

    id: str
    game: Game
    seats: dict[str, str]  # seat -> player name
    teams: dict[str, str]  # side -> team name; {} when the sides have none
    rules: dict[str, Any]  # only the options that differ from the game's defaults
    first_dealer: Seat
    start_score: dict[str, int] | None  # a game started on paper; None: 0–0
    title: str | None
    played: str | None  # when it was played (the start form's date), ISO 8601
    hands: tuple[Hand, ...]
    version: int  # bumped by every change (a renamed player too)
    hands_version: int  # the version at which the hands last changed
    created: str
    updated: str
    stored: dict[str, Any]  # the stored object without hands, keys as written (the file's)

    @classmethod
    def of(cls, row: StoredMatch, hands: Sequence[StoredHand] = ()) -> Match:
        """The match of a stored row and its stored hands (none: a match read for its names
        and rules alone)."""
        data = row.data
        teams = data.get("teams")
        start = data.get("start_score")
        return cls(
            id=row.id,
            game=GAMES[row.game],
            seats=dict(data["seats"]),
            teams=dict(teams) if isinstance(teams, dict) else {},
            rules=dict(data.get("rules") or {}),
            first_dealer=data.get("first_dealer") or "N",
            start_score=dict(start) if isinstance(start, dict) else None,
            title=_text(data.get("title")),
            played=_text(data.get("played")),
            hands=tuple(Hand(h.no, h.data, h.version) for h in hands),
            version=row.version,
            hands_version=row.hands_version,
            created=row.created,
            updated=row.updated,
            stored=data,
        )

    @property
    def game_name(self) -> str:
        """The game as the match file names it ("euchre")."""
        return self.game.name

    @property
    def hand_objects(self) -> list[dict[str, Any]]:
        """The recorded hand objects, in order (what the engine replays)."""
        return [h.data for h in self.hands]

    @property
    def hand_versions(self) -> list[int]:
        """Each hand's version, for ``correct_hand(expected_version=...)``."""
        return [h.version for h in self.hands]

    def as_file(self) -> dict[str, Any]:
        """The match file object: the stored data with its hands, keys in a readable order."""
        return file_object(self.stored, self.hand_objects)


@dataclass(frozen=True, slots=True, eq=False)
class HandChange:
    """A correction, an undo or a redo (an undo taken back) of hand ``no``, as the match's
    history keeps it; :meth:`as_json` is its JSON object (``{no, action, old, new, at, by}``)."""

    no: int
    action: str  # "correct", "undo" or "redo"
    old: dict[str, Any] | None  # the hand before (None for a redo)
    new: dict[str, Any] | None  # the hand after (None for an undo)
    at: str  # when, ISO 8601 UTC
    by: str  # who: "scorer", "api" or the phone's words

    def as_json(self) -> dict[str, Any]:
        """The entry as the API answers it."""
        return {"no": self.no, "action": self.action, "old": self.old, "new": self.new,
                "at": self.at, "by": self.by}


def file_object(data: Mapping[str, Any], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """The match file object of stored match data and its hands, keys in a readable order."""
    out = {k: data[k] for k in FILE_ORDER if k in data}
    out.update({k: v for k, v in data.items() if k not in out and k != "hands"})
    out["hands"] = hands
    return out
