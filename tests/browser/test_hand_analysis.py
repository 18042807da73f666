"""The hand page says in words what best play would have made of a recorded Euchre hand:
the makers' best, each play that cost a trick (who, which card, what would have held it) and
the best count trick by trick; at 390x844 and 360x640, in English and both Chinese scripts."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean
from support.deals import euchre_hand
from support.helpers import euchre_match

SMALL = {"width": 360, "height": 640}


@pytest.fixture
def costly_match(matches) -> str:
    """Hand 1 dealt by N, S calls... (seed 7): N's 9♠ and W's A♦ each cost a trick."""
    hand = euchre_hand(random.Random(7), "N", alone=False)
    mid, _key = matches.create(euchre_match(hands=[hand]))
    return mid


@pytest.mark.parametrize("viewport", [None, SMALL], ids=["390x844", "360x640"])
def test_a_costly_play_is_told_in_words(make_phone, costly_match, viewport):
    phone = make_phone(**({"viewport": viewport} if viewport else {}))
    page = phone.goto(f"/m/{costly_match}/hands/1")
    section = page.locator("section.analysis")
    expect(section).to_contain_text(
        "With the best play on both sides, the makers (Bo & Dee) could have taken 3 tricks.")
    expect(section).to_contain_text("They took 3 tricks.")
    costly = section.locator(".costly li")
    expect(costly).to_have_count(2)
    expect(costly.nth(0)).to_have_text(
        "Trick 1: Ann (North) played the Nine of spades, which cost their side 1 trick: the "
        "makers’ best went from 3 to 4. The Jack of spades would have held it.")
    expect(costly.nth(1)).to_contain_text("Trick 2: Dee (West) played the Ace of diamonds")
    expect(costly.nth(1)).to_contain_text(
        "Any of these would have held it: Ten of clubs, Queen of clubs.")
    counts = section.locator(".best-count td")
    assert counts.all_inner_texts()[0] == "3"
    assert len(counts.all_inner_texts()) == 6  # the start and each of the five tricks
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width
    axe_clean(page)
    phone.shot(f"hand-analysis-{page.viewport_size['width']}", full_page=True)


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_the_analysis_in_both_chinese_scripts(make_phone, costly_match, lang):
    phone = make_phone(locale=lang, extra_http_headers={"Accept-Language": lang})
    page = phone.goto(f"/m/{costly_match}/hands/1")
    section = page.locator("section.analysis")
    expect(section.locator(".costly li")).to_have_count(2)
    text = section.inner_text()
    assert "makers" not in text and "Trick" not in text, text
    axe_clean(page)
    phone.shot(f"hand-analysis-{lang}", full_page=True)
