"""The replayed states of the matches seen last, so a request replays a match at most once.

Keyed by (match id, version): every record, correction and undo bumps the version, and the
write that made a version leaves its replay here, so the page after a Save (the PRG redirect
target) and a refused hand's page find the state without replaying again. An entry is used
only if the match data and hands it was replayed from are the ones asked about (a database
restored from a backup, or edited by hand, never gets a stale score). Bounded: the least
recently used entries go first (cachetools' LRU). One cache per process; the states are
shared: read-only.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from cachetools import LRUCache

from ..engine.matchfile import CheckResult

MAX_ENTRIES = 256  # a club night has a few dozen matches going; each entry is a few kB

_Entry = tuple[dict[str, Any], list[dict[str, Any]], list[str] | None, CheckResult]
_entries: LRUCache[tuple[str, int], _Entry] = LRUCache(maxsize=MAX_ENTRIES)
_lock = threading.Lock()


def _entry(match_id: str, version: int) -> _Entry | None:
    with _lock:
        return _entries.get((match_id, version))  # a hit counts as a use


def get(match_id: str, version: int, data: dict[str, Any], hands: list[dict[str, Any]]
        ) -> CheckResult | None:
    """The replay of exactly this match data and these hands at this version, if kept."""
    entry = _entry(match_id, version)
    if entry is None:
        return None
    kept_data, kept_hands, _texts, result = entry
    if kept_data != data or kept_hands != hands:
        return None
    return result


def get_stored(match_id: str, version: int, data: dict[str, Any], texts: list[str]
               ) -> tuple[list[dict[str, Any]], CheckResult] | None:
    """The kept hands and replay of this version if its hands are these stored JSON texts.

    Comparing the texts as stored spares a save (and a preview) parsing every hand of the match
    again, so their cost does not grow with the match; the check stays as exact as
    :func:`get`'s. An entry kept without its texts is compared parsed once, then keeps them.
    """
    entry = _entry(match_id, version)
    if entry is None:
        return None
    kept_data, kept_hands, kept_texts, result = entry
    if kept_data != data:
        return None
    if kept_texts is None:
        if len(kept_hands) != len(texts) or kept_hands != [json.loads(t) for t in texts]:
            return None
        with _lock:
            if (match_id, version) in _entries:
                _entries[(match_id, version)] = (kept_data, kept_hands, list(texts), result)
    elif kept_texts != texts:
        return None
    return kept_hands, result


def put(match_id: str, version: int, data: dict[str, Any], hands: list[dict[str, Any]],
        result: CheckResult, texts: list[str] | None = None) -> None:
    """Keep the replay of ``hands`` as the state of the match at ``version`` (with the hands'
    stored JSON ``texts`` when the caller has them)."""
    with _lock:
        _entries[(match_id, version)] = (data, list(hands),
                                         None if texts is None else list(texts), result)


def replayed(match_id: str, version: int, data: dict[str, Any], hands: list[dict[str, Any]],
             replay: Callable[[], CheckResult]) -> CheckResult:
    """The kept replay, or ``replay()`` kept for next time."""
    result = get(match_id, version, data, hands)
    if result is None:
        result = replay()
        put(match_id, version, data, hands, result)
    return result
