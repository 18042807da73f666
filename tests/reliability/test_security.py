"""Security: nobody writes without the current edit key, CSRF and Fetch Metadata on every page
form, headers and cookies on every page, markup in names never runs, over-long input refused
with nothing stored, the secret key, the write limit through the real server, redirects.

What tests/test_app.py, test_api.py and test_pages.py already prove is not repeated here.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import signal
import stat
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from flask_wtf.csrf import generate_csrf
from support.reliability import ROOT, SEATS, api, create, db_path, form_values, free_port, read_db

from scorekeeper import create_app, service
from scorekeeper.store.db import get_db

HAND = {"caller": "E", "makers_tricks": "3"}
XSS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>']


def start(client, **fields) -> str:
    """Start a match through the page (CSRF off in the app); its match id."""
    r = client.post("/start", data={"game": "euchre", **SEATS, "first_dealer": "N",
                                    "preset_euchre": "standard", **fields})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return r.headers["Location"].rsplit("/", 1)[1]


def stored(app) -> dict:
    return read_db(Path(app.config["DATABASE"])).counts


def csrf_page_token(app, client, match_id: str | None = None, key: str | None = None) -> str:
    """A fresh CSRF token in the client's session (and the edit key, if given)."""
    if match_id:  # the scorer link, as a phone opens it: the rights cookie
        assert client.get(f"/m/{match_id}?key={key}").status_code == 303
    with app.test_request_context():
        token = generate_csrf()
        from flask import session

        saved = dict(session)
    with client.session_transaction() as s:
        s.update(saved)
    return token


# --- no write without the current edit key ----------------------------------------------------


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_no_page_write_without_the_edit_key(app, matches):
    match_id, _key = matches.create()
    matches.record(match_id, {"caller": "E", "makers_tricks": 3})
    viewer = app.test_client()
    assert viewer.get(f"/m/{match_id}").status_code == 200  # it may look
    before = stored(app)
    for path, data in [
        ("/hands", {**HAND, "expected_no": "2"}),
        ("/undo", {"expected_no": "1"}),
        ("/preview", {**HAND, "expected_no": "2"}),
        ("/rematch", {"expected_no": "2"}),
        ("/hands/1/edit", {**HAND, "expected_no": "1"}),
    ]:
        r = viewer.post(f"/m/{match_id}{path}", data=data)
        assert r.status_code == 403, path
        assert "Only the scorer can do that" in r.get_data(as_text=True)
    assert stored(app) == before
    for method in ("PUT", "DELETE"):
        r = viewer.open(f"/api/matches/{match_id}/hands/1", method=method,
                        json={"caller": "N", "makers_tricks": 3})
        assert r.status_code == 403
    assert stored(app) == before
    # another match's key is no key for this one, in the session either
    other_id, other_key = matches.create()
    viewer.get(f"/m/{other_id}?key={other_key}")
    assert viewer.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "2"}).status_code \
        == 403
    r = viewer.get(f"/m/{match_id}?key={other_key}")  # a wrong key: told, and no right
    assert r.status_code == 303
    assert "Who called?" not in viewer.get(f"/m/{match_id}").get_data(as_text=True)
    assert viewer.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "2"}).status_code \
        == 403
    assert stored(app)["hands"] == before["hands"]


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_a_revoked_key_stops_working_everywhere(app, matches):
    match_id, old = matches.create()
    phone = app.test_client()
    phone.get(f"/m/{match_id}?key={old}")
    assert phone.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "1"}).status_code \
        == 303
    with app.app_context():
        new = service.new_edit_key(get_db(), match_id)  # "generate a new scorer link"
    assert new and new != old
    # the phone that held the old key: no form, no write, by page or API
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Who called?" not in html and f"key={old}" not in html
    assert phone.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "2"}).status_code \
        == 403
    assert phone.post(f"/m/{match_id}/undo", data={"expected_no": "1"}).status_code == 403
    stranger = app.test_client()
    assert stranger.get(f"/m/{match_id}?key={old}").status_code == 303  # explained, no right
    assert stranger.post(f"/m/{match_id}/undo", data={"expected_no": "1"}).status_code == 403
    r = app.test_client().delete(f"/api/matches/{match_id}/hands/1",
                                 headers={"Authorization": f"Bearer {old}"})
    assert r.status_code == 403
    assert matches.load(match_id).hand_count == 1
    # the new link works
    fresh = app.test_client()
    assert fresh.get(f"/m/{match_id}?key={new}").status_code == 303
    assert fresh.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "2"}).status_code \
        == 303
    assert matches.load(match_id).hand_count == 2


def test_the_edit_key_leaves_the_address_and_is_never_cached(app, matches):
    match_id, key = matches.create()
    phone = app.test_client()
    r = phone.get(f"/m/{match_id}?key={key}")
    assert r.status_code == 303
    assert "key" not in r.headers["Location"]
    assert key not in r.get_data(as_text=True)
    cookies = r.headers.getlist("Set-Cookie")
    rights = [c for c in cookies if c.startswith("scorer=")]
    assert len(rights) == 1 and "HttpOnly" in rights[0] and "Max-Age=34560000" in rights[0]
    assert not any(key in c for c in cookies)  # a reference to the key, never the key
    page = phone.get(r.headers["Location"])
    assert page.status_code == 200 and "no-store" in page.headers["Cache-Control"]
    assert page.headers["Referrer-Policy"] != "unsafe-url"
    # the scorer link shown to share carries a scorer token, never the key
    html = page.get_data(as_text=True)
    assert key not in html and 'id="edit-link"' in html


def test_the_edit_key_is_stored_only_as_a_hash_and_never_shown_to_viewers(app, matches):
    match_id, key = matches.create()
    matches.record(match_id, {"caller": "E", "makers_tricks": 3})
    path = Path(app.config["DATABASE"])
    raw = b"".join(p.read_bytes() for p in (path, path.with_name(path.name + "-wal"))
                   if p.exists())  # WAL: the newest pages are in the log until a checkpoint
    assert key.encode() not in raw
    assert hashlib.sha256(key.encode()).hexdigest().encode() in raw
    viewer = app.test_client()
    for path in (f"/m/{match_id}", f"/m/{match_id}.json", f"/api/matches/{match_id}",
                 f"/api/matches/{match_id}/history", f"/m/{match_id}/sheet", "/"):
        assert key not in viewer.get(path).get_data(as_text=True), path


def test_a_browser_keeps_at_most_twenty_edit_rights(app, matches):
    """The rights cookie must stay small: the oldest are dropped, the newest work; it holds
    references, never the keys."""
    phone = app.test_client()
    made = [matches.create() for _ in range(25)]
    for match_id, key in made:
        assert phone.get(f"/m/{match_id}?key={key}").status_code == 303
    cookie = phone.get_cookie("scorer")
    assert cookie is not None and len(cookie.value) < 4000
    assert not any(key in cookie.value for _m, key in made)
    session = phone.get_cookie("session")
    assert session is None or not any(key in session.value for _m, key in made)
    allowed = ["Who called?" in phone.get(f"/m/{m}").get_data(as_text=True) for m, _k in made]
    assert allowed == [False] * 5 + [True] * 20


# --- CSRF and Fetch Metadata on page forms (CSRF on: the app fixture's default) ----------------


def test_every_page_form_without_or_with_a_wrong_csrf_token_is_400_with_a_page(app, matches):
    match_id, key = matches.create()
    matches.record(match_id, {"caller": "E", "makers_tricks": 3})
    client = app.test_client()
    csrf_page_token(app, client, match_id, key)
    before = stored(app)
    posts = [
        ("/start", {"game": "euchre", **SEATS}),
        (f"/m/{match_id}/hands", {**HAND, "expected_no": "2"}),
        (f"/m/{match_id}/undo", {"expected_no": "1"}),
        (f"/m/{match_id}/preview", {**HAND, "expected_no": "2"}),
        (f"/m/{match_id}/rematch", {"expected_no": "2"}),
        (f"/m/{match_id}/hands/1/edit", {**HAND, "expected_no": "1"}),
    ]
    for path, data in posts:
        for token in (None, "forged", "IjEyMyI.aaaa.bbbb"):
            sent = dict(data) if token is None else {**data, "csrf_token": token}
            r = client.post(path, data=sent)
            assert r.status_code == 400, (path, token, r.status_code)
            assert r.mimetype == "text/html"
            assert "did not come from this site" in r.get_data(as_text=True)
    r = client.post("/import", data={"file": (io.BytesIO(b"{}"), "m.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 400
    assert stored(app) == before


def test_a_fresh_x_csrftoken_header_lets_a_page_form_through(app, matches):
    match_id, key = matches.create()
    client = app.test_client()
    token = csrf_page_token(app, client, match_id, key)
    r = client.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "1"},
                    headers={"X-CSRFToken": token})
    assert r.status_code == 303
    assert matches.load(match_id).hand_count == 1


def test_a_csrf_token_from_another_session_is_refused(app, matches):
    match_id, key = matches.create()
    mine, theirs = app.test_client(), app.test_client()
    csrf_page_token(app, mine, match_id, key)
    their_token = csrf_page_token(app, theirs)  # an attacker's own valid token
    r = mine.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "1",
                                                "csrf_token": their_token})
    assert r.status_code == 400
    assert matches.load(match_id).hand_count == 0


def test_a_cross_site_page_post_with_a_valid_token_is_refused(app, matches):
    match_id, key = matches.create()
    client = app.test_client()
    token = csrf_page_token(app, client, match_id, key)
    for path, data in [(f"/m/{match_id}/hands", {**HAND, "expected_no": "1"}),
                       (f"/m/{match_id}/rematch", {"expected_no": "1"}),
                       (f"/m/{match_id}/undo", {"expected_no": "1"}),
                       ("/start", {"game": "euchre", **SEATS})]:
        r = client.post(path, data={**data, "csrf_token": token},
                        headers={"Sec-Fetch-Site": "cross-site"})
        assert r.status_code == 403, path
    assert stored(app)["matches"] == 1 and matches.load(match_id).hand_count == 0
    statuses = []
    for allowed in ("same-origin", "none"):  # typed in, or from our own page
        r = client.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "1",
                                                      "csrf_token": token},
                        headers={"Sec-Fetch-Site": allowed})
        statuses.append(r.status_code)
    assert statuses == [303, 409]  # both let through; the second finds hand 1 taken
    assert matches.load(match_id).hand_count == 1


def test_a_cross_site_refusal_on_a_match_form_says_why(app, matches):
    match_id, key = matches.create()
    client = app.test_client()
    token = csrf_page_token(app, client, match_id, key)
    r = client.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "1",
                                                  "csrf_token": token},
                    headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    assert "other sites" in r.get_data(as_text=True)


# --- headers and cookies on HTML pages --------------------------------------------------------


def html_pages(client, match_id: str) -> list[str]:
    return ["/", f"/m/{match_id}", f"/m/{match_id}/hands/1/edit", f"/m/{match_id}/sheet",
            f"/m/{match_id}/blank", "/sheets/euchre", "/m/no-such-match", "/nowhere"]


@pytest.mark.parametrize("base_url", ["http://localhost", "https://localhost"])
def test_headers_on_every_html_page(app, matches, base_url):
    match_id, key = matches.create()
    matches.record(match_id, {"caller": "E", "makers_tricks": 3})
    client = app.test_client()
    client.get(f"/m/{match_id}?key={key}", base_url=base_url)
    for path in html_pages(client, match_id):
        r = client.get(path, base_url=base_url)
        assert r.mimetype == "text/html", path
        csp = dict(
            (part.split()[0], part.split()[1:])
            for part in r.headers["Content-Security-Policy"].split(";") if part.strip()
        )
        assert "'unsafe-inline'" not in csp.get("script-src", csp["default-src"]), path
        assert "'unsafe-eval'" not in csp.get("script-src", csp["default-src"]), path
        assert csp["frame-ancestors"] in (["'self'"], ["'none'"]), path
        assert csp["object-src"] == ["'none'"]
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert r.headers["Referrer-Policy"] not in ("no-referrer", "unsafe-url")
        if base_url.startswith("https"):
            assert "max-age=" in r.headers["Strict-Transport-Security"]


def cookie_flags(header: str) -> tuple[str, set[str]]:
    name = header.split("=", 1)[0]
    flags = {part.strip().split("=")[0].lower() + (
        "=" + part.split("=", 1)[1].strip() if part.strip().lower().startswith("samesite") else "")
        for part in header.split(";")[1:]}
    return name, flags


def test_cookies_of_a_real_visit_under_https(app, matches):
    match_id, key = matches.create()
    client = app.test_client()
    r = client.get(f"/m/{match_id}?key={key}", base_url="https://localhost")
    name, flags = cookie_flags(r.headers["Set-Cookie"])
    assert name == "__Host-scorer"  # the scorer rights: persistent, a reference to the key
    assert {"secure", "httponly", "samesite=Lax", "path", "max-age", "expires"} <= flags
    assert key not in r.headers["Set-Cookie"]
    page = client.get(f"/m/{match_id}", base_url="https://localhost")
    cookies = dict(cookie_flags(h) for h in page.headers.getlist("Set-Cookie"))
    assert {"secure", "httponly", "samesite=Lax"} <= cookies["recent"]
    # the session (CSRF token only)
    assert {"secure", "httponly", "samesite=Lax", "path"} <= cookies["__Host-session"]
    lang = client.get("/lang/zh_Hant", base_url="https://localhost")
    assert {"secure", "samesite=Lax"} <= cookie_flags(lang.headers["Set-Cookie"])[1]


# --- markup in names and notes ----------------------------------------------------------------


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize("evil", XSS)
def test_markup_in_names_and_notes_is_escaped_on_every_page(app, evil):
    client = app.test_client()
    match_id = start(client, N=evil, E=evil[:40], S="Cai", W="Dee", team_NS=evil,
                     team_EW="Away")
    for _ in range(2):
        r = client.post(f"/m/{match_id}/hands", data={
            "caller": "N", "makers_tricks": "3", "note": evil,
            "expected_no": str(1 + read_db(Path(app.config["DATABASE"])).counts["hands"])})
        assert r.status_code == 303
    edit = form_values(client.get(f"/m/{match_id}/hands/1/edit").get_data(as_text=True),
                       "/edit")
    r = client.post(f"/m/{match_id}/hands/1/edit", data={**edit, "caller": "N",
                                                         "makers_tricks": "5"})
    assert r.status_code == 303  # a correction: the history shows the old hand with the name
    client.get(f"/m/{match_id}")  # the recent-matches cookie
    raw_markers = ("<script>alert", "<img src=x", "onerror=alert(1)>")
    for path in ["/", f"/m/{match_id}", f"/m/{match_id}/hands/1/edit",
                 f"/m/{match_id}/sheet", f"/m/{match_id}/blank"]:
        r = client.get(path)
        assert r.status_code == 200, path
        html = r.get_data(as_text=True)
        for marker in raw_markers:
            assert marker not in html, (path, marker)
        assert "&lt;" in html, path  # the name is there, escaped
    for path in (f"/m/{match_id}.json", f"/api/matches/{match_id}",
                 f"/api/matches/{match_id}/history"):
        r = client.get(path)
        assert r.mimetype == "application/json" and r.headers["X-Content-Type-Options"] \
            == "nosniff"
        assert evil in json.dumps(json.loads(r.data), ensure_ascii=False)  # data, as is


# --- over-long input ---------------------------------------------------------------------------


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_over_long_names_notes_and_bodies_are_refused_and_nothing_stored(app, matches):
    client = app.test_client()
    match_id = start(client)
    before = stored(app)
    for field in ("N", "team_EW"):
        r = client.post("/start", data={"game": "euchre", **SEATS, field: "x" * 41})
        assert r.status_code == 422
        assert "40" in r.get_data(as_text=True)
    r = client.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "1",
                                                  "note": "n" * 201})
    assert r.status_code == 422 and "200" in r.get_data(as_text=True)
    r = client.post("/api/matches", json={"format": "scorekeeper-match/1", "game": "euchre",
                                          "seats": {**SEATS, "N": "x" * 41}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "seats.N"
    _other, key = matches.create()
    r = client.post(f"/api/matches/{_other}/hands", json={**HAND, "makers_tricks": 3,
                                                          "note": "n" * 501, "no": 1},
                    headers={"Authorization": f"Bearer {key}"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["field"] == "note"
    big = b"{" + b" " * (1024 * 1024) + b"}"
    r = client.post("/import", data={"file": (io.BytesIO(big), "m.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 413 and r.mimetype == "text/html"
    assert "1 MB" in r.get_data(as_text=True)
    r = client.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "1",
                                                  "note": "n" * (1024 * 1024)})
    assert r.status_code == 413
    after = stored(app)
    assert after["hands"] == before["hands"] == 0
    assert after["matches"] == before["matches"] + 1  # only the one made through matches


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_an_over_long_submission_id_is_refused(app, matches):
    match_id, key = matches.create()
    phone = app.test_client()
    phone.get(f"/m/{match_id}?key={key}")
    r = phone.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "1",
                                                 "submission_id": "s" * 100_000})
    assert r.status_code in (400, 422)
    assert matches.load(match_id).hand_count == 0


# --- the secret key ----------------------------------------------------------------------------


def test_the_secret_key_file_is_0600_whatever_the_umask(tmp_path):
    old = os.umask(0)
    try:
        create_app({"TESTING": True}, instance_path=tmp_path / "inst")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "inst" / "secret_key").stat().st_mode) == 0o600


@pytest.mark.parametrize("how", ["env", "config"])
def test_serve_refuses_to_start_with_the_dev_key(tmp_path, how):
    instance = tmp_path / "instance"
    instance.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    if how == "env":
        env["SCOREKEEPER_SECRET_KEY"] = "dev"
    else:
        (instance / "config.py").write_text("SECRET_KEY = 'dev'\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--port", str(free_port()),
         "--instance", str(instance)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # it started: stop the whole group, then fail
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("scorekeeper serve started with SECRET_KEY='dev'")
    assert proc.returncode != 0
    assert "SECRET_KEY" in err


# --- the write limit through the real server --------------------------------------------------


@pytest.mark.slow
def test_a_flood_of_writes_to_one_match_gets_429_and_stores_nothing_more(serve):
    """Default limit (60 a minute per match and address, shared by the workers): four
    'phones' on one address flooding one match are stopped; reads and other matches are not."""
    proc = serve()
    match_id, key = create(proc.base)
    path = f"/api/matches/{match_id}/hands"
    lock = threading.Lock()
    statuses: list[int] = []
    stop = threading.Event()

    def phone(i: int) -> None:
        n = 0
        while not stop.is_set() and n < 200:
            n += 1
            status, body, headers = api(proc.base, "POST", path,
                                        {"caller": "E", "makers_tricks": 3, "no": 10_000}, key)
            with lock:
                statuses.append(status)
            if status == 429:
                # the window's rest: a minute, less the time the flood has taken so far
                assert 1 <= int(headers["retry-after"]) <= 60
                assert body["errors"][0]["message"]
                stop.set()

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(phone, range(4)))
    assert 429 in statuses
    assert set(statuses) <= {409, 429}  # the refused writes (wrong number) or the limit
    # Counted once for the key, whichever worker answers (instance/limits.db): exactly 60
    # writes go through (four phones in flight: the first 429 may come back before the last
    # of them).
    assert statuses.count(409) == 60
    assert statuses.index(429) >= 60 - 4
    assert api(proc.base, "GET", f"/api/matches/{match_id}")[0] == 200  # reads go on
    other_id, other_key = create(proc.base)
    assert api(proc.base, "POST", f"/api/matches/{other_id}/hands",
               {"caller": "E", "makers_tricks": 3, "no": 1}, other_key)[0] == 201
    assert read_db(db_path(proc)).hand_data(match_id) == []


@pytest.mark.app_config(WTF_CSRF_ENABLED=False, WRITE_LIMIT_PER_MINUTE=3)
def test_a_limited_page_post_is_a_clear_429_page_and_stores_nothing(app, matches):
    match_id, key = matches.create()
    phone = app.test_client()
    phone.get(f"/m/{match_id}?key={key}")
    for no in (1, 2, 3):
        assert phone.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": str(no)}
                          ).status_code == 303
    r = phone.post(f"/m/{match_id}/hands", data={**HAND, "expected_no": "4"})
    assert r.status_code == 429 and r.mimetype == "text/html"
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    assert "try again in" in r.get_data(as_text=True)  # the time in words
    assert matches.load(match_id).hand_count == 3


def test_four_phones_at_a_brisk_table_pace_are_never_limited(app, matches, monkeypatch):
    """Four phones behind one address: a hand every 30 s for 20 minutes, each tapped twice,
    every third hand corrected, a preview per hand from every phone; the clock is simulated."""
    from types import SimpleNamespace

    from scorekeeper.web import limits_store

    clock = [1_000_000.0]  # the rate-limit counts (instance/limits.db) read this clock
    monkeypatch.setattr(limits_store, "time", SimpleNamespace(time=lambda: clock[0]))
    match_id, key = matches.create(rules={"target": 200})
    phones = [app.test_client() for _ in range(4)]
    for phone in phones:
        phone.environ_base["REMOTE_ADDR"] = "203.0.113.7"
        csrf_page_token(app, phone, match_id, key)
    statuses = []
    for no in range(1, 41):
        clock[0] += 30.0
        scorer = phones[no % 4]
        for phone in phones:
            statuses.append(phone.post(f"/m/{match_id}/preview", data={
                **HAND, "expected_no": str(no)}, headers={"X-CSRFToken": _token(app, phone)}
            ).status_code)
        for _tap in range(2):
            statuses.append(scorer.post(f"/m/{match_id}/hands", data={
                **HAND, "expected_no": str(no), "submission_id": f"s{no}"},
                headers={"X-CSRFToken": _token(app, scorer)}).status_code)
        if no % 3 == 0:
            statuses.append(scorer.post(f"/m/{match_id}/hands/{no}/edit", data={
                "caller": "N", "makers_tricks": "3", "expected_no": "1"},
                headers={"X-CSRFToken": _token(app, scorer)}).status_code)
    assert 429 not in statuses
    assert set(statuses) <= {200, 303}
    assert matches.load(match_id).hand_count == 40


def _token(app, client) -> str:
    """The CSRF token matching the client's session (minted once per session)."""
    cookie = client.get_cookie("session")
    data = app.session_interface.get_signing_serializer(app).loads(cookie.value)
    from itsdangerous import URLSafeTimedSerializer

    return URLSafeTimedSerializer(app.secret_key, salt="wtf-csrf-token").dumps(
        data["csrf_token"])


# --- redirects --------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["//evil.example", "https://evil.example", "/\\evil.example",
                                    "http:evil.example", "/%2F/evil.example"])
def test_the_language_switch_never_redirects_off_site(client, target):
    r = client.get("/lang/en", query_string={"next": target})
    assert r.status_code == 303
    location = r.headers["Location"]
    assert location.startswith("/") and not location.startswith("//")
    assert not re.match(r"^/[\\/]", location)


def test_a_tab_in_the_language_switch_target_is_no_way_off_site(client):
    r = client.get("/lang/en", query_string={"next": "/\t/evil.example"})
    assert r.status_code == 303
    assert not r.headers["Location"].startswith("//")


@pytest.mark.app_config(PROPAGATE_EXCEPTIONS=False)
def test_a_newline_in_the_language_switch_target_is_not_a_500(client):
    r = client.get("/lang/en", query_string={"next": "/\n/evil.example"})
    assert r.status_code == 303
