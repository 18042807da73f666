"""The "Club night" page: an evening started from the app, with no script (issue 26)."""

from __future__ import annotations

import re

import pytest

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]


def form(**over):
    data = {"name": "Tuesday club", "game": "euchre", "players": "\n".join(NAMES),
            "rounds": "3", "hands_per_round": "4", "movement": "schedule"}
    data.update(over)
    return data


def stored_events(app):
    from scorekeeper.store.db import connect

    with app.app_context():
        db = connect(app.config["DATABASE"]) if "DATABASE" in app.config else None
    return db


def test_the_home_page_links_the_club_night_page(client):
    home = client.get("/")
    assert 'href="/events/new"' in home.text
    page = client.get("/events/new")
    assert page.status_code == 200
    assert 'name="csrf_token"' in page.text and "Start the evening" in page.text


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_an_evening_starts_from_the_form_and_the_phone_directs_it(client):
    answer = client.post("/events/new", data=form(**{"rule-euchre-stick_the_dealer": "y"}))
    assert answer.status_code == 302
    event_id = re.search(r"/events/([\w-]+)$", answer.headers["Location"]).group(1)
    page = client.get(f"/events/{event_id}")
    assert "View only" not in page.text and "Open table 3" in page.text
    assert "open “Director’s link”" in page.text and "?key=" in page.text
    api = client.get(f"/api/events/{event_id}").get_json()
    assert api["players"] == NAMES and api["rules"] == {"stick_the_dealer": True}
    assert api["hands_per_round"] == 4 and api["method"] == "whist_design"


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_known_players_are_picked_with_their_ids(client, matches):
    matches.create()  # four players the app knows
    page = client.get("/events/new")
    picked = re.findall(r'name="known" type="checkbox" value="([^"]+)"', page.text)
    assert len(picked) == 4
    answer = client.post("/events/new", data={**form(players="\n".join(NAMES[4:])),
                                               "known": picked})
    assert answer.status_code == 302
    event_id = answer.headers["Location"].rsplit("/", 1)[1]
    assert len(client.get(f"/api/events/{event_id}").get_json()["players"]) == 12


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize(("over", "said"), [
    ({"name": ""}, "Give the evening a name."),
    ({"rounds": "0"}, "From 1 to 31 rounds."),
    ({"rounds": "x"}, "Not a valid integer value."),
    ({"rounds": ""}, "Say how many rounds."),
    ({"hands_per_round": "99"}, "From 1 to 30 hands a round."),
    ({"players": "Ann\nBo\nCai"}, "An event needs 8 to 64 players (3 given)."),
    ({"players": "\n".join([*NAMES, "ann"])}, "Two players are called “ann”"),
    ({"players": "\n".join(NAMES[:10]), "movement": "fixed"},
     "Fixed seats need a multiple of 4 players"),
    ({"rule-euchre-lone_march_points": "lots"}, "must be a whole number."),
    ({"rule-euchre-lone_march_points": "99"}, "lone_march_points"),
])
def test_bad_input_is_said_and_nothing_is_stored(client, over, said):
    answer = client.post("/events/new", data=form(**over))
    assert answer.status_code == 422
    assert said in answer.text and "Nothing was stored" in answer.text
    assert "Tuesday club" in answer.text or over.get("name") == ""
    from scorekeeper.store.db import get_db

    with client.application.app_context():
        assert get_db().execute("SELECT count(*) FROM events").fetchone()[0] == 0


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_checking_the_movements_says_what_each_guarantees_for_the_count(client):
    page = client.post("/events/new", data=form(check="1", players="\n".join(NAMES[:10]),
                                                rounds="8"))
    assert page.status_code == 200
    assert "For 10 players and 8 rounds:" in page.text
    assert "needs a multiple of 4 players." in page.text
    assert "nobody partners anyone twice" in page.text
    twelve = client.post("/events/new", data=form(check="1", rounds="11"))
    assert "a perfect schedule" in twelve.text
    assert "whist design" not in twelve.text.lower()  # issue 35: jargon, and on a Euchre night


def test_without_the_csrf_token_nothing_is_made(client):
    assert client.post("/events/new", data=form()).status_code == 400
