"""Problems: what is wrong with a match or a hand, as data (never raised).

A problem carries a stable ``code`` and ``params``; ``message`` words it in English from
:mod:`scorekeeper.engine.messages`. The web layer translates the same template by its code.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any


@dataclass(slots=True)
class Problem:
    code: str
    field: str | None = None
    params: dict[str, Any] = _field(default_factory=dict)
    hand: int | None = None  # 1-based hand number, None for match-level problems
    trick: int | None = None  # 1-based trick number for card-record problems

    @property
    def message(self) -> str:
        from .messages import render

        return render(self.code, self.params)

    def as_json(self) -> dict[str, Any]:
        """The error object of `scorekeeper check` and the API (spec/match-format.md)."""
        out: dict[str, Any] = {"hand": self.hand, "field": self.field, "message": self.message}
        if self.trick is not None:
            out["trick"] = self.trick
        return out


def show(value: object) -> str:
    """A short, safe rendering of a bad value for a message."""
    if isinstance(value, str):
        text = value if len(value) <= 20 else value[:20] + "…"
        return f'"{text}"'
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    return type(value).__name__ if not isinstance(value, list | dict) else (
        "a list" if isinstance(value, list) else "an object"
    )
