"""Euchre's other packs and the Joker on paper and on the hand page: the rule words of the
printed sheet (a real PDF read back with pdftotext), the Joker in the trick rows and the
holdings, and the hand page's facts (test client, a real SQLite file)."""

from __future__ import annotations

import random
import re

import pytest
from support import packplay
from support.helpers import euchre_match
from support.prints import fetch_pdf, pdf_text


def joker_match(pack: int = 32) -> dict:
    """Four whole card records with their deals; the first turns the Joker up (round 2), the
    others deal it to a seat when the shuffle does."""
    rng = random.Random(7)
    hands = []
    for no in range(4):
        while True:
            made = packplay.random_hand(rng, pack, True, dealer="NESW"[no], joker_up=no == 0)
            hand = made["hand"]
            if no or hand.get("round") == 2:
                break
        hands.append(hand)
    return euchre_match(hands=hands, rules={"pack": pack, "joker": True},
                        teams={"NS": "Home", "EW": "Visitors"})


@pytest.mark.parametrize(("rules", "words"), [
    ({"pack": 32, "joker": True},
     "Euchre, game to 10, a 32-card pack, the Joker, the highest trump"),
    ({"pack": 28}, "Euchre, game to 10, a 28-card pack"),
    ({}, "Euchre, game to 10"),
])
def test_the_sheets_rule_words(client, matches, rules, words):
    match_id, _key = matches.create(euchre_match(rules=rules))
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"), layout=False)
    assert words in " ".join(text.split())
    if not rules:
        assert "card pack" not in text and "Joker" not in text


def test_the_joker_in_the_pdfs_tricks_and_holdings(client, matches):
    match = joker_match()
    match_id, _key = matches.create(match)
    text = pdf_text(fetch_pdf(client, f"/m/{match_id}/sheet.pdf"))
    played = sum(c == "JK" for h in match["hands"] for t in h["play"] for c in t)
    held = sum(c == "JK" for h in match["hands"] for cs in h["deal"].values() for c in cs)
    assert played and held
    # each Joker played shows in a trick row, each one held in the holdings (with the turn-up)
    assert len(re.findall(r"\bJK\b", text)) >= played + held
    assert "7♠" in text or "7♥" in text or "7♦" in text or "7♣" in text


def test_the_hand_page_shows_the_pack_and_the_joker(client, matches):
    match = joker_match()
    match_id, _key = matches.create(match)
    first = client.get(f"/m/{match_id}/hands/1").get_data(as_text=True)
    facts = " ".join(re.sub(r"<[^>]+>", " ", first.split('class="facts"')[1]
                            .split("</ul>")[0]).split())
    assert "turn-up JK" in facts and "a 32-card pack" in facts
    assert "the Joker, the highest trump" in facts
    no = next(i for i, h in enumerate(match["hands"], 1)
              if any("JK" in t for t in h["play"]))
    page = client.get(f"/m/{match_id}/hands/{no}").get_data(as_text=True)
    assert 'aria-label="Joker"' in page
    assert re.search(r"<p>[^<]*<span[^>]*>[^<]*</span>[^<]*JK", page), "the Joker in the deal"
    plain = client.get(f"/m/{matches.create(euchre_match())[0]}").get_data(as_text=True)
    assert "card pack" not in plain


def test_a_passed_hand_whose_deal_holds_the_joker(client, matches):
    """No trump for the Joker to join: the deal shows it in a group of its own."""
    cards = packplay.pack_cards(24, True)
    deal = {s: cards[i * 5:(i + 1) * 5] for i, s in enumerate("NESW")}
    deal["N"][0] = "JK"
    match_id, _key = matches.create(euchre_match(
        rules={"joker": True}, hands=[{"passed": True, "turn_up": cards[20], "deal": deal}]))
    page = client.get(f"/m/{match_id}/hands/1")
    assert page.status_code == 200
    assert re.search(r"<p>\s*JK</p>", page.get_data(as_text=True))
