"""The shipped nginx configuration in front of a real ``scorekeeper serve`` (issue 21).

nginx runs deploy/nginx/scorekeeper.conf as shipped, with only its addresses, a self-signed
certificate (made by the app's tls module) and, to keep the waits short, 2 s client timeouts
instead of 10 s. Through it over TLS: a hand saved and read, 304 polls, a PDF, the app seeing
HTTPS and the client's address; nginx's limits (429 past the create and PDF rates, 503 past
the PDF connections, 413 for a huge body, slow heads and bodies cut); and a scorer's saves
while thousands of idle connections and 200 slowloris connections are held open.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import ssl
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from support.reliability import ServeProcess, benchmark_script, euchre
from support.streams import Stream

from scorekeeper import create_app
from scorekeeper.serving import tls

pytestmark = pytest.mark.slow
behind_nginx = benchmark_script("behind_nginx")
CONF = behind_nginx.CONF
TIMEOUT = 2  # seconds: the client timeouts of this test's nginx


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("nginx")
    server = ServeProcess(tmp / "instance", log=tmp / "serve.log",
                          env={"SCOREKEEPER_TRUSTED_PROXIES": "1",
                               "SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0"})
    server.start()
    cert = tls.ensure_certificate(tmp / "tls", [])
    proxy = behind_nginx.NginxProcess(tmp / "nginx", server.base.removeprefix("http://"),
                                      cert=cert.certfile, key=cert.keyfile,
                                      client_timeout=f"{TIMEOUT}s")
    try:
        proxy.start()
        proxy.context = ssl.create_default_context(cafile=str(cert.certfile))
        proxy.instance = tmp / "instance"
        yield proxy
    finally:
        proxy.stop()
        server.stop()
    log = server.log_text()
    assert "Traceback" not in log, log


class Conn:
    """One keep-alive HTTPS connection from a given loopback address."""

    def __init__(self, front: Any, source: str = "127.0.0.2"):
        self.conn = http.client.HTTPSConnection("127.0.0.1", front.port, timeout=30,
                                                context=front.context,
                                                source_address=(source, 0))

    def __call__(self, method: str, path: str, body: Any = None,
                 **headers: str) -> tuple[int, bytes, dict[str, str]]:
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        if data is not None:
            headers.setdefault("Content-Type", "application/json")
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        raw = response.read()
        return response.status, raw, {k.lower(): v for k, v in response.getheaders()}

    def close(self) -> None:
        self.conn.close()


def new_match(conn: Conn) -> tuple[str, str]:
    status, raw, _h = conn("POST", "/api/matches", euchre())
    assert status == 201, raw
    body = json.loads(raw)
    return body["id"], body["edit_key"]


def test_a_hand_saved_and_read_polls_and_a_pdf_through_nginx(front) -> None:
    conn = Conn(front)
    try:
        match_id, key = new_match(conn)
        status, raw, headers = conn("POST", f"/api/matches/{match_id}/hands",
                                    {"caller": "E", "makers_tricks": 3, "no": 1},
                                    Authorization=f"Bearer {key}")
        assert status == 201, raw
        assert "strict-transport-security" in headers  # the app sees HTTPS (X-Forwarded-Proto)
        status, raw, headers = conn("GET", f"/api/matches/{match_id}")
        assert status == 200 and len(json.loads(raw)["match"]["hands"]) == 1
        etag = headers["etag"]
        status, raw, _h = conn("GET", f"/api/matches/{match_id}", **{"If-None-Match": etag})
        assert (status, raw) == (304, b"")
        status, raw, headers = conn("GET", f"/m/{match_id}/live", **{"Accept-Encoding": "gzip"})
        assert status == 200
        status, _raw, _h = conn("GET", f"/m/{match_id}/live",
                                **{"If-None-Match": headers["etag"], "Accept-Encoding": "gzip"})
        assert status == 304
        status, raw, headers = conn("GET", f"/m/{match_id}/sheet.pdf")
        assert status == 200 and raw.startswith(b"%PDF")
        assert headers["content-type"] == "application/pdf"
    finally:
        conn.close()


def test_watching_phones_share_one_answer_a_second_and_see_a_new_hand(front) -> None:
    conn, other = Conn(front), Conn(front, "127.0.0.4")
    try:
        match_id, key = new_match(conn)
        live = f"/m/{match_id}/live"
        first = conn("GET", live, **{"Accept-Encoding": "gzip"})
        again = other("GET", live, **{"Accept-Encoding": "gzip"})  # another phone, same second
        assert first[0] == again[0] == 200 and first[1] == again[1]
        assert first[2]["x-cache-status"] == "MISS" and again[2]["x-cache-status"] == "HIT"
        zh = other("GET", live, **{"Accept-Encoding": "gzip", "Accept-Language": "zh-TW"})
        assert zh[2]["x-cache-status"] == "MISS" and zh[1] != first[1]  # a language its own
        status, raw, _h = conn("POST", f"/api/matches/{match_id}/hands",
                               {"caller": "E", "makers_tricks": 3, "no": 1},
                               Authorization=f"Bearer {key}")
        assert status == 201, raw
        time.sleep(2.1)  # kept 1 s by a clock of whole seconds: up to 2 s, then the new hand
        status, _raw, headers = other("GET", live, **{"If-None-Match": first[2]["etag"],
                                                      "Accept-Encoding": "gzip"})
        assert status == 200 and headers["etag"] != first[2]["etag"]
    finally:
        conn.close()
        other.close()


def test_a_phone_told_of_a_new_hand_gets_it_not_the_kept_part(front) -> None:
    """A stream's news names the version; the phone asks the live part with it (?v=): nginx
    passes that to the app and keeps nothing of it, so the part kept from just before the hand
    (the 1-second cache) never answers it, and the other phones' shared part stays as it was."""
    conn, other = Conn(front), Conn(front, "127.0.0.4")
    try:
        match_id, key = new_match(conn)
        live = f"/m/{match_id}/live"
        kept = other("GET", live, **{"Accept-Encoding": "gzip"})
        again = other("GET", live, **{"Accept-Encoding": "gzip"})
        assert again[2]["x-cache-status"] == "HIT"  # kept: a poll in this second gets it
        status, raw, _h = conn("POST", f"/api/matches/{match_id}/hands",
                               {"caller": "E", "makers_tricks": 3, "no": 1},
                               Authorization=f"Bearer {key}")
        assert status == 201, raw
        _status, _raw, headers = conn("GET", f"/api/matches/{match_id}")
        version = headers["etag"].split("-")[0].removeprefix('"v')  # what the stream says
        status, _raw, headers = other("GET", f"{live}?v={version}", **{
            "If-None-Match": kept[2]["etag"], "Accept-Encoding": "gzip"})
        assert status == 200 and headers["x-cache-status"] == "BYPASS"
        assert headers["etag"].startswith(f'W/"l{version}-')
    finally:
        conn.close()
        other.close()


def test_plain_http_sends_phones_to_https(front) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", front.http_port, timeout=10)
    conn.request("GET", "/m/abc", headers={"Host": "scores.example.org"})
    response = conn.getresponse()
    assert response.status == 301
    assert response.getheader("Location") == "https://scores.example.org/m/abc"
    conn.close()


def test_made_up_host_headers_through_nginx_write_no_qr_file(front) -> None:
    conn = Conn(front, "127.0.0.4")
    try:
        status, raw, _h = conn("POST", "/api/matches", euchre())
        assert status == 201, raw
        page = f"/m/{json.loads(raw)['id']}"
        folder = front.instance / "qr"
        before = set(folder.glob("*.svg")) if folder.exists() else set()
        for n in range(100):
            status, raw, _h = conn("GET", page, Host=f"evil-{n}.example")
            assert status == 200 and b"evil-" not in raw
        assert len(set(folder.glob("*.svg")) - before) <= 1  # the one link of the match
    finally:
        conn.conn.close()


def test_anonymous_creates_past_the_rate_are_429_in_words(front) -> None:
    conn = Conn(front, "127.0.0.3")
    try:
        statuses = []
        for _ in range(45):
            status, raw, headers = conn("POST", "/api/matches", euchre())
            statuses.append(status)
        assert statuses[:30] == [201] * 30, statuses
        assert statuses.count(429) >= 10, statuses
        assert int(headers["retry-after"]) > 0 and b"Too many requests" in raw
        # the same address's scorer saves and reads are never limited
        match_id, key = new_match(Conn(front, "127.0.0.4"))
        for no in range(1, 41):
            status, raw, _h = conn("POST", f"/api/matches/{match_id}/hands",
                                   {"caller": "N", "makers_tricks": 3, "no": no},
                                   Authorization=f"Bearer {key}")
            assert status == 201, (no, raw)
        assert conn("GET", "/start")[0] in (200, 303)  # the GET of a limited path is not limited
    finally:
        conn.close()


def test_pdfs_past_the_limits_are_refused_in_words(front) -> None:
    def fetch(_i: int) -> tuple[int, bytes]:
        conn = Conn(front, "127.0.0.5")
        try:
            status, raw, _h = conn("GET", "/sheets/whist.pdf")
            return status, raw
        finally:
            conn.close()

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(fetch, range(24)))
    statuses = [s for s, _r in answers]
    assert set(statuses) <= {200, 429, 503}, statuses
    assert 200 in statuses and (429 in statuses or 503 in statuses), statuses
    for status, raw in answers:
        if status == 200:
            assert raw.startswith(b"%PDF")
        else:
            assert b"try again" in raw


def test_pdfs_from_many_addresses_are_made_two_at_a_time(front) -> None:
    # Each address within its own limits: the server-wide bound still refuses the rest. Twelve
    # different sheets (game, paper, language), so none is the app's cached copy.
    def fetch(i: int) -> int:
        conn = Conn(front, f"127.0.1.{i + 1}")
        game, size, lang = ("euchre", "whist")[i % 2], ("a4", "letter")[i // 2 % 2], \
            ("en", "zh-Hans", "zh-Hant")[i // 4]
        try:
            status, raw, _h = conn("GET", f"/sheets/{game}.pdf?size={size}",
                                   **{"Accept-Language": lang})
            assert (status == 200 and raw.startswith(b"%PDF")) or b"try again" in raw
            return status
        finally:
            conn.close()

    with ThreadPoolExecutor(12) as pool:
        statuses = list(pool.map(fetch, range(12)))
    assert 200 in statuses and 503 in statuses, statuses
    assert set(statuses) <= {200, 503}, statuses


def test_a_huge_body_is_413(front) -> None:
    conn = Conn(front, "127.0.0.6")
    try:
        status, _raw, _h = conn("POST", "/import", b"x" * (2 * 1024 * 1024),
                                **{"Content-Type": "application/octet-stream"})
    except (ConnectionResetError, BrokenPipeError):  # nginx may close before reading it all
        status = 413
    finally:
        conn.close()
    assert status == 413


def app_paths() -> list[str]:
    """One address for each route the app has, its variables filled in."""
    app = create_app(instance_path=tempfile.mkdtemp())
    paths = {re.sub(r"<[^>]+>", "x", rule.rule) for rule in app.url_map.iter_rules()}
    return sorted(paths)


def test_every_route_of_the_app_is_passed_to_it() -> None:
    """The shipped file names the app's first path segments; a new route must be added."""
    conf = CONF.read_text(encoding="utf-8")
    passed = re.search(r"location ~ (\^/\([^\n]*\)\(/\|\$\)) \{", conf)
    assert passed is not None
    routes = re.compile(passed.group(1))
    missing = [p for p in app_paths() if p != "/" and not routes.match(p)]
    assert missing == []
    assert "location = / {" in conf
    assert not routes.match("/nowhere/x") and not routes.match("/mx") and not routes.match("/")


def test_junk_paths_are_answered_by_nginx_and_every_route_reaches_the_app(front) -> None:
    conn = Conn(front, "127.0.0.7")
    try:
        for path in ("/nowhere/" + "a" * 50, "/wp-login.php", "/mx", "/.env"):
            status, raw, headers = conn("GET", path)
            assert status == 404, path
            assert raw == b"There is no such page here. Start from the home page: /\n"
            assert "x-content-type-options" not in headers  # nginx's, not the app's page
        for path in ("/", "/healthz", "/players", "/sheets/euchre", "/static/css/app.css",
                     "/games/euchre/static/game.css",
                     "/manifest.webmanifest", "/sw.js", "/favicon.ico", "/m/nope",
                     "/api/matches/nope"):
            status, _raw, headers = conn("GET", path)
            assert "x-content-type-options" in headers, path  # the app answered
            assert status in (200, 404), (path, status)
    finally:
        conn.close()


def tls_socket(front: Any) -> ssl.SSLSocket:
    raw = socket.create_connection(("127.0.0.1", front.port), timeout=TIMEOUT * 5)
    return front.context.wrap_socket(raw, server_hostname="127.0.0.1")


def closed_after(sock: ssl.SSLSocket) -> tuple[float, bytes]:
    """Seconds until nginx answered or closed, and what it sent."""
    started = time.monotonic()
    got = b""
    try:
        while chunk := sock.recv(4096):
            got += chunk
    except (ConnectionResetError, ssl.SSLError):
        pass
    return time.monotonic() - started, got


@pytest.mark.parametrize("request_head", [
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # a head that never ends
    b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{",  # a body
])
def test_slow_clients_are_cut_after_the_timeout(front, request_head: bytes) -> None:
    sock = tls_socket(front)
    try:
        sock.sendall(request_head)
        seconds, got = closed_after(sock)
    finally:
        sock.close()
    assert TIMEOUT - 0.5 < seconds < TIMEOUT * 4, seconds
    assert got == b"" or got.startswith(b"HTTP/1.1 408"), got[:100]


def test_idle_and_slowloris_connections_change_nothing_for_a_scorer(front) -> None:
    stop = threading.Event()
    idle = behind_nginx.hold_idle(front.port, 2000, stop)
    behind_nginx.slowloris(front.port, 200, stop, tls=True)
    conn = Conn(front, "127.0.0.7")
    try:
        deadline = time.monotonic() + 10
        while len(idle) < 2000 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(idle) >= 1500  # most of them open at once (nginx cuts them every 2 s)
        match_id, key = new_match(conn)
        for no in range(1, 61):
            status, raw, _h = conn("POST", f"/api/matches/{match_id}/hands",
                                   {"caller": "E", "makers_tricks": 3, "no": no},
                                   Authorization=f"Bearer {key}")
            assert status == 201, (no, raw)
            status, _raw, _h = conn("GET", f"/api/matches/{match_id}")
            assert status == 200
    finally:
        stop.set()
        conn.close()


def test_a_507_s_status_line_is_gunicorn_s_through_nginx_too(tmp_path) -> None:
    """A spent storage budget's status line (docs/running.md): gunicorn 27's ASGI worker has no
    reason phrase for 507 and ASGI no field for one, so it reads ``507 Unknown``; nginx passes
    the upstream's status line on as it came (HTTP/1.1; HTTP/2 has no phrase at all). Clients
    go by the code and the sentence, the same both ways. (When the line changes, gunicorn
    names 507: say so in docs/running.md and docs/limits.md.)"""
    server = ServeProcess(tmp_path / "instance", log=tmp_path / "serve.log",
                          env={"SCOREKEEPER_DISK_RESERVE_MB": str(10**9)})  # no disk has it
    server.start()
    proxy = behind_nginx.NginxProcess(tmp_path / "nginx", server.base.removeprefix("http://"))
    body = json.dumps(euchre()).encode()
    request = (b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
               b"\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(body), body))
    answers = {}
    try:
        proxy.start()
        for name, port in (("direct", int(server.base.rsplit(":", 1)[1])), ("nginx", proxy.port)):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(request)
                got = b""
                while chunk := sock.recv(65536):
                    got += chunk
            head, _sep, answer = got.partition(b"\r\n\r\n")
            answers[name] = (head.split(b"\r\n", 1)[0], json.loads(answer))
    finally:
        proxy.stop()
        server.stop()
    assert answers["direct"][0] == answers["nginx"][0] == b"HTTP/1.1 507 Unknown"
    assert answers["direct"][1] == answers["nginx"][1]
    assert "no room for new matches" in answers["nginx"][1]["errors"][0]["message"]


def stream_to(front: Any, query: str, source: str) -> Stream:
    """A live stream (``GET /stream``) through nginx over TLS, from ``source``."""
    conn = http.client.HTTPSConnection("127.0.0.1", front.port, timeout=10,
                                       context=front.context, source_address=(source, 0))
    return Stream(conn, query)


def test_a_stream_through_nginx_delivers_each_save_at_once(front) -> None:
    """nginx passes each event on as it comes (buffering off): a hand saved on another
    connection reaches the open stream, waited for as the next event (bounded)."""
    conn = Conn(front)
    match_id, key = new_match(conn)
    stream = stream_to(front, f"m={match_id}", "127.0.0.8")
    try:
        assert stream.status == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        first = int(stream.next()["v"])
        for no in (1, 2):
            status, raw, _h = conn("POST", f"/api/matches/{match_id}/hands",
                                   {"caller": "E", "makers_tricks": 3, "no": no},
                                   Authorization=f"Bearer {key}")
            assert status == 201, raw
            assert int(stream.next()["v"]) == first + no
    finally:
        stream.close()
        conn.close()


def test_open_streams_past_the_limit_of_an_address_are_refused_in_words(front) -> None:
    """512 open streams an address (nginx's ``sk_streams``); the next is a 503 in a sentence
    (the page polls instead), and another address is not held up."""
    conn = Conn(front)
    match_id, _key = new_match(conn)
    conn.close()
    held = []
    try:
        for _ in range(512):
            held.append(stream_to(front, f"m={match_id}", "127.0.0.9"))
            assert held[-1].status == 200
        refused = stream_to(front, f"m={match_id}", "127.0.0.9")
        assert refused.status == 503
        assert refused.body() == b"The server is busy: try again in a few seconds.\n"
        refused.close()
        other = stream_to(front, f"m={match_id}", "127.0.0.10")
        assert other.status == 200 and other.next()["k"] == f"m:{match_id}"
        other.close()
    finally:
        for stream in held:
            stream.close()
