"""The replayed states of the matches seen last, so a request replays a match at most once.

Keyed by (match id, version): every record, correction and undo bumps the version, and the
write that made a version leaves its replay here, so the page after a Save (the PRG redirect
target) and a refused hand's page find the state without replaying again. An entry is used
only if the match data and hands it was replayed from are the ones asked about (a database
restored from a backup, or edited by hand, never gets a stale score). Bounded: the least
recently used entries go first. One cache per process; the states are shared: read-only.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..engine.matchfile import CheckResult

MAX_ENTRIES = 256  # a club night has a few dozen matches going; each entry is a few kB

_Entry = tuple[dict[str, Any], list[dict[str, Any]], CheckResult]
_entries: OrderedDict[tuple[str, int], _Entry] = OrderedDict()
_lock = threading.Lock()


def get(match_id: str, version: int, data: dict[str, Any], hands: list[dict[str, Any]]
        ) -> CheckResult | None:
    """The replay of exactly this match data and these hands at this version, if kept."""
    with _lock:
        entry = _entries.get((match_id, version))
        if entry is None:
            return None
        _entries.move_to_end((match_id, version))
    kept_data, kept_hands, result = entry
    if kept_data != data or kept_hands != hands:
        return None
    return result


def put(match_id: str, version: int, data: dict[str, Any], hands: list[dict[str, Any]],
        result: CheckResult) -> None:
    """Keep the replay of ``hands`` as the state of the match at ``version``."""
    with _lock:
        _entries[(match_id, version)] = (data, list(hands), result)
        _entries.move_to_end((match_id, version))
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)


def replayed(match_id: str, version: int, data: dict[str, Any], hands: list[dict[str, Any]],
             replay: Callable[[], CheckResult]) -> CheckResult:
    """The kept replay, or ``replay()`` kept for next time."""
    result = get(match_id, version, data, hands)
    if result is None:
        result = replay()
        put(match_id, version, data, hands, result)
    return result
