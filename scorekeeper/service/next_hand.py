"""Recording the next hand of a match, the usual save. It is read, checked and made ready
before the write lock is taken (in WAL mode reads never wait for the writer); under the lock
it is written, or refused, from what was read if the match's version is still the one read,
else read again there: the lock is held for the writes alone. A new hand continues from the
kept state of the version before (:mod:`.statecache`), so a save's cost does not grow with
the match. No Flask."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.matchfile import CheckResult, check_next
from ..store.facts import Appended
from . import answers, statecache
from . import players as seating_
from .reading import replay, state_of
from .results import ServiceResult, Status
from .writing import MAX_HANDS, too_many_hands

# A retry comes within seconds, a hand queued offline within hours; an answer is forgotten a
# week after it was given (a later resend finds its hand recorded: 409, nothing doubled).
ANSWERS_KEPT = timedelta(days=7)


def request_hash(hand: dict[str, Any], expected_no: int) -> str:
    """A fingerprint of a record request, to tell a retry from another hand under the same key."""
    return hashlib.sha256(store.dumps({"no": expected_no, "hand": hand}).encode()).hexdigest()


def record_hand(
    db: Database,
    match_id: str,
    hand: dict[str, Any],
    expected_no: int,
    submission_key: str | None = None,
    expected_version: int | None = None,
) -> ServiceResult:
    """Record the next hand of a match.

    :param hand: a hand object (match-format.md), without ``no``.
    :param expected_no: the number the client thinks this hand gets (the next one).
    :param submission_key: the form's ``submission_id`` or the API's ``Idempotency-Key``.
    :param expected_version: the match version the page's score was based on (the form's
        hidden ``version``); another version is WRONG_NO (the page is behind). None skips it.

    Outcomes: RECORDED (``no``, ``hand`` with ``no``, ``state``, ``response``); DUPLICATE
    (same key, same request: ``response`` is the first answer, nothing stored); KEY_REUSED
    (same key, another request: 422); WRONG_NO (hand ``no`` already recorded, with ``state``:
    409); OVER (the match is finished: 409); ILLEGAL (``problems``: 422); NOT_FOUND.
    """
    fingerprint = request_hash(hand, expected_no)
    # Everything is read, checked and made ready before the write lock is taken (in WAL mode
    # reads never wait for the writer), so the lock is held for the writes alone. Under the
    # lock the match's version says whether what was read still holds: every write that could
    # change the answer (a hand, a correction, an undo, a rename or merge of a seated player,
    # this key's first answer) bumps it. If it moved, everything is read again under the lock.
    read = _read(db, match_id, hand, expected_no, submission_key, expected_version,
                 fingerprint)
    with store.transaction(db):
        if read.row is None or store.get_version(db, match_id) != read.row.version:
            read = _read(db, match_id, hand, expected_no, submission_key, expected_version,
                         fingerprint)
        return _decide(db, match_id, read, hand, expected_no, submission_key,
                       expected_version, fingerprint)


@dataclass(frozen=True, slots=True)
class _Read:
    """What a save needs to know of its match, read at one version of it."""

    row: store.StoredMatch | None  # None: no such match
    prior: _Prior | None = None  # the answer already given to this key
    texts: list[str] | None = None  # the stored hands' JSON texts
    # the stored hands and the replay with the new hand after them, when it is the next hand
    # and the page is not behind (the replay says whether it is legal)
    ready: tuple[list[dict[str, Any]], CheckResult] | None = None
    write: _Write | None = None  # a legal next hand: what it writes


@dataclass(frozen=True, slots=True)
class _Prior:
    """A key answered before: its request's fingerprint and, for the same request, the first
    answer made again (as a dict and as its JSON text)."""

    request_hash: str
    response: dict[str, Any] | None = None
    encoded: str | None = None


@dataclass(frozen=True, slots=True)
class _Write:
    """What a legal next hand writes besides itself: its facts, and its answer (as JSON text
    too, kept for the submission key)."""

    facts: Appended
    response: dict[str, Any]
    encoded: str | None


def _read(db: Database, match_id: str, hand: dict[str, Any], expected_no: int,
          submission_key: str | None, expected_version: int | None, fingerprint: str,
          ) -> _Read:
    """Read the match and check the hand as its next one (reads only)."""
    row = store.get_match(db, match_id)  # first: a write after it changes the version
    if row is None:
        return _Read(None)
    if submission_key is not None:
        kept = store.get_idempotent(db, match_id, submission_key)
        if kept is not None and kept.request_hash != fingerprint:
            return _Read(row, _Prior(kept.request_hash))
        if kept is not None:
            return _Read(row, _Prior(kept.request_hash, *answers.again(db, row, kept)))
    texts = store.hand_texts(db, match_id)
    ready = _next_checked(row, texts, hand, expected_no, expected_version)
    if ready is None or not ready[1].ok:
        return _Read(row, None, texts, ready)
    datas, result = ready
    facts = seating_.plan_facts_append(db, row.id, {**row.data, "hands": [*datas, hand]}, result)
    assert result.state is not None
    response = {"hand": {**hand, "no": len(datas) + 1}, "state": result.state.as_json()}
    encoded = None if submission_key is None \
        else answers.recorded(response["hand"], response["state"], result.state)
    return _Read(row, None, texts, ready, _Write(facts, response, encoded))


def _next_checked(row: store.StoredMatch, texts: list[str], hand: dict[str, Any],
                  expected_no: int, expected_version: int | None,
                  ) -> tuple[list[dict[str, Any]], CheckResult] | None:
    """The stored hands and the replay with ``hand`` after them, if it is the next hand and
    the page is not behind (the replay says whether it is legal); else None."""
    if expected_no != len(texts) + 1 or expected_no > MAX_HANDS \
            or _behind(row, expected_version):
        return None
    # The hands come parsed from the kept state when their stored texts are the kept ones.
    # Continuing from the kept state of this version (the previous save left it) keeps the
    # save's cost from growing with the match. A legal new hand means the stored hands replay
    # cleanly and the game was not over (else the new hand would carry a problem).
    datas, kept = _stored(row, texts)
    result = check_next(kept, hand) if kept is not None and kept.ok \
        else replay(row.data, [*datas, hand])
    return datas, result


def _behind(row: store.StoredMatch, expected_version: int | None) -> bool:
    """Whether a hand was recorded, corrected or undone since the page was made (a renamed
    player changes the version too, but not the hands)."""
    return expected_version is not None and expected_version < row.hands_version


def _stored(row: store.StoredMatch, texts: list[str],
            ) -> tuple[list[dict[str, Any]], CheckResult | None]:
    """The stored hands, parsed, and the kept replay of this version if there is one."""
    kept_entry = statecache.get_stored(row.id, row.version, row.data, texts)
    if kept_entry is None:
        return [json.loads(t) for t in texts], None
    return kept_entry


def _decide(db: Database, match_id: str, read: _Read, hand: dict[str, Any], expected_no: int,
            submission_key: str | None, expected_version: int | None, fingerprint: str,
            ) -> ServiceResult:
    """:func:`record_hand`'s outcome from what was read (inside the transaction, at the version
    read): a legal next hand is written; anything else is answered."""
    row = read.row
    if row is None:
        return ServiceResult(Status.NOT_FOUND, match_id=match_id)
    if read.prior is not None:
        response = read.prior.response
        if read.prior.request_hash != fingerprint or response is None:
            return ServiceResult(Status.KEY_REUSED, match_id=row.id)
        return ServiceResult(Status.DUPLICATE, match_id=row.id, no=response["hand"]["no"],
                             hand=response["hand"], response=response,
                             response_json=read.prior.encoded, version=row.version)
    assert read.texts is not None
    if read.ready is not None and read.write is not None:
        datas, result = read.ready
        return _store_hand(db, row, datas, read.texts, hand, submission_key, fingerprint,
                           result, read.write)
    next_no = len(read.texts) + 1
    datas = read.ready[0] if read.ready is not None else _stored(row, read.texts)[0]
    current = state_of(row, datas)
    if not current.ok:
        return ServiceResult(Status.ILLEGAL, match_id=row.id, problems=list(current.problems))
    over = current.state is not None and current.state.over
    if expected_no != next_no or (_behind(row, expected_version) and not over):
        return ServiceResult(Status.WRONG_NO, match_id=row.id, no=expected_no,
                             state=current.state, version=row.version)
    if over:
        return ServiceResult(Status.OVER, match_id=row.id, state=current.state)
    if next_no > MAX_HANDS:
        return ServiceResult(Status.ILLEGAL, match_id=row.id, problems=[too_many_hands(next_no)])
    # The next hand, not behind, on a match that replays and is not over: the hand is illegal.
    assert read.ready is not None and not read.ready[1].ok
    problems = read.ready[1].problems
    return ServiceResult(Status.ILLEGAL, match_id=row.id,
                         problems=[p for p in problems if p.hand is None or p.hand >= next_no]
                         or list(problems))


def _store_hand(db: Database, row: store.StoredMatch, stored: list[dict[str, Any]],
                texts: list[str], hand: dict[str, Any], submission_key: str | None,
                fingerprint: str, result: CheckResult, write: _Write) -> ServiceResult:
    """Write a checked hand after the ``stored`` ones (their stored ``texts``; inside the
    caller's transaction, at the version it was checked on), keep its replay as the match's
    next version, and say so."""
    assert result.state is not None
    no = len(stored) + 1
    response, encoded = write.response, write.encoded
    seating_.write_facts_append(db, write.facts)
    text = store.insert_hand(db, row.id, no, hand, submission_key)
    store.bump_match(db, row.id)
    if submission_key is not None:
        store.put_idempotent(db, row.id, submission_key, fingerprint, 201, response["hand"],
                             store.history_mark(db, row.id))
        store.prune_idempotent(db, store.now_minus(ANSWERS_KEPT))
    statecache.put(row.id, row.version + 1, row.data, [*stored, hand], result, [*texts, text])
    return ServiceResult(
        Status.RECORDED,
        match_id=row.id,
        no=no,
        hand=response["hand"],
        state=result.state,
        response=response,
        response_json=encoded,
        version=row.version + 1,
    )
