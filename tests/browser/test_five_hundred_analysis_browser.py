"""Five Hundred's hand page at 390x844: the analysis in words of a hand played in hearts (the
makers' best, the plays that cost a trick, the best count by trick), and the reason a no-trump
hand is not analysed; no sideways scroll, axe clean, a screenshot of each to look at."""

from __future__ import annotations

import random

from playwright.sync_api import expect
from support import fiveplay
from support.browser import axe_clean

from scorekeeper.engine.limits import MATCH_FORMAT

SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}


def test_the_five_hundred_analysis_is_told_in_words(make_phone, matches):
    hands = [fiveplay.random_hand(random.Random(11), "8H", dealer="N")["hand"],
             fiveplay.random_hand(random.Random(12), "7NT", dealer="E")["hand"]]
    mid, _key = matches.create({"format": MATCH_FORMAT, "game": "five_hundred", "seats": SEATS,
                                "first_dealer": "N", "hands": hands})
    phone = make_phone()
    page = phone.goto(f"/m/{mid}/hands/1")
    section = page.locator("section.analysis")
    expect(section).to_contain_text("With the best play on both sides, the makers")
    expect(section.locator(".costly li").first).to_contain_text("cost their side")
    expect(section.locator(".best-count td")).to_have_count(11)  # the start and ten tricks
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    axe_clean(page)
    phone.shot("five-hundred-hand-analysis", full_page=True)
    page = phone.goto(f"/m/{mid}/hands/2")
    expect(page.locator("section.analysis")).to_contain_text(
        "Only hands played in a suit are analysed")
    axe_clean(page)
    phone.shot("five-hundred-hand-analysis-no-trumps", full_page=True)
