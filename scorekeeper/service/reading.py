"""Reading matches: load, preview, history, recent, and every replay of the service (the
engine's ``check_match``), kept per match version by :mod:`.statecache`. No Flask."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.matchfile import CheckResult, check_match, check_next
from . import statecache
from .match import HandChange, Match, file_object
from .results import LoadedMatch, Preview

RECENT_LIMIT = 20

# --- reading ----------------------------------------------------------------------------------


def check(data: Any) -> CheckResult:
    """Check and replay a match object (a new match, an import)."""
    return check_match(data)


def replay(data: dict[str, Any], hands: list[dict[str, Any]]) -> CheckResult:
    """Replay stored match data with these hands."""
    return check_match(file_object(data, hands))


def state_of(row: store.StoredMatch, hands: list[dict[str, Any]]) -> CheckResult:
    """The replay of the stored match at its version: kept from the write that made it (or an
    earlier read), else replayed once and kept (:mod:`.statecache`)."""
    return statecache.replayed(row.id, row.version, row.data, hands,
                               lambda: replay(row.data, hands))


def exists(db: Database, match_id: str) -> bool:
    """Whether there is a match with this id."""
    return store.get_match(db, match_id) is not None


def match_row(db: Database, match_id: str) -> Match | None:
    """The match without its hands and without a replay (id, game, names, rules, version,
    times): cheap, for answers that need only the names, rules or version (PDF caches, ETags)."""
    row = store.get_match(db, match_id)
    return None if row is None else Match.of(row)


def preview(db: Database, match_id: str, hand: dict[str, Any], no: int | None = None
            ) -> Preview | None:
    """What recording ``hand`` would give, by the engine; nothing is stored.

    ``no`` of a recorded hand previews its correction (later hands re-scored); otherwise the
    hand is the next one. None if there is no such match.
    """
    row = store.get_match(db, match_id)
    if row is None:
        return None
    texts = store.hand_texts(db, match_id)
    correction = no is not None and 1 <= no <= len(texts)
    at = no if correction and no is not None else len(texts) + 1
    # The next hand continues from the kept state (a preview comes with every tap on the form),
    # its hands unparsed when they are the kept ones; a correction re-scores the hands after
    # it, so it replays.
    kept = None if correction else statecache.get_stored(row.id, row.version, row.data, texts)
    if kept is not None and kept[1].ok:
        result = check_next(kept[1], hand)
    else:
        hands = [json.loads(t) for t in texts]
        hands[at - 1:at] = [hand]
        result = replay(row.data, hands)
    return Preview(no=at, correction=correction, problems=list(result.problems),
                   state=result.state if result.ok else None)


def load(db: Database, match_id: str) -> LoadedMatch | None:
    """The match (with its hands), its replayed state and bookkeeping; None if unknown.

    If the stored hands no longer replay (an engine change), ``state`` is None and
    ``problems`` says why: show the problems rather than fail.
    """
    row = store.get_match(db, match_id)
    if row is None:
        return None
    hands = store.get_hands(db, match_id)
    return _loaded(row, hands)


def _loaded(row: store.StoredMatch, hands: list[store.StoredHand]) -> LoadedMatch:
    match = Match.of(row, hands)
    result = state_of(row, match.hand_objects)
    return LoadedMatch(
        match=match,
        state=result.state if result.ok else None,
        problems=list(result.problems),
        key_hash=row.edit_key_hash,
    )


def version(db: Database, match_id: str) -> int | None:
    """The match's version (bumped by every change), without loading it; None if unknown."""
    return store.get_version(db, match_id)


def history(db: Database, match_id: str) -> list[HandChange] | None:
    """Corrections and undos, oldest first (each ``{no, action, old, new, at, by}`` as JSON);
    None if unknown. ``old``/``new`` are hand objects (``new`` is None for an undo).
    """
    if store.get_match(db, match_id) is None:
        return None
    return [HandChange(**e) for e in store.get_history(db, match_id)]


def recent(db: Database, ids: list[str]) -> list[LoadedMatch]:
    """The matches among ``ids`` that exist, in the order given (at most 20): for the home page.

    Unknown or deleted ids are skipped silently (the ids come from a device cookie).
    """
    out: list[LoadedMatch] = []
    seen: set[str] = set()
    for match_id in ids:
        if not isinstance(match_id, str) or match_id in seen or len(out) >= RECENT_LIMIT:
            continue
        seen.add(match_id)
        loaded = load(db, match_id)
        if loaded is not None:
            out.append(loaded)
    return out


