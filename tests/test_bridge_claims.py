"""Claims and revokes in Bridge's card record through the deal form (Flask's test client): the
recorder's hidden ``claim`` goes with the tricks played; declarer's side's tricks follow; an
impossible claim and a revoke are refused in words with nothing stored; a correction keeps the
claim; the recorder's data says the game takes claims and refuses revokes."""

from __future__ import annotations

import html
import json
import random

import pytest
from support.bridgeplay import random_play
from support.pages import Table, form_of, text

SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
# declarer E, spades: S leads; N shows out of spades in trick 1 and plays one in trick 2
REVOKE = [["2S", "3S", "2H", "4S"], ["5S", "6S", "7S", "8S"]]


@pytest.fixture
def table(client) -> Table:
    return Table(client)


def new_match(table: Table) -> str:
    """A rubber started from the start page (this client is its scorer)."""
    values = form_of(table.page("/"), "/start")["values"]
    r = table.client.post("/start", data={**values, **SEATS, "game": "bridge",
                                          "first_dealer": "N", "preset_bridge": "rubber"})
    assert r.status_code == 303
    return r.headers["Location"]


def said(response) -> str:
    return html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize("stop_after", [1, 6, 12])
def test_a_claim_after_whole_tricks_sets_the_tricks(table, stop_after) -> None:
    rec = random_play(random.Random(stop_after), "S", "E", stop_after=stop_after)
    url = new_match(table)
    r = table.post_hand(url, contract="2S", declarer="E", tricks=str(rec["tricks"]),
                        play=json.dumps(rec["play"]), claim=str(rec["claim"]))
    assert r.status_code == 303, said(r)[:2000]
    stored = table.client.get(url + ".json").get_json()["hands"][0]
    assert stored["claim"] == rec["claim"] and len(stored["play"]) == stop_after
    state = table.client.get(url.replace("/m/", "/api/matches/")).get_json()["state"]
    assert state["hands"][0]["tricks"]["EW"] == rec["tricks"]
    # a correction keeps the claim in the form
    values = form_of(table.page(url + "/hands/1/edit"), "/hands/1")["values"]
    assert values["claim"] == str(rec["claim"])


@pytest.mark.parametrize(("claim", "tricks", "words"), [
    ("5", None, "After 9 tricks played only 4 are left, so declarer can't claim 5"),
    ("x", None, "Claim must be a whole number, got \"x\""),
    ("1", "13", "but tricks says 13"),  # the claim and the tricks disagree
])
def test_an_impossible_claim_is_refused_in_words(table, claim, tricks, words) -> None:
    rec = random_play(random.Random(3), "S", "E", stop_after=9)
    url = new_match(table)
    fields = {"contract": "2S", "declarer": "E", "play": json.dumps(rec["play"]), "claim": claim}
    if tricks:
        fields["tricks"] = tricks
    r = table.post_hand(url, **fields)
    assert r.status_code == 422
    assert words in said(r)
    assert "Traceback" not in said(r)
    assert table.client.get(url + ".json").get_json()["hands"] == []


def test_a_revoke_in_the_record_is_refused_in_words(table) -> None:
    url = new_match(table)
    r = table.post_hand(url, contract="2S", declarer="E", play=json.dumps(REVOKE), claim="4")
    assert r.status_code == 422
    assert "N did not follow suit in trick 1 while holding the suit led" in said(r)
    assert table.client.get(url + ".json").get_json()["hands"] == []


def test_the_recorder_takes_claims_and_refuses_revokes(table) -> None:
    page = table.page(new_match(table))
    assert 'id="rec-claim"' in page and 'name="claim"' in page
    data = json.loads(html.unescape(page.split('data-rec="', 1)[1].split('"', 1)[0]))
    assert data["claims"] is True and data["renege_refused"] is True
    assert "{n}" in data["words"]["claim_ask"] and "correct the cards" in data["words"][
        "renege_refused"]


def test_a_game_without_claims_has_no_claim_step(client) -> None:
    made = client.post("/api/matches", json={
        "format": "scorekeeper-match/1", "game": "whist", "seats": SEATS}).get_json()
    page = client.get(f"/m/{made['id']}").get_data(as_text=True)
    assert 'id="rec-claim"' not in page


def test_the_hand_page_shows_dummy_the_tricks_and_the_claim(client) -> None:
    rec = random_play(random.Random(3), "S", "E", stop_after=9)
    made = client.post("/api/matches", json={
        "format": "scorekeeper-match/1", "game": "bridge", "seats": SEATS,
        "hands": [{"contract": "2S", "declarer": "E", "deal": rec["deal"], "play": rec["play"],
                   "claim": rec["claim"]}]}).get_json()
    page = client.get(f"/m/{made['id']}/hands/1").get_data(as_text=True)
    words = html.unescape(text(page))
    assert "declarer Bo (E)" in words and "dummy Dee (W)" in words
    assert (f"a claim after 9 tricks: Bo & Dee took {rec['claim']} of the 4 left") in words
    assert page.count('<tr>\n<th scope="row">') == 9  # each trick played, dummy's cards too
    assert rec["play"][0][1] in rec["deal"]["W"]  # S leads trick 1, dummy (W) plays second
    assert "Dee <small" in page  # dummy's hand in the deal


def test_the_hand_page_without_a_claim_says_none(client) -> None:
    """13 tricks and no holdings: dummy's cards are in the tricks, each under its seat."""
    rec = random_play(random.Random(4), "S", "E")
    made = client.post("/api/matches", json={
        "format": "scorekeeper-match/1", "game": "bridge", "seats": SEATS,
        "hands": [{"contract": "2S", "declarer": "E", "play": rec["play"]}]}).get_json()
    words = html.unescape(text(client.get(f"/m/{made['id']}/hands/1").get_data(as_text=True)))
    assert "dummy Dee (W)" in words and "a claim" not in words
    assert words.count("(won the trick)") == 13


def test_a_claim_without_cards_is_not_kept(table) -> None:
    """The hidden claim belongs to a card record: without a play it is not stored."""
    url = new_match(table)
    r = table.post_hand(url, contract="4H", declarer="S", result="0", claim="3")
    assert r.status_code == 303
    assert table.client.get(url + ".json").get_json()["hands"] == [
        {"contract": "4H", "declarer": "S", "tricks": 10}]
