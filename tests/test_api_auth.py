"""API access: bearer keys, session keys with CSRF tokens, and cookies."""

from __future__ import annotations

import pytest
from itsdangerous.timed import TimestampSigner
from support.helpers import euchre_hand, euchre_match


def auth(key: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", **headers}


@pytest.fixture
def created(client):
    """A match created through the API: its 201 body."""
    return client.post("/api/matches", json=euchre_match()).get_json()


def post_hand(client, created, hand, no, **headers):
    return client.post(
        f"/api/matches/{created['id']}/hands",
        json={**hand, "no": no},
        headers=auth(created["edit_key"], **headers),
    )


# --- cookies and CSRF -------------------------------------------------------------------------


def test_bearer_requests_need_no_csrf_token(client, created):
    """The app fixture has CSRF on: a bearer-authorised write still goes through."""
    assert post_hand(client, created, euchre_hand(), 1).status_code == 201


def session_token(app, client, created) -> str:
    """Make the client a scorer of the match (the scorer link, as a phone does); a fresh CSRF
    token."""
    from flask import session
    from flask_wtf.csrf import generate_csrf

    assert client.get(f"/m/{created['id']}?key={created['edit_key']}").status_code == 303
    with app.test_request_context():
        token = generate_csrf()
        saved = dict(session)
    with client.session_transaction() as s:
        s.update(saved)
    return token


def test_a_session_edit_key_needs_a_csrf_token(app, client, created):
    token = session_token(app, client, created)
    url = f"/api/matches/{created['id']}/hands"
    body = {**euchre_hand(), "no": 1}
    assert client.post(url, json=body).status_code == 400  # missing
    assert client.post(url, json=body, headers={"X-CSRFToken": "forged"}).status_code == 400
    r = client.post(url, json=body, headers={"X-CSRFToken": token})
    assert r.status_code == 201


@pytest.mark.app_config(WTF_CSRF_TIME_LIMIT=1)
def test_an_expired_csrf_token_is_refused_and_a_fresh_one_works(app, client, created,
                                                                 monkeypatch):
    token = session_token(app, client, created)
    # The clock moves on 2 s (past the 1 s limit) for the token's signer: no sleep.
    signed_at = TimestampSigner.get_timestamp(TimestampSigner("k"))
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: signed_at + 2)
    url = f"/api/matches/{created['id']}/hands"
    r = client.post(url, json={**euchre_hand(), "no": 1}, headers={"X-CSRFToken": token})
    assert r.status_code == 400
    assert "expired" in r.get_json()["errors"][0]["message"]
    fresh = session_token(app, client, created)
    r = client.post(url, json={**euchre_hand(), "no": 1}, headers={"X-CSRFToken": fresh})
    assert r.status_code == 201


def test_a_session_without_the_key_cannot_write(client, created):
    r = client.post(f"/api/matches/{created['id']}/hands", json={**euchre_hand(), "no": 1})
    assert r.status_code == 403
