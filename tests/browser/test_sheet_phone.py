"""The score sheet page at phone width (390x844, 360x640): a table wider than the phone says it
scrolls sideways, column heads never break inside a word, no cell's text runs into the next
("Corrections and undos"), points like "+4" and what a change was (已撤销) stay on one line; both
Chinese scripts too."""

from __future__ import annotations

import pytest
from support.browser import axe_clean
from support.helpers import euchre_hand, euchre_match

SMALL = {"width": 360, "height": 640}

# words of a heading split over two lines; cells whose content is wider than the cell; "+4"
# cells on two lines
MEASURE = """() => {
  const lines = (el) => {
    const r = document.createRange(); r.selectNodeContents(el);
    return new Set([...r.getClientRects()].filter(x => x.width > 0)
      .map(x => Math.round(x.top))).size;
  };
  const broken = [];
  for (const th of document.querySelectorAll('main th')) {
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const re = /\\S+/g; let m;
      while ((m = re.exec(n.textContent))) {
        const r = document.createRange();
        r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter(x => x.width > 0)
          .map(x => Math.round(x.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  const overflowing = [...document.querySelectorAll('main td, main th')]
    .filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent.trim());
  const wrapped = [...document.querySelectorAll('.hand-table td.pts')]
    .filter(c => c.textContent.trim() && lines(c) > 1).map(c => c.textContent.trim());
  // what a change was ("Undone", 已撤销): one word on one line, in any script
  const split = [...document.querySelectorAll('.changes tbody td:nth-child(3)')]
    .filter(c => lines(c) > 1).map(c => c.textContent.trim());
  return {broken, overflowing, wrapped, split};
}"""


@pytest.fixture
def sheet_match(matches) -> str:
    hands = [euchre_hand("N", 5, alone=True), euchre_hand("E", 2), {"passed": True},
             euchre_hand("S", 3), euchre_hand("W", 4, alone=True)]
    mid, _key = matches.create(euchre_match(hands=hands, teams={"NS": "Home", "EW": "Visitors"}))
    matches.record(mid, euchre_hand("N", 3))
    with matches.app.app_context():
        from scorekeeper import service
        from scorekeeper.store.db import get_db
        loaded = service.load(get_db(), mid)
        service.undo_last(get_db(), mid, loaded.hand_count)
        service.correct_hand(get_db(), mid, 2, euchre_hand("E", 3, alone=True))
    return mid


@pytest.mark.parametrize(("viewport", "lang"), [
    (None, "en"), (SMALL, "en"), (None, "zh-TW"), (SMALL, "zh-CN"), (SMALL, "zh-TW")],
    ids=["390-en", "360-en", "390-zh-TW", "360-zh-CN", "360-zh-TW"])
def test_the_score_sheet_fits_a_phone(make_phone, sheet_match, viewport, lang):
    options = {"locale": lang, "extra_http_headers": {"Accept-Language": lang}}
    phone = make_phone(**options, **({"viewport": viewport} if viewport else {}))
    page = phone.goto(f"/m/{sheet_match}/sheet")
    found = page.evaluate(MEASURE)
    assert found == {"broken": [], "overflowing": [], "wrapped": [], "split": []}, found
    assert page.locator(".changes tbody td:nth-child(3)").count() == 2
    hands = page.locator("section.hands")
    scrolls = hands.evaluate("s => s.scrollWidth > s.clientWidth")
    hint = page.locator("section.hands .scroll-hint")
    assert hint.is_visible() == scrolls, (scrolls, hint.is_visible())
    assert scrolls  # a Euchre sheet's hand table is wider than a phone
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width
    axe_clean(page)
    phone.shot(f"sheet-{page.viewport_size['width']}-{lang}", full_page=True)
