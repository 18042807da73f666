"""Input from a stranger (issue 36), through the test client on a real SQLite file: redirect
targets, numbers too large for SQLite, request bodies the club-night API must not act on, a late
player's unknown id, a locked table's key, body refusals worded for a request, and the nginx
file's word on the create limit."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.helpers import ROOT, euchre_match, organiser_key

from scorekeeper.web import ratelimit
from scorekeeper.web.security import local_path

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]

# (the next= value as sent, decoded; whether it is kept)
TARGETS = [
    ("/players/abc", True),
    ("/m/x?y=1", True),
    ("/\t/evil.com", False),  # /%09/evil.com: browsers drop the tab, leaving //evil.com
    ("/\n/x", False),  # /%0A/x: was a 500
    ("/\r\nLocation: //evil.com", False),
    ("//evil.com", False),
    ("/\\evil.com", False),
    ("/a\\b", False),
    ("https://evil.com/", False),
    ("javascript:alert(1)", False),
    ("evil.com", False),
    ("/ /evil.com", False),
    ("/\x7f/evil.com", False),
    ("/\u2028/evil.com", False),
    ("", False),
]


@pytest.mark.parametrize(("target", "kept"), TARGETS)
def test_the_organiser_key_sends_back_only_to_a_local_path(app, client, target, kept):
    r = client.get("/organiser", query_string={"key": organiser_key(app), "next": target})
    assert r.status_code == 303
    assert r.headers["Location"] == (target if kept else "/players")


@pytest.mark.parametrize(("target", "kept"), TARGETS)
def test_the_language_switch_sends_back_only_to_a_local_path(client, target, kept):
    r = client.get("/lang/en", query_string={"next": target})
    assert r.status_code == 303
    location = r.headers["Location"]
    assert location == (target if kept else "/")
    assert not location.startswith("//") and "\\" not in location


@given(st.one_of(st.text(), st.text().map(lambda t: "/" + t),
                 st.text(alphabet="/\\\t\n\r .:@%?#aeiz").map(lambda t: "/" + t)))
def test_a_kept_path_stays_on_the_site_as_a_browser_reads_it(text):
    kept = local_path(text)
    if kept is None:
        return
    # What a browser makes of it (URL standard): tabs and newlines dropped, a backslash a slash.
    read = re.sub(r"[\t\n\r]", "", kept).replace("\\", "/").strip("\x00- ")
    assert read.startswith("/") and not read.startswith("//")
    assert urlsplit(read).netloc == "" and urlsplit(read).scheme == ""


BIG = "99999999999999999999"
# (method, address): each names a number no row can have
TOO_LARGE = [
    ("POST", f"/api/players/changes/{BIG}/undo"),
    ("POST", f"/players/p/changes/{BIG}/undo"),
    ("PUT", f"/api/matches/m/hands/{BIG}"),
    ("DELETE", f"/api/matches/m/hands/{BIG}"),
    ("GET", f"/api/matches/m/hands/{BIG}/analysis"),
    ("GET", f"/m/m/hands/{BIG}"),
    ("GET", f"/m/m/hands/{BIG}/edit"),
    ("GET", f"/events/e/tables/{BIG}"),
    ("POST", f"/api/events/e/rounds/{BIG}/end"),
    ("PATCH", f"/api/events/e/players/{BIG}"),
    ("GET", f"/events/e/rounds/1/tables/{BIG}/banner"),
    ("POST", "/api/players/changes/1000000001/undo"),
]


@pytest.mark.parametrize(("method", "path"), TOO_LARGE)
def test_a_number_too_large_for_sqlite_is_no_address(client, method, path):
    r = client.open(path, method=method, json={})
    assert r.status_code in (404, 405), r.get_data(as_text=True)[:300]  # no such address
    assert r.get_json(silent=True) is None or r.get_json()["errors"][0]["message"]


@pytest.mark.parametrize("query", [f"fix={BIG}", f"fix=-{BIG}", "fix=1e400", "fix=x"])
def test_a_number_too_large_in_a_query_is_ignored(client, query):
    made = client.post("/api/matches", json=euchre_match()).get_json()
    r = client.get(f"/m/{made['id']}?{query}")
    assert r.status_code == 200


@pytest.mark.parametrize(("body", "words"), [
    (b'{"no": 1, "caller": "E", "makers_tricks": 12345678901234567890}',
     "The body holds a number larger than 1,000,000,000"),
    (b"[" * 30 + b"]" * 30, "The body nests lists or objects more than 20 deep."),
    (b'{"note": "\\ud800"}', "The body holds text that is not valid Unicode"),
    (b"{", "The body is not valid JSON."),
])
def test_an_api_body_is_refused_in_words_about_a_request(client, body, words):
    made = client.post("/api/matches", json=euchre_match()).get_json()
    r = client.post(f"/api/matches/{made['id']}/hands", data=body,
                    content_type="application/json",
                    headers={"Authorization": f"Bearer {made['edit_key']}"})
    assert r.status_code == 400
    message = r.get_json()["errors"][0]["message"]
    assert words in message and "file" not in message


@pytest.fixture
def event(client):
    answer = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 3, "hands_per_round": 1,
        "movement": "schedule", "seed": 2})
    assert answer.status_code == 201
    return answer.get_json()


def director(event) -> dict[str, str]:
    return {"Authorization": f"Bearer {event['director_key']}"}


def rounds_state(client, event) -> list:
    body = client.get(f"/api/events/{event['id']}", headers=director(event)).get_json()
    return [(r["no"], r["started"], r["ended_early"]) for r in body["rounds"]]


@pytest.mark.parametrize(("data", "content_type", "status"), [
    ("{", "application/json", 400),
    ("end it", "text/plain", 415),
    ("[]", "application/json", 422),
    ('{"foo": 1}', "application/json", 422),
    ('{"no": 1}', "application/json", 422),
])
def test_ending_a_round_acts_on_no_body_but_an_empty_one(client, event, data, content_type,
                                                         status):
    before = rounds_state(client, event)
    r = client.post(f"/api/events/{event['id']}/rounds/1/end", data=data,
                    content_type=content_type, headers=director(event))
    assert r.status_code == status
    assert r.get_json()["errors"][0]["message"]
    assert rounds_state(client, event) == before


@pytest.mark.parametrize("data", ["", "{}"])
def test_ending_a_round_with_no_body_or_an_empty_object(client, event, data):
    r = client.post(f"/api/events/{event['id']}/rounds/1/end", data=data,
                    content_type="application/json", headers=director(event))
    assert r.status_code == 200
    assert rounds_state(client, event)[0][2]


def finish_round_one(client, event) -> None:
    for table in event["rounds"][0]["tables"]:
        r = client.post(f"/api/matches/{table['match']}/hands",
                        json={"no": 1, "caller": "N", "makers_tricks": 3},
                        headers={"Authorization": f"Bearer {table['edit_key']}"})
        assert r.status_code == 201


@pytest.mark.parametrize(("data", "content_type", "status"), [
    ('{"foo": 1}', "application/json", 422),
    ('{"no": 2, "foo": 1}', "application/json", 422),
    ("{", "application/json", 400),
    ("next", "text/plain", 415),
])
def test_starting_a_round_takes_only_its_number(client, event, data, content_type, status):
    finish_round_one(client, event)
    before = rounds_state(client, event)
    r = client.post(f"/api/events/{event['id']}/rounds", data=data, content_type=content_type,
                    headers=director(event))
    assert r.status_code == status
    assert rounds_state(client, event) == before
    assert client.post(f"/api/events/{event['id']}/rounds", json={"no": 2},
                       headers=director(event)).status_code == 201


@pytest.mark.parametrize(("player", "status"), [("nobody", 422), (12345, 422), (None, 201)])
def test_a_late_player_by_an_unknown_id_is_refused(client, event, player, status):
    body = {"name": "Ivy", **({"player": player} if player is not None else {})}
    r = client.post(f"/api/events/{event['id']}/players", json=body, headers=director(event))
    assert r.status_code == status
    players = client.get(f"/api/events/{event['id']}", headers=director(event)).get_json()
    named = [p for p in players["players"] if (p["name"] if isinstance(p, dict) else p) == "Ivy"]
    if status == 422:
        assert f"There is no player with the id “{player}”" in r.get_json()["errors"][0][
            "message"]
        assert not named
    else:
        assert named


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_a_locked_tables_key_is_told_the_table_is_locked(client, event):
    client.get(event["director_url"])  # this client is the director's phone
    table = event["rounds"][0]["tables"][0]
    key = {"Authorization": f"Bearer {table['edit_key']}"}
    assert client.post(f"/api/matches/{table['match']}/hands", headers=key,
                       json={"no": 1, "caller": "N", "makers_tricks": 3}).status_code == 201
    for side in ("NS", "EW"):
        client.post(f"/events/{event['id']}/rounds/1/tables/1/confirm", data={"side": side})
    undo = client.delete(f"/api/matches/{table['match']}/hands/1", headers=key)
    assert undo.status_code == 403
    message = undo.get_json()["errors"][0]["message"]
    assert "locked: both pairs confirmed it" in message and "wrong" not in message
    wrong = client.delete(f"/api/matches/{event['rounds'][0]['tables'][1]['match']}/hands/1",
                          headers=key)  # another table's match: this key is simply wrong
    assert "wrong or has been replaced" in wrong.get_json()["errors"][0]["message"]


def test_the_nginx_file_states_the_apps_create_limit():
    text = (ROOT / "deploy" / "nginx" / "scorekeeper.conf").read_text(encoding="utf-8")
    said = re.search(r"SCOREKEEPER_CREATE_LIMIT, ([^)]*)\)", text.replace("\n    #", ""))
    assert said is not None
    per = {unit: n for n, unit in re.findall(r"(\d+) per (\w+)",
                                                ratelimit.DEFAULTS["CREATE_LIMIT"])}
    assert said.group(1) == f"{per['minute']} a minute and {per['hour']} an hour"
    docs = Path(ROOT / "docs" / "nginx.md").read_text(encoding="utf-8")
    assert f"{per['minute']} a minute and {per['hour']} an hour" in docs
