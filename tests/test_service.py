"""The service layer: every outcome of create, record, correct and undo, on a real database."""

from __future__ import annotations

import json
import threading

import pytest
from support.helpers import SHARED, euchre_hand, euchre_match, whist_match

from scorekeeper import service, store
from scorekeeper.engine.games import GAMES
from scorekeeper.service import Status
from scorekeeper.store.db import connect
from scorekeeper.web import outcomes

EXAMPLES = SHARED / "spec" / "examples"


@pytest.fixture
def match(db):
    """A new Euchre match: (id, edit key)."""
    outcome = service.create_match(db, euchre_match())
    return outcome.match_id, outcome.edit_key


def score(db, match_id):
    return service.load(db, match_id).state.score


# --- create -----------------------------------------------------------------------------------


def test_create_stores_the_match_without_hands_and_a_key_hash(db):
    outcome = service.create_match(db, euchre_match(teams={"NS": "Home", "EW": "Away"}))
    assert outcome.status is Status.CREATED
    assert outcomes.http_status(outcome) == 201
    assert outcome.state.score == {"NS": 0, "EW": 0}
    row = store.get_match(db, outcome.match_id)
    assert "hands" not in row.data
    assert row.edit_key_hash == service.hash_key(outcome.edit_key)
    assert outcome.edit_key not in json.dumps(list(db["matches"].rows))
    assert len(outcome.match_id) >= 22  # 128 bits, URL-safe
    assert len(outcome.edit_key) >= 22


def test_create_with_hands_is_an_import(db):
    data = euchre_match(hands=[euchre_hand("E", 3), euchre_hand("N", 5)])
    outcome = service.create_match(db, data)
    assert outcome.ok
    loaded = service.load(db, outcome.match_id)
    assert loaded.hand_count == 2
    assert loaded.match.hand_objects == data["hands"]
    assert loaded.state.score == {"NS": 2, "EW": 1}


def test_create_refuses_an_illegal_match(db):
    outcome = service.create_match(db, euchre_match(seats={"N": "Ann"}, colour="red"))
    assert outcome.status is Status.ILLEGAL
    assert outcomes.http_status(outcome) == 422
    assert outcome.problems
    assert db["matches"].count == 0


def test_create_refuses_an_import_with_an_illegal_hand(db):
    outcome = service.create_match(db, euchre_match(hands=[euchre_hand(tricks=6)]))
    assert outcome.status is Status.ILLEGAL
    assert outcome.problems[0].hand == 1
    assert db["matches"].count == 0
    assert db["hands"].count == 0


def test_create_from_the_examples(db):
    for name in ("seed-euchre-000.json", "seed-whist-004.json"):
        with open(EXAMPLES / name, encoding="utf-8") as f:
            outcome = service.create_match(db, json.load(f))
        assert outcome.ok, name


def test_create_from_egn(db):
    with open(SHARED / "data" / "egn" / "Epic Comeback.egn", encoding="utf-8") as f:
        data = json.load(f)
    outcome = service.create_match(db, data)
    assert outcome.status is Status.CREATED, [p.as_json() for p in outcome.problems]
    assert service.load(db, outcome.match_id).hand_count > 0


# --- record -----------------------------------------------------------------------------------


def test_record_stores_the_hand_and_answers_the_state(db, match):
    match_id, _key = match
    outcome = service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    assert outcome.status is Status.RECORDED
    assert outcomes.http_status(outcome) == 201
    assert outcome.no == 1
    assert outcome.hand == {"caller": "E", "makers_tricks": 3, "no": 1}
    assert outcome.state.score == {"NS": 0, "EW": 1}
    assert outcome.response == {"hand": outcome.hand, "state": outcome.state.as_json()}
    loaded = service.load(db, match_id)
    assert loaded.version == 2
    assert loaded.next_no == 2


def test_the_same_submission_twice_is_stored_once(db, match):
    match_id, _key = match
    first = service.record_hand(db, match_id, euchre_hand(), 1, "sub-1")
    again = service.record_hand(db, match_id, euchre_hand(), 1, "sub-1")
    assert first.status is Status.RECORDED
    assert again.status is Status.DUPLICATE
    assert again.ok
    assert again.response == first.response
    assert again.no == 1
    assert service.load(db, match_id).hand_count == 1


def test_a_retry_after_the_next_hand_still_answers_as_the_first_time(db, match):
    match_id, _key = match
    first = service.record_hand(db, match_id, euchre_hand(), 1, "sub-1")
    service.record_hand(db, match_id, euchre_hand("N", 4), 2, "sub-2")
    again = service.record_hand(db, match_id, euchre_hand(), 1, "sub-1")
    assert again.status is Status.DUPLICATE
    assert again.response == first.response
    assert service.load(db, match_id).hand_count == 2


def test_the_same_key_with_another_hand_is_refused(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1, "sub-1")
    outcome = service.record_hand(db, match_id, euchre_hand("E", 4), 2, "sub-1")
    assert outcome.status is Status.KEY_REUSED
    assert outcomes.http_status(outcome) == 422
    assert outcomes.message(outcome)
    assert service.load(db, match_id).hand_count == 1


def test_submission_keys_belong_to_their_match(db, match):
    other = service.create_match(db, euchre_match()).match_id
    service.record_hand(db, match[0], euchre_hand(), 1, "sub-1")
    assert service.record_hand(db, other, euchre_hand(), 1, "sub-1").status is Status.RECORDED


def test_a_wrong_number_is_a_conflict_with_the_state(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    outcome = service.record_hand(db, match_id, euchre_hand("N", 3), 1)
    assert outcome.status is Status.WRONG_NO
    assert outcomes.http_status(outcome) == 409
    assert outcome.state.score == {"NS": 0, "EW": 1}
    assert "Hand 1 was just recorded by another phone" in outcomes.message(outcome)
    ahead = service.record_hand(db, match_id, euchre_hand("N", 3), 5)
    assert ahead.status is Status.WRONG_NO
    assert "2" in outcomes.message(ahead)
    assert service.load(db, match_id).hand_count == 1


def test_a_finished_match_takes_no_more_hands(db, match):
    match_id, _key = match
    for no in (1, 2, 3):
        assert service.record_hand(db, match_id, euchre_hand("N", 5, alone=True), no).ok
    assert service.load(db, match_id).over
    outcome = service.record_hand(db, match_id, euchre_hand("E", 3), 4)
    assert outcome.status is Status.OVER
    assert outcomes.http_status(outcome) == 409
    assert outcome.state.winner == "NS"
    assert service.load(db, match_id).hand_count == 3


def test_an_illegal_hand_is_refused_with_problems(db, match):
    match_id, _key = match
    outcome = service.record_hand(db, match_id, euchre_hand("E", 7), 1, "sub-1")
    assert outcome.status is Status.ILLEGAL
    assert outcomes.http_status(outcome) == 422
    assert outcomes.errors(outcome)[0]["field"] == "makers_tricks"
    assert outcomes.errors(outcome)[0]["hand"] == 1
    assert service.load(db, match_id).hand_count == 0
    # the key was not used up: the corrected hand goes through with it
    assert service.record_hand(db, match_id, euchre_hand("E", 4), 1, "sub-1").ok


def test_record_refuses_a_hand_based_on_an_old_version(db, match):
    """The page's hidden version: the right number is not enough if the match changed."""
    match_id, _ = match
    first = service.record_hand(db, match_id, euchre_hand("E", 3), 1, "k1", expected_version=1)
    assert first.status is Status.RECORDED and first.version == 2
    service.undo_last(db, match_id, 1)  # version 3: no hands again
    stale = service.record_hand(db, match_id, euchre_hand("N", 4), 1, "k2", expected_version=2)
    assert stale.status is Status.WRONG_NO and stale.version == 3
    assert "changed on another phone meanwhile" in outcomes.message(stale)
    assert service.load(db, match_id).hand_count == 0
    fresh = service.record_hand(db, match_id, euchre_hand("N", 4), 1, "k2", expected_version=3)
    assert fresh.status is Status.RECORDED
    again = service.record_hand(db, match_id, euchre_hand("N", 4), 1, "k2", expected_version=3)
    assert again.status is Status.DUPLICATE and again.version == 4  # a retry, answered as one


def test_record_on_an_unknown_match(db):
    outcome = service.record_hand(db, "nope", euchre_hand(), 1)
    assert outcome.status is Status.NOT_FOUND
    assert outcomes.http_status(outcome) == 404


def test_two_phones_at_once_store_one_hand(app, match):
    match_id, _key = match
    results: list[Status] = []
    barrier = threading.Barrier(6)

    def phone(caller):
        database = connect(app.config["DATABASE"])
        try:
            barrier.wait()
            results.append(service.record_hand(database, match_id, euchre_hand(caller), 1).status)
        finally:
            database.conn.close()

    threads = [threading.Thread(target=phone, args=(s,)) for s in "NESWNE"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == sorted([Status.RECORDED] + [Status.WRONG_NO] * 5)


# --- correct ----------------------------------------------------------------------------------


def test_a_correction_rescored_later_hands_and_keeps_history(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    service.record_hand(db, match_id, euchre_hand("E", 3), 2)
    outcome = service.correct_hand(db, match_id, 1, euchre_hand("N", 5), 1, by="phone A")
    assert outcome.status is Status.CORRECTED
    assert outcomes.http_status(outcome) == 200
    assert outcome.state.score == {"NS": 2, "EW": 1}
    assert [h["score"] for h in outcome.state.as_json()["hands"]] == [
        {"NS": 2, "EW": 0}, {"NS": 2, "EW": 1}]
    (entry,) = service.history(db, match_id)
    assert entry.action == "correct"
    assert entry.no == 1
    assert entry.old == euchre_hand("E", 3)
    assert entry.new == euchre_hand("N", 5)
    assert entry.by == "phone A"
    assert entry.at
    assert service.load(db, match_id).hand_versions == [2, 1]


def test_a_correction_with_a_stale_version_is_a_conflict(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    assert service.correct_hand(db, match_id, 1, euchre_hand("N", 3), 1).ok
    outcome = service.correct_hand(db, match_id, 1, euchre_hand("W", 3), 1)
    assert outcome.status is Status.CONFLICT
    assert outcomes.http_status(outcome) == 409
    assert outcome.state.score == {"NS": 1, "EW": 0}
    assert service.load(db, match_id).match.hand_objects[0]["caller"] == "N"


def test_a_correction_against_a_stale_match_version_is_a_conflict(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    seen = service.load(db, match_id).version
    service.record_hand(db, match_id, euchre_hand("E", 3), 2)
    outcome = service.correct_hand(db, match_id, 1, euchre_hand("N", 3),
                                   expected_match_version=seen)
    assert outcome.status is Status.CONFLICT


def test_a_correction_that_makes_a_later_hand_illegal_is_refused(db, match):
    match_id, _key = match
    hands = [euchre_hand("N", 5, alone=True)] * 2 + [euchre_hand("N", 3)] * 2
    for no, hand in enumerate(hands, start=1):
        assert service.record_hand(db, match_id, hand, no).ok  # 4 + 4 + 1 + 1: game
    # a march in hand 3 ends the game there, so hand 4 would come after it
    outcome = service.correct_hand(db, match_id, 3, euchre_hand("N", 5))
    assert outcome.status is Status.ILLEGAL
    assert any(p.hand == 4 for p in outcome.problems)
    assert service.load(db, match_id).match.hand_objects[2] == euchre_hand("N", 3)


def test_an_illegal_correction_is_refused(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    outcome = service.correct_hand(db, match_id, 1, euchre_hand("E", 9))
    assert outcome.status is Status.ILLEGAL
    assert service.history(db, match_id) == []


def test_correcting_a_missing_hand(db, match):
    match_id, _key = match
    assert service.correct_hand(db, match_id, 1, euchre_hand()).status is Status.NO_SUCH_HAND
    assert service.correct_hand(db, "nope", 1, euchre_hand()).status is Status.NOT_FOUND


def test_an_unchanged_correction_writes_nothing(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    outcome = service.correct_hand(db, match_id, 1, euchre_hand("E", 3), 1)
    assert outcome.status is Status.CORRECTED
    assert service.history(db, match_id) == []
    assert service.load(db, match_id).version == 2


# --- undo -------------------------------------------------------------------------------------


def test_undo_removes_only_the_last_hand(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    service.record_hand(db, match_id, euchre_hand("N", 5), 2)
    not_last = service.undo_last(db, match_id, 1)
    assert not_last.status is Status.NOT_LAST
    assert outcomes.http_status(not_last) == 409
    assert not_last.state.score == {"NS": 2, "EW": 1}
    outcome = service.undo_last(db, match_id, 2, by="phone B")
    assert outcome.status is Status.UNDONE
    assert outcome.state.score == {"NS": 0, "EW": 1}
    assert service.undo_last(db, match_id, 2).status is Status.NOT_LAST  # a retried undo
    (entry,) = service.history(db, match_id)
    assert (entry.action, entry.no, entry.new, entry.by) == ("undo", 2, None, "phone B")
    assert entry.old == euchre_hand("N", 5)
    # the number is free again
    assert service.record_hand(db, match_id, euchre_hand("W", 3), 2).ok


def test_undo_of_nothing(db, match):
    assert service.undo_last(db, match[0], 1).status is Status.NOT_LAST
    assert service.undo_last(db, "nope", 1).status is Status.NOT_FOUND


# --- keys, history, recent --------------------------------------------------------------------


def test_edit_keys(db, match):
    match_id, key = match
    assert service.check_edit_key(db, match_id, key)
    assert not service.check_edit_key(db, match_id, key + "x")
    assert not service.check_edit_key(db, match_id, "")
    assert not service.check_edit_key(db, match_id, None)
    assert not service.check_edit_key(db, "nope", key)
    new = service.new_edit_key(db, match_id)
    assert new != key
    assert service.check_edit_key(db, match_id, new)
    assert not service.check_edit_key(db, match_id, key)  # revoked
    assert service.new_edit_key(db, "nope") is None


def test_history_of_an_unknown_match(db):
    assert service.history(db, "nope") is None


def test_recent_keeps_the_order_and_skips_unknown_ids(db):
    a = service.create_match(db, euchre_match()).match_id
    b = service.create_match(db, whist_match()).match_id
    found = service.recent(db, [b, "gone", a, b, 7])
    assert [m.id for m in found] == [b, a]
    assert found[0].game == "whist"
    assert found[0].state.score == {"NS": 0, "EW": 0}


def test_load(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand(), 1)
    loaded = service.load(db, match_id)
    assert loaded.id == match_id
    assert loaded.game == "euchre"
    assert list(loaded.match.as_file())[:3] == ["format", "game", "seats"]
    assert loaded.match.hand_objects == [euchre_hand()]
    assert loaded.state.as_json()["hands"][0]["no"] == 1
    assert loaded.problems == []
    assert not loaded.over
    assert service.load(db, "nope") is None


def test_a_match_holds_at_most_max_hands(db):
    from scorekeeper import service

    match = {"format": "scorekeeper-match/1", "game": "euchre",
             "seats": {"N": "a", "E": "b", "S": "c", "W": "d"}, "rules": {"target": 200},
             "hands": [{"passed": True}] * (service.MAX_HANDS + 1)}
    refused = service.create_match(db, match)
    assert refused.status == "illegal"
    assert refused.problems[0].code == "match.too_many_hands"
    match["hands"] = match["hands"][: service.MAX_HANDS]
    created = service.create_match(db, match)
    assert created.ok
    full = service.record_hand(db, created.match_id, {"passed": True}, service.MAX_HANDS + 1)
    assert full.status == "illegal"
    assert "at most 300 hands" in full.problems[0].message


# --- preview ----------------------------------------------------------------------------------


def test_preview_says_what_a_save_would_do_and_stores_nothing(db, match):
    match_id, _key = match
    service.record_hand(db, match_id, euchre_hand("E", 3), 1)
    before = service.load(db, match_id)
    nxt = service.preview(db, match_id, euchre_hand("N", 5))
    assert (nxt.no, nxt.correction, nxt.ok, nxt.problems) == (2, False, True, [])
    assert nxt.state.score == {"NS": 2, "EW": 1}
    fix = service.preview(db, match_id, euchre_hand("N", 5), no=1)
    assert (fix.no, fix.correction, fix.ok) == (1, True, True)
    assert fix.state.score == {"NS": 2, "EW": 0}
    bad = service.preview(db, match_id, euchre_hand("N", 6))
    assert (bad.no, bad.ok, bad.state) == (2, False, None)
    assert [(p.hand, p.field) for p in bad.problems] == [(2, "makers_tricks")]
    far = service.preview(db, match_id, euchre_hand("N", 3), no=9)  # not recorded: the next
    assert (far.no, far.correction) == (2, False)
    after = service.load(db, match_id)
    assert (after.version, after.match.as_file()) == (before.version, before.match.as_file())
    assert service.preview(db, "no-such-match", euchre_hand()) is None


# --- the kept replays (one replay per request) ------------------------------------------------


def test_the_state_a_write_made_is_kept_and_never_served_stale(db, match, monkeypatch):

    match_id, _key = match
    assert service.record_hand(db, match_id, euchre_hand("N", 4), 1).ok
    replays: list[int] = []
    real = service.reading.check_match
    monkeypatch.setattr(service.reading, "check_match",
                        lambda data: replays.append(len(data["hands"])) or real(data))
    assert score(db, match_id) == {"NS": 1, "EW": 0}
    assert replays == []  # the record kept its replay as version 2
    # the stored hand changed behind the service's back (no new version): replayed, not kept
    db.execute("UPDATE hands SET data = ? WHERE match_id = ? AND no = 1",
               [json.dumps(euchre_hand("E", 5)), match_id])
    db.conn.commit()
    assert score(db, match_id) == {"NS": 0, "EW": 2}
    assert replays == [1]
    assert score(db, match_id) == {"NS": 0, "EW": 2}
    assert replays == [1]  # and kept from then on


def test_the_kept_states_are_bounded(monkeypatch):
    from scorekeeper.engine.matchfile import check_match
    from scorekeeper.service import statecache

    monkeypatch.setattr(statecache, "_entries", type(statecache._entries)(statecache.MAX_ENTRIES))
    result = check_match(euchre_match())
    for n in range(statecache.MAX_ENTRIES + 50):
        statecache.put(f"m{n}", 1, {}, [], result)
    assert len(statecache._entries) == statecache.MAX_ENTRIES
    assert statecache.get("m0", 1, {}, []) is None  # the oldest went first
    last = f"m{statecache.MAX_ENTRIES + 49}"
    assert statecache.get(last, 1, {}, []) is result
    assert statecache.get(last, 2, {}, []) is None  # another version
    assert statecache.get(last, 1, {"game": "whist"}, []) is None  # other match data


def test_a_kept_state_hands_out_copies(db):
    """States are kept per version and shared between requests: what a caller gets to read,
    it may change without changing the next answer."""
    made = service.create_match(db, whist_match(
        rules={"rubber": True, "target": 5, "honours": True},
        hands=[{"trump": "S", "tricks_NS": 11, "honours_NS": 0},
               {"trump": "H", "tricks_NS": 11, "honours_NS": 0}]))
    assert made.ok
    first = service.load(db, made.match_id).state
    out = first.as_json()
    assert out["rubber"] == {"winner": "NS", "points": 8}
    before = json.dumps(out, sort_keys=True)
    out["rubber"]["winner"] = "EW"
    out["rubber"]["points"] = 0
    # the printed sheet's split of the points, read from the game's details by its sheet_row
    sheet_row = GAMES["whist"].sheet.row
    own = sheet_row({}, first.hands[0]).own
    assert (own["trick_points"], own["honour_points"]) == ({"NS": 5, "EW": 0}, {"NS": 0, "EW": 0})
    own["trick_points"]["NS"] = 99
    own["honour_points"].clear()
    again = service.load(db, made.match_id).state
    assert again is first  # the same kept state
    assert json.dumps(again.as_json(), sort_keys=True) == before
    kept = sheet_row({}, again.hands[0]).own
    assert (kept["trick_points"], kept["honour_points"]) == ({"NS": 5, "EW": 0},
                                                             {"NS": 0, "EW": 0})
