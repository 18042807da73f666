"""Spades through the JSON API (spec/api.md): a match created with game spades takes hands,
answers its state with contracts, nils and bags, refuses a bad hand in words; the start page
offers Spades and its presets."""

from __future__ import annotations

from support.helpers import SEATS


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def spades_match(**extra: object) -> dict:
    return {"format": "scorekeeper-match/1", "game": "spades", "seats": dict(SEATS), **extra}


def test_a_spades_match_is_played_through_the_api(client) -> None:
    created = client.post("/api/matches", json=spades_match(rules={"blind_nil": True}))
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert body["state"]["bags"] == {"NS": 0, "EW": 0}
    url, key = f"/api/matches/{body['id']}/hands", body["edit_key"]
    first = client.post(url, json={"no": 1, "bids": {"N": 4, "E": 5, "S": 5, "W": 0},
                                   "tricks_NS": 10, "nil_tricks": {"W": 0}}, headers=auth(key))
    assert first.status_code == 201, first.get_json()
    entry = first.get_json()["state"]["hands"][0]
    assert (entry["points"], entry["contracts"], entry["bags"], entry["nil"]) == (
        {"NS": 91, "EW": 50}, {"NS": 9, "EW": 5}, {"NS": 1, "EW": 0}, {"W": "made"})
    blind = client.post(url, json={"no": 2, "bids": {"N": "blind_nil", "E": 3, "S": 4, "W": 3},
                                   "tricks_NS": 5, "nil_tricks": {"N": 1}}, headers=auth(key))
    assert blind.status_code == 201
    state = blind.get_json()["state"]
    assert state["score"] == {"NS": 91 - 159, "EW": 50 + 62}
    assert state["bags"] == {"NS": 2, "EW": 2} and state["next_dealer"] == "S"

    bad = client.post(url, json={"no": 3, "bids": {"N": 3, "E": 3, "S": 0, "W": 14},
                                 "tricks_NS": 4}, headers=auth(key))
    assert bad.status_code == 422
    assert bad.get_json()["errors"] == [{"hand": 3, "field": "bids",
                                         "message": "W's bid must be 0 to 13 (0 is nil) or "
                                                    "\"blind_nil\", got 14"}]
    got = client.get(f"/api/matches/{body['id']}").get_json()
    assert len(got["match"]["hands"]) == 2  # nothing stored

    fixed = client.put(f"{url}/1", json={"bids": {"N": 4, "E": 5, "S": 5, "W": 0},
                                         "tricks_NS": 9, "nil_tricks": {"W": 1}},
                       headers=auth(key))
    assert fixed.status_code == 200, fixed.get_json()
    assert fixed.get_json()["state"]["hands"][0]["nil"] == {"W": "failed"}
    undone = client.delete(f"{url}/2", headers=auth(key))
    assert undone.status_code == 200
    assert undone.get_json()["state"]["bags"] == {"NS": 0, "EW": 0}


def test_a_finished_spades_match_takes_no_more_hands(client) -> None:
    created = client.post("/api/matches", json=spades_match(
        start_score={"NS": 450, "EW": 0},
        hands=[{"bids": {"N": 3, "E": 3, "S": 3, "W": 3}, "tricks_NS": 7}])).get_json()
    assert (created["state"]["over"], created["state"]["winner"]) == (True, "NS")
    late = client.post(f"/api/matches/{created['id']}/hands",
                       json={"no": 2, "bids": {"N": 3, "E": 3, "S": 3, "W": 3}, "tricks_NS": 6},
                       headers=auth(created["edit_key"]))
    assert late.status_code == 409


def test_a_bad_spades_rule_is_refused(client) -> None:
    r = client.post("/api/matches", json=spades_match(rules={"bag_limit": "ten"}))
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["field"] == "rules.bag_limit"


def test_the_start_page_offers_spades_with_its_presets(client) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'value="euchre"' in page and 'value="whist"' in page
    assert 'value="spades"' in page and "preset_spades" in page
    for label in ("Standard to 500", "Blind nil allowed", "No bags"):
        assert label in page


def test_a_spades_refusal_in_chinese(client) -> None:
    hand = {"bids": {"N": 3, "E": 3, "S": 0, "W": 3}, "tricks_NS": 4}
    r = client.post("/api/matches", json=spades_match(hands=[hand]),
                    headers={"Accept-Language": "zh-TW"})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["message"] == "南家叫了零墩：南家拿了幾墩？（nil_tricks）"
    r = client.post("/api/matches", json=spades_match(game="canasta"),
                    headers={"Accept-Language": "zh-CN"})
    assert r.get_json()["errors"][0]["message"] == \
        'game 必须是 "euchre", "whist", "five_hundred", "spades", "bridge" 其中之一，而不是 ' \
        '"canasta"'
