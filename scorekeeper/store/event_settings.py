"""A club night's settings (the ``data`` column of an ``events`` row) as frozen dataclasses.

The store makes them with :meth:`EventSettings.from_json` when it reads a row and writes
:meth:`EventSettings.as_json` back, so the service reads attributes and changes a setting with
``dataclasses.replace``. The stored JSON stays byte for byte what the dict code wrote
(``tests/test_event_settings_golden.py``): a row keeps the keys it had, even ones this code
does not know, and a key a row never held (the newer ``round_target``, ``minutes_per_round``,
``rules_code`` and ``table_keys``) is written only once it holds a value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The keys a new evening stores as null when not set; a row read keeps its own (``nulls``).
NEW_NULLS = frozenset({"round_target", "minutes_per_round"})


@dataclass(frozen=True, slots=True)
class EventPlayer:
    """A player of the evening as stored: the name, the player record picked (an id, or None
    for a name typed in), and the rounds they are there (None: from the first; not gone)."""

    name: str
    player: str | int | None = None
    from_round: int | None = None  # a late arrival: the first round they play
    gone_from: int | None = None  # a leaver: the first round they are not there
    nulls: frozenset[str] = field(default=frozenset(), repr=False)  # optional keys held as null

    def present(self, no: int) -> bool:
        """Whether the player is there in round ``no``: arrived by then and not gone."""
        return (self.from_round or 1) <= no and (self.gone_from is None or no < self.gone_from)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EventPlayer:
        return cls(name=data["name"], player=data.get("player"),
                   from_round=data.get("from_round"), gone_from=data.get("gone_from"),
                   nulls=_nulls(data, ("from_round", "gone_from")))

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "player": self.player}
        _optional(out, self.nulls, from_round=self.from_round, gone_from=self.gone_from)
        return out


@dataclass(frozen=True, slots=True)
class EventSettings:
    """What the director chose for the evening, and what the service worked out from it."""

    name: str
    game: str
    players: tuple[EventPlayer, ...]
    rounds: int
    hands_per_round: int
    movement: str  # "schedule", "fixed", "progressive" or "updown"
    rules: dict[str, Any]  # the game's rules, as each round's match stores them (no length)
    house: dict[str, Any]  # house rules (sit-out credit, tiebreaks, prizes, ...)
    seed: int
    method: str  # how the seating was made ("whist_design", "search", the movement, ...)
    quality: dict[str, int | bool] | None  # the schedule's measure; None: it follows results
    round_target: int | None = None  # a round ends when a side reaches it
    minutes_per_round: int | None = None
    rules_code: str | None = None  # the rules card's code (None in rows made before it)
    table_keys: dict[int, int] | None = None  # table -> how often its key was replaced
    extra: dict[str, Any] = field(default_factory=dict, repr=False)  # keys of a newer version
    nulls: frozenset[str] = field(default=NEW_NULLS, repr=False)  # optional keys held as null

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def present(self, no: int) -> list[int]:
        """The players (numbers from 0) there in round ``no``."""
        return [i for i, p in enumerate(self.players) if p.present(no)]

    def key_generation(self, table_no: int) -> int:
        """How many times table ``table_no``'s key was replaced."""
        return (self.table_keys or {}).get(table_no, 0)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EventSettings:
        """The settings of a stored row (an old row lacks the newer keys: their defaults)."""
        keys = data.get("table_keys")
        return cls(
            name=data["name"], game=data["game"],
            players=tuple(EventPlayer.from_json(p) for p in data["players"]),
            rounds=data["rounds"], hands_per_round=data["hands_per_round"],
            movement=data["movement"], rules=data["rules"], house=data["house"],
            seed=data["seed"], method=data["method"], quality=data["quality"],
            round_target=data.get("round_target"),
            minutes_per_round=data.get("minutes_per_round"),
            rules_code=data.get("rules_code"),
            table_keys=None if keys is None else {int(t): int(n) for t, n in keys.items()},
            extra={k: v for k, v in data.items() if k not in _KEYS},
            nulls=_nulls(data, _OPTIONAL))

    def as_json(self) -> dict[str, Any]:
        """The row's JSON (the store writes it with sorted keys)."""
        out: dict[str, Any] = {
            **self.extra, "name": self.name, "game": self.game,
            "players": [p.as_json() for p in self.players], "rounds": self.rounds,
            "hands_per_round": self.hands_per_round, "movement": self.movement,
            "rules": self.rules, "house": self.house, "seed": self.seed, "method": self.method,
            "quality": self.quality}
        keys = None if self.table_keys is None else {
            str(t): n for t, n in self.table_keys.items()}
        _optional(out, self.nulls, round_target=self.round_target,
                  minutes_per_round=self.minutes_per_round, rules_code=self.rules_code,
                  table_keys=keys)
        return out


_OPTIONAL = ("round_target", "minutes_per_round", "rules_code", "table_keys")
_KEYS = frozenset({"name", "game", "players", "rounds", "hands_per_round", "movement", "rules",
                   "house", "seed", "method", "quality", *_OPTIONAL})


def _nulls(data: dict[str, Any], optional: tuple[str, ...]) -> frozenset[str]:
    return frozenset(k for k in optional if k in data and data[k] is None)


def _optional(out: dict[str, Any], nulls: frozenset[str], **values: Any) -> None:
    """Add the optional keys that hold a value, or that the row held as null."""
    for key, value in values.items():
        if value is not None or key in nulls:
            out[key] = value
