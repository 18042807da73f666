"""The JSON API with Euchre's other packs and the Joker: matches and hands accepted, and
refused in words through the engine's own messages (test client, real SQLite file)."""

from __future__ import annotations

import random

import pytest
from support import packplay
from support.helpers import euchre_match

from scorekeeper.engine.analysis import analyse_match_hand


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def create(client, **rules):
    r = client.post("/api/matches", json=euchre_match(rules=rules, first_dealer="W"))
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def post(client, created, hand, no=1, **headers):
    return client.post(f"/api/matches/{created['id']}/hands", json={**hand, "no": no},
                       headers={**auth(created["edit_key"]), **headers})


@pytest.mark.parametrize(("size", "joker"), [(24, True), (28, False), (32, True)])
def test_card_by_card_hands_of_every_pack_are_recorded(client, size, joker):
    created = create(client, pack=size, joker=joker, target=30)
    rng = random.Random(size)
    for no in range(1, 5):
        made = packplay.random_hand(rng, size, joker, dealer="NESW"[(no + 2) % 4],
                                    joker_up=joker and no == 2)
        r = post(client, created, made["hand"], no)
        assert r.status_code == 201, r.get_json()
        entry = r.get_json()["state"]["hands"][-1]
        assert entry["trick_winners"] == made["winners"]
    match = client.get(f"/api/matches/{created['id']}").get_json()["match"]
    assert match["rules"]["pack"] == size
    assert len(match["hands"]) == 4


def test_the_joker_is_the_highest_trump(client):
    created = create(client, joker=True)
    hand = {"caller": "E", "trump": "C", "round": 2,
            "play": [["JC", "JK", "AC", "KC"], ["AH", "KH", "QH", "10H"],
                     ["AD", "KD", "QD", "10D"], ["AS", "KS", "QS", "10S"],
                     ["9H", "9D", "9S", "9C"]]}
    r = post(client, created, hand)
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["state"]["hands"][0]["trick_winners"] == ["E", "E", "E", "E", "N"]


@pytest.mark.parametrize(("rules", "hand", "field", "message"), [
    ({}, {"caller": "N", "turn_up": "JK", "trump": "H", "makers_tricks": 3}, "turn_up",
     "JK (the Joker) is not in this match's pack: the joker rule is off"),
    ({"pack": 28}, {"caller": "N", "turn_up": "7D", "makers_tricks": 3}, "turn_up",
     "7D is not in this match's pack of 28 cards (8 to A in each suit)"),
    ({}, {"caller": "N", "turn_up": "8D", "makers_tricks": 3}, "turn_up",
     "8D is not in the euchre deck"),
    ({"joker": True}, {"caller": "N", "turn_up": "JK", "makers_tricks": 3}, "trump",
     "the Joker was turned up: record the suit the dealer named for it as trump"),
])
def test_hands_outside_the_rules_are_refused_in_words(client, rules, hand, field, message):
    created = create(client, **rules)
    r = post(client, created, hand)
    assert r.status_code == 422
    assert {"hand": 1, "field": field, "message": message} in r.get_json()["errors"]
    assert client.get(f"/api/matches/{created['id']}").get_json()["match"]["hands"] == []


def test_the_refusal_in_chinese(client):
    created = create(client, pack=28)
    r = post(client, created, {"caller": "N", "turn_up": "7D", "makers_tricks": 3},
             **{"Accept-Language": "zh-TW"})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["message"] == "7D不在這場比賽的28張牌組裡（每種花色8到A）"
    created = create(client)
    r = post(client, created, {"caller": "N", "turn_up": "JK", "makers_tricks": 3},
             **{"Accept-Language": "zh-CN"})
    assert r.get_json()["errors"][0]["message"] == \
        "这场比赛的牌组没有百搭牌（JK）：未开启加百搭牌规则"


@pytest.mark.parametrize("rules", [{"pack": 30}, {"pack": "32"}, {"joker": 1}])
def test_bad_pack_rules_are_refused_at_creation(client, rules):
    r = client.post("/api/matches", json=euchre_match(rules=rules))
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["field"].startswith("rules.")


def test_the_analysis_of_a_joker_hand(client):
    created = create(client, pack=32, joker=True)
    made = packplay.random_hand(random.Random(7), 32, True, dealer="W", joker_up=True)
    assert post(client, created, made["hand"]).status_code == 201
    r = client.get(f"/api/matches/{created['id']}/hands/1/analysis")
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    match = client.get(f"/api/matches/{created['id']}").get_json()["match"]
    analysis, problems = analyse_match_hand(match, 1)
    assert problems == [] and body == analysis.as_json()
    assert body["after"][-1] == made["makers_tricks"]
