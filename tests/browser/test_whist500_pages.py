"""Issue 35's pages in Chromium at 390x844 and 360x640: a finished Whist rubber's match page
(one result, the sides' names on the honours, "deal" everywhere) and the home page's recent
matches saying the same; Five Hundred's analysis naming the cards that would have held a
trick. No sideways scroll, axe clean, a screenshot of each to look at."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from support import fiveplay
from support.browser import axe_clean

from scorekeeper.engine.limits import MATCH_FORMAT

SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
SIZES = [pytest.param({"width": 390, "height": 844}, id="390x844"),
         pytest.param({"width": 360, "height": 640}, id="360x640")]
RUBBER = {"format": MATCH_FORMAT, "game": "whist", "seats": SEATS,
          "teams": {"NS": "Home", "EW": "Visitors"},
          "rules": {"target": 5, "honours": True, "rubber": True},
          "hands": [{"trump": "S", "tricks_NS": t, "honours_NS": h}
                    for t, h in ((11, 0), (2, 4), (9, 3))]}


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_rubber_reads_the_same_everywhere(make_phone, matches, size):
    mid, key = matches.create(RUBBER)
    phone = make_phone(viewport=size)
    page = phone.goto(f"/m/{mid}?key={key}")
    expect(page).to_have_title("2–1 · Home – Visitors")
    board = page.locator("#board")
    expect(board).to_contain_text("Home won the rubber 2–1, 5 points")
    expect(page.locator("#history")).to_contain_text("Home held 3 honours")
    expect(page.locator("#history")).to_contain_text("Visitors held 4 honours")
    expect(page.locator("#history h2")).to_have_text("Deal by deal")
    expect(page.locator("form.undo button")).to_contain_text("Undo deal 3")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    axe_clean(page)
    phone.shot(f"whist-rubber-match-{size['width']}x{size['height']}", full_page=True)
    page = phone.goto("/")
    recent = page.locator(".recent li").first
    expect(recent).to_contain_text("Home won the rubber 2–1, 5 points")
    expect(recent.locator("b")).to_have_text("2–1")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    recent.scroll_into_view_if_needed()
    phone.shot(f"whist-rubber-home-{size['width']}x{size['height']}")
    page = phone.goto("/players")
    with page.expect_navigation():
        page.get_by_role("link", name="Ann", exact=True).click()
    expect(page.locator(".matches li").first).to_contain_text("2–1 won")
    expect(page.locator(".matches li").first).to_contain_text("rubber, 5 points")
    expect(page.locator(".prog li").first).to_contain_text("2–1 · rubber, 5 points")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    axe_clean(page)
    phone.shot(f"whist-rubber-player-{size['width']}x{size['height']}", full_page=True)


@pytest.mark.parametrize("size", SIZES)
def test_the_five_hundred_analysis_names_the_cards_that_held(make_phone, matches, size):
    hand = fiveplay.random_hand(random.Random(11), "8H", dealer="N")["hand"]
    mid, _key = matches.create({"format": MATCH_FORMAT, "game": "five_hundred", "seats": SEATS,
                                "first_dealer": "N", "hands": [hand]})
    phone = make_phone(viewport=size)
    page = phone.goto(f"/m/{mid}/hands/1")
    expect(page.locator("section.analysis .costly li").first).to_contain_text(
        "would have held it")
    expect(page.locator("p.hint", has_text="The last column")).to_contain_text(
        "counts the makers’ tricks")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    axe_clean(page)
    page.locator("section.analysis").scroll_into_view_if_needed()
    phone.shot(f"five-hundred-analysis-held-{size['width']}x{size['height']}", full_page=True)
