"""The app as a whole: configuration, secret key, security headers, CSRF, errors, health."""

from __future__ import annotations

import io
import os
import stat

import pytest
from flask import Blueprint, session
from support.helpers import euchre_hand, euchre_match

from scorekeeper import create_app
from scorekeeper.i18n import normalise
from scorekeeper.web.security import CSP, InsecureSecretKey


def test_the_secret_key_is_generated_once_with_mode_0600(app, instance_path, make_app):
    key_file = instance_path / "secret_key"
    assert key_file.exists()
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = key_file.read_text().strip()
    assert len(key) >= 64
    assert app.secret_key == key
    assert make_app().secret_key == key  # the next start reads the same key


def test_refuses_to_start_with_the_dev_key(tmp_path):
    with pytest.raises(InsecureSecretKey):
        create_app({"SECRET_KEY": "dev"}, instance_path=tmp_path)


def test_refuses_an_empty_key_file(tmp_path):
    (tmp_path / "secret_key").write_text("\n")
    with pytest.raises(InsecureSecretKey):
        create_app(instance_path=tmp_path)


def test_instance_folder_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "event-1"))
    app = create_app({"TESTING": True})
    assert app.instance_path == str(tmp_path / "event-1")
    assert (tmp_path / "event-1" / "scorekeeper.db").exists()


def test_templates_and_static_are_at_the_project_root(app):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    assert app.template_folder == os.path.join(root, "templates")
    assert app.static_folder == os.path.join(root, "static")


def test_healthz(client):
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.data == b"ok"


@pytest.mark.parametrize("path", ["/", "/healthz", "/api/matches/nope", "/nowhere"])
def test_security_headers_on_every_response(client, path):
    r = client.get(path)
    assert r.headers["Content-Security-Policy"] == CSP
    assert "frame-ancestors 'self'" in CSP
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "Strict-Transport-Security" not in r.headers


def test_hsts_only_under_https(client):
    r = client.get("/healthz", base_url="https://localhost")
    assert r.headers["Strict-Transport-Security"].startswith("max-age=")


def cookie_app(app):
    bp = Blueprint("cookie_test", __name__)

    @bp.get("/_set")
    def set_session():
        session["x"] = 1
        return "set"

    app.register_blueprint(bp)
    return app


def test_session_cookie_flags_over_http(app):
    r = cookie_app(app).test_client().get("/_set")
    cookie = r.headers["Set-Cookie"]
    assert cookie.startswith("session=")
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


def test_session_cookie_over_https_is_host_prefixed_and_secure(app):
    client = cookie_app(app).test_client()
    r = client.get("/_set", base_url="https://localhost")
    cookie = r.headers["Set-Cookie"]
    assert cookie.startswith("__Host-session=")
    assert "Secure" in cookie
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Path=/" in cookie
    assert "Domain" not in cookie


@pytest.mark.app_config(SESSION_COOKIE_SECURE=True)
def test_a_secure_cookie_setting_also_gives_the_host_prefix(app):
    cookie = cookie_app(app).test_client().get("/_set").headers["Set-Cookie"]
    assert cookie.startswith("__Host-session=")
    assert "Secure" in cookie


def test_a_form_post_without_csrf_token_is_refused(client):
    r = client.post("/start", data={"game": "euchre"})
    assert r.status_code == 400


def test_a_cross_site_post_is_refused(client, matches):
    match_id, key = matches.create()
    r = client.post(
        f"/api/matches/{match_id}/hands",
        json={**euchre_hand(), "no": 1},
        headers={"Authorization": f"Bearer {key}", "Sec-Fetch-Site": "cross-site"},
    )
    assert r.status_code == 403
    assert client.post("/start", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    same = client.post(
        f"/api/matches/{match_id}/hands",
        json={**euchre_hand(), "no": 1},
        headers={"Authorization": f"Bearer {key}", "Sec-Fetch-Site": "same-origin"},
    )
    assert same.status_code == 201


def test_a_cross_site_get_is_fine(client):
    assert client.get("/healthz", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200


@pytest.mark.app_config(PROPAGATE_EXCEPTIONS=False)
def test_an_unexpected_error_shows_no_stack_trace(app):
    bp = Blueprint("boom", __name__)

    @bp.get("/_boom")
    def boom():
        raise RuntimeError("secret internals")

    @bp.get("/api/_boom")
    def api_boom():
        raise RuntimeError("secret internals")

    app.register_blueprint(bp)
    client = app.test_client()
    page = client.get("/_boom")
    assert page.status_code == 500
    assert b"secret internals" not in page.data
    assert b"Traceback" not in page.data
    api = client.get("/api/_boom")
    assert api.status_code == 500
    assert api.get_json() == {"errors": [{"hand": None, "field": None,
                                          "message": api.get_json()["errors"][0]["message"]}]}
    assert "secret internals" not in api.get_data(as_text=True)


def test_html_errors_are_pages(client):
    r = client.get("/nowhere")
    assert r.status_code == 404
    assert r.mimetype == "text/html"


@pytest.mark.parametrize(
    ("header", "locale"),
    [
        ("zh-TW,zh;q=0.9", "zh_Hant"),
        ("zh-HK", "zh_Hant"),
        ("zh-Hant-TW", "zh_Hant"),
        ("zh-CN,en;q=0.5", "zh_Hans"),
        ("zh", "zh_Hans"),
        ("fr-FR,en-GB;q=0.8", "en"),
        ("fr", "en"),
        ("de,zh-TW;q=0.5", "zh_Hant"),
    ],
)
def test_locale_from_accept_language(app, header, locale):
    from flask_babel import get_locale

    with app.test_request_context("/", headers={"Accept-Language": header}):
        assert str(get_locale()) == locale


def test_locale_cookie_wins(app):
    from flask_babel import get_locale

    with app.test_request_context(
        "/", headers={"Accept-Language": "en", "Cookie": "lang=zh_Hans"}
    ):
        assert str(get_locale()) == "zh_Hans"


def test_normalise():
    assert normalise("EN-us") == "en"
    assert normalise("") is None
    assert normalise("zh_Hant") == "zh_Hant"


def test_edit_link_keeps_working_after_a_key_is_replaced(app, matches):
    from scorekeeper import service
    from scorekeeper.store.db import get_db

    match_id, key = matches.create(euchre_match())
    with app.app_context():
        new = service.new_edit_key(get_db(), match_id)
    client = app.test_client()
    old = client.post(f"/api/matches/{match_id}/hands", json={**euchre_hand(), "no": 1},
                      headers={"Authorization": f"Bearer {key}"})
    assert old.status_code == 403
    fresh = client.post(f"/api/matches/{match_id}/hands", json={**euchre_hand(), "no": 1},
                        headers={"Authorization": f"Bearer {new}"})
    assert fresh.status_code == 201


@pytest.mark.app_config(WRITE_LIMIT_PER_MINUTE=5)
def test_too_many_writes_to_one_match_get_429(client, matches):
    match_id, key = matches.create()
    url = f"/api/matches/{match_id}/hands"
    headers = {"Authorization": f"Bearer {key}"}
    for no in range(1, 6):
        assert client.post(url, json={**euchre_hand(), "no": no}, headers=headers).status_code \
            == 201
    r = client.post(url, json={**euchre_hand(), "no": 6}, headers=headers)
    assert r.status_code == 429
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    assert r.get_json()["errors"][0]["message"]
    assert client.get(f"/api/matches/{match_id}").status_code == 200  # reads are not limited
    other_phone = client.post(url, json={**euchre_hand(), "no": 6}, headers=headers,
                              environ_base={"REMOTE_ADDR": "10.0.0.7"})
    assert other_phone.status_code == 429  # the limit is the edit key's, wherever it comes from
    other_match, other_key = matches.create()
    assert client.post(f"/api/matches/{other_match}/hands", json={**euchre_hand(), "no": 1},
                       headers={"Authorization": f"Bearer {other_key}"}).status_code == 201


def test_the_write_limit_belongs_to_the_key_not_the_address(client, matches):
    """The same key from another address shares the count (the limit is the key's)."""
    from scorekeeper.web.ratelimit import _write_item

    with client.application.test_request_context():
        client.application.config["WRITE_LIMIT_PER_MINUTE"] = 3
        assert str(_write_item()) == "3 per 1 minute"
        client.application.config["WRITE_LIMIT_PER_MINUTE"] = 0
        assert _write_item() is None


def test_an_unwritable_instance_folder_is_a_clear_refusal(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "secret_key").mkdir()  # unreadable as a file, even as root
    with pytest.raises(InsecureSecretKey, match="cannot read or create"):
        create_app(instance_path=folder)


def test_a_too_large_upload_gets_a_clear_page(client):
    big = io.BytesIO(b"x" * (1024 * 1024 + 10))
    r = client.post("/import", data={"file": (big, "big.json")})
    assert r.status_code == 413
    assert r.mimetype == "text/html"
    assert "1 MB" in r.get_data(as_text=True)
