"""Renaming and merging players need the organiser's right, are recorded with what they moved,
and undo exactly; players who shared a table are never merged (issue 22). Through the test
client and a real SQLite file; tests/reliability/test_player_rights_served.py does the same
through `scorekeeper serve`."""

from __future__ import annotations

import re

import pytest
from support.helpers import become_organiser, euchre_match, organiser_key
from support.pages import form_of, text
from support.player_figures import client_get, differences, figures
from support.stats_data import MATCH_A, MATCH_B, MATCH_C

HOW = "Renaming and merging players needs the organiser's right"

# Match D: "Bob" (a second spelling of Bo, so a second player) with three strangers.
MATCH_D = euchre_match(seats={"N": "Bob", "E": "Gus", "S": "Hal", "W": "Ivy"}, date="2026-03-01",
                       hands=[{"caller": "N", "makers_tricks": 5},
                              {"caller": "E", "makers_tricks": 1}])


@pytest.fixture
def season(client) -> dict[str, str]:
    """Matches A to D; the players' ids by name."""
    ids: dict[str, str] = {}
    for match in (MATCH_A, MATCH_B, MATCH_C, MATCH_D):
        r = client.post("/api/matches", json=match)
        assert r.status_code == 201, r.get_json()
        ids.update({p["name"]: p["id"] for p in r.get_json()["players"].values()})
    return ids


def snapshot(app, client, season) -> dict:
    return figures(client_get(client), sorted(season.values()), app.config["DATABASE"])


def page_token(client, player_id: str) -> str:
    """The CSRF token of the player's page (of the organiser page for a stranger: no form)."""
    html = client.get(f"/players/{player_id}").get_data(as_text=True)
    if 'name="csrf_token"' not in html:
        html = client.get("/organiser").get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def test_a_stranger_can_neither_rename_nor_merge_nor_undo(app, client, season):
    bo, ann, bob = season["Bo"], season["Ann"], season["Bob"]
    before = snapshot(app, client, season)
    csrf = page_token(client, bo)
    for r in (client.patch(f"/api/players/{bo}", json={"name": "Mallory"}),
              client.post(f"/api/players/{bo}/merge", json={"into": ann}),
              client.post("/api/players/changes/1/undo"),
              client.patch(f"/api/players/{bo}", json={"name": "M"},
                           headers={"Authorization": "Bearer not-the-key"})):
        assert r.status_code == 403
        (error,) = r.get_json()["errors"]
        assert error["field"] is None and error["message"].startswith(HOW)
    for r in (client.post(f"/players/{bo}/rename", data={"name": "Mallory", "csrf_token": csrf}),
              client.post(f"/players/{bob}/merge", data={"into": bo, "confirm": "yes",
                                                         "csrf_token": csrf}),
              client.get(f"/players/{bob}/merge?into={bo}"),
              client.post(f"/players/{bo}/changes/1/undo", data={"csrf_token": csrf})):
        assert r.status_code == 403 and HOW in text(r.get_data(as_text=True))
    page = client.get(f"/players/{bo}").get_data(as_text=True)
    assert HOW in text(page) and "Open the organiser page" in text(page)
    assert f'action="/players/{bo}/rename"' not in page  # no form to fill in vain
    assert differences(before, snapshot(app, client, season)) == []


def test_the_organiser_page_gives_the_right_in_a_cookie(app, client, season):
    bo = season["Bo"]
    html = client.get(f"/organiser?next=/players/{bo}").get_data(as_text=True)
    form = form_of(html, "/organiser")
    wrong = client.post("/organiser", data={**form["values"], "key": "guess"})
    assert wrong.status_code == 403 and "That is not the organiser key" in text(
        wrong.get_data(as_text=True))
    r = client.post("/organiser", data={**form["values"], "key": organiser_key(app)})
    assert r.status_code == 303 and r.headers["Location"] == f"/players/{bo}"
    cookie = r.headers["Set-Cookie"]
    assert cookie.startswith("organiser=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert organiser_key(app) not in cookie  # a reference, never the key
    page = client.get(f"/players/{bo}").get_data(as_text=True)
    assert "This phone now has the organiser" in text(page)
    assert f'action="/players/{bo}/rename"' in page
    assert client.get("/organiser?next=//evil.example").status_code == 200
    # a new key ends every phone's right
    from scorekeeper.service import organiser
    from scorekeeper.store.db import get_db

    with app.app_context():
        organiser.new_key(get_db(), app.config["SECRET_KEY"])
    assert HOW in text(client.get(f"/players/{bo}").get_data(as_text=True))


def test_the_organiser_merges_and_undoes_and_every_figure_comes_back(app, client, season):
    headers = become_organiser(client)
    bo, bob = season["Bo"], season["Bob"]
    before = snapshot(app, client, season)
    r = client.post(f"/api/players/{bob}/merge", json={"into": bo}, headers=headers)
    assert r.status_code == 200, r.get_json()
    change = r.get_json()["change"]
    assert change["moved"] == [{"match": m, "seat": "N"} for m in
                               [x["match"] for x in change["moved"]]]
    assert (change["seats"], change["matches"], change["undoable"]) == (1, 1, True)
    assert r.get_json()["matches"]["played"] == 4  # Bo's 3 and Bob's 1
    merged = snapshot(app, client, season)
    assert "api " + bob in differences(before, merged)
    page = text(client.get(f"/players/{bo}").get_data(as_text=True))
    assert "Bob merged into Bo: 1 seat in 1 match Undo" in page
    listed = client.get(f"/api/players/{bo}/changes").get_json()["changes"]
    assert [c["id"] for c in listed] == [change["id"]]
    # undo from the page, as the organiser's phone does
    undo = client.post(f"/players/{bo}/changes/{change['id']}/undo",
                       data={"csrf_token": page_token(client, bo)})
    assert undo.status_code == 303
    page = text(client.get(f"/players/{bo}").get_data(as_text=True))
    assert "Undone: Bob merged into Bo: 1 seat in 1 match." in page
    assert "Bob merged into Bo: 1 seat in 1 match (undone" in page
    assert differences(before, snapshot(app, client, season)) == []
    again = client.post(f"/api/players/changes/{change['id']}/undo", headers=headers)
    assert again.status_code == 409
    assert again.get_json()["errors"][0]["message"] == "this change was undone already"


def test_a_rename_undoes_exactly_and_only_in_order(app, client, season):
    headers = become_organiser(client)
    bo, bob = season["Bo"], season["Bob"]
    before = snapshot(app, client, season)
    renamed = client.patch(f"/api/players/{bo}", json={"name": "Robert", "short_name": "RB"},
                           headers=headers).get_json()["change"]
    assert (renamed["name"], renamed["to"], renamed["seats"], renamed["matches"]) == (
        "Bo", "Robert", 3, 3)
    merged = client.post(f"/api/players/{bob}/merge", json={"into": bo},
                         headers=headers).get_json()["change"]
    assert merged["into_name"] == "Robert"
    early = client.post(f"/api/players/changes/{renamed['id']}/undo", headers=headers)
    assert early.status_code == 409
    assert early.get_json()["errors"][0]["message"] == (
        "undo the later change first: Bob merged into Robert")
    html = client.get(f"/players/{bo}").get_data(as_text=True)
    assert "(undo the later changes first)" in text(html)
    for change in (merged, renamed):
        r = client.post(f"/api/players/changes/{change['id']}/undo", headers=headers)
        assert r.status_code == 200, r.get_json()
    assert differences(before, snapshot(app, client, season)) == []


@pytest.mark.parametrize(("a", "b", "how"), [("Bo", "Ann", "opponents"),
                                             ("Cai", "Ann", "partners"),
                                             ("Eve", "Dee", "opponents in match B only")])
def test_players_who_shared_a_table_are_never_merged(app, client, season, a, b, how):
    headers = become_organiser(client)
    before = snapshot(app, client, season)
    r = client.post(f"/api/players/{season[a]}/merge", json={"into": season[b]},
                    headers=headers)
    assert r.status_code == 422, how
    (error,) = r.get_json()["errors"]
    assert error["field"] == "into"
    assert error["message"].startswith(f"{a} and {b} sat at the same table on 2026-")
    assert "they cannot be merged" in error["message"]
    for page in (client.get(f"/players/{season[a]}/merge?into={season[b]}"),
                 client.post(f"/players/{season[a]}/merge", data={
                     "into": season[b], "confirm": "yes",
                     "csrf_token": page_token(client, season[a])})):
        assert page.status_code == 422
        assert f"{a} and {b} sat at the same table on 2026-" in text(page.get_data(as_text=True))
    html = client.get(f"/players/{season[a]}").get_data(as_text=True)
    assert f'<option value="{season[b]}">' not in html  # not offered
    assert differences(before, snapshot(app, client, season)) == []


def test_merging_the_finding_s_opponents_is_refused_with_the_match_named(client, season):
    """The finding: Bo merged into Ann although they were opponents."""
    headers = become_organiser(client)
    r = client.post(f"/api/players/{season['Bo']}/merge", json={"into": season["Ann"]},
                    headers=headers)
    assert r.get_json()["errors"][0]["message"] == (
        "Bo and Ann sat at the same table on 2026-01-10 (N Ann, E Bo, S Cai, W Dee), so they "
        "are two people: they cannot be merged")
