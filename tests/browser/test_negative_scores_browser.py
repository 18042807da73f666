"""A game continued from paper below zero (issue 35), in Chromium at 390x844 and 360x640:
started on the start form with a minus typed on the keyboard, a hand tapped in, the board, the
based-on line and the history written with a true minus and the pair set apart; screenshots."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean

GAP = "\u202f"


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 360, "height": 640}],
                         ids=["390x844", "360x640"])
def test_a_five_hundred_game_at_minus_320(make_phone, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    page.locator("#game label", has_text="Five Hundred").click()
    for seat, name in {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}.items():
        page.fill(f"#{seat}", name)
    page.locator("#start-score summary").click()
    field = page.locator("#start_EW")
    expect(field).to_have_attribute("inputmode", "text")  # a keyboard with a minus key
    page.fill("#start_NS", "120")
    field.click()
    page.keyboard.type("-320")  # the hyphen-minus a phone's keyboard types
    phone.shot(f"start-score-{size['width']}")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url("**/m/*")

    points = page.locator("#board .pts")
    expect(points).to_have_text(["120", "\u2212320"])
    expect(page.locator("#based")).to_have_text(f"Hand 1, after 120{GAP}–{GAP}\u2212320")
    # North bids 6♠ and takes 5: −40 to North–South, +50 to East–West
    page.locator("#caller input[value='N']").check(force=True)
    page.locator("#bid input[value='6S']").check(force=True)
    page.locator("#makers_tricks input[value='5']").check(force=True)
    save = page.locator("#save")
    expect(save).to_contain_text("\u221240")  # the Save label says the loss with a minus
    assert "-" not in save.inner_text()
    save.click()
    expect(points).to_have_text(["80", "\u2212270"])
    expect(page.locator("#history tbody tr").first).to_contain_text(f"80{GAP}–{GAP}\u2212270")
    expect(page.locator("#history tbody tr").first).to_contain_text("\u221240 Ann & Cai")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    phone.shot(f"negative-score-{size['width']}", full_page=True)
    axe_clean(page)
