"""Every path that makes matches counts against the per-address creation limit and the storage
budget (a rematch, an event and each round's tables); the defaults let a venue's tables start
together from one address; every refusal says when to try again and that the network shares
the allowance; every PDF address is in the PDF limit."""

from __future__ import annotations

import re
from typing import Any

import pytest
from support.reliability import Phone, api, create, db_path, form_values, read_db

from scorekeeper import create_app
from scorekeeper.web.ratelimit import DEFAULTS

NAMES = [f"Player {i:02d}" for i in range(64)]
HAND = {"caller": "N", "makers_tricks": "3"}  # one point: a game to 1 is over


def finish_with_phone(phone: Phone, match_id: str) -> dict[str, str]:
    """Record the winning hand on the match page; the rematch form then shown."""
    form = phone.hand_form(match_id)
    status, _body, _h = phone.post(f"/m/{match_id}/hands", {**form, **HAND})
    assert status == 303, status
    return form_values(phone.get(f"/m/{match_id}")[1], "/rematch")


def assert_refusal(status: int, body: str, headers: dict[str, str]) -> None:
    assert status == 429, (status, body[:300])
    assert int(headers["retry-after"]) >= 1
    assert re.search(r"try again in \d+ (second|minute|hour)s?", body), body[:600]
    assert "Every phone on this network" in body


def test_chained_rematches_count_against_the_creation_limit(serve):
    proc = serve(SCOREKEEPER_CREATE_LIMIT="4 per hour")
    match_id, key = create(proc.base, rules={"target": 1})  # 1 of 4
    phone = Phone(proc.base)
    phone.open_scorer_link(match_id, key)
    made = [match_id]
    for _ in range(3):  # 2, 3 and 4 of 4
        status, _body, headers = phone.post(f"/m/{made[-1]}/rematch",
                                            finish_with_phone(phone, made[-1]))
        assert status == 303
        made.append(headers["location"].rsplit("/", 1)[1])
    form = finish_with_phone(phone, made[-1])
    assert_refusal(*phone.post(f"/m/{made[-1]}/rematch", form))
    assert len(read_db(db_path(proc)).matches) == 4  # nothing made past the limit


def table_hands(base: str, event: dict[str, Any], no: int) -> None:
    """Play every table of round ``no`` (one hand each) with the table's key."""
    rnd = event["rounds"][no - 1]
    for table in rnd["tables"]:
        assert api(base, "POST", f"/api/matches/{table['match']}/hands",
                   {"caller": "N", "makers_tricks": 3, "no": 1}, table["edit_key"])[0] == 201


def test_an_event_counts_each_round_s_tables(serve):
    proc = serve(SCOREKEEPER_CREATE_LIMIT="12 per hour")
    status, event, _h = api(proc.base, "POST", "/api/events", {
        "name": "Tuesday club", "game": "euchre", "players": NAMES[:16], "rounds": 3,
        "hands_per_round": 1, "movement": "schedule", "seed": 3})
    assert status == 201, event  # the event and its 4 tables: 5 of 12
    director = {"Authorization": f"Bearer {event['director_key']}"}
    table_hands(proc.base, event, 1)
    status, event, _h = api(proc.base, "POST", f"/api/events/{event['id']}/rounds", {},
                            **director)
    assert status == 201, event  # 9 of 12
    table_hands(proc.base, event, 2)
    before = len(read_db(db_path(proc)).matches)
    status, body, headers = api(proc.base, "POST", f"/api/events/{event['id']}/rounds", {},
                                **director)
    assert status == 429 and int(headers["retry-after"]) >= 1  # 4 more would be 13
    assert "try again in" in body["errors"][0]["message"]
    assert len(read_db(db_path(proc)).matches) == before  # no table of round 3 made
    status, event, _h = api(proc.base, "GET", f"/api/events/{event['id']}", **director)
    assert event["current_round"] == 2


@pytest.fixture
def default_app(tmp_path):
    """The app with the shipped limits (the test fixtures turn them off)."""
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False},
                      instance_path=tmp_path / "instance")


def match_body(**extra: Any) -> dict[str, Any]:
    return {"format": "scorekeeper-match/1", "game": "euchre",
            "seats": {"N": "Ann", "E": "Bo", "S": "Cy", "W": "Di"}, **extra}


def test_the_defaults_let_a_pub_s_20_tables_start_within_a_minute(default_app):
    assert default_app.config["CREATE_LIMIT"] == DEFAULTS["CREATE_LIMIT"]
    pub = default_app.test_client()  # every phone behind the pub's one address
    answers = [pub.post("/api/matches", json=match_body()) for _ in range(30)]
    assert [a.status_code for a in answers] == [201] * 30
    refused = pub.post("/api/matches", json=match_body())
    assert refused.status_code == 429
    message = refused.get_json()["errors"][0]["message"]
    assert re.search(r"try again in \d+ seconds?", message) and "network" in message
    assert 1 <= int(refused.headers["Retry-After"]) <= 60  # the minute's allowance, not the hour


def test_a_rematch_and_a_round_respect_the_storage_budget(default_app):
    client = default_app.test_client()
    made = client.post("/api/matches", json=match_body(rules={"target": 1})).get_json()
    client.get(f"/m/{made['id']}?key={made['edit_key']}")
    assert client.post(f"/api/matches/{made['id']}/hands", json={**HAND, "makers_tricks": 3,
                       "no": 1}, headers={"Authorization": f"Bearer {made['edit_key']}"}
                       ).status_code == 201
    event = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES[:8], "rounds": 2,
        "hands_per_round": 1, "movement": "schedule", "seed": 1}).get_json()
    for table in event["rounds"][0]["tables"]:
        client.post(f"/api/matches/{table['match']}/hands", json={**HAND, "makers_tricks": 3,
                    "no": 1}, headers={"Authorization": f"Bearer {table['edit_key']}"})
    default_app.config["DISK_RESERVE_MB"] = 10**12  # the disk is "full"
    rematch = client.post(f"/m/{made['id']}/rematch", data={"expected_no": "2"})
    assert rematch.status_code == 507
    started = client.post(f"/api/events/{event['id']}/rounds", json={},
                          headers={"Authorization": f"Bearer {event['director_key']}"})
    assert started.status_code == 507
    with default_app.app_context():
        from scorekeeper.store.db import get_db

        assert get_db().execute("SELECT count(*) FROM matches").fetchone()[0] == 3


def test_every_pdf_address_is_in_the_pdf_limit(tmp_path):
    app = create_app({"TESTING": True, "PDF_LIMIT": "1 per hour", "PDF_CACHE": 0},
                     instance_path=tmp_path / "instance")
    rules = [r for r in app.url_map.iter_rules() if r.rule.endswith(".pdf")]
    assert {"events.standings_pdf", "players.season_pdf", "prints.sheet_pdf"} <= \
        {r.endpoint for r in rules}
    assert len(rules) >= 8
    for n, rule in enumerate(rules):
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", "nothing", rule.rule)
        client = app.test_client()
        address = {"REMOTE_ADDR": f"10.0.{n}.1"}  # each address its own allowance
        client.get(path, environ_base=address)
        second = client.get(path, environ_base=address)
        assert second.status_code == 429, rule.rule
        assert "Every phone on this network" in second.get_data(as_text=True)
