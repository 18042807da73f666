"""Recording the next hand of a match, the usual save. It is read, checked and made ready
before the write lock is taken (in WAL mode reads never wait for the writer), and written under
the lock only if the match's version is still the one read: the lock is held for the writes
alone, and anything else (a retry, another phone first, a refused hand) is decided under it.
A new hand continues from the kept state of the version before (:mod:`.statecache`), so a
save's cost does not grow with the match. No Flask."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
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
    # The usual save, a legal next hand, is read, checked and made ready before the write lock
    # is taken (in WAL mode reads never wait for the writer), so the lock is held for the
    # writes alone. It is written only if the match's version is still the one read; anything
    # else (a retry, another phone first, a refused hand) is decided under the lock.
    planned = _plan_next(db, match_id, hand, expected_no, submission_key, expected_version,
                         fingerprint)
    with store.transaction(db):
        if planned is not None and store.get_version(db, match_id) == planned.row.version:
            return _store_hand(db, planned)
        return _record_locked(db, match_id, hand, expected_no, submission_key,
                              expected_version, fingerprint)


@dataclass(frozen=True, slots=True)
class _Planned:
    """A legal next hand of a match at ``row.version``, with all it writes and answers."""

    row: store.StoredMatch
    stored: list[dict[str, Any]]  # the hands before it, and their stored texts
    texts: list[str]
    hand: dict[str, Any]
    submission_key: str | None
    fingerprint: str
    result: CheckResult
    facts: Appended
    response: dict[str, Any]
    encoded: str | None  # the answer kept for the submission key, as JSON text


def _plan_next(db: Database, match_id: str, hand: dict[str, Any], expected_no: int,
               submission_key: str | None, expected_version: int | None, fingerprint: str,
               ) -> _Planned | None:
    """The hand planned as the match's next one, if it is that and legal; None for every other
    case (those are decided under the lock). Reads only."""
    row = store.get_match(db, match_id)  # first: a write after it changes the version
    if row is None:
        return None
    if submission_key is not None and store.get_idempotent(db, match_id, submission_key):
        return None
    texts = store.hand_texts(db, match_id)
    ready = _next_checked(row, texts, hand, expected_no, expected_version)
    if ready is None or not ready[1].ok:
        return None
    datas, result = ready
    facts = seating_.plan_facts_append(db, row.id, {**row.data, "hands": [*datas, hand]},
                                       result)
    return _planned(row, datas, texts, hand, submission_key, fingerprint, result, facts)


def _next_checked(row: store.StoredMatch, texts: list[str], hand: dict[str, Any],
                  expected_no: int, expected_version: int | None,
                  ) -> tuple[list[dict[str, Any]], CheckResult] | None:
    """The stored hands and the replay with ``hand`` after them, if it is the next hand and
    the page is not behind (the replay says whether it is legal); else None."""
    # Behind: a hand was recorded, corrected or undone since the page was made (a renamed
    # player changes the version too, but not the hands).
    behind = expected_version is not None and expected_version < row.hands_version
    if expected_no != len(texts) + 1 or expected_no > MAX_HANDS or behind:
        return None
    # The hands come parsed from the kept state when their stored texts are the kept ones.
    # Continuing from the kept state of this version (the previous save left it) keeps the
    # save's cost from growing with the match. A legal new hand means the stored hands replay
    # cleanly and the game was not over (else the new hand would carry a problem).
    kept_entry = statecache.get_stored(row.id, row.version, row.data, texts)
    datas = kept_entry[0] if kept_entry else [json.loads(t) for t in texts]
    kept = kept_entry[1] if kept_entry else None
    result = check_next(kept, hand) if kept is not None and kept.ok \
        else replay(row.data, [*datas, hand])
    return datas, result


def _planned(row: store.StoredMatch, datas: list[dict[str, Any]], texts: list[str],
             hand: dict[str, Any], submission_key: str | None, fingerprint: str,
             result: CheckResult, facts: Appended) -> _Planned:
    assert result.state is not None
    response = {"hand": {**hand, "no": len(datas) + 1}, "state": result.state.as_json()}
    encoded = None if submission_key is None \
        else answers.recorded(response["hand"], response["state"], result.state)
    return _Planned(row, datas, texts, hand, submission_key, fingerprint, result, facts,
                    response, encoded)


def _record_locked(db: Database, match_id: str, hand: dict[str, Any], expected_no: int,
                   submission_key: str | None, expected_version: int | None, fingerprint: str,
                   ) -> ServiceResult:
    """:func:`record_hand` decided under the write lock, whatever the case."""
    row = store.get_match(db, match_id)
    if row is None:
        return ServiceResult(Status.NOT_FOUND, match_id=match_id)
    if submission_key is not None:
        prior = store.get_idempotent(db, match_id, submission_key)
        if prior is not None:
            prior_hash, _status, response = prior
            if prior_hash != fingerprint:
                return ServiceResult(Status.KEY_REUSED, match_id=match_id)
            return ServiceResult(
                Status.DUPLICATE,
                match_id=match_id,
                no=response["hand"]["no"],
                hand=response["hand"],
                response=response,
                version=row.version,
            )
    texts = store.hand_texts(db, match_id)
    ready = _next_checked(row, texts, hand, expected_no, expected_version)
    if ready is not None and ready[1].ok:
        datas, result = ready
        facts = seating_.plan_facts_append(db, row.id, {**row.data, "hands": [*datas, hand]},
                                           result)
        return _store_hand(db, _planned(row, datas, texts, hand, submission_key, fingerprint,
                                        result, facts))
    next_no = len(texts) + 1
    if ready is not None:
        datas = ready[0]
    else:
        kept_entry = statecache.get_stored(row.id, row.version, row.data, texts)
        datas = kept_entry[0] if kept_entry else [json.loads(t) for t in texts]
    current = state_of(row, datas)
    if not current.ok:
        return ServiceResult(Status.ILLEGAL, match_id=match_id, problems=list(current.problems))
    over = current.state is not None and current.state.over
    behind = expected_version is not None and expected_version < row.hands_version
    if expected_no != next_no or (behind and not over):
        return ServiceResult(
            Status.WRONG_NO,
            match_id=match_id,
            no=expected_no,
            state=current.state,
            version=row.version,
        )
    if over:
        return ServiceResult(Status.OVER, match_id=match_id, state=current.state)
    if next_no > MAX_HANDS:
        return ServiceResult(Status.ILLEGAL, match_id=match_id,
                             problems=[too_many_hands(next_no)])
    # The next hand, not behind, on a match that replays and is not over: the hand is illegal.
    assert ready is not None and not ready[1].ok
    result = ready[1]
    problems = [p for p in result.problems if p.hand is None or p.hand >= next_no]
    return ServiceResult(
        Status.ILLEGAL, match_id=match_id, problems=problems or list(result.problems)
    )


def _store_hand(db: Database, planned: _Planned) -> ServiceResult:
    """Write a planned hand after the stored ones (inside the caller's transaction, on the
    version it was planned on), keep its replay as the match's next version, and say so."""
    row, result, response = planned.row, planned.result, planned.response
    no = len(planned.stored) + 1
    seating_.write_facts_append(db, planned.facts)
    text = store.insert_hand(db, row.id, no, planned.hand, planned.submission_key)
    store.bump_match(db, row.id)
    if planned.submission_key is not None:
        store.put_idempotent(db, row.id, planned.submission_key, planned.fingerprint, 201,
                             response, planned.encoded)
    statecache.put(row.id, row.version + 1, row.data, [*planned.stored, planned.hand], result,
                   [*planned.texts, text])
    assert result.state is not None
    return ServiceResult(
        Status.RECORDED,
        match_id=row.id,
        no=no,
        hand=response["hand"],
        state=result.state,
        response=response,
        response_json=planned.encoded,
        version=row.version + 1,
    )
