"""Writing matches: create (and import), rematch, record, correct, undo. Each runs inside
``BEGIN IMMEDIATE``, replays at most once (:mod:`.reading`; a new hand continues from the kept
state of the version before) and leaves the state of the version it made in :mod:`.statecache`.
No Flask."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.matchfile import CheckResult, check_next
from ..engine.problems import Problem
from ..engine.rules import MAX_DEALS
from ..formats.egn import egn_to_match, is_egn
from ..store.facts import Appended
from . import answers, statecache
from . import players as seating_
from .keys import derived_key, hash_key, new_key, new_match_id
from .reading import check, replay, state_of
from .redoing import undo_done
from .results import ServiceResult, Status

# --- writing ----------------------------------------------------------------------------------


# A real match has a few dozen hands; the cap keeps a crafted import or a script from making
# pages and PDFs that take seconds to render.
MAX_HANDS = MAX_DEALS


def too_many_hands(no: int | None = None) -> Problem:
    """The problem of a match that would pass :data:`MAX_HANDS`."""
    return Problem("match.too_many_hands", field="hands", hand=no, params={"max": MAX_HANDS})


def create_match(db: Database, data: dict[str, Any],
                 new_players: frozenset[str] = frozenset()) -> ServiceResult:
    """Create a match from a match object (hands included = an import) or an EGN object.

    The body may also hold ``"date"`` and seats as ``{"player": "<id>"}``
    (:func:`scorekeeper.service.players.read_seating`); every seat is linked to a player
    (``new_players``: seats whose name makes a new player even if one has that name).

    Returns CREATED with ``match_id``, ``edit_key`` (shown once: only its hash is stored) and
    ``state``; or ILLEGAL with ``problems`` (nothing stored).
    """
    if is_egn(data):
        converted, problems = egn_to_match(data)
        if problems or converted is None:
            return ServiceResult(Status.ILLEGAL, problems=list(problems))
        data = converted
        seating = seating_.Seating()
    else:
        data, seating, seat_problems = seating_.read_seating(db, data)
        if seat_problems:
            return ServiceResult(Status.ILLEGAL, problems=seat_problems)
    seating.new = new_players
    hands = data.get("hands") if isinstance(data, dict) else None
    if isinstance(hands, list) and len(hands) > MAX_HANDS:
        return ServiceResult(Status.ILLEGAL, problems=[too_many_hands()])
    result = check(data)
    if not result.ok:
        return ServiceResult(Status.ILLEGAL, problems=list(result.problems))
    hands = data.get("hands") or []
    stored = {k: v for k, v in data.items() if k != "hands"}
    match_id, key = new_match_id(), new_key()
    with store.transaction(db):
        store.insert_match(db, match_id, hash_key(key), data["game"], stored)
        store.insert_hands(db, match_id, hands)
        seating_.seat_match(db, match_id, result.match["seats"] if result.match else {}, seating,
                            "import" if hands else "start")
        seating_.facts_after_write(db, match_id, data, result)
    statecache.put(match_id, 1, stored, hands, result)
    return ServiceResult(
        Status.CREATED, match_id=match_id, edit_key=key, state=result.state, version=1
    )


def rematch(db: Database, match_id: str, secret: str) -> ServiceResult:
    """The rematch of a finished match: same seats, teams and rules, the deal going on.

    Idempotent: a second press (another phone, a double tap) answers with the same new match
    and the same edit key, derived from ``secret``, the old match's id and its hands. A rematch
    made before the old match's hands changed (a hand undone, then the match finished again)
    is no longer its rematch: the press makes a new one, dealt on from the hands as they are.

    Returns CREATED, NOT_FOUND, NOT_OVER (the match is not finished: nothing is made) or
    ILLEGAL.
    """
    with store.transaction(db):
        row = store.get_match(db, match_id)
        if row is None:
            return ServiceResult(Status.NOT_FOUND, match_id=match_id)
        hands = [h.data for h in store.get_hands(db, match_id)]
        current = state_of(row, hands)
        if current.state is None or not current.state.over:
            return ServiceResult(Status.NOT_OVER, match_id=match_id, state=current.state,
                                 version=row.version)
        key = derived_key(secret, f"rematch:{match_id}:{_hands_digest(hands)}")
        existing = store.get_rematch(db, match_id)
        if existing is not None:
            made = store.get_match(db, existing)
            if made is not None and made.edit_key_hash == hash_key(key):
                return ServiceResult(Status.CREATED, match_id=existing, edit_key=key)
            store.unlink_rematch(db, match_id)  # made from other hands: no longer the rematch
        data = {k: v for k, v in row.data.items() if k not in ("start_score", "played")}
        data["first_dealer"] = current.state.next_dealer
        result = check({**data, "hands": []})
        if not result.ok:
            return ServiceResult(Status.ILLEGAL, problems=list(result.problems))
        new_id = new_match_id()
        store.insert_match(db, new_id, hash_key(key), data["game"], data, rematch_of=match_id)
        store.touch_match(db, match_id)  # the finished match's viewers are offered the rematch
        seating_.seat_rematch(db, match_id, new_id)
    statecache.put(new_id, 1, data, [], result)
    return ServiceResult(Status.CREATED, match_id=new_id, edit_key=key, state=result.state,
                         version=1)


def _hands_digest(hands: list[dict[str, Any]]) -> str:
    """A fingerprint of a match's stored hands (what its rematch follows on from)."""
    return hashlib.sha256(store.dumps(hands).encode()).hexdigest()


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


def correct_hand(
    db: Database,
    match_id: str,
    no: int,
    hand: dict[str, Any],
    expected_version: int | None = None,
    by: str = "scorer",
    expected_match_version: int | None = None,
) -> ServiceResult:
    """Replace recorded hand ``no``; every later hand is re-scored by the replay.

    :param expected_version: the hand's version the editor saw (``LoadedMatch.hand_versions``);
        None skips the check.
    :param expected_match_version: the match version the editor saw (``LoadedMatch.version``,
        the API's If-Match); None skips the check.

    Outcomes: CORRECTED (``state``; the old hand goes to the history); CONFLICT (someone
    changed the hand first: 409, with ``state``); ILLEGAL (the correction, or a later hand
    after it, is illegal: ``problems``, nothing stored); NO_SUCH_HAND; NOT_FOUND.
    """
    with store.transaction(db):
        row = store.get_match(db, match_id)
        if row is None:
            return ServiceResult(Status.NOT_FOUND, match_id=match_id)
        hands = store.get_hands(db, match_id)
        if not 1 <= no <= len(hands):
            return ServiceResult(Status.NO_SUCH_HAND, match_id=match_id, no=no)
        target = hands[no - 1]
        datas = [h.data for h in hands]
        if (expected_version is not None and target.version != expected_version) or (
            expected_match_version is not None and row.version != expected_match_version
        ):
            current = state_of(row, datas)
            return ServiceResult(Status.CONFLICT, match_id=match_id, no=no, state=current.state)
        datas[no - 1] = hand
        result = replay(row.data, datas)
        if not result.ok:
            return ServiceResult(Status.ILLEGAL, match_id=match_id, no=no, problems=result.problems)
        if target.data == hand:
            return ServiceResult(Status.CORRECTED, match_id=match_id, no=no, state=result.state,
                           version=row.version)
        if not store.update_hand(db, match_id, no, hand, target.version):
            return ServiceResult(Status.CONFLICT, match_id=match_id, no=no, state=result.state)
        store.add_history(db, match_id, no, "correct", target.data, hand, by)
        store.bump_match(db, match_id)
        seating_.facts_after_write(db, match_id, {**row.data, "hands": datas}, result, from_no=no)
        statecache.put(match_id, row.version + 1, row.data, datas, result)
    return ServiceResult(
        Status.CORRECTED,
        match_id=match_id,
        no=no,
        hand={**hand, "no": no},
        state=result.state,
        version=row.version + 1,
    )


def undo_last(
    db: Database,
    match_id: str,
    no: int,
    by: str = "scorer",
    expected_match_version: int | None = None,
    again_ok: bool = False,
) -> ServiceResult:
    """Remove hand ``no`` if it is the last one (it goes to the history).

    ``again_ok``: an undo sent again while its hand is still out answers UNDONE (the pages;
    the API keeps its 409).

    Outcomes: UNDONE (``state``); NOT_LAST (``no`` is not the last hand, e.g. another phone
    recorded one meanwhile, or it was already undone: 409, with ``state``); CONFLICT (the
    match changed since ``expected_match_version``); NOT_FOUND.
    """
    with store.transaction(db):
        row = store.get_match(db, match_id)
        if row is None:
            return ServiceResult(Status.NOT_FOUND, match_id=match_id)
        hands = store.get_hands(db, match_id)
        datas = [h.data for h in hands]
        if not hands or no != len(hands):
            current = state_of(row, datas)
            # Sent again (Back, a retry, a second phone): the hand is out already.
            done = Status.UNDONE if again_ok and undo_done(db, match_id, no) \
                else Status.NOT_LAST
            return ServiceResult(done, match_id=match_id, no=no, state=current.state,
                                 version=row.version)
        if expected_match_version is not None and row.version != expected_match_version:
            current = state_of(row, datas)
            return ServiceResult(Status.CONFLICT, match_id=match_id, no=no, state=current.state)
        store.delete_hand(db, match_id, no)
        store.add_history(db, match_id, no, "undo", hands[-1].data, None, by)
        store.bump_match(db, match_id)
        result = replay(row.data, datas[:-1])
        seating_.facts_after_write(db, match_id, {**row.data, "hands": datas[:-1]}, result,
                                   from_no=no)
        statecache.put(match_id, row.version + 1, row.data, datas[:-1], result)
    return ServiceResult(
        Status.UNDONE,
        match_id=match_id,
        no=no,
        hand={**hands[-1].data, "no": no},
        state=result.state,
        problems=list(result.problems),
        version=row.version + 1,
    )
