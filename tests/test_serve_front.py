"""The server's front (scorekeeper/front.py, scorekeeper/server.py) through the real
``scorekeeper serve``: the unchanged poll answered by the event loop with the same ETag and
headers as the app; every other request reaching the app unchanged; request heads past the
limits refused with 431 without hurting other connections; forwarded headers not trusted."""

from __future__ import annotations

import http.client
import socket
from urllib.parse import urlsplit

import pytest
from helpers import euchre_hand, euchre_match
from test_serve import call

from scorekeeper.server import FIELDS_LIMIT, HEAD_LIMIT


def raw(base: str, data: bytes, chunks: int = 1) -> bytes:
    """Send ``data`` (in ``chunks`` writes) on a new connection; the start of the answer."""
    url = urlsplit(base)
    with socket.create_connection((url.hostname, url.port), timeout=10) as conn:
        step = max(1, len(data) // chunks)
        try:
            for start in range(0, len(data), step):
                conn.sendall(data[start:start + step])
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may close before the rest arrives; its answer is what counts
        return conn.recv(4096)


def get(base: str, path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    url = urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


def test_an_unchanged_poll_is_a_304_with_the_apps_etag_and_headers(served_app):
    _status, made = call("POST", served_app + "/api/matches", euchre_match())
    path = f"/api/matches/{made['id']}"
    full = get(served_app, path, {"Accept-Language": "zh-TW"})
    assert full.status == 200
    etag = full.getheader("ETag")
    polled = get(served_app, path, {"If-None-Match": etag, "Accept-Language": "zh-TW"})
    assert polled.status == 304
    assert polled.getheader("ETag") == etag
    assert polled.getheader("Cache-Control") == "no-cache"
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
                 "X-Frame-Options"):
        assert polled.getheader(name) == full.getheader(name), name
    assert polled.getheader("Server") is None
    # Another language is another answer: the app answers it in full.
    assert get(served_app, path, {"If-None-Match": etag, "Accept-Language": "en"}).status == 200
    # After a save the old tag no longer matches.
    status, _b = call("POST", served_app + path + "/hands", {**euchre_hand(), "no": 1},
                      made["edit_key"])
    assert status == 201
    changed = get(served_app, path, {"If-None-Match": etag, "Accept-Language": "zh-TW"})
    assert changed.status == 200
    assert changed.getheader("ETag") != etag
    # An unknown match is the app's 404, in words.
    status, body = call("GET", served_app + "/api/matches/nope",
                        headers={"If-None-Match": etag})
    assert (status, body["errors"][0]["message"]) == (404, "There is no such match.")


@pytest.mark.parametrize(("name", "head"), [
    ("one endless header", b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: "
     + b"a" * (HEAD_LIMIT + 10) + b"\r\n\r\n"),
    ("too many header fields", b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
     + b"".join(b"X-%d: a\r\n" % i for i in range(FIELDS_LIMIT + 5)) + b"\r\n"),
])
def test_an_oversized_request_head_is_a_431_and_others_go_on(served_app, name, head):
    answer = raw(served_app, head, chunks=20)
    assert answer.startswith(b"HTTP/1.1 431"), (name, answer[:100])
    assert call("GET", served_app + "/healthz") == (200, "ok")


def test_a_head_within_the_limits_is_served(served_app):
    head = (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * (HEAD_LIMIT // 2)
            + b"\r\n" + b"".join(b"X-%d: a\r\n" % i for i in range(FIELDS_LIMIT - 10))
            + b"\r\n")
    assert raw(served_app, head).startswith(b"HTTP/1.1 200")


def test_a_large_body_is_not_a_large_head(served_app):
    """The head limit counts the head only: an upload bigger than it still reaches the app
    (which says the match is bad, in words)."""
    body = b'{"format": "scorekeeper-match/1", "note": "' + b"x" * (3 * HEAD_LIMIT) + b'"}'
    answer = raw(served_app, b"POST /api/matches HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/json\r\nContent-Length: %d\r\n"
                 b"Connection: close\r\n\r\n" % len(body) + body, chunks=8)
    assert answer.startswith(b"HTTP/1.1 422"), answer[:200]


def test_forwarded_headers_are_not_trusted_by_default(served_app):
    """Without TRUSTED_PROXIES the server believes the connection, not X-Forwarded-*: a
    client on the same machine can't claim HTTPS (HSTS) or another address."""
    answer = get(served_app, "/healthz", {"X-Forwarded-Proto": "https",
                                          "X-Forwarded-For": "203.0.113.9"})
    assert answer.status == 200
    assert answer.getheader("Strict-Transport-Security") is None


def test_a_chunked_upload_is_read_whole_and_one_past_the_limit_is_a_413(served_app):
    import json as json_

    from helpers import euchre_match as match

    body = json_.dumps(match()).encode()
    chunked = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 50]), body[i:i + 50])
                       for i in range(0, len(body), 50)) + b"0\r\n\r\n"
    head = (b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    assert raw(served_app, head + chunked, chunks=5).startswith(b"HTTP/1.1 201")
    from scorekeeper import MAX_CONTENT_LENGTH

    piece = b"x" * 65536
    too_big = b"%x\r\n%s\r\n" % (len(piece), piece) * (MAX_CONTENT_LENGTH // len(piece) + 2)
    answer = raw(served_app, head + too_big + b"0\r\n\r\n", chunks=40)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"Content-Type: application/json" in answer or b"content-type: application/json" \
        in answer.lower()
