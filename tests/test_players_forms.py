"""Renaming and merging players from the player page (issue 14's pages), through the test
client and a real SQLite file: plain form POSTs with the page's own CSRF token, Post/Redirect/Get
with a flashed message, the merge's confirmation step, every bad input answered with the form
again (422) and nothing changed, a missing token refused (400), the API's rate limit."""

from __future__ import annotations

import re

import pytest
from support.helpers import become_organiser, euchre_match
from support.pages import form_of, text
from support.stats_data import MATCH_A, MATCH_B, MATCH_C, seats_of_all_matches


@pytest.fixture
def season(client) -> dict[str, str]:
    """Matches A, B and C created; the players' ids by name; the client is the organiser."""
    client.environ_base["HTTP_AUTHORIZATION"] = become_organiser(client)["Authorization"]
    ids: dict[str, str] = {}
    for match in (MATCH_A, MATCH_B, MATCH_C):
        body = client.post("/api/matches", json=match).get_json()
        ids.update({p["name"]: p["id"] for p in body["players"].values()})
    return ids


def token(client, player_id: str) -> str:
    html = client.get(f"/players/{player_id}").get_data(as_text=True)
    return form_of(html, f"/players/{player_id}/rename")["values"]["csrf_token"]


def api(client, player_id: str) -> dict:
    return client.get(f"/api/players/{player_id}").get_json()


def test_renaming_from_the_page_redirects_back_with_a_message(client, season):
    ann = season["Ann"]
    before = api(client, ann)
    r = client.post(f"/players/{ann}/rename", data={"name": "  Ann B. ",
                                                    "csrf_token": token(client, ann)})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/players/{ann}")
    page = text(client.get(r.headers["Location"]).get_data(as_text=True))
    assert ("Ann renamed to Ann B.: 3 seats in 3 matches. Undo it from the history below if it"
            " was a mistake.") in page
    assert "Ann renamed to Ann B.: 3 seats in 3 matches Undo" in page  # the history line
    assert api(client, ann) == {**before, "name": "Ann B."}
    assert sum("Ann B." in s.values() for s in seats_of_all_matches(client)) == 3


@pytest.mark.parametrize(("name", "words"), [
    ("", "Write the new name."),
    ("   ", "Write the new name."),
    ("x" * 41, "Names are limited to 40 characters."),
    ("Ann\u202eevil", "without control or text-direction characters"),
    ("Ann\x07", "without control or text-direction characters"),
])
def test_a_bad_name_gets_the_form_again_and_changes_nothing(client, season, name, words):
    ann = season["Ann"]
    before = api(client, ann)
    r = client.post(f"/players/{ann}/rename", data={"name": name,
                                                    "csrf_token": token(client, ann)})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert words in text(html)
    assert '<details class="card edit" open>' in html and 'aria-invalid="true"' in html
    assert api(client, ann) == before


def test_merging_asks_first_then_moves_every_match(client, season):
    evie = client.post("/api/matches", json=euchre_match(
        seats={"N": "Evie", "E": "Gus", "S": "Hal", "W": "Ivy"},
        hands=[{"caller": "N", "makers_tricks": 5}])).get_json()["players"]["N"]["id"]
    eve = season["Eve"]
    html = client.get(f"/players/{eve}").get_data(as_text=True)
    assert f'<option value="{evie}">Evie (1 match)</option>' in html
    assert f'<option value="{eve}">' not in html  # not into itself
    confirm = client.get(f"/players/{eve}/merge?into={evie}")
    assert confirm.status_code == 200
    words = text(confirm.get_data(as_text=True))
    assert "All of Eve's 1 match moves to Evie; the history on Evie's page can undo it." in words
    assert api(client, eve)["name"] == "Eve"  # asking changed nothing
    values = form_of(confirm.get_data(as_text=True), f"/players/{eve}/merge")["values"]
    assert values["into"] == evie and values["confirm"] == "yes"
    r = client.post(f"/players/{eve}/merge", data=values)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/players/{evie}")
    page = text(client.get(r.headers["Location"]).get_data(as_text=True))
    assert "Eve merged into Evie: 1 seat in 1 match. Undo it from the history" in page
    assert "Eve merged into Evie: 1 seat in 1 match Undo" in page
    assert api(client, evie)["matches"] == {"played": 2, "won": 0}
    # the old page now leads to the survivor; a stale form changes nothing
    assert client.get(f"/players/{eve}").status_code == 301
    again = client.post(f"/players/{eve}/merge", data=values)
    assert again.status_code == 303 and again.headers["Location"].endswith(f"/players/{evie}")
    assert "Eve was merged into Evie; nothing was changed." in text(
        client.get(again.headers["Location"]).get_data(as_text=True))


def test_a_merge_without_the_confirmation_goes_to_the_question(client, season):
    bo = season["Bo"]
    ann = client.post("/api/matches", json=euchre_match(
        seats={"N": "Bob", "E": "Gus", "S": "Hal", "W": "Ivy"})).get_json()["players"]["N"]["id"]
    r = client.post(f"/players/{bo}/merge", data={"into": ann,
                                                  "csrf_token": token(client, bo)})
    assert r.status_code == 303 and f"/players/{bo}/merge?into={ann}" in r.headers["Location"]
    assert api(client, bo)["name"] == "Bo"


@pytest.mark.parametrize(("into", "words"), [
    ("", "Choose the player to merge into."),
    ("nobody", "There is no such player to merge into"),
    ("self", "A player cannot be merged into themselves"),
])
def test_a_bad_merge_gets_the_form_again_and_changes_nothing(client, season, into, words):
    bo = season["Bo"]
    into = bo if into == "self" else into
    before = api(client, bo)
    for r in (client.get(f"/players/{bo}/merge", query_string={"into": into}),
              client.post(f"/players/{bo}/merge", data={
                  "into": into, "confirm": "yes", "csrf_token": token(client, bo)})):
        assert r.status_code == 422
        html = r.get_data(as_text=True)
        assert words in text(html) and '<details class="card edit" open>' in html
    assert api(client, bo) == before
    assert len(client.get("/api/players").get_json()["players"]) == 5
    assert "Renames and merges" not in html  # no change recorded


def test_unknown_players_are_a_404_page(client, season):
    csrf = token(client, season["Ann"])  # a valid token: the 404 is the player's, not CSRF's
    r = client.post("/players/nobody/rename", data={"name": "X", "csrf_token": csrf})
    assert r.status_code == 404 and "There is no such player." in r.get_data(as_text=True)
    r = client.post("/players/nobody/merge", data={"into": season["Ann"], "confirm": "yes",
                                                   "csrf_token": csrf})
    assert r.status_code == 404 and "There is no such player." in r.get_data(as_text=True)
    r = client.get("/players/nobody/merge?into=" + season["Ann"])
    assert r.status_code == 404 and "There is no such player." in r.get_data(as_text=True)


def test_without_the_csrf_token_nothing_changes(client, season):
    ann, bo = season["Ann"], season["Bo"]
    before = api(client, ann)
    assert client.post(f"/players/{ann}/rename", data={"name": "Mallory"}).status_code == 400
    r = client.post(f"/players/{ann}/merge", data={"into": bo, "confirm": "yes"})
    assert r.status_code == 400
    assert api(client, ann) == before and api(client, bo)["name"] == "Bo"


@pytest.mark.app_config(PLAYER_EDIT_LIMIT="2 per hour")
def test_the_page_and_the_api_share_the_rate_limit(client, season):
    ann = season["Ann"]
    assert client.patch(f"/api/players/{ann}", json={"name": "Ann 1"}).status_code == 200
    r = client.post(f"/players/{ann}/rename", data={"name": "Ann 2",
                                                    "csrf_token": token(client, ann)})
    assert r.status_code == 303
    r = client.post(f"/players/{ann}/rename", data={"name": "Ann 3",
                                                    "csrf_token": token(client, ann)})
    assert r.status_code == 429 and r.headers["Retry-After"]
    assert "Too many changes to players" in r.get_data(as_text=True)
    assert api(client, ann)["name"] == "Ann 2"


def test_the_merge_form_offers_those_who_never_sat_with_the_player(client, season):
    """Everyone Ann sat with is two people, not one: only the strangers are offered, each with
    the matches they played (a match with no hand yet counts none)."""
    strangers = {"N": "Fay", "E": "Gus", "S": "Hal", "W": "Ivy"}
    client.post("/api/matches", json=euchre_match(seats=strangers,
                                                  hands=[{"caller": "N", "makers_tricks": 3}]))
    client.post("/api/matches", json=euchre_match(seats={**strangers, "N": "Jo"}))
    html = client.get(f"/players/{season['Ann']}").get_data(as_text=True)
    select = re.search(r'<select[^>]*name="into".*?</select>', html, re.S)
    assert select is not None
    options = [text(o).strip() for o in re.findall(r"<option[^>]*>.*?</option>", select[0])]
    assert options == ["Choose a player", "Fay (1 match)", "Gus (1 match)", "Hal (1 match)",
                       "Ivy (1 match)", "Jo (0 matches)"]
