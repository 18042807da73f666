"""Undo taken back (issue 24): a redo restores the exact hand the last undo removed, once;
sent again (a retry, Back, a second phone) it neither doubles nor loses a hand. Through the
service on a real SQLite file."""

from __future__ import annotations

import pytest
from support.helpers import euchre_hand, euchre_match

from scorekeeper import service
from scorekeeper.service import Status


def played(db, *hands):
    match_id = service.create_match(db, euchre_match()).match_id
    for no, hand in enumerate(hands, 1):
        assert service.record_hand(db, match_id, hand, no).ok
    return match_id


def stored(db, match_id):
    return service.load(db, match_id).match.hand_objects


def test_redo_puts_back_the_exact_hand_and_a_resend_writes_nothing(db):
    two = euchre_hand("S", 5, note="a march")
    match_id = played(db, euchre_hand("E", 3), two)
    assert service.undo_last(db, match_id, 2).status is Status.UNDONE
    version = service.load(db, match_id).version
    assert service.redoable(db, match_id) == (2, two)
    done = service.redo_last(db, match_id, 2, expected_match_version=version)
    assert done.status is Status.REDONE and done.version == version + 1
    assert [h.get("note") for h in stored(db, match_id)] == [None, "a march"]
    assert service.load(db, match_id).state.score == {"NS": 2, "EW": 1}
    again = service.redo_last(db, match_id, 2, expected_match_version=version)  # a retry
    assert again.status is Status.REDONE and again.version == version + 1
    assert len(stored(db, match_id)) == 2 and service.redoable(db, match_id) is None
    actions = [e.action for e in service.history(db, match_id)]
    assert actions == ["undo", "redo"]


@pytest.mark.parametrize("meanwhile", ["record", "undo again", "correct", "version"])
def test_no_redo_once_something_happened_since_the_undo(db, meanwhile):
    match_id = played(db, euchre_hand("E", 3), euchre_hand("S", 5), euchre_hand("W", 4))
    service.undo_last(db, match_id, 3)
    version = service.load(db, match_id).version
    if meanwhile == "record":
        service.record_hand(db, match_id, euchre_hand("N", 4), 3)
    elif meanwhile == "undo again":
        service.undo_last(db, match_id, 2)
    elif meanwhile == "correct":
        service.correct_hand(db, match_id, 1, euchre_hand("E", 4))
    else:
        version -= 1  # the page was older than the undo
    before = stored(db, match_id)
    outcome = service.redo_last(db, match_id, 3, expected_match_version=version)
    assert outcome.status is Status.CONFLICT
    assert stored(db, match_id) == before


def test_an_undo_sent_again_is_done_once_and_back_after_a_redo_undoes_nothing(db):
    match_id = played(db, euchre_hand("E", 3), euchre_hand("S", 5))
    page_version = service.load(db, match_id).version
    first = service.undo_last(db, match_id, 2, expected_match_version=page_version,
                              again_ok=True)
    assert first.status is Status.UNDONE
    again = service.undo_last(db, match_id, 2, expected_match_version=page_version,
                              again_ok=True)  # a second phone's, or a retried POST
    assert again.status is Status.UNDONE and len(stored(db, match_id)) == 1
    service.redo_last(db, match_id, 2)
    back = service.undo_last(db, match_id, 2, expected_match_version=page_version,
                             again_ok=True)  # Back to the page before, Undo sent again
    assert back.status is Status.CONFLICT and len(stored(db, match_id)) == 2
    assert service.undo_last(db, match_id, 3).status is Status.NOT_LAST  # the API's answer
