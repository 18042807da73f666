"""GET /api/matches/<id>/hands/<no>/analysis: through the test client and the live server."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request

import pytest
from support.deals import euchre_hand, whist_hand
from support.helpers import euchre_hand as summary_hand
from support.helpers import euchre_match, whist_match

from scorekeeper.engine.analysis import analyse_match_hand


def card_hands(seed: int = 4) -> list[dict]:
    """Hand 1 and 3 with complete card records (hand 3 lone), hand 2 by its outcome only."""
    rng = random.Random(seed)
    return [euchre_hand(rng, "N", alone=False), summary_hand("E", 3),
            euchre_hand(rng, "S", alone=True)]


@pytest.fixture
def match_id(client) -> str:
    response = client.post("/api/matches", json=euchre_match(hands=card_hands(),
                                                            rules={"target": 30}))
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def test_the_analysis_of_a_recorded_hand(client, match_id):
    response = client.get(f"/api/matches/{match_id}/hands/1/analysis")
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"hand", "makers", "par", "after", "costly"}
    assert body["hand"] == 1
    hand = card_hands()[0]
    assert body["makers"] == ("NS" if hand["caller"] in "NS" else "EW")
    assert body["after"][0] == body["par"]
    assert len(body["after"]) == 21  # one entry per card played, plus one
    state = client.get(f"/api/matches/{match_id}").get_json()["state"]
    assert body["after"][-1] == state["hands"][0]["tricks"][body["makers"]]
    for costly in body["costly"]:
        assert set(costly) == {"trick", "seat", "card", "cost"}
        assert 1 <= costly["trick"] <= 5 and costly["cost"] >= 1
        assert costly["card"] in hand["play"][costly["trick"] - 1]
    stored = client.get(f"/m/{match_id}.json").get_json()
    assert body == analyse_match_hand(stored, 1)[0].as_json()


def test_a_lone_hand_has_three_card_tricks(client, match_id):
    body = client.get(f"/api/matches/{match_id}/hands/3/analysis").get_json()
    assert len(body["after"]) == 16
    assert body["after"][0] == body["par"]


def test_a_hand_without_a_card_record_is_422_with_the_reason(client, match_id):
    response = client.get(f"/api/matches/{match_id}/hands/2/analysis")
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert errors[0]["hand"] == 2 and errors[0]["field"] == "play"
    assert "no card record" in errors[0]["message"]


def test_the_reason_is_in_the_readers_language(client, match_id):
    response = client.get(f"/api/matches/{match_id}/hands/2/analysis",
                          headers={"Accept-Language": "zh-Hant"})
    assert response.status_code == 422
    message = response.get_json()["errors"][0]["message"]
    assert "card record" not in message and message.strip()


@pytest.mark.parametrize("no", [0, 4, 99])
def test_an_unknown_hand_is_404(client, match_id, no):
    response = client.get(f"/api/matches/{match_id}/hands/{no}/analysis")
    assert response.status_code == 404
    assert response.is_json


def test_an_unknown_match_is_404(client):
    response = client.get("/api/matches/nosuchmatch/hands/1/analysis")
    assert response.status_code == 404


def test_whist_is_422(client):
    hand = whist_hand(random.Random(2), "N")
    response = client.post("/api/matches", json=whist_match(hands=[hand]))
    assert response.status_code == 201, response.get_json()
    match_id = response.get_json()["id"]
    response = client.get(f"/api/matches/{match_id}/hands/1/analysis")
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["message"] == "hands of this game are not analysed"


def test_reading_needs_no_key_and_a_correction_is_analysed_afresh(client, match_id):
    """The view id is enough; an answer is never stale after the hand is corrected."""
    wanted = client.get(f"/api/matches/{match_id}/hands/1/analysis").get_json()
    other = client.post("/api/matches", json=euchre_match(hands=card_hands(9))).get_json()
    url = f"/api/matches/{other['id']}/hands/1/analysis"
    before = client.get(url).get_json()
    assert before != wanted
    response = client.put(f"/api/matches/{other['id']}/hands/1", json=card_hands()[0],
                          headers={"Authorization": f"Bearer {other['edit_key']}"})
    assert response.status_code == 200, response.get_json()
    assert client.get(url).get_json() == wanted


def test_through_the_live_server(live_server):
    request = urllib.request.Request(
        f"{live_server}/api/matches", data=json.dumps(euchre_match(hands=card_hands(),
                                                                   rules={"target": 30})).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as r:
        match_id = json.load(r)["id"]
    with urllib.request.urlopen(f"{live_server}/api/matches/{match_id}/hands/1/analysis",
                                timeout=10) as r:
        assert r.status == 200
        assert r.headers["Content-Type"].startswith("application/json")
        body = json.load(r)
    assert body["hand"] == 1 and len(body["after"]) == 21
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{live_server}/api/matches/{match_id}/hands/2/analysis",
                               timeout=10)
    assert refused.value.code == 422
    assert json.load(refused.value)["errors"][0]["field"] == "play"
