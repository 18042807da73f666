"""Partner-adjusted ratings (issue 26) against a hand-worked OpenSkill case."""

from __future__ import annotations

import math

import pytest

from scorekeeper.service.ratings import rate

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"]


def test_one_game_from_the_start_worked_by_hand():
    # Plackett-Luce, two teams of two newcomers (mu 25, sigma 25/3, beta 25/6, tau 25/300
    # added to each sigma first): c^2 = the teams' summed variances + beta^2 each; equal teams
    # win with p = 1/2; each player moves by its variance / c * (1 - p).
    sigma2, beta2 = (25 / 3) ** 2 + (25 / 300) ** 2, (25 / 6) ** 2
    c = math.sqrt(2 * (2 * sigma2) + 2 * beta2)
    gain = sigma2 / c * 0.5
    ratings = rate([(("a", "b"), ("c", "d"), "NS")])
    assert ratings["a"].mu == pytest.approx(25 + gain)
    assert ratings["c"].mu == pytest.approx(25 - gain)
    assert ratings["a"].mu == pytest.approx(26.964294621803063)  # OpenSkill 6.2's own number
    assert ratings["a"].sigma == pytest.approx(8.177962604389991)
    assert ratings["a"].shown == 2.4 and ratings["a"].games == 1


def test_a_tie_moves_no_one_and_partners_matter():
    tied = rate([(("a", "b"), ("c", "d"), None)])
    assert tied["a"].mu == pytest.approx(25) and tied["c"].mu == pytest.approx(25)
    # b wins with strong a; e wins with weak f against the same strength: e gains more
    games = [(("a", "x"), ("y", "z"), "NS")] * 3 + [(("f", "y"), ("z", "w"), "EW")] * 3
    games += [(("b", "a"), ("p", "q"), "NS"), (("e", "f"), ("r", "s"), "NS")]
    r = rate(games)
    assert r["e"].mu - 25 > r["b"].mu - 25


def test_an_evenings_standings_carry_the_rating(client):
    event = client.post("/api/events", json={
        "name": "Club", "game": "euchre", "players": NAMES, "rounds": 1, "hands_per_round": 1,
        "movement": "schedule", "seed": 2}).get_json()
    t1, t2 = event["rounds"][0]["tables"]
    for table, caller in ((t1, "N"), (t2, "E")):
        client.post(f"/api/matches/{table['match']}/hands", json={
            "no": 1, "caller": caller, "makers_tricks": 3},
            headers={"Authorization": f"Bearer {table['edit_key']}"})
    page = client.get(f"/events/{event['id']}").text
    assert "Rating: OpenSkill’s cautious estimate" in page
    loser = round(25 - (26.964294621803063 - 25) - 3 * 8.177962604389991, 1)
    assert loser < 0
    assert "<td>2.4</td>" in page and f"<td>\u2212{-loser}</td>" in page  # a true minus


def test_a_players_rating_across_matches(app, matches):
    from support.helpers import euchre_match

    from scorekeeper.service.ratings import player_rating
    from scorekeeper.store.db import get_db

    match_id, _key = matches.create(euchre_match(rules={"deals": 1}))
    assert matches.record(match_id, {"caller": "N", "makers_tricks": 3}).ok
    with app.app_context():
        db = get_db()
        ids = dict(db.execute("SELECT seat, player FROM match_players WHERE match_id = ?",
                              [match_id]).fetchall())
        north = player_rating(db, ids["N"])
        east = player_rating(db, ids["E"])
    assert north is not None and north.shown == 2.4 and north.games == 1
    assert east is not None and east.mu < 25


def test_a_players_page_shows_the_rating_and_what_it_means(app, client, matches):
    from support.helpers import euchre_match

    from scorekeeper.store.db import get_db

    match_id, _key = matches.create(euchre_match(rules={"deals": 1}))
    with app.app_context():
        ids = dict(get_db().execute("SELECT seat, player FROM match_players WHERE match_id = ?",
                                    [match_id]).fetchall())
    before = client.get(f"/players/{ids['N']}").text
    assert 'id="rating"' not in before  # no finished match yet: no rating shown
    assert matches.record(match_id, {"caller": "N", "makers_tricks": 3}).ok
    page = client.get(f"/players/{ids['N']}").text
    assert "Rating 2.4" in page and "from 1 game" in page
    assert "OpenSkill’s cautious estimate" in page
