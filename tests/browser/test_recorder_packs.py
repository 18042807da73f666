"""The card recorder with Euchre's other packs and the Joker, in Chromium at 390x844: a 32-card
hand with the Joker turned up (the dealer's named suit as trump) tapped card by card, saved,
read back from the SQLite file and shown on the hand page; and the script's trick winners
against the hand-written rules of tests/support/packplay.py for every pack, with and without the
Joker."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect
from support.browser import axe_clean, match_id, no_horizontal_scroll, play_cards, start
from support.packplay import random_hand

from scorekeeper.engine.games import GAMES
from scorekeeper.engine.parts.recorder import recorder_json


def joker_turned_up_and_taken() -> dict:
    """A 32-card hand whose turn-up is the Joker, ordered up (round 1): the dealer (North)
    takes it and keeps it."""
    for seed in range(200):
        made = random_hand(random.Random(seed), 32, True, joker_up=True)
        hand = made["hand"]
        if hand.get("round") == 1 and hand["discard"] != "JK":
            return made
    raise AssertionError("no such hand in 200 seeds")


def test_a_32_card_hand_with_the_joker_turned_up(phone, matches):
    page = phone.goto("/")
    start(page, preset="32 cards and the Joker, to 10")
    mid = match_id(page)
    assert matches.load(mid).match.rules == {"pack": 32, "joker": True}
    made = joker_turned_up_and_taken()
    hand = made["hand"]
    page.locator(f"#caller input[value='{hand['caller']}']").check(force=True)
    page.locator("details.more summary").click()
    page.locator("#round input[value='1']").check(force=True)
    page.select_option("#turn_up", "JK")  # the form offers the match's pack, Joker included
    page.select_option("#discard", hand["discard"])
    expect(page.locator("#discard option[value='7C']")).to_have_count(1)
    page.locator("#rec-open").click()
    expect(page.locator("#rec-turn")).to_have_text("Choose who called and the trump first.")
    # the Joker has no suit: the trump is the suit the dealer named for it
    page.locator(f"#trump input[value='{hand['trump']}']").check(force=True)
    expect(page.locator("#rec-turn")).to_have_text("Bo (East) to lead trick 1")
    expect(page.locator("#rec-grid button")).to_have_count(33)
    expect(page.locator(f"#rec-grid button[data-card='{hand['discard']}']")).to_be_disabled()
    expect(page.locator("#rec-grid button:not([disabled])")).to_have_count(32)
    trumps = page.locator("#rec-grid .rec-row").first.locator("button")
    expect(trumps).to_have_count(10)  # JK, right and left bowers, A K Q 10 9 8 7
    expect(trumps.nth(0)).to_have_attribute("aria-label", "Joker")
    expect(trumps.nth(0)).to_have_text("JK")
    no_horizontal_scroll(page)
    sizes = page.evaluate("""() => [...document.querySelectorAll('#rec-grid button')]
        .map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])""")
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes
    phone.shot("cards-32-joker-390", full_page=True)
    play_cards(page, ["JK"])  # East leads: the Joker is the dealer's
    expect(page.locator("#rec-msg")).to_have_text(
        "Only the dealer can play JK: it was the turn-up.")
    for trick in hand["play"]:
        play_cards(page, trick)
    expect(page.locator("#rec-turn")).to_have_text("All tricks recorded.")
    won = made["makers_tricks"]
    expect(page.locator("#rec-count")).to_have_text(f"Makers {won}, defenders {5 - won}")
    expect(page.locator(f"#makers_tricks input[value='{won}']")).to_be_checked()
    axe_clean(page)
    page.locator("#save").click()
    expect(page.locator("#live")).to_have_attribute("data-version", "2")
    loaded = matches.load(mid)
    stored = loaded.match.hand_objects[0]
    assert stored["play"] == hand["play"] and stored["turn_up"] == "JK"
    assert stored["trump"] == hand["trump"] and stored["makers_tricks"] == won
    assert loaded.state.as_json()["hands"][0]["trick_winners"] == made["winners"]

    page.goto(f"{page.url.split('?')[0]}/hands/1")
    facts = page.locator(".hand-facts .facts")
    expect(facts).to_contain_text("turn-up JK")
    expect(facts).to_contain_text("a 32-card pack")
    expect(facts).to_contain_text("the Joker, the highest trump")
    expect(page.locator(".trick-table tbody tr")).to_have_count(5)
    expect(page.locator(".trick-table [aria-label='Joker']")).to_have_count(1)
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("hand-page-32-joker-390", full_page=True)


def test_the_scripts_trick_winners_in_every_pack(phone):
    """SKCards.replay on random legal hands of 24, 28 and 32 cards, with and without the Joker
    (turned up or dealt), alone or not, against the hand-written rules."""
    page = phone.goto("/")
    start(page)
    rng = random.Random(23)
    cases = []
    for i in range(96):
        pack, joker = (24, 28, 32)[i % 3], bool(i // 3 % 2)
        alone = i // 6 % 2 == 1
        made = random_hand(rng, pack, joker, alone=alone, joker_up=joker and i // 12 % 2 == 1)
        hand = made["hand"]
        game = recorder_json(GAMES["euchre"], {"pack": pack, "joker": joker})
        cases.append({"game": game, "facts": {
            "dealer": "N", "trump": hand["trump"], "caller": hand["caller"], "alone": alone,
            "defender": None, "loneLead": "dealer_left"},
            "cards": [c for t in hand["play"] for c in t], "winners": made["winners"],
            "deal": hand["deal"]})
    seen = page.evaluate("""cases => cases.map(c => {
        const st = SKCards.replay(c.game, Object.assign({deal: c.deal}, c.facts), c.cards);
        return {winners: st.tricks.map(t => t.winner), complete: st.complete,
                renege: st.renege};
    })""", cases)
    for case, got in zip(cases, seen, strict=True):
        assert got == {"winners": case["winners"], "complete": True, "renege": None}, case


def test_a_lead_rule_from_the_games_data(phone):
    """A lead rule is data too: with `trumps_broken` (Spades' rule, handed to a Whist page here
    by rewriting the page's recorder data) a seat whose cards are known may not lead a trump
    before trumps are broken while it holds another suit."""
    def rewrite(route):
        body = route.fetch().text()
        route.fulfill(body=re.sub(r"(lead_rules(?:&#34;|&quot;|\")?:\s*)\[\]",
                                  r"\1[&#34;trumps_broken&#34;]", body),
                      headers={"content-type": "text/html; charset=utf-8"})

    page = phone.goto("/")
    start(page, game="whist")
    phone.context.route(re.compile(r".*/m/[\w-]+$"), rewrite)
    page.reload()
    page.locator("#trump input[value='S']").check(force=True)
    page.locator("#rec-open").click()
    east = ["AS", "KS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"]
    page.locator("#rec-hold-mode").click()
    page.locator("#rec-seats button").nth(1).click()  # East, who leads the first trick
    play_cards(page, east)
    page.locator("#rec-play-mode").click()
    play_cards(page, ["AS"])
    expect(page.locator("#rec-msg")).to_contain_text(
        "Bo cannot lead a trump before trumps are broken: Bo holds 2♥")
    play_cards(page, ["2H"])
    expect(page.locator("#rec-turn")).to_have_text("Cai (South) to play")
