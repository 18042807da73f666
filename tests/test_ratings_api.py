"""Ratings in the JSON API (issue 35): an event's standings and a player's figures carry the
rating the pages show (docs/api.md)."""

from __future__ import annotations

import pytest
from support.helpers import euchre_match

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]
WON = 2.4  # one game won from the start (tests/test_ratings.py works it by hand)
LOST = round(25 - (26.964294621803063 - 25) - 3 * 8.177962604389991, 1)


def test_an_events_standings_carry_each_players_rating(client):
    event = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 2, "hands_per_round": 1,
        "movement": "schedule", "seed": 2}).get_json()
    assert {s["rating"] for s in event["standings"]} == {None}  # no table finished yet
    for table in event["rounds"][0]["tables"]:
        r = client.post(f"/api/matches/{table['match']}/hands", json={
            "no": 1, "caller": "N", "makers_tricks": 3},
            headers={"Authorization": f"Bearer {table['edit_key']}"})
        assert r.status_code == 201
    body = client.get(f"/api/events/{event['id']}").get_json()
    by_rank = sorted(body["standings"], key=lambda s: s["rank"])
    assert list(by_rank[0])[-2:] == ["rank", "rating"]
    assert sorted(s["rating"] for s in body["standings"]) == [LOST] * 4 + [WON] * 4
    # the director's page shows the same numbers, a minus below zero
    page = client.get(f"/events/{event['id']}").get_data(as_text=True)
    assert f"<td>{WON}</td>" in page and f"<td>\u2212{-LOST}</td>" in page


@pytest.fixture
def one_match(client):
    """A one-deal Euchre match North–South won: its players' ids by seat."""
    made = client.post("/api/matches", json=euchre_match(rules={"deals": 1})).get_json()
    r = client.post(f"/api/matches/{made['id']}/hands", json={
        "no": 1, "caller": "N", "makers_tricks": 3},
        headers={"Authorization": f"Bearer {made['edit_key']}"})
    assert r.get_json()["state"]["over"] is True
    return {seat: p["id"] for seat, p in made["players"].items()}


@pytest.mark.parametrize(("seat", "value"), [("N", WON), ("S", WON), ("E", LOST), ("W", LOST)])
def test_a_players_figures_carry_the_rating(client, one_match, seat, value):
    body = client.get(f"/api/players/{one_match[seat]}").get_json()
    rating = body["rating"]
    assert list(rating) == ["value", "mu", "sigma", "games"]
    assert rating["value"] == value and rating["games"] == 1
    assert rating["value"] == round(rating["mu"] - 3 * rating["sigma"], 1)
    # the player's page shows the same number
    page = client.get(f"/players/{one_match[seat]}").get_data(as_text=True)
    shown = f"{value}" if value >= 0 else f"\u2212{-value}"
    assert f"Rating {shown}" in page


def test_the_rating_is_every_finished_match_whatever_the_range(client, one_match):
    body = client.get(f"/api/players/{one_match['N']}?from=2000-01-01&to=2000-01-02").get_json()
    assert body["matches"]["played"] == 0
    assert body["rating"]["value"] == WON


def test_a_player_with_no_finished_match_has_no_rating(client):
    made = client.post("/api/matches", json=euchre_match()).get_json()
    body = client.get(f"/api/players/{made['players']['N']['id']}").get_json()
    assert body["rating"] is None
