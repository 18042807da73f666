"""The table's rough edges (issue 24) at a phone's visible height and on a small phone: after a
Save the score, the dealer and the next question are in view with no scrolling by the test and
Save within a thumb's reach; messages that end; Undo taken back; the board offline."""

from __future__ import annotations

import pytest
from helpers import SEATS as NAMES
from playwright.sync_api import expect
from test_table import axe_clean, start

# an iPhone 13's page with Safari's bars (844 - 180), and a small Android phone
SIZES = [pytest.param({"width": 390, "height": 664}, id="390x664"),
         pytest.param({"width": 360, "height": 640}, id="360x640")]
FULL = [pytest.param({"width": 390, "height": 844}, id="390x844"),
        pytest.param({"width": 360, "height": 640}, id="360x640")]


def in_view(page, selector: str) -> None:
    """``selector``'s box lies inside the viewport (the page not scrolled by the test)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (selector, box)


def tap_saved(page, caller: str, tricks: int) -> None:
    """Tap a Euchre hand and Save, waiting for the match's next version in place."""
    live = page.locator("#live")
    before = live.get_attribute("data-version")
    page.locator("#caller label", has_text=NAMES[caller]).click()
    page.locator(f"#makers_tricks input[value='{tricks}']").click()
    expect(page.locator("#save")).to_contain_text("Save:")
    page.locator("#save").click()
    expect(live).not_to_have_attribute("data-version", before)


@pytest.mark.parametrize("size", SIZES)
def test_after_a_save_the_score_dealer_question_and_save_are_in_view(make_phone, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    start(page)
    in_view(page, "#save")
    for caller, tricks in (("E", 3), ("S", 5), ("W", 4)):
        tap_saved(page, caller, tricks)
    expect(page.locator(".deal")).to_contain_text(NAMES["W"])  # hand 4: N, E, S dealt, then W
    for part in (".pts", ".dealer", "#caller", "#save"):
        in_view(page, part)
    focused = page.evaluate("document.activeElement.name")
    assert focused == "caller", focused
    axe_clean(page)
    phone.shot(f"edges-after-save-{size['width']}x{size['height']}")
