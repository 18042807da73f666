"""A game the engine scores but the pages cannot enter (no hand form: every shipped game has
one now, so the one-trick test game without its form stands in): its scorer's page shows the
match without a form, its form addresses are 404, never a 500."""

from __future__ import annotations

import dataclasses

import pytest
from support import one_trick

from scorekeeper.engine import games

HANDS = {"formless": {"winner": "E"}}


@pytest.fixture
def formless(monkeypatch: pytest.MonkeyPatch) -> None:
    game = dataclasses.replace(one_trick.GAME, name="formless", hand_form=None)
    monkeypatch.setitem(games.GAMES, "formless", game)
    monkeypatch.setitem(games.GAMES, "one_trick", one_trick.GAME)  # its templates
@pytest.mark.usefixtures("formless")
@pytest.mark.parametrize("game", sorted(HANDS))
def test_the_scorer_page_of_a_game_without_a_hand_form(client, game) -> None:
    made = client.post("/api/matches", json={
        "format": "scorekeeper-match/1", "game": game,
        "seats": {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}, "hands": [HANDS[game]]})
    assert made.status_code == 201
    body = made.get_json()
    page = client.get(f"/m/{body['id']}?key={body['edit_key']}", follow_redirects=True)
    assert page.status_code == 200 and b"Ann" in page.data
    for url in (f"/m/{body['id']}/sheet", f"/m/{body['id']}/hands/1", f"/m/{body['id']}/live"):
        assert client.get(url).status_code == 200, url
    assert client.get(f"/m/{body['id']}/hands/1/edit").status_code == 404
    assert client.post(f"/m/{body['id']}/hands", data={"no": "2"}).status_code in (400, 404)
