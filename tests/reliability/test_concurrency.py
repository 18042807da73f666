"""Concurrency against the real server (``scorekeeper serve``: gunicorn, 2 worker processes):
double submits, retries after lost answers, phones racing for one hand or one correction, and
twenty distinct writes at once. Every test checks the SQLite file itself afterwards.
"""

from __future__ import annotations

import json
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from support.reliability import api, assert_sound, create, db_path, form_values, read_db

pytestmark = pytest.mark.slow

HAND = {"caller": "E", "makers_tricks": 3}


def plain(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand without ``"alone": false`` (the forms may or may not write the default)."""
    return {k: v for k, v in hand.items() if not (k == "alone" and v is False)}


def together(n: int, work) -> list[Any]:
    """Run ``work(i)`` in ``n`` threads released at the same moment; results in call order."""
    barrier = threading.Barrier(n)

    def go(i: int) -> Any:
        barrier.wait(timeout=30)
        return work(i)

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(go, range(n)))


# --- double submit ----------------------------------------------------------------------------


def test_the_same_form_sent_six_times_at_once_stores_one_hand(server, phones):
    match_id, key = create(server.base)
    phone = phones(server.base)
    phone.open_scorer_link(match_id, key)
    form = {**phone.hand_form(match_id), "caller": "N", "makers_tricks": "4"}
    assert form["submission_id"] and form["csrf_token"] and form["expected_no"] == "1"
    tabs = [phone.copy() for _ in range(6)]  # a frantic double (sextuple) tap

    results = together(6, lambda i: tabs[i].post(f"/m/{match_id}/hands", form))
    assert [r[0] for r in results] == [303] * 6
    assert {r[2]["location"] for r in results} == {f"/m/{match_id}"}
    stored = read_db(db_path(server))
    assert [plain(h) for h in stored.hand_data(match_id)] == [{"caller": "N", "makers_tricks": 4}]
    assert stored.hands[match_id][0][2] == form["submission_id"]
    assert_sound(stored)


def test_the_same_idempotency_key_sent_eight_times_at_once_stores_one_hand(server):
    match_id, key = create(server.base)
    path = f"/api/matches/{match_id}/hands"

    results = together(8, lambda i: api(server.base, "POST", path, {**HAND, "no": 1}, key,
                                        **{"Idempotency-Key": "tap-tap"}))
    assert [r[0] for r in results] == [201] * 8
    assert all(r[1] == results[0][1] for r in results)  # every answer is the first answer
    replayed = [r[2].get("idempotent-replayed") for r in results]
    assert replayed.count(None) == 1 and replayed.count("true") == 7
    stored = read_db(db_path(server))
    assert stored.hand_data(match_id) == [HAND]
    assert_sound(stored)


# --- retry after a lost answer ----------------------------------------------------------------


def send_and_hang_up(base: str, path: str, body: bytes, headers: dict[str, str]) -> None:
    """Send a request and close the connection without reading the answer (a phone that lost
    its signal right after sending)."""
    host, port = base.removeprefix("http://").split(":")
    lines = [f"POST {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close",
             f"Content-Length: {len(body)}", "Content-Type: application/json",
             *(f"{k}: {v}" for k, v in headers.items())]
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        s.shutdown(socket.SHUT_WR)  # the request is complete; the answer is never read


def test_a_retry_after_a_lost_answer_answers_as_the_first_time_and_stores_nothing(server):
    match_id, key = create(server.base)
    path = f"/api/matches/{match_id}/hands"
    body = {**HAND, "no": 1}
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "lost-1"}
    send_and_hang_up(server.base, path, json.dumps(body).encode(), headers)

    # the phone does not know whether the hand was stored: it sends the same request again
    status, first, _h = api(server.base, "POST", path, body, key, **{"Idempotency-Key": "lost-1"})
    assert status == 201
    assert first["hand"] == {**HAND, "no": 1}
    status, again, h = api(server.base, "POST", path, body, key, **{"Idempotency-Key": "lost-1"})
    assert status == 201 and again == first and h.get("idempotent-replayed") == "true"
    assert read_db(db_path(server)).hand_data(match_id) == [HAND]

    # the next hand goes on as usual; the same key with another body is refused (422)
    status, _b, _h = api(server.base, "POST", path, {**HAND, "no": 2}, key,
                         **{"Idempotency-Key": "lost-2"})
    assert status == 201
    status, refused, _h = api(server.base, "POST", path, {"caller": "N", "makers_tricks": 5,
                                                          "no": 3}, key,
                              **{"Idempotency-Key": "lost-1"})
    assert status == 422 and refused["errors"][0]["message"]
    stored = read_db(db_path(server))
    assert stored.hand_data(match_id) == [HAND, HAND]
    assert stored.counts["idempotency"] >= 2
    assert_sound(stored)


def test_a_lost_answer_retried_while_another_phone_records(server):
    """The retry arrives after another phone's hand: still the first answer, nothing doubled."""
    match_id, key = create(server.base)
    path = f"/api/matches/{match_id}/hands"
    body = {**HAND, "no": 1}
    status, first, _h = api(server.base, "POST", path, body, key, **{"Idempotency-Key": "k1"})
    assert status == 201
    assert api(server.base, "POST", path, {"caller": "S", "makers_tricks": 4, "no": 2},
               key)[0] == 201
    status, again, _h = api(server.base, "POST", path, body, key, **{"Idempotency-Key": "k1"})
    assert (status, again) == (201, first)
    assert read_db(db_path(server)).hand_data(match_id) == [HAND, {"caller": "S",
                                                                   "makers_tricks": 4}]


# --- two phones, one hand ---------------------------------------------------------------------


def test_two_phones_on_the_same_hand_number_api(server):
    match_id, key = create(server.base)
    path = f"/api/matches/{match_id}/hands"
    hands = [{"caller": "N", "makers_tricks": 3}, {"caller": "E", "makers_tricks": 5}]

    results = together(2, lambda i: api(server.base, "POST", path, {**hands[i], "no": 1}, key))
    statuses = sorted(r[0] for r in results)
    assert statuses == [201, 409]
    winner = next(r for r in results if r[0] == 201)
    loser = next(r for r in results if r[0] == 409)
    assert loser[1]["state"] == winner[1]["state"]  # the loser is shown the stored state
    assert loser[1]["errors"][0]["message"]
    stored = read_db(db_path(server))
    assert stored.hand_data(match_id) == [
        {k: v for k, v in winner[1]["hand"].items() if k != "no"}]
    assert_sound(stored)


def test_two_phones_on_the_same_hand_number_forms(server, phones):
    match_id, key = create(server.base)
    first, second = phones(server.base), phones(server.base)
    for phone in (first, second):
        phone.open_scorer_link(match_id, key)
    forms = [
        {**first.hand_form(match_id), "caller": "N", "makers_tricks": "3"},
        {**second.hand_form(match_id), "caller": "W", "makers_tricks": "5"},
    ]
    assert forms[0]["submission_id"] != forms[1]["submission_id"]
    posting = [first, second]

    results = together(2, lambda i: posting[i].post(f"/m/{match_id}/hands", forms[i]))
    assert sorted(r[0] for r in results) == [303, 409]
    stored = read_db(db_path(server))
    assert len(stored.hand_data(match_id)) == 1
    assert_sound(stored)
    # the phone that lost is told so on the page it gets back (409, the current state)
    loser = next(r for r in results if r[0] == 409)
    assert "recorded by another phone" in loser[1]


def test_two_phones_correcting_the_same_hand_with_one_etag(server):
    match_id, key = create(server.base)
    url = f"/api/matches/{match_id}"
    assert api(server.base, "POST", url + "/hands", {**HAND, "no": 1}, key)[0] == 201
    etag = api(server.base, "GET", url)[2]["etag"]
    fixes = [{"caller": "N", "makers_tricks": 3}, {"caller": "W", "makers_tricks": 5}]

    results = together(2, lambda i: api(server.base, "PUT", url + "/hands/1", fixes[i], key,
                                        **{"If-Match": etag}))
    assert sorted(r[0] for r in results) == [200, 412]
    won = fixes[[r[0] for r in results].index(200)]
    stored = read_db(db_path(server))
    assert stored.hand_data(match_id) == [won]
    assert stored.matches[match_id]["_version"] == 3  # created, recorded, corrected once
    assert_sound(stored)


def correction_race(server, phones):
    """Two phones open the correction page of hand 1 and both save it at once."""
    match_id, key = create(server.base)
    assert api(server.base, "POST", f"/api/matches/{match_id}/hands", {**HAND, "no": 1},
               key)[0] == 201
    one, two = phones(server.base), phones(server.base)
    forms = []
    for phone, fix in ((one, {"caller": "N", "makers_tricks": "3"}),
                       (two, {"caller": "W", "makers_tricks": "5"})):
        phone.open_scorer_link(match_id, key)
        status, html, _h = phone.get(f"/m/{match_id}/hands/1/edit")
        assert status == 200
        forms.append({**form_values(html, "/edit"), **fix})
    assert forms[0]["expected_no"] == forms[1]["expected_no"] == "1"  # the hand's version
    posting = [one, two]
    results = together(2, lambda i: posting[i].post(f"/m/{match_id}/hands/1/edit", forms[i]))
    return match_id, results


def test_two_phones_correcting_the_same_hand_one_wins(server, phones):
    match_id, results = correction_race(server, phones)
    won = [r for r in results if r[0] == 303 and r[2]["location"] == f"/m/{match_id}"]
    assert len(won) == 1
    stored = read_db(db_path(server))
    (hand,) = stored.hand_data(match_id)
    assert (hand["caller"], hand["makers_tricks"]) in (("N", 3), ("W", 5))
    assert_sound(stored)


def test_the_phone_that_loses_a_correction_race_gets_409(server, phones):
    match_id, results = correction_race(server, phones)
    assert sorted(r[0] for r in results) == [303, 409]
    lost = next(r for r in results if r[0] == 409)
    stored = read_db(db_path(server)).hand_data(match_id)[0]
    # the current values are shown again, to be corrected on top of if still wrong
    shown = form_values(lost[1], "/edit")
    assert shown["caller"] == stored["caller"]
    assert shown["makers_tricks"] == str(stored["makers_tricks"])


def test_two_phones_undoing_the_last_hand_at_once_undo_one(server, phones):
    match_id, key = create(server.base)
    for no, hand in enumerate(({"caller": "N", "makers_tricks": 3}, HAND), start=1):
        assert api(server.base, "POST", f"/api/matches/{match_id}/hands", {**hand, "no": no},
                   key)[0] == 201
    one, two = phones(server.base), phones(server.base)
    forms = []
    for phone in (one, two):
        phone.open_scorer_link(match_id, key)
        forms.append(form_values(phone.get(f"/m/{match_id}")[1], "/undo"))
    assert forms[0]["expected_no"] == "2"
    posting = [one, two]
    results = together(2, lambda i: posting[i].post(f"/m/{match_id}/undo", forms[i]))
    assert [r[0] for r in results] == [303, 303]
    stored = read_db(db_path(server))
    assert stored.hand_data(match_id) == [{"caller": "N", "makers_tricks": 3}]  # not both
    assert_sound(stored)


# --- many writes at once -----------------------------------------------------------------------


def test_twenty_concurrent_distinct_form_posts(server, phones):
    """Twenty phones start a match each at the same moment, then record hand 1 at once."""
    start_phones = [phones(server.base) for _ in range(20)]
    forms = []
    for i, phone in enumerate(start_phones):
        status, html, _h = phone.get("/")
        assert status == 200
        forms.append({**form_values(html, "/start"), "game": "euchre", "N": f"N{i}",
                      "E": "Bo", "S": "Cai", "W": "Dee", "first_dealer": "N",
                      "preset_euchre": "standard"})

    started = together(20, lambda i: start_phones[i].post("/start", forms[i]))
    assert [r[0] for r in started] == [303] * 20
    ids = [r[2]["location"].rsplit("/", 1)[1] for r in started]
    assert len(set(ids)) == 20

    hand_forms = [{**p.hand_form(m), "caller": "E", "makers_tricks": "3"}
                  for p, m in zip(start_phones, ids, strict=True)]
    recorded = together(20, lambda i: start_phones[i].post(f"/m/{ids[i]}/hands", hand_forms[i]))
    assert [r[0] for r in recorded] == [303] * 20
    stored = read_db(db_path(server))
    for i, match_id in enumerate(ids):
        assert stored.matches[match_id]["seats"]["N"] == f"N{i}"
        assert [plain(h) for h in stored.hand_data(match_id)] == [{"caller": "E",
                                                                   "makers_tricks": 3}]
    assert_sound(stored)


def test_twenty_concurrent_hands_on_one_match_in_order(server):
    """Twenty phones each send the next hand of ONE match, retrying on 409 with the number the
    state gives: all twenty are stored exactly once, numbered 1..20, no 5xx."""
    match_id, key = create(server.base)
    path = f"/api/matches/{match_id}/hands"
    statuses: list[int] = []
    lock = threading.Lock()

    def phone(i: int) -> int:
        no = 1
        for _attempt in range(200):
            status, body, _h = api(server.base, "POST", path,
                                   {"caller": "NESW"[i % 4], "makers_tricks": 3,
                                    "note": f"phone {i}", "no": no}, key,
                                   **{"Idempotency-Key": f"p{i}"})
            with lock:
                statuses.append(status)
            if status == 201:
                return body["hand"]["no"]
            assert status == 409, (status, body)
            no = len(body["state"]["hands"]) + 1
        raise AssertionError("never got a turn")

    numbers = together(20, phone)
    assert sorted(numbers) == list(range(1, 21))
    assert all(s in (201, 409) for s in statuses)
    stored = read_db(db_path(server))
    notes = [h["note"] for h in stored.hand_data(match_id)]
    assert sorted(notes) == sorted(f"phone {i}" for i in range(20))
    assert [stored.hand_data(match_id)[n - 1]["note"] for n in numbers] == \
        [f"phone {i}" for i in range(20)]
    assert_sound(stored)


def test_undo_racing_a_new_hand_never_removes_the_hand_it_did_not_see(server):
    """Phone A undoes hand 1 while phone B records hand 2: either the undo wins (B is told hand
    2 is not next) or B wins (A is told hand 1 is no longer last). Never one hand left."""
    outcomes = set()
    for _round in range(8):
        match_id, key = create(server.base)
        path = f"/api/matches/{match_id}/hands"
        assert api(server.base, "POST", path, {**HAND, "no": 1}, key)[0] == 201
        requests = [("DELETE", f"{path}/1", None),
                    ("POST", path, {"caller": "N", "makers_tricks": 4, "no": 2})]
        undo, record = together(2, lambda i, r=requests, k=key: api(server.base, *r[i], k))
        hands = read_db(db_path(server)).hand_data(match_id)
        if undo[0] == 200:
            assert record[0] == 409 and hands == []
        else:
            assert (undo[0], record[0]) == (409, 201)
            assert hands == [HAND, {"caller": "N", "makers_tricks": 4}]
        outcomes.add((undo[0], record[0]))
    assert outcomes <= {(200, 409), (409, 201)}


def test_an_undo_sent_twice_removes_one_hand(server):
    match_id, key = create(server.base)
    path = f"/api/matches/{match_id}/hands"
    for no in (1, 2, 3):
        assert api(server.base, "POST", path, {**HAND, "no": no}, key)[0] == 201
    results = together(4, lambda i: api(server.base, "DELETE", f"{path}/3", None, key))
    assert sorted(r[0] for r in results) == [200, 409, 409, 409]
    stored = read_db(db_path(server))
    assert stored.hand_data(match_id) == [HAND, HAND]
    assert stored.counts["hand_history"] >= 1
    assert_sound(stored)


def test_two_phones_pressing_rematch_get_the_same_new_match(server, phones):
    match_id, key = create(server.base, rules={"target": 5})
    for no in (1, 2):  # North alone, march: 4 points each; the game to 5 is over
        assert api(server.base, "POST", f"/api/matches/{match_id}/hands",
                   {"caller": "N", "alone": True, "makers_tricks": 5, "no": no}, key)[0] == 201
    one, two = phones(server.base), phones(server.base)
    forms = []
    for phone in (one, two):
        phone.open_scorer_link(match_id, key)
        forms.append(form_values(phone.get(f"/m/{match_id}")[1], "/rematch"))
    posting = [one, two]
    before = len(read_db(db_path(server)).matches)
    results = together(2, lambda i: posting[i].post(f"/m/{match_id}/rematch", forms[i]))
    assert [r[0] for r in results] == [303, 303]
    assert len(read_db(db_path(server)).matches) == before + 1
    assert results[0][2]["location"] == results[1][2]["location"]
