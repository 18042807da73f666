"""Match files (spec/match-format.md): read, check and write.  (STUB: being written)"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.problems import Problem


@dataclass
class CheckResult:
    """What checking a match file gives: ok, problems, and the replayed state."""

    ok: bool
    problems: list[Problem] = field(default_factory=list)
    state: dict[str, Any] | None = None  # the `scorekeeper check` object, without "file"


def check_match(data: Any) -> CheckResult:
    """Validate a match object (already parsed from JSON) and replay it."""
    raise NotImplementedError
