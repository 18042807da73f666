"""Live by push (issue 41) through the real ``scorekeeper serve``: ``GET /stream`` tells a
watching phone of a new hand, an undo, a correction and a club night's round end, each saved on
another connection; a stream opened again starts from the version now (nothing missed); bad,
unknown and too many streams are refused in words; open streams hold no thread.

Every wait is for a condition (the next event on the stream), bounded by a socket timeout.
"""

from __future__ import annotations

import http.client
import time

import pytest
from support.reliability import ServeProcess, api, create, get
from support.streams import WAIT, Stream

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("streams")
    proc = ServeProcess(tmp / "instance", workers=2, threads=4, log=tmp / "serve.log")
    proc.start()
    try:
        yield proc
    finally:
        proc.stop()
    assert "Traceback" not in proc.log_text()


def hand(base: str, match_id: str, key: str, no: int, method: str = "POST") -> None:
    path = f"/api/matches/{match_id}/hands" + (f"/{no}" if method != "POST" else "")
    tricks = 5 if method == "PUT" else 3  # a correction changes the hand
    body = None if method == "DELETE" else {"caller": "E", "makers_tricks": tricks, "no": no}
    status, answer, _h = api(base, method, path, body, key)
    assert status in (200, 201), answer


def test_a_stream_tells_a_new_hand_an_undo_and_a_correction(server) -> None:
    match_id, key = create(server.base)
    stream = Stream.to(server.base, f"m={match_id}")
    try:
        assert stream.status == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        assert stream.headers["x-accel-buffering"] == "no"
        first = stream.next()
        assert first["k"] == f"m:{match_id}"
        version = int(first["v"])
        steps = [("POST", 1), ("POST", 2), ("DELETE", 2), ("PUT", 1)]
        for method, no in steps:  # each saved on another connection, of either worker
            hand(server.base, match_id, key, no, method)
            got = stream.next()
            assert got["k"] == f"m:{match_id}" and int(got["v"]) > version, (method, no)
            version = int(got["v"])
        status, _body, headers = api(server.base, "GET", f"/api/matches/{match_id}")
        assert status == 200 and headers["etag"].startswith(f'"v{version}-')
    finally:
        stream.close()


def test_a_stream_opened_again_starts_from_the_version_now(server) -> None:
    match_id, key = create(server.base)
    stream = Stream.to(server.base, f"m={match_id}")
    before = stream.next()["v"]
    stream.close()  # the phone went through a tunnel
    hand(server.base, match_id, key, 1)
    again = Stream.to(server.base, f"m={match_id}")
    try:
        now = again.next()["v"]
        assert int(now) > int(before)  # the reconnect's first event: nothing missed
    finally:
        again.close()


def test_a_club_nights_stream_tells_a_tables_hand_and_a_rounds_end(server) -> None:
    names = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]
    status, event, _h = api(server.base, "POST", "/api/events", {
        "name": "Club", "game": "euchre", "players": names, "rounds": 2,
        "hands_per_round": 2, "movement": "schedule", "seed": 2})
    assert status == 201, event
    table = event["rounds"][0]["tables"][0]
    both = Stream.to(server.base, f"m={table['match']}&e={event['id']}")
    try:
        stamps = {got["k"]: got["v"] for got in (both.next(), both.next())}
        assert set(stamps) == {f"m:{table['match']}", f"e:{event['id']}"}
        hand(server.base, table["match"], table["edit_key"], 1)
        told = {got["k"]: got["v"] for got in (both.next(), both.next())}
        assert told.keys() == stamps.keys() and all(told[k] != stamps[k] for k in told)
        status, answer, _h = api(server.base, "POST", f"/api/events/{event['id']}/rounds/1/end",
                                 {}, event["director_key"])
        assert status == 200, answer
        ended = both.next()
        while ended["k"] != f"e:{event['id']}":  # the table's match ends too
            ended = both.next()
        assert ended["v"] != told[ended["k"]]
    finally:
        both.close()


@pytest.mark.parametrize(("query", "status", "words"), [
    ("", 400, "names no match, club night or session"),
    ("m=a/b", 400, "names no match, club night or session"),
    ("x=abc", 400, "names no match, club night or session"),
    ("m=a&m=b&m=c&m=d&e=e", 400, "names no match, club night or session"),
    ("m=nosuchmatch", 404, "no such match, club night or session"),
    ("e=nosuchevent", 404, "no such match, club night or session"),
    ("s=nosuchsession", 404, "no such match, club night or session"),
])
def test_a_stream_asked_wrongly_is_refused_in_words(server, query: str, status: int,
                                                    words: str) -> None:
    stream = Stream.to(server.base, query)
    try:
        assert stream.status == status
        assert words in stream.body().decode()
        assert stream.headers["content-type"] == "text/plain; charset=utf-8"
    finally:
        stream.close()


def worker_threads(server: ServeProcess) -> list[int]:
    """Each worker process's thread count (from /proc)."""
    assert server.proc is not None
    children = open(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read().split()
    counts = []
    for pid in children:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("Threads:"):
                counts.append(int(line.split()[1]))
    return counts


def test_open_streams_hold_no_thread_and_a_scorer_saves_past_them(server) -> None:
    """300 streams against 2 workers of 4 threads: a thread each would hold them all."""
    match_id, key = create(server.base)
    streams = [Stream.to(server.base, f"m={match_id}") for _ in range(300)]
    try:
        for stream in streams:
            assert stream.next()["k"] == f"m:{match_id}"
        assert all(n <= 4 + 8 for n in worker_threads(server)), worker_threads(server)
        hand(server.base, match_id, key, 1)
        versions = {stream.next()["v"] for stream in streams}
        status, _body, headers = api(server.base, "GET", f"/api/matches/{match_id}")
        assert len(versions) == 1 and headers["etag"].startswith(f'"v{versions.pop()}-')
        status, _raw, _h = get(server.base, f"/m/{match_id}/live")
        assert status == 200
    finally:
        for stream in streams:
            stream.close()


def two_held_and_a_third_refused(proc: ServeProcess, held: list[Stream]) -> str:
    """A match, two streams to it held (added to ``held``) and a third refused in words, as
    a server allowing two does; the match's id."""
    match_id, _key = create(proc.base)
    held.extend(Stream.to(proc.base, f"m={match_id}") for _ in range(2))
    assert [s.next()["k"] for s in held] == [f"m:{match_id}"] * 2
    third = Stream.to(proc.base, f"m={match_id}")
    assert third.status == 503 and third.headers["retry-after"] == "300"
    assert "asks every few seconds instead" in third.body().decode()
    third.close()
    return match_id


def test_past_the_workers_limit_a_stream_is_refused_and_the_page_polls(tmp_path) -> None:
    proc = ServeProcess(tmp_path / "instance", workers=1,
                        env={"SCOREKEEPER_STREAMS": "2"})
    proc.start()
    held: list[Stream] = []
    try:
        match_id = two_held_and_a_third_refused(proc, held)
        held.pop().close()  # one phone leaves: its place is free again
        again = Stream.to(proc.base, f"m={match_id}")
        # The worker learns of the leaving at once, but give it the time to (a condition)
        for _ in range(50):
            if again.status == 200:
                break
            again.close()
            again = Stream.to(proc.base, f"m={match_id}")
        assert again.status == 200
        held.append(again)
    finally:
        for stream in held:
            stream.close()
        proc.stop()
    assert "Traceback" not in proc.log_text()


def test_a_stop_ends_the_open_streams_rather_than_waiting_for_them(tmp_path) -> None:
    """SIGTERM: each worker ends its streams (the phones reconnect to the next server) instead
    of holding the stop for gunicorn's graceful timeout (20 s) while phones watch."""
    proc = ServeProcess(tmp_path / "instance", workers=2)
    proc.start()
    match_id, _key = create(proc.base)
    streams = [Stream.to(proc.base, f"m={match_id}") for _ in range(10)]
    for stream in streams:
        stream.next()
    started = time.monotonic()
    proc.stop()
    assert time.monotonic() - started < 10  # half the graceful timeout the streams would hold
    for stream in streams:
        assert stream.body() == b""  # ended in order (the last chunk), not cut
        stream.close()
    assert "Traceback" not in proc.log_text()


def test_one_address_holds_only_its_share_of_the_streams(tmp_path) -> None:
    """The embedded profile limits open streams per client address (the nginx profile's
    ``limit_conn sk_streams`` does it in front): a stranger's many streams leave the others'."""
    proc = ServeProcess(tmp_path / "instance", workers=1,
                        env={"SCOREKEEPER_STREAMS_PER_ADDRESS": "2"})
    proc.start()
    held: list[Stream] = []
    try:
        match_id = two_held_and_a_third_refused(proc, held)
        port = int(proc.base.rsplit(":", 1)[1])
        other = Stream(http.client.HTTPConnection(  # another address (loopback is 127/8)
            "127.0.0.1", port, timeout=WAIT, source_address=("127.0.0.2", 0)), f"m={match_id}")
        held.append(other)
        assert other.status == 200 and other.next()["k"] == f"m:{match_id}"
    finally:
        for stream in held:
            stream.close()
        proc.stop()
    assert "Traceback" not in proc.log_text()
