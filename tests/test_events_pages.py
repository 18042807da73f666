"""Club nights' pages without a browser: who may do what, and bad links (issue 15)."""

from __future__ import annotations

import pytest

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]


@pytest.fixture
def event(client):
    answer = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 2, "hands_per_round": 1,
        "movement": "schedule", "seed": 2})
    assert answer.status_code == 201
    return answer.get_json()


def test_a_viewer_sees_the_evening_but_cannot_run_it(client, event):
    page = client.get(f"/events/{event['id']}")
    assert page.status_code == 200
    assert "View only" in page.text and "Open table" not in page.text
    assert client.post(f"/events/{event['id']}/start", data={"no": 2}).status_code in (400, 403)


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_the_director_link_is_remembered_and_a_wrong_one_is_refused(client, event):
    wrong = client.get(f"/events/{event['id']}?key=nope", follow_redirects=True)
    assert "not valid" in wrong.text and "View only" in wrong.text
    assert client.post(f"/events/{event['id']}/start", data={"no": 2}).status_code == 403
    right = client.get(event["director_url"], follow_redirects=True)
    assert "View only" not in right.text and "Open table 2" in right.text
    assert "1 hand a round" in right.text  # one, not "1 hands"
    early = client.post(f"/events/{event['id']}/start", data={"no": 2}, follow_redirects=True)
    assert "Tables still playing: 1, 2." in early.text
    for table in event["rounds"][0]["tables"]:
        answer = client.post(f"/api/matches/{table['match']}/hands",
                             json={"no": 1, "caller": "N", "makers_tricks": 3},
                             headers={"Authorization": f"Bearer {table['edit_key']}"})
        assert answer.status_code == 201
    started = client.post(f"/events/{event['id']}/start", data={"no": 2}, follow_redirects=True)
    assert "Round 2 has started." in started.text
    assert client.post(f"/events/{event['id']}/start", data={"no": "x"},
                       follow_redirects=True).status_code == 200


def test_table_links(client, event):
    table = event["rounds"][0]["tables"][0]
    bad = client.get(f"/events/{event['id']}/tables/1?key=nope", follow_redirects=True)
    assert "not valid" in bad.text
    assert "View only" in bad.text  # a viewer's match page
    good = client.get(table["table_url"], follow_redirects=True)
    assert "Save hand 1" in good.text and 'id="event-banner"' in good.text
    assert client.get(f"/events/{event['id']}/tables/9").status_code == 404
    assert client.get("/events/nothing").status_code == 404
    assert client.get("/events/nothing/tables/1").status_code == 404
    assert client.get("/events/nothing/tally.pdf").status_code == 404


def test_between_rounds_a_table_shows_where_everyone_goes(client, event):
    table = event["rounds"][0]["tables"][0]
    client.get(table["table_url"])
    answer = client.post(f"/api/matches/{table['match']}/hands",
                         json={"no": 1, "caller": "N", "makers_tricks": 3},
                         headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert answer.status_code == 201
    page = client.get(f"/events/{event['id']}/tables/1")
    assert page.status_code == 200
    assert "Round over." in page.text and "Waiting for the director to start round 2." in page.text
    name = table["seats"]["N"]
    assert f"{name}: go to table" in page.text
