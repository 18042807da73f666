"""Whatever arrives at a session's addresses is answered in words or refused by status, never
a 500 and never stored half: bodies of every JSON shape, results of every wrong kind, forms
with anything in their fields, and made-up addresses. Hypothesis draws the bodies."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import bridge_session

from scorekeeper.engine.games import GAMES

SESSIONS = Path(__file__).parent / "data" / "sessions"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
KEYS = st.sampled_from(["board", "ns", "ew", "contract", "declarer", "tricks", "passed",
                        "adjusted", "lead", "reason", "round", "table", "deal", "play"])


@pytest.fixture(autouse=True)
def bridge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "bridge", bridge_session.GAME)


SLOW = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@SLOW
@given(JSON)
def test_any_body_creates_a_session_or_is_refused_in_words(client: Any, body: Any) -> None:
    response = client.post("/api/sessions", data=json.dumps(body),
                           content_type="application/json")
    assert response.status_code in (201, 400, 422), response.data[:300]
    if response.status_code != 201:  # 400: past the JSON limits (a number past 10^9)
        assert all(e["message"] for e in response.get_json()["errors"])


@SLOW
@given(st.dictionaries(KEYS, JSON, max_size=6))
def test_any_result_is_entered_or_refused_and_nothing_half_stored(client: Any,
                                                                 result: Any) -> None:
    data = json.loads((SESSIONS / "spec-example.json").read_text())
    created = client.post("/api/sessions", json=data).get_json()
    response = client.post(f"/api/sessions/{created['id']}/results",
                           data=json.dumps(result), content_type="application/json",
                           headers={"Authorization": f"Bearer {created['edit_key']}"})
    assert response.status_code in (200, 201, 400, 422), response.data[:300]
    after = client.get(f"/api/sessions/{created['id']}").get_json()
    assert after["results"]["ok"] is True  # what is stored always scores
    if response.status_code in (400, 422):
        assert after["version"] == 1


@SLOW
@given(st.dictionaries(st.sampled_from(["board", "ns", "ew", "outcome", "contract",
                                        "declarer", "tricks", "lead", "adjusted_ns",
                                        "adjusted_ew", "reason", "round", "table"]),
                       st.text(max_size=12), max_size=8))
def test_any_directors_form_is_saved_or_said(client: Any, form: dict[str, str]) -> None:
    page = client.get("/sessions/new").get_data(as_text=True)
    token = CSRF.search(page)
    assert token is not None
    started = client.post("/sessions/new", data={
        "game": "bridge", "pairs": "A & B\nC & D\nE & F\nG & H\nI & J\nK & L",
        "boards": "12", "movement": "mitchell", "scoring": "matchpoints",
        "csrf_token": token.group(1)})
    assert started.status_code == 302
    session_id = started.headers["Location"].split("/")[2]
    response = client.post(f"/s/{session_id}/director/results",
                           data={**form, "csrf_token": token.group(1)})
    assert response.status_code == 302
    assert client.get(response.headers["Location"]).status_code == 200


@pytest.mark.parametrize("path", [
    "/s/x.json", "/s/x.csv", "/s/..json", "/s/x/boards/99999999999", "/s/x/pairs/%00",
    "/api/sessions/x/history", "/s/x/director", "/s/x/director?round=-3",
])
def test_made_up_addresses_are_404(client: Any, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_director_page_takes_any_round_number(client: Any) -> None:
    page = client.get("/sessions/new").get_data(as_text=True)
    token = CSRF.search(page)
    assert token is not None
    started = client.post("/sessions/new", data={
        "game": "bridge", "pairs": "A & B\nC & D\nE & F\nG & H\nI & J\nK & L",
        "boards": "12", "movement": "mitchell", "csrf_token": token.group(1)})
    session_id = started.headers["Location"].split("/")[2]
    for number in ("0", "-1", "99", "x", "1" * 30):
        assert client.get(f"/s/{session_id}/director?round={number}").status_code == 200


@pytest.mark.parametrize("value", ["²", "٣", "０", "9" * 5000, "1\n2", "-1", " 3 "])
def test_numbers_that_are_not_plain_are_said_not_a_500(client: Any, value: str) -> None:
    page = client.get("/sessions/new").get_data(as_text=True)
    token = CSRF.search(page)
    assert token is not None
    started = client.post("/sessions/new", data={
        "game": "bridge", "pairs": "A & B\nC & D\nE & F\nG & H\nI & J\nK & L",
        "boards": value, "movement": "mitchell", "csrf_token": token.group(1)})
    assert started.status_code in (302, 422)
    if started.status_code == 302:
        session_id = started.headers["Location"].split("/")[2]
        for field in ("board", "tricks", "round", "table"):
            form = {"board": "1", "ns": "N1", "ew": "E1", "outcome": "played",
                    "contract": "1S", "declarer": "N", "tricks": "7", field: value}
            response = client.post(f"/s/{session_id}/director/results",
                                   data={**form, "csrf_token": token.group(1)})
            assert response.status_code == 302, field
