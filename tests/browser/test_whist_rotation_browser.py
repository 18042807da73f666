"""A whist drive's table in Chromium at 390x844: a Whist match started with a trump rotation
(hearts, diamonds, spades, clubs, then no trump) and every trick scored says each deal's trump
on the board and the hand form instead of asking for it, and the card recorder plays the
no-trump deal with no trumps: its trick winners are the engine's. What is stored is read back
from the SQLite file."""

from __future__ import annotations

import random

from playwright.sync_api import expect
from support.browser import axe_clean, match_id, no_horizontal_scroll, play_cards, save, start
from support.cardplay import random_play


def test_a_rotation_match_shows_each_deals_trump_and_plays_no_trump(phone, matches):
    page = phone.goto("/")
    page.locator("#game label", has_text="Whist").click()
    page.locator("details.more summary", has_text="All rules").click()
    page.select_option("#whist_trump_rotation", "HDSC")
    page.locator("label[for=whist_no_trump]").click()
    page.select_option("#whist_scoring", "tricks")
    page.fill("#whist_deals", "5")
    start(page, game=None, teams=None)
    mid = match_id(page)
    assert matches.load(mid).match.rules == {
        "deals": 5, "trump_rotation": "HDSC", "no_trump": True, "scoring": "tricks"}

    expect(page.locator("#deal-trump")).to_have_text("Trump this deal: ♥ hearts")
    expect(page.locator("#form-trump")).to_have_text("Trump this deal: ♥ hearts")
    expect(page.locator("#trump input")).to_have_count(0)  # trump is not asked
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("whist-rotation-deal-1-390", full_page=True)

    for tricks, trump in ((7, "♦ diamonds"), (4, "♠ spades"), (9, "♣ clubs")):
        page.locator(f"#tricks_NS input[value='{tricks}']").click()
        save(page)
        expect(page.locator("#deal-trump")).to_have_text(f"Trump this deal: {trump}")
    page.locator("#tricks_NS input[value='6']").click()
    save(page)
    expect(page.locator("#deal-trump")).to_have_text("No trump this deal")
    expect(page.locator("#form-trump")).to_have_text("No trump this deal")

    # deal 5 (dealer N, East leads) card by card, with no trumps
    hand = random_play(random.Random(15), game="whist", dealer="N", trump="NT")
    page.locator("#rec-open").click()
    expect(page.locator("#rec-turn")).to_have_text("Bo (East) to lead trick 1")
    expect(page.locator("#rec-grid button.trump")).to_have_count(0)
    play_cards(page, [c for trick in hand["play"] for c in trick])
    expect(page.locator("#rec-turn")).to_have_text("All tricks recorded.")
    ns = hand["tricks"]["NS"]
    expect(page.locator(f"#tricks_NS input[value='{ns}']")).to_be_checked()
    no_horizontal_scroll(page)
    phone.shot("whist-rotation-no-trump-cards-390", full_page=True)
    save(page)

    loaded = matches.load(mid)
    state = loaded.state.as_json()
    assert [h["trump"] for h in state["hands"]] == ["H", "D", "S", "C", "NT"]
    assert state["hands"][4]["trick_winners"] == hand["winners"]
    assert [sum(h["points"].values()) for h in state["hands"]] == [13] * 5
    assert state["score"] == {"NS": 7 + 4 + 9 + 6 + ns, "EW": 6 + 9 + 4 + 7 + 13 - ns}
    assert state["over"]
    stored = loaded.match.hand_objects
    assert all("trump" not in h for h in stored)  # the rotation gives it
    assert stored[4]["play"] == hand["play"]
    expect(page.locator("#deal-trump")).to_have_count(0)  # the match is over
    # the history shows each deal's trump
    expect(page.locator("#history .sNT")).to_have_count(1)
    expect(page.locator("#history .sH")).to_have_count(1)
    phone.shot("whist-rotation-over-390", full_page=True)
    # correcting deal 2 shows deal 2's trump, not the next deal's
    page.goto(f"{phone.base_url}/m/{mid}?fix=2")
    expect(page.locator("#form-trump")).to_have_text("Trump this deal: ♦ diamonds")
    page.locator("#tricks_NS input[value='8']").click()
    page.locator("#save").click()
    page.wait_for_url(f"{phone.base_url}/m/{mid}")
    fixed = matches.load(mid).state.as_json()["hands"][1]
    assert fixed["trump"] == "D" and fixed["points"] == {"NS": 8, "EW": 5}
