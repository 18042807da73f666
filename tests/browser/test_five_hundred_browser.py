"""Five Hundred in Chromium at 390x844: the golden game (18 hands) tapped in from the start
page, the bid grid, the one-tap pass, two hands recorded card by card with their kitty exchange
(a 7NT with the Joker led as a club, a misère played three-handed), the hand page, axe clean,
screenshots to look at."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from support.browser import axe_clean, match_id, no_horizontal_scroll, play_cards, saved
from support.five_hundred_browser import GOLDEN, start_five_hundred, tap_bid


def test_the_golden_game_by_tapping_with_two_hands_card_by_card(phone, matches):
    golden = json.loads(GOLDEN.read_text())
    page = phone.goto("/")
    start_five_hundred(page, golden)
    mid = match_id(page)
    assert matches.load(mid).match.rules == {"misere_opponent_points": 10}
    expect(page.locator("#bid label")).to_have_count(27)  # 6♠ … 10NT, misère, open misère
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("five-hundred-form-390", full_page=True)
    for no, hand in enumerate(golden["hands"], 1):
        if hand.get("passed"):
            saved(page, page.locator("#all-passed").click)
            continue
        tap_bid(page, hand)
        if "play" in hand:  # card by card: the recorder fills the makers' tricks
            page.locator("#rec-open").click()
            expect(page.locator("#rec-grid button")).to_have_count(43)
            # the exchange is asked first: the kitty taken up, then the bidder's discards
            expect(page.locator("#rec-swap-mode")).to_have_attribute("aria-pressed", "true")
            play_cards(page, hand["kitty"] + hand["discard"])
            expect(page.locator("#rec-play-mode")).to_have_attribute("aria-pressed", "true")
            for trick in hand["play"]:
                for card in trick:
                    if card.startswith("JK") and len(card) == 3:  # led: the suit it names
                        play_cards(page, ["JK"])
                        expect(page.locator("#rec-msg")).to_contain_text("The Joker is led")
                        phone.shot(f"five-hundred-joker-{no}-390", full_page=True)
                        axe_clean(page)
                        page.locator(f"#rec-msg button.s{card[2]}").click()
                    else:
                        play_cards(page, [card])
            expect(page.locator("#rec-turn")).to_have_text("All tricks recorded.")
        else:
            page.locator(f"#makers_tricks input[value='{hand['makers_tricks']}']").check(
                force=True)
        if hand.get("note"):
            page.locator("details.more summary").click()
            page.fill("#note", hand["note"])
        button = page.locator("#save")
        expect(button).to_contain_text("Save:")
        if no == 1:
            expect(button).to_have_text(
                "Save: Avondale 7♠ made with 7 → Avondale +140, Balmain +30")
        saved(page, button.click)
    loaded = matches.load(mid)
    expected = json.loads(GOLDEN.with_name("five-hundred-full-game.check.jsonl").read_text()
                          .splitlines()[0])
    assert loaded.state.score == expected["score"] == {"NS": 710, "EW": 330}
    assert loaded.state.over and loaded.state.winner == "NS"
    assert [h.points for h in loaded.state.hands] == [h["points"] for h in expected["hands"]]
    for no in (8, 14):
        for key in ("kitty", "discard", "play"):
            assert loaded.match.hand_objects[no - 1][key] == golden["hands"][no - 1][key]
    expect(page.locator("body")).to_contain_text("🏆")
    phone.shot("five-hundred-over-390", full_page=True)
    axe_clean(page)
    page.goto(f"{page.url.split('?')[0]}/hands/8")
    expect(page.locator(".trick-table tbody tr")).to_have_count(10)
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("five-hundred-hand-8-390", full_page=True)
