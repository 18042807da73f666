"""The JSON API with Five Hundred (issue 25): a match created, hands recorded by outcome and
card by card, refusals in words (English and Chinese), corrections and undo re-scoring, the
end of the game; and the start page does not offer it yet (test client, real SQLite file)."""

from __future__ import annotations

import random

import pytest
from support import fiveplay
from support.helpers import SEATS

from scorekeeper.engine.limits import MATCH_FORMAT


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def create(client, hands=(), **rules):
    match = {"format": MATCH_FORMAT, "game": "five_hundred", "seats": dict(SEATS),
             "rules": rules, "first_dealer": "S", "hands": list(hands)}
    r = client.post("/api/matches", json=match)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def post(client, created, hand, no, **headers):
    return client.post(f"/api/matches/{created['id']}/hands", json={**hand, "no": no},
                       headers={**auth(created["edit_key"]), **headers})


def test_hands_are_recorded_by_outcome_and_card_by_card(client):
    created = create(client, deals=20)
    assert created["state"]["game"] == "five_hundred" and created["state"]["hands"] == []
    rng = random.Random(25)
    for no, bid in enumerate(["7NT", "misere", "8D"], 1):
        made = fiveplay.random_hand(rng, bid, dealer="SWNE"[(no - 1) % 4])
        r = post(client, created, made["hand"], no)
        assert r.status_code == 201, r.get_json()
        entry = r.get_json()["state"]["hands"][-1]
        assert entry["trick_winners"] == made["winners"]
        result, _, _ = fiveplay.points(bid, made["makers_tricks"])
        assert entry["result"] == result
    r = post(client, created, {"passed": True}, 4)
    assert r.status_code == 201 and r.get_json()["state"]["next_dealer"] == "S"
    r = post(client, created, {"caller": "E", "bid": "6C", "makers_tricks": 6}, 5)
    assert r.status_code == 201, r.get_json()
    got = client.get(f"/api/matches/{created['id']}").get_json()
    assert len(got["match"]["hands"]) == 5 and got["match"]["game"] == "five_hundred"
    assert got["state"]["hands"][-1]["points"]["EW"] == 60


@pytest.mark.parametrize(("hand", "field", "message"), [
    ({"caller": "N", "bid": "11S", "makers_tricks": 6}, "bid",
     '"11S" is not a bid: write the tricks then S, C, D, H or NT (6S to 10NT), or misere, or '
     "open_misere"),
    ({"caller": "N", "bid": "6S", "makers_tricks": 12}, "makers_tricks",
     "makers' tricks must be 0 to 10, got 12"),
    ({"caller": "N", "bid": "6S", "makers_tricks": 6, "kitty": ["2H", "5S", "JK"]}, "kitty",
     "2H is not in this match's pack of 43 cards: hearts go from 4 to A"),
    ({"bid": "6S", "makers_tricks": 6}, "caller",
     "say who won the bidding (or that everyone passed)"),
])
def test_illegal_hands_are_refused_in_words_and_nothing_is_stored(client, hand, field, message):
    created = create(client)
    r = post(client, created, hand, 1)
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"hand": 1, "field": field, "message": message}]
    assert client.get(f"/api/matches/{created['id']}").get_json()["match"]["hands"] == []


def test_misere_off_is_refused_in_chinese(client):
    created = create(client, misere=False)
    hand = {"caller": "N", "bid": "misere", "makers_tricks": 0}
    r = post(client, created, hand, 1, **{"Accept-Language": "zh-TW"})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["message"] == "這場比賽不能叫零墩：misere規則沒有開啟"
    r = post(client, created, hand, 1, **{"Accept-Language": "zh-CN"})
    assert r.get_json()["errors"][0]["message"] == "这场比赛不能叫零墩：misere 规则没有开启"


def test_a_card_error_names_its_trick(client):
    created = create(client)
    made = fiveplay.random_hand(random.Random(3), "6NT", dealer="S", revoke="any")
    seat, trick = made["revoked"]
    r = post(client, created, made["hand"], 1)
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{
        "hand": 1, "field": "play", "trick": trick,
        "message": f"the card record shows {seat} did not follow suit in trick {trick} while "
                   "holding the suit led"}]


def test_the_game_ends_and_a_correction_rescores(client):
    hands = [{"caller": "N", "bid": "9H", "makers_tricks": 9},
             {"caller": "E", "bid": "6S", "makers_tricks": 6}]
    created = create(client, hands=hands)
    assert created["state"]["score"] == {"NS": 440, "EW": 50}
    r = post(client, created, {"caller": "S", "bid": "6D", "makers_tricks": 6}, 3)
    state = r.get_json()["state"]
    assert (state["over"], state["winner"], state["score"]) == (True, "NS", {"NS": 520, "EW": 90})
    assert post(client, created, {"passed": True}, 4).status_code == 409
    fixed = client.put(f"/api/matches/{created['id']}/hands/3",
                       json={"caller": "S", "bid": "6D", "makers_tricks": 5},
                       headers=auth(created["edit_key"]))
    assert fixed.status_code == 200, fixed.get_json()
    state = fixed.get_json()["state"]
    assert (state["over"], state["score"]) == (False, {"NS": 360, "EW": 100})
    undone = client.delete(f"/api/matches/{created['id']}/hands/3",
                           headers=auth(created["edit_key"]))
    assert undone.status_code == 200 and undone.get_json()["state"]["score"] == {
        "NS": 440, "EW": 50}


def test_rules_are_checked_on_creation(client):
    match = {"format": MATCH_FORMAT, "game": "five_hundred", "seats": dict(SEATS),
             "rules": {"target": 5000, "pack": 24}}
    r = client.post("/api/matches", json=match)
    assert r.status_code == 422
    assert sorted(e["field"] for e in r.get_json()["errors"]) == ["rules.pack", "rules.target"]


def test_the_start_page_offers_it(client):
    page = client.get("/").get_data(as_text=True)
    assert "Euchre" in page and "Whist" in page
    assert "Five Hundred" in page and 'value="five_hundred"' in page


def test_the_view_link_and_the_sheet_answer(client):
    """The view link and the sheet answer for a match made through the API."""
    made = fiveplay.random_hand(random.Random(8), "9NT", dealer="S")
    created = create(client, hands=[made["hand"], {"passed": True}])
    for path in (f"/m/{created['id']}", f"/m/{created['id']}/sheet",
                 f"/m/{created['id']}/hands/1", f"/m/{created['id']}.json"):
        assert client.get(path).status_code == 200, path
