"""A save reads and checks its hand before it takes the write lock, and under the lock trusts
what it read only if the match's version is still the one it read (else it reads again).
Between the two, another phone or the organiser may write: each case, on a real database file
through a second connection, ends as if the save had come after that write (never a lost or
doubled hand, never facts from the old seats)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from support.helpers import euchre_hand, euchre_match

from scorekeeper import service, store
from scorekeeper.service import Status, next_hand, player_changes
from scorekeeper.store import facts
from scorekeeper.store.db import connect

FACT_TABLES = ("hand_facts", "seat_facts", "seat_stats", "match_facts")


def in_between(monkeypatch, app, write: Callable) -> list[bool]:
    """Run ``write(other_db)`` on a second connection once, right after the next save has
    read and checked its hand and before it takes the lock. The list holds, for each read the
    save made, whether it found a legal next hand (a second read: it read again under the
    lock)."""
    reading = next_hand._read
    reads: list[bool] = []

    writing: list[bool] = []

    def read_then_write(*args, **kwargs):
        read = reading(*args, **kwargs)
        if writing:  # the other phone's own save
            return read
        reads.append(read.write is not None)
        if len(reads) == 1:
            writing.append(True)
            other = connect(app.config["DATABASE"])
            try:
                write(other)
            finally:
                other.conn.close()
                writing.clear()
        return read

    monkeypatch.setattr(next_hand, "_read", read_then_write)
    return reads


def fact_rows(db, match_id: str) -> dict[str, list]:
    return {t: sorted(map(repr, db.execute(f"SELECT * FROM {t} WHERE match_id = ?",
                                           [match_id]).fetchall())) for t in FACT_TABLES}


def days(db) -> list:
    return sorted(db.execute("SELECT * FROM player_days").fetchall())


def assert_facts_are_a_rebuild(db, match_id: str) -> None:
    """The facts the saves wrote are those a rebuild from the stored hands makes."""
    written, written_days = fact_rows(db, match_id), days(db)
    with store.transaction(db):
        facts.rebuild(db, match_id)
    assert fact_rows(db, match_id) == written
    assert days(db) == written_days


def new_match(db, hands: int = 0) -> tuple[str, str]:
    made = service.create_match(db, euchre_match())
    for no in range(1, hands + 1):
        assert service.record_hand(db, made.match_id, euchre_hand("NESW"[no % 4]), no).ok
    return made.match_id, made.edit_key


def stored_hands(db, match_id: str) -> list[dict]:
    return [json.loads(t) for t in store.hand_texts(db, match_id)]


def test_another_phone_first_takes_the_number(monkeypatch, app, db):
    match_id, _ = new_match(db, hands=2)
    ran = in_between(monkeypatch, app, lambda other: service.record_hand(
        other, match_id, euchre_hand("W", 5), 3))
    outcome = service.record_hand(db, match_id, euchre_hand("N", 4), 3, "phone-a")
    assert ran == [True, False]
    assert outcome.status is Status.WRONG_NO
    assert outcome.state.score == service.load(db, match_id).state.score
    assert stored_hands(db, match_id)[2] == euchre_hand("W", 5)
    assert len(stored_hands(db, match_id)) == 3
    assert store.get_idempotent(db, match_id, "phone-a") is None
    assert_facts_are_a_rebuild(db, match_id)


def test_the_same_submission_through_another_worker_is_stored_once(monkeypatch, app, db):
    match_id, _ = new_match(db, hands=1)
    hand = euchre_hand("E", 3)
    ran = in_between(monkeypatch, app, lambda other: service.record_hand(
        other, match_id, hand, 2, "retry-1"))
    outcome = service.record_hand(db, match_id, hand, 2, "retry-1")
    assert ran == [True, False]
    assert outcome.status is Status.DUPLICATE
    assert outcome.no == 2
    assert len(stored_hands(db, match_id)) == 2
    assert_facts_are_a_rebuild(db, match_id)


def test_an_undo_in_between_makes_the_save_late(monkeypatch, app, db):
    match_id, _ = new_match(db, hands=3)
    ran = in_between(monkeypatch, app, lambda other: service.undo_last(other, match_id, 3))
    outcome = service.record_hand(db, match_id, euchre_hand("N", 4), 4)
    assert ran == [True, False]
    assert outcome.status is Status.WRONG_NO
    assert len(stored_hands(db, match_id)) == 2
    assert_facts_are_a_rebuild(db, match_id)


def test_a_rename_in_between_still_records_the_hand(monkeypatch, app, db):
    match_id, _ = new_match(db, hands=2)
    north = service.players.match_players(db, match_id)["N"]["id"]
    ran = in_between(monkeypatch, app, lambda other: player_changes.rename(
        other, north, "Annabel Lee"))
    outcome = service.record_hand(db, match_id, euchre_hand("N", 5), 3, "phone-a")
    assert ran == [True, True]
    assert outcome.status is Status.RECORDED
    assert outcome.no == 3
    assert store.get_match(db, match_id).data["seats"]["N"] == "Annabel Lee"
    assert len(stored_hands(db, match_id)) == 3
    assert_facts_are_a_rebuild(db, match_id)


def test_a_merge_in_between_writes_the_facts_of_the_player_merged_into(monkeypatch, app, db):
    match_id, _ = new_match(db, hands=2)
    north = service.players.match_players(db, match_id)["N"]["id"]
    elsewhere = service.create_match(db, euchre_match(
        seats={"N": "Annie", "E": "Zed", "S": "Yan", "W": "Xu"}))
    annie = service.players.match_players(db, elsewhere.match_id)["N"]["id"]
    ran = in_between(monkeypatch, app, lambda other: player_changes.merge(other, north, annie))
    outcome = service.record_hand(db, match_id, euchre_hand("N", 5), 3)
    assert ran == [True, True]
    assert outcome.status is Status.RECORDED
    assert service.players.match_players(db, match_id)["N"]["id"] == annie
    seat_players = {r[0] for r in db.execute(
        "SELECT player FROM seat_facts WHERE match_id = ? AND no = 3 AND seat = 'N'",
        [match_id]).fetchall()}
    assert seat_players == {annie}
    assert_facts_are_a_rebuild(db, match_id)


def test_a_write_to_another_match_is_no_reason_to_read_again(monkeypatch, app, db):
    match_id, _ = new_match(db, hands=1)
    other_id, _ = new_match(db, hands=1)
    ran = in_between(monkeypatch, app, lambda other: service.record_hand(
        other, other_id, euchre_hand("S", 3), 2))
    outcome = service.record_hand(db, match_id, euchre_hand("N", 4), 2)
    assert ran == [True]
    assert outcome.status is Status.RECORDED
    assert len(stored_hands(db, match_id)) == 2
    assert len(stored_hands(db, other_id)) == 2
    assert_facts_are_a_rebuild(db, match_id)
    assert_facts_are_a_rebuild(db, other_id)


@pytest.mark.parametrize(("hand", "no", "status"), [
    (euchre_hand("N", 9), 2, Status.ILLEGAL),  # nine tricks: decided under the lock
    (euchre_hand("N", 4), 5, Status.WRONG_NO),  # not the next number
])
def test_a_refused_save_is_decided_from_its_one_read(monkeypatch, app, db, hand, no,
                                                              status):
    match_id, _ = new_match(db, hands=1)
    ran = in_between(monkeypatch, app, lambda other: None)
    outcome = service.record_hand(db, match_id, hand, no)
    assert ran == [False]
    assert outcome.status is status
    assert len(stored_hands(db, match_id)) == 1
