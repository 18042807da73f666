"""Hands recorded card by card through the hand form (the card recorder's fields ``play`` and
``deal``), the hand page ``/m/<id>/hands/<no>`` and the trick tables of the printed sheet.
Through Flask's test client against a real SQLite file."""

from __future__ import annotations

import json
import random

import pytest
from support.cardplay import random_play
from support.pages import Table, form_of, text

TRUMP_D = {"round": "2", "trump": "D"}  # named in round 2: no turn-up, no exchange


@pytest.fixture
def table(client) -> Table:
    return Table(client)


def mid(url: str) -> str:
    return url.rsplit("/", 1)[1]


def test_a_hand_with_its_play_and_deal_is_stored_and_scored_from_the_cards(table, matches):
    url = table.start()  # N deals hand 1: E leads
    hand = random_play(random.Random(7), trump="D")
    r = table.post_hand(url, caller="E", **TRUMP_D, play=json.dumps(hand["play"]),
                        deal=json.dumps(hand["deal"]))
    assert r.status_code == 303, text(r.get_data(as_text=True))[:600]
    stored = matches.load(mid(url))
    assert stored.match.hand_objects[0]["play"] == hand["play"]
    assert stored.match.hand_objects[0]["deal"] == hand["deal"]
    assert "makers_tricks" not in stored.match.hand_objects[0]  # the engine counts the tricks
    assert stored.state.as_json()["hands"][0]["tricks"] == hand["tricks"]
    assert stored.state.as_json()["hands"][0]["trick_winners"] == hand["winners"]


def test_a_card_record_that_is_not_json_gets_a_clear_message(table, matches):
    url = table.start()
    for bad in ("[[\"AS\"", "{\"N\": 1}", "[]"):
        r = table.post_hand(url, caller="E", makers_tricks="3", play=bad)
        assert r.status_code == 422
        assert "The recorded cards could not be read" in text(r.get_data(as_text=True))
    r = table.post_hand(url, caller="E", makers_tricks="3", deal="[1, 2]")
    assert r.status_code == 422 and "could not be read" in text(r.get_data(as_text=True))
    assert matches.load(mid(url)).match.hand_objects == []


def test_an_impossible_play_is_refused_in_words(table, matches):
    url = table.start()
    play = [["AS", "KS", "QS", "JS"], ["AS", "9S", "10S", "9H"]] + [["9C", "10C", "QC", "KC"]] * 3
    r = table.post_hand(url, caller="E", **TRUMP_D, play=json.dumps(play))
    assert r.status_code == 422
    page = text(r.get_data(as_text=True))
    assert "AS was already played" in page, page[:800]
    assert matches.load(mid(url)).match.hand_objects == []


def test_the_script_gets_json_for_an_incomplete_record(table):
    url = table.start()
    values = table.hand_form(url)
    r = table.client.post(url + "/hands", headers={"Accept": "application/json"}, data={
        **values, "caller": "E", **TRUMP_D, "play": json.dumps([["AS", "KS", "QS", "JS"]])})
    assert r.status_code == 422
    body = r.get_json()
    assert body["status"] == "illegal" and "5" in body["message"], body


def test_a_renege_proven_by_the_record_is_scored(table, matches):
    url = table.start()  # E leads; N shows out of spades in trick 1, plays a spade in trick 2
    play = [["AS", "KS", "QS", "9H"], ["10S", "AH", "KH", "9S"]]
    r = table.post_hand(url, caller="E", **TRUMP_D, renege="N", play=json.dumps(play))
    assert r.status_code == 303, text(r.get_data(as_text=True))[:800]
    out = matches.load(mid(url)).state.as_json()["hands"][0]
    assert out["result"] == "renege" and out["renege"] == {"seat": "N", "trick": 1}
    assert out["points"] == {"NS": 0, "EW": 2}


def test_a_correction_keeps_the_card_record(table, matches):
    url = table.start()
    hand = random_play(random.Random(3), trump="D")
    table.post_hand(url, caller="E", **TRUMP_D, play=json.dumps(hand["play"]))
    values = form_of(table.page(url + "/hands/1/edit"), "/edit")["values"]
    assert json.loads(values["play"]) == hand["play"]
    r = table.client.post(url + "/hands/1/edit", data={**values, "note": "checked"})
    assert r.status_code == 303
    stored = matches.load(mid(url)).match.hand_objects[0]
    assert stored["play"] == hand["play"] and stored["note"] == "checked"


def test_the_hand_page_shows_the_deal_and_every_trick(table, client):
    url = table.start()
    hand = random_play(random.Random(11), trump="H")
    table.post_hand(url, caller="S", round="2", trump="H", play=json.dumps(hand["play"]),
                    deal=json.dumps(hand["deal"]))
    table.post_hand(url, caller="E", makers_tricks="3")
    html = table.page(url)
    assert f'href="{mid(url) and "/m/" + mid(url)}/hands/1"' in html  # linked from the history
    assert f'/m/{mid(url)}/hands/2"' not in html  # no cards recorded for hand 2
    page = table.page(url + "/hands/1")
    words = text(page)
    assert "Hand 1" in words and "Ann called" not in words and "Cai called" in words
    assert page.count('class="hold at-') == 4  # the deal diagram
    tricks = page.split('<table class="trick-table">', 1)[1].split("</table>", 1)[0]
    assert tricks.count("<tr>") == 1 + 5  # the head row and five tricks
    first = hand["play"][0][0]
    ranks = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten", "9": "Nine"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    assert f'aria-label="{ranks[first[:-1]]} of {suits[first[-1]]}"' in page  # screen readers
    makers = "NS"
    running = 0
    for winner in hand["winners"]:
        running += winner in makers
    assert f'<td class="count">{running}</td>' in page  # the makers' count after trick 5
    assert first[:-1] in words
    viewer = client.application.test_client()  # anyone with the view link may look
    assert viewer.get(url + "/hands/1").status_code == 200
    assert viewer.get(url + "/hands/3").status_code == 404
    assert viewer.get(url + "/hands/0").status_code == 404
    assert "were not recorded" in text(table.page(url + "/hands/2"))


def test_a_whist_deal_card_by_card(table, matches):
    url = table.start(game="whist")
    hand = random_play(random.Random(5), game="whist", trump="S")
    r = table.post_hand(url, trump="S", play=json.dumps(hand["play"]),
                        deal=json.dumps(hand["deal"]))
    assert r.status_code == 303, text(r.get_data(as_text=True))[:800]
    out = matches.load(mid(url)).state.as_json()["hands"][0]
    assert out["tricks"] == hand["tricks"]
    page = table.page(url + "/hands/1")
    assert page.count("<tr>") == 1 + 13
    ns, ew = hand["tricks"]["NS"], hand["tricks"]["EW"]
    assert f'<td class="count">{ns}–{ew}</td>' in page


def test_the_printed_sheet_counts_the_makers_tricks(table):
    url = table.start()
    hand = random_play(random.Random(21), trump="C")
    table.post_hand(url, caller="W", round="2", trump="C", play=json.dumps(hand["play"]))
    html = table.page(url + "/sheet")
    assert '<td class="num count">' in html
    assert html.count('<td class="num count">') == 5
    assert f'<td class="num count">{hand["tricks"]["EW"]}</td>' in html
