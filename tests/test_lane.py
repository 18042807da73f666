"""Issue 10: the scorers' lane (scorekeeper/lane.py). Strangers' requests share a few running
places; when they are all taken (here: one place, held by a slow anonymous upload), a stranger's
write is answered 503 with Retry-After and a sentence in their language at once, a stranger's
read after waiting its turn (``LANE_WAIT``), while a scorer (the right bearer key, or the
phone's rights cookie) and the unchanged poll still go through at once.
Through the live server (Werkzeug, real SQLite file)."""

from __future__ import annotations

import http.client
import json
import socket
import time
from urllib.parse import urlsplit

import pytest
from helpers import euchre_hand, euchre_match

pytestmark = pytest.mark.app_config(LANE_RUNNING=1, LANE_WAITING=0, LANE_WAIT=3.0,
                                    WRITE_LIMIT_PER_MINUTE=0)


def request(base: str, method: str, path: str, body=None, headers=None):
    url = urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    try:
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers={
            **({"Content-Type": "application/json"} if data else {}), **(headers or {})})
        response = conn.getresponse()
        return response.status, response.read(), response
    finally:
        conn.close()


def hold_the_place(base: str) -> socket.socket:
    """An anonymous upload that sends its headers and then nothing: it holds the one place."""
    url = urlsplit(base)
    slow = socket.create_connection((url.hostname, url.port), timeout=10)
    slow.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n{")
    deadline = time.monotonic() + 30  # each try may wait LANE_WAIT (3 s) on a busy machine
    while request(base, "GET", "/healthz")[0] != 503:  # until the lane is full
        assert time.monotonic() < deadline, "the slow upload never held the place"
        time.sleep(0.05)
    return slow


def test_strangers_wait_or_get_503_while_scorers_and_polls_go_through(live_server):
    base = live_server
    status, body, _r = request(base, "POST", "/api/matches", euchre_match())
    assert status == 201, body
    made = json.loads(body)
    match_id, key = made["id"], made["edit_key"]
    # The phone that scores: its rights cookie, from the scorer link.
    status, _body, got = request(base, "GET", f"/m/{match_id}?key={key}")
    assert status == 303
    cookie = got.getheader("Set-Cookie").split(";")[0]
    assert cookie.startswith("scorer=")

    slow = hold_the_place(base)
    try:
        # A stranger's write: 503 at once, with Retry-After and words (JSON on the API).
        started = time.monotonic()
        status, body, got = request(base, "POST", "/api/matches", euchre_match())
        assert status == 503
        assert time.monotonic() - started < 2.5  # not the 3 s a read waits
        assert got.getheader("Retry-After") == "2"
        assert json.loads(body)["message"] == "The server is busy; wait a moment and try again."
        # A stranger's read waits for a place (LANE_WAIT, 3 s here), then gets the same answer.
        started = time.monotonic()
        status, body, got = request(base, "GET", f"/api/matches/{match_id}")
        assert status == 503
        assert 2.9 < time.monotonic() - started < 8
        assert json.loads(body)["message"] == "The server is busy; wait a moment and try again."
        status, body, got = request(base, "GET", f"/m/{match_id}",
                                    headers={"Accept-Language": "zh-TW"})
        assert status == 503
        assert body.decode().strip() == "伺服器忙碌中；請稍候再試。"
        assert got.getheader("X-Content-Type-Options") == "nosniff"
        # A wrong key is a stranger too.
        status, _b, _r = request(base, "POST", f"/api/matches/{match_id}/hands",
                                 {**euchre_hand(), "no": 1},
                                 {"Authorization": "Bearer not-the-key"})
        assert status == 503
        # The scorer's save goes straight through, and so does the scorer phone's page.
        status, body, _r = request(base, "POST", f"/api/matches/{match_id}/hands",
                                   {**euchre_hand(), "no": 1},
                                   {"Authorization": f"Bearer {key}"})
        assert status == 201, body
        status, body, _r = request(base, "GET", f"/m/{match_id}", headers={"Cookie": cookie})
        assert status == 200
        assert b"Save hand 2" in body
    finally:
        slow.close()
    deadline = time.monotonic() + 10
    while (status := request(base, "GET", f"/api/matches/{match_id}")[0]) == 503:
        assert time.monotonic() < deadline, "the place was never given back"
        time.sleep(0.05)
    assert status == 200


def test_an_unchanged_poll_is_answered_while_the_lane_is_full(live_server):
    base = live_server
    status, body, _r = request(base, "POST", "/api/matches", euchre_match())
    match_id = json.loads(body)["id"]
    status, body, got = request(base, "GET", f"/api/matches/{match_id}")
    etag = got.getheader("ETag")
    slow = hold_the_place(base)
    try:
        status, _b, got = request(base, "GET", f"/api/matches/{match_id}",
                                  headers={"If-None-Match": etag})
        assert status == 304
        assert got.getheader("ETag") == etag
    finally:
        slow.close()


def test_no_strangers_request_starts_while_a_scorers_runs(live_server):
    """Scorers come first: a stranger's request waits while a scorer's request is under way
    (here a save whose body is still arriving), and runs as soon as it is done."""
    import threading

    base = live_server
    _status, body, _r = request(base, "POST", "/api/matches", euchre_match())
    made = json.loads(body)
    match_id, key = made["id"], made["edit_key"]
    hand = json.dumps({**euchre_hand(), "no": 1}).encode()
    url = urlsplit(base)
    scorer = socket.create_connection((url.hostname, url.port), timeout=10)
    scorer.sendall(f"POST /api/matches/{match_id}/hands HTTP/1.1\r\nHost: x\r\n"
                   f"Authorization: Bearer {key}\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(hand)}\r\nConnection: close\r\n\r\n".encode()
                   + hand[:5])
    time.sleep(0.5)  # the save is in the app, reading its body
    answered: list[tuple[int, float]] = []

    def stranger() -> None:
        started = time.monotonic()
        status = request(base, "GET", "/healthz")[0]
        answered.append((status, time.monotonic() - started))

    waiting = threading.Thread(target=stranger)
    waiting.start()
    time.sleep(1.0)
    assert not answered, "a stranger's request ran beside the scorer's"
    scorer.sendall(hand[5:])
    reply = b""
    while chunk := scorer.recv(65536):
        reply += chunk
    scorer.close()
    assert reply.startswith(b"HTTP/1.1 201"), reply[:200]
    waiting.join(timeout=10)
    assert answered and answered[0][0] == 200
    assert 0.9 < answered[0][1] < 3.0  # it waited for the scorer, not for LANE_WAIT


def test_a_scorer_waiting_for_a_render_lets_strangers_run():
    """A scorer's request that waits for something other than the CPU (a PDF render in
    another process) lets strangers' requests run meanwhile (the lane's own bookkeeping)."""
    from scorekeeper.lane import ENVIRON_KEY, ScorerMark, SharedLane, released

    lane = SharedLane(running=1, waiting=4, wait=0.2)
    environ = {ENVIRON_KEY: ScorerMark(lane)}
    with lane.scorer():
        assert lane.enter() is None  # no stranger starts beside a running scorer
        with released(environ):
            place = lane.enter()
            assert place is not None
            lane.leave(place)
        assert lane.enter() is None
    place = lane.enter()
    assert place is not None
    lane.leave(place)


def test_a_scorer_in_one_worker_holds_strangers_back_in_the_others(monkeypatch):
    """Worker processes share the cores: with the server's count of running scorers (made by
    its master before the fork), a scorer's request in one worker holds strangers back in
    another, and they go on as soon as it is done. Here two lanes share one count."""
    import threading

    from scorekeeper import lane as lane_module

    lane_module.share_across_processes()
    try:
        one = lane_module.SharedLane(running=1, waiting=4, wait=3.0)
        other = lane_module.SharedLane(running=1, waiting=4, wait=3.0)
    finally:
        monkeypatch.setattr(lane_module, "_ALL_SCORERS", None)
    place = other.enter()  # no scorer anywhere: a stranger goes on at once
    assert place is not None
    other.leave(place)
    got: list[object] = []
    with one.scorer():
        waiting = threading.Thread(target=lambda: got.append(other.enter()))
        waiting.start()
        time.sleep(0.5)
        assert not got  # held back by the scorer in the other "process"
        released_at = time.monotonic()
    waiting.join(timeout=5)
    assert got and got[0] is not None
    assert time.monotonic() - released_at < 1.0  # it went on when the scorer was done


def test_a_worker_that_dies_mid_request_does_not_hold_strangers_back(monkeypatch):
    """A worker killed while a scorer's request ran (out of memory, SIGKILL): gunicorn's
    master calls ``forget_worker`` (its child_exit hook) and the count it held is taken back."""
    import os
    from types import SimpleNamespace

    from scorekeeper import lane as lane_module
    from scorekeeper.server import gunicorn_options

    assert gunicorn_options("127.0.0.1", 8000)["child_exit"] is lane_module.forget_worker
    monkeypatch.setattr(lane_module, "_ALL_SCORERS", None)  # put back after the test
    lane_module.share_across_processes()
    dying = lane_module.SharedLane(running=1, waiting=4, wait=0.3)
    other = lane_module.SharedLane(running=1, waiting=4, wait=0.3)
    dying._scorer_in()  # ... and the process dies before it is done
    assert other.enter() is None  # held back (0.3 s, then none)
    lane_module.forget_worker(None, SimpleNamespace(pid=os.getpid()))
    place = other.enter()
    assert place is not None
    other.leave(place)


def test_an_answer_kept_for_every_phone_is_not_held_back_by_scorers_but_runs_one_at_a_time():
    """The front's kept answers (a match's JSON, the live part of its page: made once per
    version for the whole table) have places of their own: a running scorer does not hold them
    back (a table's every phone would wait behind a club night's saves), and no more of them
    run at once than the lane's places."""
    import threading

    from scorekeeper.lane import ScorerLane
    from scorekeeper.poll import KEEP_ENVIRON

    running: list[int] = []
    most = [0]
    gate = threading.Event()

    def app(environ, start_response):
        running.append(1)
        most[0] = max(most[0], len(running))
        gate.wait(2)
        running.pop()
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    lane = ScorerLane(app, ":memory:", "secret", running=1, waiting=4, wait=5.0)
    answers: list[list[bytes]] = []

    def fill():
        answers.append(lane({KEEP_ENVIRON: {}, "PATH_INFO": "/m/x/live",
                             "REQUEST_METHOD": "GET"}, lambda *a: None))

    with lane.shared.scorer():  # a save is under way
        fills = [threading.Thread(target=fill) for _ in range(3)]
        for t in fills:
            t.start()
        deadline = time.monotonic() + 5
        while not running and time.monotonic() < deadline:
            time.sleep(0.01)
        assert running  # it started beside the scorer
        assert lane.shared.enter() is None  # while a stranger's request still may not
        gate.set()
        for t in fills:
            t.join(timeout=10)
    assert answers == [[b"ok"]] * 3 and most[0] == 1
