"""Writing matches: create (and import), rematch, correct, undo (recording the next hand is
:mod:`.next_hand`). Each runs inside ``BEGIN IMMEDIATE``, replays at most once
(:mod:`.reading`) and leaves the state of the version it made in :mod:`.statecache`. No
Flask."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from .. import store
from ..engine.games import GAMES, file_notation
from ..engine.problems import Problem
from ..engine.rules import MAX_DEALS
from . import players as seating_
from . import statecache
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


def import_text(db: Database, text: str, name: str = "",
                names: Mapping[str, str] | None = None) -> ServiceResult:
    """Create a match from the text of a file of a text notation (``Notation.text``: Bridge's
    PBN, one deal or a whole match of deals), as :func:`create_match` does from a match file;
    ILLEGAL with the notation's problems, or ``file.not_notation`` when no notation reads it.
    ``names``: the players of seats the file names none for (:func:`unnamed_seats`), by seat."""
    written = file_notation(text, name, text=True)
    if written is None:
        endings = ", ".join(f".{g.notation.extension}" for g in GAMES.values() if g.notation)
        return ServiceResult(Status.ILLEGAL, problems=[Problem(
            "file.not_notation", params={"endings": f".json, {endings}"})])
    converted, problems = written[1].read(text)
    if problems or converted is None:
        return ServiceResult(Status.ILLEGAL, problems=list(problems))
    given = {seat: names[seat].strip() for seat in written[1].unnamed(text)
             if names and (names.get(seat) or "").strip()}
    if given:
        converted = {**converted, "seats": {**converted["seats"], **given}}
    return create_match(db, converted)


def unnamed_seats(text: str, name: str = "") -> tuple[str, ...]:
    """The seats a text notation's file names no player for (none if no notation reads it)."""
    written = file_notation(text, name, text=True)
    return written[1].unnamed(text) if written is not None else ()


def create_match(db: Database, data: dict[str, Any],
                 new_players: frozenset[str] = frozenset()) -> ServiceResult:
    """Create a match from a match object (hands included = an import) or an object of a
    game's notation (``Game.notation``: Euchre's EGN).

    The body may also hold ``"date"`` and seats as ``{"player": "<id>"}``
    (:func:`scorekeeper.service.players.read_seating`); every seat is linked to a player
    (``new_players``: seats whose name makes a new player even if one has that name).

    Returns CREATED with ``match_id``, ``edit_key`` (shown once: only its hash is stored) and
    ``state``; or ILLEGAL with ``problems`` (nothing stored).
    """
    written = file_notation(data)
    if written is not None:
        converted, problems = written[1].read(data)
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
        key = _rematch_key(secret, match_id, hands)
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


def rematch_started(db: Database, match_id: str, secret: str) -> bool:
    """Whether a press of Rematch now answers with the rematch already made: one was, and the
    finished match's hands are those it was made from (its key still the one they give)."""
    existing = store.get_rematch(db, match_id)
    made = store.get_match(db, existing) if existing is not None else None
    if made is None:
        return False
    hands = [h.data for h in store.get_hands(db, match_id)]
    return made.edit_key_hash == hash_key(_rematch_key(secret, match_id, hands))


def _rematch_key(secret: str, match_id: str, hands: list[dict[str, Any]]) -> str:
    """The rematch's edit key: the same for every press while the hands stay as they are."""
    return derived_key(secret, f"rematch:{match_id}:{_hands_digest(hands)}")


def _hands_digest(hands: list[dict[str, Any]]) -> str:
    """A fingerprint of a match's stored hands (what its rematch follows on from)."""
    return hashlib.sha256(store.dumps(hands).encode()).hexdigest()


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
