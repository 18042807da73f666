"""A Spades club night through the JSON API: the events offer Spades (it has a hand form), a
round's tables take Spades hands with their table keys, the standings count each side's
points (Spades needs no marks of its own: NO_MARKS)."""

from __future__ import annotations

from scorekeeper.service.events.checks import club_games

NAMES = [f"Player {i:02d}" for i in range(8)]


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_club_nights_offer_spades() -> None:
    assert "spades" in club_games()


def test_a_spades_club_night_plays_a_round(client) -> None:
    made = client.post("/api/events", json={
        "name": "Spades night", "game": "spades", "players": NAMES, "rounds": 1,
        "hands_per_round": 2, "movement": "schedule", "seed": 3})
    assert made.status_code == 201, made.get_json()
    event = made.get_json()
    hands = ({"bids": {"N": 3, "E": 4, "S": 2, "W": 3}, "tricks_NS": 7},  # NS 52, EW set -70
             {"bids": {"N": 0, "E": 4, "S": 5, "W": 3}, "tricks_NS": 5,
              "nil_tricks": {"N": 0}})  # NS 150, EW 71
    for table in event["rounds"][0]["tables"]:
        for no, hand in enumerate(hands, 1):
            answer = client.post(f"/api/matches/{table['match']}/hands", json={"no": no, **hand},
                                 headers=bearer(table["edit_key"]))
            assert answer.status_code == 201, answer.get_json()
        state = client.get(f"/api/matches/{table['match']}").get_json()["state"]
        assert state["score"] == {"NS": 202, "EW": 1} and state["bags"] == {"NS": 2, "EW": 1}
    final = client.get(f"/api/events/{event['id']}").get_json()
    points = {s["player"]: s["points"] for s in final["standings"]}
    for table in event["rounds"][0]["tables"]:
        seats = table["seats"]
        assert points[seats["N"]] == points[seats["S"]] == 202
        assert points[seats["E"]] == points[seats["W"]] == 1
