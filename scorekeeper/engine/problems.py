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
