"""Issue 35 in Chromium at 390x844 and 360x640: the club-night pages' words and targets. The
movements wrap between words, the director's link has Copy and a QR code, the links a thumb
taps are 44 px high, the rules page lists the rules; axe finds nothing on each page."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

NAMES = ["Ann", "Bo", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"]
SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
TAP = 44

# Each word of the matched elements' text that a line break cuts in two ("Sched" / "ule").
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def axe_clean(page):
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def tall_enough(locator):
    box = locator.bounding_box()
    assert box is not None and box["height"] >= TAP, (locator, box)


def fits(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x640"])
def test_the_club_night_pages_words_and_targets(make_phone, base_url, size):
    name = f"{size['width']}"
    director = make_phone(viewport=size)
    page = director.goto("/events/new")
    page.get_by_label("Name of the evening").fill("Thursday club")
    page.get_by_label("Players, one a line").fill("\n".join(NAMES))
    page.get_by_label("Rounds").fill("3")
    page.get_by_role("button", name="Check the movements").click()
    expect(page.locator("#guarantees")).to_contain_text("For 8 players and 3 rounds:")
    # The text is in the DOM before events.css applies; measure the page once it has loaded.
    page.wait_for_load_state("load")
    assert page.evaluate(BROKEN_WORDS, "#movement label span") == []
    assert "whist design" not in page.locator("#guarantees").inner_text().lower()
    fits(page, size["width"])
    page.locator("#movement").scroll_into_view_if_needed()
    director.shot(f"club-words-new-{name}")
    axe_clean(page)

    page.get_by_role("button", name="Start the evening").click()
    page.wait_for_url(re.compile(r"/events/[\w-]+$"))
    expect(page.locator(".flash")).to_contain_text("open “Director’s link” below")
    page.locator("#director-share summary").click()
    expect(page.locator("#director-share svg")).to_be_visible()
    expect(page.get_by_role("button", name="Copy")).to_be_visible()  # the script shows it
    page.get_by_role("button", name="Copy").click()
    expect(page.locator("#copied")).to_have_text("Director’s link copied.")
    for n in (1, 2):
        tall_enough(page.get_by_role("link", name=f"Open table {n}"))
    fits(page, size["width"])
    director.shot(f"club-words-director-{name}", full_page=True)
    axe_clean(page)
    link = page.get_by_role("link", name="Open table 1").get_attribute("href")

    table_phone = make_phone(viewport=size)
    table = table_phone.goto(link.replace(base_url, ""))
    table.wait_for_url(re.compile(r"/m/[\w-]+$"))
    banner = table.locator("#event-banner")
    tall_enough(banner.get_by_role("link", name="Thursday club"))
    tall_enough(banner.get_by_role("link", name=re.compile(r"^House rules")))
    fits(table, size["width"])
    table_phone.shot(f"club-words-table-{name}")
    axe_clean(table)

    banner.get_by_role("link", name=re.compile(r"^House rules")).click()
    table.wait_for_url(re.compile(r"/r/[\w-]+$"))
    expect(table.locator("#rules-changed")).to_contain_text("every rule is the standard one")
    expect(table.locator("#rules-standard")).to_contain_text("Stick the dealer: no")
    fits(table, size["width"])
    table_phone.shot(f"club-words-rules-{name}", full_page=True)
    axe_clean(table)
