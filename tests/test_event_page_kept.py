"""A club night's table page is never served from the kept pages (web/pagecache.py): its banner
follows the other tables (where everyone goes next), and their hands never change this match's
version (review R2-H1)."""

from __future__ import annotations

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]


def test_the_first_table_to_finish_learns_where_to_go_when_the_last_one_does(client):
    event = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 2, "hands_per_round": 1,
        "movement": "progressive", "seed": 3}).get_json()
    first, second = event["rounds"][0]["tables"]

    def finish(table):
        answer = client.post(f"/api/matches/{table['match']}/hands",
                             json={"no": 1, "caller": "N", "makers_tricks": 3},
                             headers={"Authorization": f"Bearer {table['edit_key']}"})
        assert answer.status_code == 201

    finish(first)
    page = client.get(f"/m/{first['match']}").text
    assert "Round over." in page and "go to table" not in page  # the other table still plays
    # ... and the page asks again by itself (static/js/event-wait.js) until it knows
    assert "Other tables are still playing" in page and 'data-reload="15"' in page
    assert "/static/js/event-wait.js" in page
    client.get(f"/m/{first['match']}")  # asked again: would be the kept page
    finish(second)
    page = client.get(f"/m/{first['match']}").text
    assert "Round over." in page and "go to table" in page
    assert "data-reload" not in page
