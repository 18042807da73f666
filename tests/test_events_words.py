"""Issue 35, club-night words: counts that agree with their noun, the standings' heading that
says where the evening is, prizes that say one goes to a player (and who was passed over), no
whist jargon on a Euchre night. Test client and the standings PDF read back with pdftotext."""

from __future__ import annotations

import re

import pytest
from support.prints import fetch_pdf, pdf_text

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"]
pytestmark = pytest.mark.app_config(WTF_CSRF_ENABLED=False, PDF_TIMEOUT=300)


def make(client, **over):
    body = {"name": "Club", "game": "euchre", "players": NAMES, "rounds": 2,
            "hands_per_round": 1, "movement": "schedule", "seed": 2, **over}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    event = answer.get_json()
    client.get(event["director_url"])  # this client is the director's phone
    return event


def hand(client, table, caller="N", tricks=3, alone=False):
    key = {"Authorization": f"Bearer {table['edit_key']}"}
    got = client.get(f"/api/matches/{table['match']}", headers=key).get_json()
    answer = client.post(f"/api/matches/{table['match']}/hands", headers=key, json={
        "no": len(got["match"]["hands"]) + 1, "caller": caller, "makers_tricks": tricks,
        **({"alone": True} if alone else {})})
    assert answer.status_code == 201, answer.get_json()


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def standings_pdf(client, event) -> str:
    return " ".join(pdf_text(fetch_pdf(client, f"/events/{event['id']}/standings.pdf")).split())


def test_counts_agree_with_their_noun(client):
    event = make(client)
    t1 = event["rounds"][0]["tables"][0]
    console = text(client.get(f"/events/{event['id']}").text)
    assert "0 of 1 hand · 0–0" in console and "1 hands" not in console
    assert "Waiting for tables 1, 2 to finish." in console
    board = text(client.get(t1["table_url"], follow_redirects=True).text)
    assert "1 hand " in board and "1 hands" not in board  # the round's length on the board
    hand(client, t1)
    console = text(client.get(f"/events/{event['id']}").text)
    assert "Waiting for table 2 to finish." in console and "tables 2" not in console
    early = text(client.post(f"/events/{event['id']}/start", data={"no": 2},
                             follow_redirects=True).text)
    assert "Table still playing: 2." in early
    ask = text(client.get(f"/events/{event['id']}/end").text)
    assert "0 of 1 hand · 0–0" in ask


def test_the_standings_heading_says_where_the_evening_is(client):
    event = make(client)
    t1, t2 = event["rounds"][0]["tables"]
    assert "Standings during round 1 of 2: its tables are still playing" in standings_pdf(
        client, event)
    hand(client, t1)
    hand(client, t2)
    # the PDF made before the hands is not served again (the hands change the standings)
    assert "Standings after round 1 of 2" in standings_pdf(client, event)
    started = client.post(f"/events/{event['id']}/start", data={"no": 2},
                          follow_redirects=True)
    assert "Round 2 has started." in started.text
    assert "Standings during round 2 of 2" in standings_pdf(client, event)


def test_prizes_say_one_a_player_and_who_was_passed_over(client):
    event = make(client, rounds=1, hands_per_round=2)
    t1, t2 = event["rounds"][0]["tables"]
    hand(client, t1, "N", 5, alone=True)  # North's loner: 4, then 1
    hand(client, t1, "N", 3)
    hand(client, t2, "N", 3)
    hand(client, t2, "E", 5)
    north, south = t1["seats"]["N"], t1["seats"]["S"]
    # North wins High total (5, and the loner breaks the tie with South): nobody else made a
    # loner, and South's game of 5 takes High game once North is passed over
    console = text(client.get(f"/events/{event['id']}").text)
    assert f"High total : {north} (5)" in console
    assert f"Most loners : no one else · {north} (1) already takes a prize above" in console
    assert f"High game : {south} (5) · {north} (5) already takes a prize above" in console
    assert "One prize a player: whoever wins a prize is passed over" in console
    pdf = standings_pdf(client, event)
    assert "Most loners" in pdf and "no one else" in pdf, pdf
    assert f"{north} (1) already takes a prize above" in pdf
    assert f"{north} (5) already takes a prize above" in pdf
    assert "One prize a player" in pdf


def test_no_whist_jargon_on_a_euchre_night(client):
    players = [*NAMES, "Ida", "Jo", "Kim", "Lou"]
    event = make(client, players=players, rounds=11)  # a perfect schedule for 12 exists
    console = text(client.get(f"/events/{event['id']}").text)
    assert "A perfect schedule: nobody partners anyone twice." in console
    assert "whist" not in console.lower()


def test_the_directors_link_is_shown_again_with_copy_and_qr(app, client):
    event = make(client)
    page = client.get(f"/events/{event['id']}")
    assert page.headers["Cache-Control"] == "no-store"
    link = re.search(r'id="director-link" readonly value="([^"]+)"', page.text).group(1)
    assert "?key=" in link and link != event["director_url"]  # a token, not the key itself
    share = page.text.split('id="director-share"')[1].split("</details>")[0]
    assert "<svg" in share and 'data-copy="director-link"' in share and "Full screen" in share
    again = client.get(f"/events/{event['id']}").text
    assert link in again  # not only once
    other = app.test_client()
    assert 'id="director-link"' not in other.get(f"/events/{event['id']}").text
    other.get(link.replace("http://localhost", ""))
    run = other.get(f"/events/{event['id']}").text
    assert "View only" not in run and "Open table 2" in run and link in run
    stranger = app.test_client()
    wrong = stranger.get(f"/events/{event['id']}?key={link.rsplit('=', 1)[1][:-2]}xx",
                         follow_redirects=True)
    assert "not valid" in wrong.text and "View only" in wrong.text


@pytest.mark.parametrize(("game", "changed", "said"), [
    ("euchre", {}, None),
    ("euchre", {"stick_the_dealer": True, "lone_march_points": 5}, "Stick the dealer: yes"),
    ("whist", {"honours": True}, None),
    ("five_hundred", {"misere": False}, None),
    ("spades", {"blind_nil": True}, None),
])
def test_the_rules_page_lists_every_rule_that_differs_and_the_standard_ones(
        app, client, game, changed, said):
    from scorekeeper.engine.games import GAMES
    from scorekeeper.service.rules_codes import stored_code
    from scorekeeper.store.db import get_db
    from scorekeeper.web.forms import option_words

    with app.test_request_context():
        code = stored_code(get_db(), game, changed)
        labels = {o.name: str(option_words(GAMES[game], o.name)[0])
                  for o in GAMES[game].options}
    page = client.get(f"/r/{code}")
    assert page.status_code == 200
    differs = page.text.split('id="rules-changed"')[1].split("</ul>")[0].split("</p>")[0]
    standard = page.text.split('id="rules-standard"')[1].split("</ul>")[0]
    if not changed:
        assert "None: every rule is the standard one." in differs
    for name, label in labels.items():
        if name in changed:
            assert label in differs and label not in standard, name
        elif name not in ("target", "deals"):
            assert label in standard, name  # every default is said, not "the standard rules"
    if said:
        assert said in differs
    assert "The standard rules." not in page.text


def test_the_last_rounds_result_is_a_sentence_apart(client):
    event = make(client, rounds=1)
    table = event["rounds"][0]["tables"][0]
    hand(client, table)
    banner = text(client.get(f"/events/{event['id']}/rounds/1/tables/1/banner").text)
    assert re.search(r"win · That was the last round\.", banner), banner
