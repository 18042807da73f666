"""Taking an undo back (issue 24): the rule of what a redo restores, and when. No Flask.

A redo puts back the exact hand the last undo removed, as the same number, only while nothing
happened since: the match's last history entry is that undo and the match has one hand fewer.
A redo sent again (a retry, a second phone, Back) finds the hand back and answers REDONE
without writing; so does an undo sent again after it was done (:func:`undo_done`).
"""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from .. import store
from . import players as seating_
from . import statecache
from .match import HandChange
from .reading import replay, state_of
from .results import ServiceResult, Status


def _last_entry(db: Database, match_id: str) -> HandChange | None:
    entries = store.get_history(db, match_id)
    return HandChange(**entries[-1]) if entries else None


def redoable(db: Database, match_id: str) -> tuple[int, dict[str, Any]] | None:
    """The hand a redo would put back (its number and data), or None: only right after an undo
    of the last hand, nothing recorded, corrected or undone since."""
    last = _last_entry(db, match_id)
    if last is None or last.action != "undo" or last.old is None:
        return None
    if last.no != len(store.get_hands(db, match_id)) + 1:
        return None
    return last.no, last.old


def redo_last(db: Database, match_id: str, no: int, by: str = "scorer",
              expected_match_version: int | None = None) -> ServiceResult:
    """Put back hand ``no``, which the last undo removed.

    Outcomes: REDONE (``state``; also when it is back already: nothing written); CONFLICT
    (something happened since the undo, or the match is not at ``expected_match_version``:
    nothing written, with ``state``); NOT_FOUND.
    """
    with store.transaction(db):
        row = store.get_match(db, match_id)
        if row is None:
            return ServiceResult(Status.NOT_FOUND, match_id=match_id)
        hands = store.get_hands(db, match_id)
        datas = [h.data for h in hands]
        last = _last_entry(db, match_id)
        if last is not None and last.action in ("undo", "redo") \
                and last.no == no == len(hands) and datas[-1] == (
                last.old if last.action == "undo" else last.new):
            # Sent again: the hand is back already (a redo, or an undo that was not made).
            done = state_of(row, datas)
            return ServiceResult(Status.REDONE, match_id=match_id, no=no, state=done.state,
                                 version=row.version)
        behind = expected_match_version is not None and row.version != expected_match_version
        if behind or last is None or last.action != "undo" or last.old is None \
                or last.no != no or no != len(hands) + 1:
            current = state_of(row, datas)
            return ServiceResult(Status.CONFLICT, match_id=match_id, no=no, state=current.state)
        hand = last.old
        result = replay(row.data, [*datas, hand])
        if not result.ok:  # cannot happen with nothing changed since; never stored if so
            return ServiceResult(Status.ILLEGAL, match_id=match_id, no=no,
                                 problems=list(result.problems))
        store.insert_hand(db, match_id, no, hand, None)
        store.add_history(db, match_id, no, "redo", None, hand, by)
        store.bump_match(db, match_id)
        seating_.facts_after_append(db, match_id, {**row.data, "hands": [*datas, hand]}, result)
        statecache.put(match_id, row.version + 1, row.data, [*datas, hand], result)
    return ServiceResult(Status.REDONE, match_id=match_id, no=no, hand={**hand, "no": no},
                         state=result.state, version=row.version + 1)


def undo_done(db: Database, match_id: str, no: int) -> bool:
    """Whether hand ``no`` is the one the last undo removed and it is still out (an undo sent
    again: Back, a retry, a second phone)."""
    found = redoable(db, match_id)
    return found is not None and found[0] == no
