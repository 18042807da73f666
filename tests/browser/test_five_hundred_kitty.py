"""Five Hundred's kitty exchange in the card recorder, Chromium at 390x844: after the bid the
recorder asks for the kitty the bidder took up and the bidder's discards (on the card grid,
by keyboard too), refuses a wrong exchange in the engine's words, then takes the play; the
saved hand keeps the exchange and its page shows it. Axe finds nothing on the pages."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from support.browser import axe_clean, match_id, no_horizontal_scroll, play_cards, saved
from support.five_hundred_browser import GOLDEN, start_five_hundred, tap_bid


def golden_hand(no: int) -> tuple[dict, dict]:
    golden = json.loads(GOLDEN.read_text())
    return golden, golden["hands"][no - 1]


def tap_tricks(page, play: list[list[str]]) -> None:
    """Tap the tricks in; a Joker led at no trumps names its suit (``JKC``)."""
    for trick in play:
        for card in trick:
            if card.startswith("JK") and len(card) == 3:
                play_cards(page, ["JK"])
                page.locator(f"#rec-msg button.s{card[2]}").click()
            else:
                play_cards(page, [card])


def press_cards(page, cards: list[str]) -> None:
    """Tap cards by keyboard: the grid's cards are buttons (focus, then Enter)."""
    for card in cards:
        page.locator(f"#rec-grid button[data-card='{card}']").focus()
        page.keyboard.press("Enter")


def test_a_hand_with_its_kitty_exchange_recorded_card_by_card(phone, matches):
    golden, hand = golden_hand(8)  # Cai (S) bid 7NT: took up 4♦ 9♠ 10♣, put down 10♣ J♥ 6♦
    page = phone.goto("/")
    start_five_hundred(page, golden)
    mid = match_id(page)
    tap_bid(page, hand)
    page.locator("#rec-open").click()
    turn, msg = page.locator("#rec-turn"), page.locator("#rec-msg")
    expect(page.locator("#rec-swap-mode")).to_have_attribute("aria-pressed", "true")
    expect(turn).to_have_text("Tap the 3 cards of the kitty Cai took up: 0 so far.")
    expect(page.locator("#rec-part-kitty")).to_have_text("Kitty: 0 of 3")

    # Bo (E) was dealt 10♠ (entered as a holding): it cannot be in the kitty or discarded
    page.locator("#rec-hold-mode").click()
    page.locator("#rec-seats button", has_text="Bo").click()
    play_cards(page, ["10S"])
    page.locator("#rec-swap-mode").click()
    play_cards(page, ["10S"])
    expect(msg).to_have_text("10♠ is in the kitty, so Bo wasn't dealt it")
    press_cards(page, hand["kitty"])  # by keyboard
    expect(page.locator("#rec-grid button[data-card='10C']")).to_be_focused()
    expect(page.locator("#rec-part-kitty")).to_have_text("Kitty: 3 of 3")
    expect(page.locator("#rec-part-discard")).to_have_attribute("aria-pressed", "true")
    expect(turn).to_have_text("Tap the 3 cards Cai discarded: 0 so far.")
    play_cards(page, ["10S"])
    expect(msg).to_have_text("10♠ was dealt to Bo, so the caller can't discard it")
    page.locator("#rec-part-kitty").click()
    play_cards(page, ["AS"])  # a fourth card for the kitty
    expect(msg).to_have_text("The kitty holds 3 cards, not 4")
    page.locator("#rec-part-discard").click()
    play_cards(page, hand["discard"][1:])  # J♥ 6♦
    expect(page.locator("#rec-grid button[data-card='JH']")).to_have_attribute(
        "aria-label", "Jack of hearts (discarded)")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("five-hundred-kitty-390", full_page=True)

    # The play with only two discards: the caller would hold 11 cards; the engine says so
    page.locator("#rec-play-mode").click()
    play_cards(page, ["10C"])  # in the kitty, not discarded yet: the caller's to play
    expect(msg).to_be_hidden()
    page.locator("#rec-undo").click()
    tap_tricks(page, hand["play"])
    expect(turn).to_have_text("All tricks recorded.")
    expect(page.locator("#preview")).to_have_text("The caller discards 3 cards, not 2")

    # The third discard: the 10♣ is then out of the play (the record above never played it)
    page.locator("#rec-swap-mode").click()
    play_cards(page, [hand["discard"][0]])  # 10♣
    expect(page.locator("#rec-play-mode")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#rec-grid button[data-card='10C']")).to_be_disabled()
    expect(page.locator("#rec-grid button[data-card='10C']")).to_have_attribute(
        "aria-label", "Ten of clubs (discarded) (in the kitty)")
    expect(page.locator("#preview")).to_have_text("")
    button = page.locator("#save")
    expect(button).to_have_text("Save: Avondale 7NT set with 6 → Avondale −220, Balmain +40")
    phone.shot("five-hundred-kitty-done-390", full_page=True)
    saved(page, button.click)

    stored = matches.load(mid).match.hand_objects[0]
    assert stored["kitty"] == hand["kitty"]
    assert stored["discard"] == [*hand["discard"][1:], hand["discard"][0]]  # as tapped
    assert stored["play"] == hand["play"] and stored["makers_tricks"] == 6
    assert "deal" not in stored  # Bo's one known card is not a whole hand

    page = phone.goto(f"/m/{mid}/hands/1")
    facts = page.locator(".hand-facts .facts")
    expect(facts.locator(".kitty")).to_have_text("the kitty 4♦ 9♠ 10♣")
    expect(facts.locator(".discards")).to_have_text("Cai discarded J♥ 6♦ 10♣")
    expect(page.locator(".trick-table tbody tr")).to_have_count(10)
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("five-hundred-kitty-hand-390", full_page=True)


def test_a_discarded_card_cannot_be_played_and_a_correction_keeps_the_exchange(
        phone, matches):
    golden, hand = golden_hand(14)  # Bo (E) misère: took up Q♣ 9♣ 9♥, put down Q♣ 10♦ 9♣
    page = phone.goto("/")
    start_five_hundred(page, golden)
    mid = match_id(page)
    page.locator("#rec-open").click()  # before the bid: the bid is asked for first
    expect(page.locator("#rec-turn")).to_have_text("Choose who won the bid and the bid first.")
    tap_bid(page, hand)
    expect(page.locator("#rec-swap-mode")).to_have_attribute("aria-pressed", "true")
    play_cards(page, hand["kitty"] + hand["discard"])
    expect(page.locator("#rec-turn")).to_have_text("Bo (East) to lead trick 1")
    put_down = page.locator("#rec-grid button[data-card='10D']")  # nobody plays it
    expect(put_down).to_be_disabled()
    expect(put_down).to_have_attribute("aria-label", "Ten of diamonds (discarded)")
    play_cards(page, ["QS", "7S"])  # Bo leads, Dee (the partner) sits out: Cai follows
    page.locator("#rec-swap-mode").click()
    expect(page.locator("#rec-grid button[data-card='7S']")).to_be_disabled()  # played
    expect(page.locator("#rec-part-discard")).to_have_text("Discards: 3 of 3")
    page.locator("#rec-play-mode").click()
    tap_tricks(page, [hand["play"][0][2:], *hand["play"][1:]])
    expect(page.locator("#rec-turn")).to_have_text("All tricks recorded.")
    saved(page, page.locator("#save").click)
    stored = matches.load(mid).match.hand_objects[0]
    assert (stored["kitty"], stored["discard"]) == (hand["kitty"], hand["discard"])
    assert stored["play"] == hand["play"]

    # a correction brings the exchange back into the recorder, unchanged when saved again
    with page.expect_navigation():
        page.locator("a[href='?fix=1']").click()
    expect(page.locator("#rec-grid button[data-card='QC']")).to_have_attribute(
        "aria-label", "Queen of clubs (discarded) (in the kitty)")
    expect(page.locator("#rec-turn")).to_have_text("All tricks recorded.")
    axe_clean(page)
    with page.expect_navigation():
        page.locator("#save").click()
    again = matches.load(mid).match.hand_objects[0]
    assert (again["kitty"], again["discard"], again["play"]) == (
        hand["kitty"], hand["discard"], hand["play"])


def test_the_exchange_in_both_chinese_scripts(phone):
    golden, hand = golden_hand(8)
    page = phone.goto("/")
    start_five_hundred(page, golden)
    url = page.url
    for lang, asked in (("zh_Hant", "點Cai拿起的3張底牌：已點1張。"),
                        ("zh_Hans", "点Cai拿起的3张底牌：已点1张。")):
        phone.context.add_cookies([{"name": "lang", "value": lang, "url": url}])
        page.goto(url)
        tap_bid(page, hand)
        page.locator("#rec-open").click()
        play_cards(page, hand["kitty"][:1])
        expect(page.locator("#rec-turn")).to_have_text(asked)
        expect(page.locator("#rec-swap-mode")).to_have_text("換底牌" if lang == "zh_Hant"
                                                            else "换底牌")
        no_horizontal_scroll(page)
        axe_clean(page)
        page.locator("#rec").scroll_into_view_if_needed()
        phone.shot(f"five-hundred-kitty-{lang}-390")
        page.locator("#rec-clear").click()
