"""A duplicate session at play, in the store and service (issue 40): the round under way, a
table's right (the tent's key, the phone holding it), results entered at a table with their
refusals (nothing stored), the opponents' answer, and the moves at a round's end."""

from __future__ import annotations

from typing import Any

import pytest
from support import table_session

from scorekeeper.engine.pair_movements import howell, mitchell
from scorekeeper.engine.pair_moves import moves
from scorekeeper.service import session_tables as tables
from scorekeeper.service import sessions
from scorekeeper.service.sessions import SessionStatus

SECRET = "test-secret"
PLAYED = {"contract": "4H", "declarer": "S", "tricks": 10}


@pytest.fixture
def sid(db) -> str:
    return table_session.start(db)[0]


def codes(outcome: sessions.SessionOutcome) -> list[str | None]:
    return [p.template for p in outcome.problems]


def test_a_new_session_is_at_round_one_and_not_ended(db, sid: str) -> None:
    now = tables.round_state(db, sid)
    assert now is not None and (now.round, now.ended) == (1, None)
    assert now.started == sessions.load_session(db, sid).stored.created  # type: ignore


def test_next_round_moves_until_the_last_then_says_so(db, sid: str) -> None:
    version = sessions.load_session(db, sid).stored.version  # type: ignore[union-attr]
    assert tables.next_round(db, sid) is tables.RoundStatus.CHANGED
    assert tables.next_round(db, sid) is tables.RoundStatus.CHANGED
    assert tables.next_round(db, sid) is tables.RoundStatus.LAST
    assert tables.round_state(db, sid).round == 3  # type: ignore[union-attr]
    # the pages and the live stream follow the version
    assert sessions.load_session(db, sid).stored.version == version + 2  # type: ignore
    assert tables.end_session(db, sid) is tables.RoundStatus.CHANGED
    assert tables.round_state(db, sid).ended is not None  # type: ignore[union-attr]
    assert tables.next_round(db, sid) is tables.RoundStatus.ENDED
    assert tables.next_round(db, "nope") is tables.RoundStatus.NOT_FOUND


def test_the_tent_key_gives_the_right_and_takes_it_from_the_phone_before(db, sid: str
                                                                           ) -> None:
    key = tables.table_key(SECRET, sid, 2)
    assert tables.holder(db, sid, 2) is None
    first = tables.take_table(db, SECRET, sid, 2, key)
    second = tables.take_table(db, SECRET, sid, 2, key)
    assert first and second and first != second
    assert tables.holder(db, sid, 2) == second


@pytest.mark.parametrize(("table", "key"), [
    (2, "wrong"), (2, ""), (2, None), (1, "table-2"), (4, "table-4"), (0, "table-0")])
def test_a_key_that_is_not_this_tables_gives_nothing(db, sid: str, table: int,
                                                     key: str | None) -> None:
    if key and key.startswith("table-"):
        key = tables.table_key(SECRET, sid, int(key[6:]))
    assert tables.take_table(db, SECRET, sid, table, key) is None
    assert tables.holder(db, sid, table) is None


def enter(db: Any, sid: str, table: int, round_no: int, board: int, **extra: Any
          ) -> sessions.SessionOutcome:
    key = extra.pop("key", None)
    return tables.enter_at_table(db, sid, table, round_no, {"board": board, **PLAYED, **extra},
                                 key=key)


def test_a_result_entered_at_a_table_waits_for_the_opponents(db, sid: str) -> None:
    outcome = enter(db, sid, 1, 1, 2)
    assert outcome.status is SessionStatus.CREATED
    stored = sessions.load_session(db, sid).stored  # type: ignore[union-attr]
    # the file's result is the spec's: the table's pairs and round, no state in it
    assert stored.results == [{"board": 2, "contract": "4H", "declarer": "S", "tricks": 10,
                               "ns": "N1", "ew": "E1", "round": 1, "table": 1}]
    assert tables.states(db, sid)[(2, "N1")].state == "entered"


REFUSALS = [
    # (what was entered before, table, round, board, the refusal)
    ([], 1, 1, 4, "table.not_board"),  # board 4 is table 2's in round 1
    ([], 1, 2, 4, "table.later_round"),  # round 2 has not started
    ([], 4, 1, 1, "table.not_playing"),
    ([(1, 1, 2)], 1, 1, 2, "table.twice"),
    ([(3, 1, 7)], 1, 1, 2, None),  # another table's board: fine
]


@pytest.mark.parametrize(("before", "table", "round_no", "board", "code"), REFUSALS)
def test_a_table_is_refused_in_words_and_nothing_is_stored(
        db, sid: str, before: list[tuple[int, int, int]], table: int, round_no: int,
        board: int, code: str | None) -> None:
    for t, r, b in before:
        assert enter(db, sid, t, r, b).status is SessionStatus.CREATED
    version = sessions.load_session(db, sid).stored.version  # type: ignore[union-attr]
    outcome = enter(db, sid, table, round_no, board)
    if code is None:
        assert outcome.status is SessionStatus.CREATED
        return
    assert outcome.status is SessionStatus.ILLEGAL
    assert codes(outcome) == [tables.TABLE_MESSAGES[code]]
    assert "{" not in outcome.problems[0].message
    assert sessions.load_session(db, sid).stored.version == version  # type: ignore


def test_a_pair_that_played_the_board_is_refused(db, sid: str) -> None:
    # round 1, table 1: N1 v E1 play boards 1–3; the director enters board 1 for N1 v E2
    sessions.enter_result(db, sid, {"board": 1, "ns": "N1", "ew": "E2", **PLAYED})
    outcome = enter(db, sid, 1, 1, 1)
    assert codes(outcome) == [tables.TABLE_MESSAGES["table.played"]]
    assert "Pair N1 already played board 1 (against pair E2)" in outcome.problems[0].message


def test_a_lead_the_leader_does_not_hold_is_the_games_refusal(db, sid: str) -> None:
    wrong = enter(db, sid, 1, 1, 1, lead=table_session.lead_not_held(1, "S"))
    assert wrong.status is SessionStatus.ILLEGAL and wrong.problems[0].field == "lead"
    assert enter(db, sid, 1, 1, 1, lead=table_session.lead_held(1, "S")).status is \
        SessionStatus.CREATED


def test_a_result_of_an_earlier_round_is_taken_from_a_table_that_was_offline(db, sid: str
                                                                            ) -> None:
    tables.next_round(db, sid)
    assert enter(db, sid, 1, 1, 3).status is SessionStatus.CREATED
    assert enter(db, sid, 1, 2, 5).status is SessionStatus.CREATED  # round 2: boards 4–6


def test_a_queued_result_sent_again_is_stored_once(db, sid: str) -> None:
    first = enter(db, sid, 1, 1, 1, key="q-1")
    again = enter(db, sid, 1, 1, 1, key="q-1")
    assert (first.status, again.status) == (SessionStatus.CREATED, SessionStatus.REPLAYED)
    assert len(sessions.load_session(db, sid).stored.results) == 1  # type: ignore


def test_the_session_ended_takes_no_more_from_the_tables(db, sid: str) -> None:
    tables.end_session(db, sid)
    assert codes(enter(db, sid, 1, 1, 1)) == [tables.TABLE_MESSAGES["table.ended"]]


@pytest.mark.parametrize(("first", "second", "status", "code"), [
    ("accepted", "accepted", SessionStatus.UNCHANGED, None),
    ("accepted", "disputed", SessionStatus.ILLEGAL, "table.settled"),
    ("disputed", "accepted", SessionStatus.ILLEGAL, "table.disputed"),
    ("disputed", "disputed", SessionStatus.UNCHANGED, None),
])
def test_the_opponents_answer_once(db, sid: str, first: str, second: str,
                                   status: SessionStatus, code: str | None) -> None:
    enter(db, sid, 1, 1, 2)
    assert tables.answer_at_table(db, sid, 1, 2, first).status is SessionStatus.CHANGED
    assert tables.states(db, sid)[(2, "N1")].state == first
    outcome = tables.answer_at_table(db, sid, 1, 2, second)
    assert outcome.status is status
    assert codes(outcome) == ([tables.TABLE_MESSAGES[code]] if code else [])
    assert tables.states(db, sid)[(2, "N1")].state == first


def test_only_a_result_of_the_table_can_be_answered(db, sid: str) -> None:
    enter(db, sid, 2, 1, 4)
    assert codes(tables.answer_at_table(db, sid, 1, 4, "accepted")) == [
        tables.TABLE_MESSAGES["table.no_result"]]


def test_the_directors_correction_settles_a_dispute(db, sid: str) -> None:
    enter(db, sid, 1, 1, 2)
    tables.answer_at_table(db, sid, 1, 2, "disputed")
    fixed = {"board": 2, "ns": "N1", "ew": "E1", "contract": "4H", "declarer": "S",
             "tricks": 9, "round": 1, "table": 1}
    assert sessions.enter_result(db, sid, fixed).status is SessionStatus.CHANGED
    assert (2, "N1") not in tables.states(db, sid)


def test_the_moves_at_a_rounds_end() -> None:
    m = mitchell(3, 3, 3, "skip")
    first = {t.table: t for t in moves(m, 1)}
    assert [(p.pair, p.table, p.direction, p.stays) for p in first[1].pairs] == [
        ("N1", 1, "NS", True), ("E1", 2, "EW", False)]
    assert (first[2].boards.boards, first[2].boards.table) == ((4, 5, 6), 1)
    assert moves(m, 3) == () and moves(m, 0) == ()


@pytest.mark.parametrize(("movement", "table", "pairs", "boards"), [
    # a relay Mitchell: table 3's set rests on the relay stand next round
    (mitchell(4, 2, None, "relay"), 3, [("N3", 3, "NS", True), ("E3", 4, "EW", False)],
     ((7, 8), None, True)),
    (mitchell(4, 2, None, "relay"), 2, [("N2", 2, "NS", True), ("E2", 3, "EW", False)],
     ((3, 4), 1, False)),
    # a Howell: both pairs may move, and a set may wait for a later round
    (howell(8, 2), 2, [("3", 3, "NS", False), ("6", 4, "NS", False)], ((7, 8), None, False)),
    (howell(8, 2), 1, [("8", 1, "NS", True), ("1", 3, "EW", False)], ((1, 2), 4, False)),
])
def test_the_moves_of_every_movement(movement: Any, table: int,
                                     pairs: list[tuple[str, int, str, bool]],
                                     boards: tuple[tuple[int, ...], int | None, bool]) -> None:
    found = {t.table: t for t in moves(movement, 1)}[table]
    assert [(p.pair, p.table, p.direction, p.stays) for p in found.pairs] == pairs
    assert (found.boards.boards, found.boards.table, found.boards.relay) == boards
