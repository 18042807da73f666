"""Links and QR codes name a configured or trusted address, never the request's ``Host``
(issue 36): on a real server, 500 made-up Host headers write no QR file and change no link, and
a Host of 2,400 characters is no 500."""

from __future__ import annotations

import http.client
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from support.helpers import euchre_match

from scorekeeper.web import links


def get(base: str, path: str, host: str) -> tuple[int, str]:
    where = urlsplit(base)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    try:
        conn.putrequest("GET", path, skip_host=True)
        conn.putheader("Host", host)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        conn.close()


def view_links(page: str) -> set[str]:
    return set(re.findall(r"https?://[^\s\"<>]*/m/[A-Za-z0-9_-]+", page))


def test_made_up_hosts_write_no_qr_file_and_name_no_link(app, client, live_server):
    made = client.post("/api/matches", json=euchre_match()).get_json()
    path = f"/m/{made['id']}"
    folder = Path(app.instance_path) / "qr"
    port = urlsplit(live_server).port
    status, page = get(live_server, path, f"evil-0.example:{port}")
    assert status == 200
    kept = sorted(folder.glob("*.svg"))
    assert len(kept) == 1
    named = view_links(page)
    assert len(named) == 1 and "evil" not in next(iter(named))
    for n in range(1, 500):
        host = f"evil-{n}.example" if n % 2 else f"{n}.{n}.{n}.{n}:{port}"
        status, page = get(live_server, path, host)
        assert status == 200
        assert view_links(page) == named
    assert sorted(folder.glob("*.svg")) == kept
    # The server's own name still names itself.
    status, page = get(live_server, path, f"127.0.0.1:{port}")
    assert view_links(page) == {f"http://127.0.0.1:{port}{path}"}


@pytest.mark.parametrize("host", [
    ".".join(["a" * 60] * 40),  # was segno's DataOverflowError: a 500
    "x" * 5000,
    "127.0.0.1:99999999999999999999",
    "[::1",
    "localhost:port",
])
def test_a_host_no_link_can_hold_is_no_500(client, live_server, host):
    made = client.post("/api/matches", json=euchre_match()).get_json()
    status, page = get(live_server, f"/m/{made['id']}", host)
    assert status in (200, 400), page[:300]
    assert host not in page


@pytest.mark.parametrize(("host", "own"), [
    ("localhost", True), ("localhost:8000", True), ("127.0.0.1:5000", True),
    ("127.9.9.9", True), ("[::1]:8000", True), ("evil.example", False),
    ("localhost.evil.example", False), ("10.0.0.1.evil", False), ("", False),
    ("[::1", False), ("localhost:port", False),
])
def test_own_host_names_only_this_machine(host, own):
    assert links.own_host(host) is own


@pytest.mark.app_config(PUBLIC_URL="https://scores.example.org/")
def test_a_configured_public_url_names_every_link(client):
    made = client.post("/api/matches", json=euchre_match()).get_json()
    page = client.get(f"/m/{made['id']}", headers={"Host": "evil.example"}).text
    assert view_links(page) == {f"https://scores.example.org/m/{made['id']}"}


@pytest.mark.app_config(TRUSTED_HOSTS=["scores.example.org"])
def test_trusted_hosts_refuse_every_other_host(client):
    made = client.post("/api/matches", json=euchre_match(),
                       headers={"Host": "scores.example.org"}).get_json()
    page = client.get(f"/m/{made['id']}", headers={"Host": "scores.example.org"}).text
    assert view_links(page) == {f"http://scores.example.org/m/{made['id']}"}
    refused = client.get(f"/m/{made['id']}", headers={"Host": "evil.example"})
    assert refused.status_code == 400
