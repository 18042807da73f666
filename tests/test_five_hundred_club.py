"""A Five Hundred club night through the JSON API: offered as a club game, started, a round
played at every table with the table's key, standings and the misère mark counted."""

from __future__ import annotations

from scorekeeper.service.events.checks import club_games

NAMES = [f"Player {i:02d}" for i in range(8)]
HANDS = [{"caller": "N", "bid": "8H", "makers_tricks": 9},   # NS +300, EW +10
         {"caller": "E", "bid": "misere", "makers_tricks": 0},  # EW +250, a misère made by E
         {"passed": True}]


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_a_five_hundred_club_night_plays_a_round(client):
    assert "five_hundred" in club_games()
    made = client.post("/api/events", json={
        "name": "Avondale 500 night", "game": "five_hundred", "players": NAMES, "rounds": 1,
        "hands_per_round": 3, "movement": "schedule", "seed": 5})
    assert made.status_code == 201, made.get_json()
    event = made.get_json()
    assert len(event["rounds"][0]["tables"]) == 2
    for table in event["rounds"][0]["tables"]:
        for no, hand in enumerate(HANDS, 1):
            answer = client.post(f"/api/matches/{table['match']}/hands",
                                 json={**hand, "no": no}, headers=bearer(table["edit_key"]))
            assert answer.status_code == 201, answer.get_json()
    final = client.get(f"/api/events/{event['id']}").get_json()
    standings = {s["player"]: s for s in final["standings"]}
    for table in event["rounds"][0]["tables"]:
        seats = table["seats"]
        assert standings[seats["N"]]["points"] == standings[seats["S"]]["points"] == 300
        assert standings[seats["E"]]["points"] == standings[seats["W"]]["points"] == 260
        east = standings[seats["E"]]
        assert east.get("marks", east).get("miseres") == 1, east


def test_a_bad_five_hundred_hand_at_a_club_table_is_refused_in_words(client):
    event = client.post("/api/events", json={
        "name": "Night", "game": "five_hundred", "players": NAMES, "rounds": 1,
        "hands_per_round": 2, "movement": "schedule", "seed": 5}).get_json()
    table = event["rounds"][0]["tables"][0]
    answer = client.post(f"/api/matches/{table['match']}/hands",
                         json={"no": 1, "caller": "N", "bid": "11H", "makers_tricks": 9},
                         headers=bearer(table["edit_key"]))
    assert answer.status_code == 422
    assert "bid" in answer.get_data(as_text=True).lower()
