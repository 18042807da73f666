"""The answers the server's front keeps per match version (scorekeeper/front.py ``Kept``): the
match's JSON and the live part of its page are made by the app once per version and language,
and every other phone of the table gets the same bytes from memory; what is not the same for
everyone is never kept. The real Front and Flask app on a real SQLite file, driven as uvicorn
drives them (ASGI messages), with the app's calls counted."""

from __future__ import annotations

import asyncio
import gzip
import threading
from typing import Any

import pytest
from helpers import euchre_match

from scorekeeper import create_app
from scorekeeper.front import Front, Kept

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]


def run(coro):
    """``asyncio.run`` on a thread of its own: the browser tests' Playwright keeps an event loop
    running in the main thread."""
    got: list[Any] = []

    def main():
        try:
            got.append((True, asyncio.run(coro)))
        except BaseException as e:  # handed to the test
            got.append((False, e))

    t = threading.Thread(target=main)
    t.start()
    t.join(timeout=60)
    ok, value = got[0]
    if not ok:
        raise value
    return value


@pytest.fixture
def front(tmp_path):
    app = create_app({"CREATE_LIMIT": "0"}, instance_path=tmp_path / "instance")
    calls: list[str] = []
    inner = app.wsgi_app

    def counted(environ, start_response):
        calls.append(environ["PATH_INFO"])
        return inner(environ, start_response)

    app.wsgi_app = counted  # type: ignore[method-assign]
    made = Front(app, threads=8)
    made.calls = calls  # type: ignore[attr-defined]
    yield made
    made.threads.shutdown()


async def ask(front: Front, path: str, headers: dict[str, str] | None = None,
              method: str = "GET", body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    """One request as uvicorn hands it to the front: (status, headers, body)."""
    scope: dict[str, Any] = {
        "type": "http", "method": method, "path": path, "raw_path": path.encode(),
        "query_string": b"", "root_path": "", "scheme": "http", "http_version": "1.1",
        "server": ("127.0.0.1", 5000), "client": ("127.0.0.1", 40000),
        "headers": [(b"host", b"127.0.0.1:5000")] + [
            (k.lower().encode("latin-1"), v.encode("latin-1"))
            for k, v in (headers or {}).items()]}
    if body:
        scope["headers"].append((b"content-length", str(len(body)).encode()))
    sent: list[dict[str, Any]] = []

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    await front(scope, receive, send)
    got = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in sent[0]["headers"]}
    return sent[0]["status"], got, b"".join(m.get("body", b"") for m in sent[1:])


def new_match(front: Front) -> dict[str, Any]:
    import json

    status, _h, body = run(ask(front, "/api/matches", {"Content-Type":
                                                                "application/json"},
                                       "POST", json.dumps(euchre_match()).encode()))
    assert status == 201, body
    return json.loads(body)


def save(front: Front, made: dict[str, Any], no: int) -> None:
    import json

    hand = {"no": no, "caller": "W", "makers_tricks": 5}
    status, _h, body = run(ask(
        front, f"/api/matches/{made['id']}/hands",
        {"Content-Type": "application/json", "Authorization": f"Bearer {made['edit_key']}"},
        "POST", json.dumps(hand).encode()))
    assert status == 201, body


@pytest.mark.parametrize("path", ["/m/{id}/live", "/api/matches/{id}"])
def test_a_tables_phones_get_one_answer_made_once_per_version(front, path):
    made = new_match(front)
    path = path.format(id=made["id"])

    async def phones(n: int, headers: dict[str, str]):
        return await asyncio.gather(*(ask(front, path, headers) for _ in range(n)))

    front.calls.clear()
    first = run(phones(6, {"Accept-Encoding": "gzip"}))  # six phones at once
    assert front.calls == [path]  # the app made it once; the others waited for it
    assert {a[0] for a in first} == {200} and len({a[2] for a in first}) == 1
    later = run(phones(3, {"Accept-Encoding": "gzip"}))
    assert front.calls == [path] and {a[2] for a in later} == {first[0][2]}
    assert "set-cookie" not in first[0][1]

    # Another language is another answer, made once too.
    zh = run(phones(2, {"Accept-Encoding": "gzip", "Accept-Language": "zh-TW"}))
    assert front.calls == [path, path] and zh[0][1]["etag"] != first[0][1]["etag"]
    if "live" in path:  # gzipped, as asked
        assert "僅供觀看" in gzip.decompress(zh[0][2]).decode()
        assert "View only" in gzip.decompress(first[0][2]).decode()
    # Not gzipped for a client that does not take it.
    plain = run(ask(front, path))
    assert "content-encoding" not in plain[1] and front.calls.count(path) == 3

    # A hand saved: the next phone's ask makes the new version's answer, once.
    save(front, made, 1)
    front.calls.clear()
    after = run(phones(4, {"Accept-Encoding": "gzip"}))
    assert front.calls == [path]
    assert after[0][1]["etag"] != first[0][1]["etag"] and after[0][2] != first[0][2]
    # ... and a phone naming the new tag gets a 304 from the front, the app not asked.
    status, headers, body = run(ask(front, path, {"If-None-Match": after[0][1]["etag"],
                                                          "Accept-Encoding": "gzip"}))
    assert (status, body, front.calls) == (304, b"", [path])
    assert headers["etag"] == after[0][1]["etag"]


def test_the_live_part_is_the_viewers_board_with_the_new_hand(front):
    made = new_match(front)
    save(front, made, 1)
    status, headers, body = run(ask(front, f"/m/{made['id']}/live"))
    html = body.decode()
    assert status == 200 and headers["etag"].startswith('W/"l2-')
    assert html.startswith('<div id="live"') and 'data-version="2"' in html
    assert 'data-title="0–2 · ' in html  # the page's title, for the phone to show
    assert "View only" in html and "<form" not in html and "csrf" not in html


def test_what_is_not_the_same_for_everyone_is_never_kept(front):
    # An unknown match: the app's 404 each time.
    front.calls.clear()
    for _ in range(2):
        assert run(ask(front, "/m/nope/live"))[0] == 404
    assert front.calls == ["/m/nope/live"] * 2

    # A club night's table: its banner follows the other tables, which never change this
    # match's version: the app makes its live part every time.
    import json

    status, _h, raw = run(ask(front, "/api/events", {"Content-Type": "application/json"},
                                      "POST", json.dumps({
                                          "name": "Club", "game": "euchre", "players": NAMES,
                                          "rounds": 2, "hands_per_round": 1,
                                          "movement": "progressive", "seed": 3}).encode()))
    assert status == 201, raw
    table = json.loads(raw)["rounds"][0]["tables"][0]
    path = f"/m/{table['match']}/live"
    front.calls.clear()
    answers = [run(ask(front, path)) for _ in range(3)]
    assert front.calls == [path] * 3
    assert all(a[0] == 200 and b"Round 1" in a[2] for a in answers), answers[0][2][:300]


def test_a_maker_that_fails_wakes_the_phones_waiting_for_it():
    kept = Kept(4)

    async def scene():
        answer, making = await kept.get(("k",), 1)
        assert (answer, making) == (None, True)
        waiting = asyncio.ensure_future(kept.get(("k",), 1))
        await asyncio.sleep(0)
        assert not waiting.done()
        kept.done(("k",))  # the maker's app call failed: nothing kept
        assert await asyncio.wait_for(waiting, 1) == (None, False)  # it asks the app itself
        kept.put(("k",), 3, (200, [], b"v3"))
        assert await kept.get(("k",), 2) == ((200, [], b"v3"), False)  # a later one will do
        assert (await kept.get(("k",), 4))[1] is True  # an older one will not

    run(scene())


def test_the_least_recently_asked_answers_go_first_past_the_size():
    kept = Kept(250)

    async def scene():
        for n in range(3):
            kept.put((n,), 1, (200, [(b"etag", b"x")], b"." * 95))
        assert list(kept.answers) == [(1,), (2,)] and kept.bytes == 200
        await kept.get((1,), 1)  # asked again: kept longer
        kept.put((3,), 1, (200, [], b"." * 60))
        assert list(kept.answers) == [(1,), (3,)] and kept.bytes == 160
        kept.put((3,), 2, (200, [], b"." * 10))  # a new version replaces the old
        kept.put((3,), 1, (200, [], b"." * 99))  # an older one never replaces a newer
        assert kept.answers[(3,)][0] == 2 and kept.bytes == 110

    run(scene())
