"""Club nights through the API and the test client: create an event, the director's header,
play a round."""

from __future__ import annotations

NAMES = [f"Player {i:02d}" for i in range(64)]


def create(client, **body):
    data = {"name": "Tuesday club", "game": "euchre", "players": NAMES[:24], "rounds": 6,
            "hands_per_round": 4, "movement": "schedule", "seed": 11, **body}
    return client.post("/api/events", json=data)


def bearer(key):
    return {"Authorization": f"Bearer {key}"}


def play_round(client, event, no, rng, hands=None):
    """Record every hand of every table of round ``no``; return what each player should have
    gained by hand (team points) and made loners / euchres."""
    expected: dict[str, list[int]] = {}
    rnd = next(r for r in event["rounds"] if r["no"] == no)
    assert rnd["started"]
    for table in rnd["tables"]:
        assert table["match"] and table["edit_key"]
        seats = table["seats"]
        for no_hand in range(1, (hands or event["hands_per_round"]) + 1):
            caller = rng.choice("NESW")
            alone = rng.random() < 0.2
            tricks = rng.choice([0, 1, 2, 3, 4, 5, 5])
            hand = {"caller": caller, "makers_tricks": tricks, "alone": alone, "no": no_hand}
            answer = client.post(f"/api/matches/{table['match']}/hands", json=hand,
                                 headers=bearer(table["edit_key"]))
            assert answer.status_code == 201, answer.get_json()
            points = answer.get_json()["state"]["hands"][-1]["points"]
            result = answer.get_json()["state"]["hands"][-1]["result"]
            for seat, name in seats.items():
                team = "NS" if seat in "NS" else "EW"
                line = expected.setdefault(name, [0, 0, 0])
                line[0] += points[team]
                if result in ("alone_made", "alone_march") and seat == caller:
                    line[1] += 1
                if result == "euchred" and team != ("NS" if caller in "NS" else "EW"):
                    line[2] += 1
        state = client.get(f"/api/matches/{table['match']}").get_json()["state"]
        assert state["over"]
    return expected
