"""Issue 9/10: the scorer's rights live in a persistent signed cookie holding a reference to
the edit key; the key itself is in no cookie and no log. The manifest and service worker."""

from __future__ import annotations

import json
import logging
import urllib.request

from scorekeeper.web.security import CSP


def test_edit_keys_never_reach_the_request_log(live_server, matches, caplog):
    match_id, key = matches.create()
    caplog.set_level(logging.INFO, logger="werkzeug")
    with urllib.request.urlopen(f"{live_server}/m/{match_id}?key={key}") as r:
        assert r.status == 200  # followed the redirect to the match
    assert f"/m/{match_id}" in caplog.text  # the request line was logged ...
    assert key not in caplog.text and "key=[redacted]" in caplog.text  # ... without the key


def test_an_old_session_with_edit_keys_is_turned_into_references(app, matches):
    match_id, key = matches.create()
    phone = app.test_client()
    with phone.session_transaction() as s:  # as an older version kept it
        s["edit_keys"] = {match_id: key}
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Who called?" in html  # still the scorer
    with phone.session_transaction() as s:
        assert "edit_keys" not in s
    cookie = phone.get_cookie("scorer")
    assert cookie is not None and key not in cookie.value
    assert "Who called?" in phone.get(f"/m/{match_id}").get_data(as_text=True)


def test_a_forged_or_broken_rights_cookie_is_a_viewer_not_an_error(app, matches):
    match_id, key = matches.create()
    phone = app.test_client()
    phone.get(f"/m/{match_id}?key={key}")
    good = phone.get_cookie("scorer").value
    payload, _dot, _sig = good.rpartition(".")
    for bad in (good[:-3] + "AAA", payload + ".forged", "garbage", "", "a" * 3000):
        other = app.test_client()
        other.set_cookie("scorer", bad)
        r = other.get(f"/m/{match_id}")
        assert r.status_code == 200 and "Who called?" not in r.get_data(as_text=True)
        assert other.post(f"/m/{match_id}/hands", data={}).status_code in (400, 403)
        assert other.get("/").status_code == 200


def test_the_rights_cookie_names_the_match_it_was_given_for(app, matches):
    """A reference for one match is no right to another, even with the same cookie copied."""
    first, key = matches.create()
    second, _other_key = matches.create()
    phone = app.test_client()
    phone.get(f"/m/{first}?key={key}")
    assert "Who called?" in phone.get(f"/m/{first}").get_data(as_text=True)
    assert "Who called?" not in phone.get(f"/m/{second}").get_data(as_text=True)


def test_the_manifest_and_the_service_worker(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200 and r.mimetype == "application/manifest+json"
    manifest = json.loads(r.data)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["theme_color"] == "#1d5c45" and manifest["name"] == "Scorekeeper"
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.mimetype == icon["type"]
        if icon["type"] == "image/png":
            from io import BytesIO

            from PIL import Image
            assert Image.open(BytesIO(got.data)).size == tuple(
                int(n) for n in icon["sizes"].split("x"))
    zh = json.loads(client.get("/manifest.webmanifest",
                               headers={"Accept-Language": "zh-TW"}).data)
    assert zh["lang"] == "zh-Hant" and zh["name"] != "Scorekeeper"
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.mimetype == "text/javascript"
    assert sw.headers["Cache-Control"] == "no-cache"
    text = sw.get_data(as_text=True)
    assert 'req.method!=="GET"' in text.replace(" ", "")  # writes pass through
    home = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in home and "/static/js/app.js" in home
    assert client.get("/").headers["Content-Security-Policy"] == CSP  # unchanged
