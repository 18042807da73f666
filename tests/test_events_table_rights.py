"""Issue 35: a club night's table phone scores every round at its table without rescanning.

The right belongs to the table for the evening, not to one round's match: confirming a
round locks that round's match, yet the phone that scored it scores the table's next round
from its plain address (the tent card's, or "Next round at this table"); a new scorer link
still takes the table away from every other phone. Test client, real SQLite file."""

from __future__ import annotations

import pytest
from support.pages import Table

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]
pytestmark = pytest.mark.app_config(WTF_CSRF_ENABLED=False)
REVOKED = "no longer scores this match"
LOCKED = "This round’s result is locked"


@pytest.fixture
def evening(app):
    director = app.test_client()
    answer = director.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 3, "hands_per_round": 1,
        "movement": "schedule", "seed": 2})
    assert answer.status_code == 201
    body = answer.get_json()
    director.get(body["director_url"])
    return body, director


def play_and_confirm(phone: Table, event_id: str, no: int, table_no: int) -> str:
    """The phone at the table: the round's one hand from its page, then both pairs confirm;
    the round's match address."""
    follow = phone.client.get(f"/events/{event_id}/tables/{table_no}")
    assert follow.status_code == 302, follow.status_code
    url = follow.headers["Location"]
    assert "Save hand 1" in phone.page(url), f"round {no}: the phone cannot score"
    assert phone.post_hand(url, caller="N", makers_tricks="3").status_code == 303
    for side in ("NS", "EW"):
        done = phone.client.post(f"/events/{event_id}/rounds/{no}/tables/{table_no}/confirm",
                                 data={"side": side}, follow_redirects=True)
        assert done.status_code == 200 and "Confirmed." in done.text
    return url


@pytest.mark.parametrize("arrive", ["table link", "scorer QR of the match"])
def test_a_table_phone_scores_every_round_without_rescanning(app, evening, arrive):
    body, director = evening
    phones = {t["table"]: Table(app.test_client()) for t in body["rounds"][0]["tables"]}
    for t in body["rounds"][0]["tables"]:
        if arrive == "table link":
            phones[t["table"]].client.get(t["table_url"])
        else:  # the scorer link of round 1's match, from the Share panel of the director's
            phones[t["table"]].client.get(f"/m/{t['match']}?key={t['edit_key']}")
    for no in (1, 2, 3):
        for table_no, phone in phones.items():
            url = play_and_confirm(phone, body["id"], no, table_no)
            page = phone.page(url)  # right after both pairs confirmed
            assert REVOKED not in page and "View only" not in page
            assert LOCKED in page and "Both pairs confirmed this result." in page
        if no < 3:
            started = director.post(f"/events/{body['id']}/start", data={"no": no + 1},
                                    follow_redirects=True)
            assert f"Round {no + 1} has started." in started.text


def test_a_new_scorer_link_still_takes_the_table_from_the_other_phones(app, evening):
    body, director = evening
    table = body["rounds"][0]["tables"][0]
    old, keeper = Table(app.test_client()), Table(app.test_client())
    old.client.get(table["table_url"])
    keeper.client.get(table["table_url"])
    made = keeper.client.post(f"/m/{table['match']}/newkey", data={"confirm": "yes"},
                              follow_redirects=True)
    assert "New scorer link made" in made.text
    play_and_confirm(keeper, body["id"], 1, 1)
    other = Table(app.test_client())
    other.client.get(body["rounds"][0]["tables"][1]["table_url"])
    play_and_confirm(other, body["id"], 1, 2)
    assert REVOKED in old.page(f"/m/{table['match']}")  # a real revocation says so
    started = director.post(f"/events/{body['id']}/start", data={"no": 2},
                            follow_redirects=True)
    assert "Round 2 has started." in started.text
    taken = old.client.get(f"/events/{body['id']}/tables/1", follow_redirects=True)
    assert "Save hand 1" not in taken.text and "View only" in taken.text
    kept = keeper.client.get(f"/events/{body['id']}/tables/1", follow_redirects=True)
    assert "Save hand 1" in kept.text
