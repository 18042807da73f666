"""The home page shows the way (start, recent matches, players, club nights, blank sheets,
import), one row per match with its date in the reader's time zone and whether it is under way
or finished; sheets print that zone's time too. Chromium at 390x844 and 360x640."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean
from support.helpers import euchre_hand, euchre_match

from scorekeeper.engine.games import GAMES

SMALL = {"width": 360, "height": 640}


@pytest.mark.parametrize("viewport", [None, SMALL], ids=["390x844", "360x640"])
def test_the_home_page_shows_the_way(make_phone, matches, viewport):
    same = euchre_match()
    over, _k = matches.create(euchre_match(hands=[euchre_hand("N", 5)] * 5))
    first, _k = matches.create(same)
    second, _k = matches.create(same)
    phone = make_phone(timezone_id="Asia/Taipei", **({"viewport": viewport} if viewport else {}))
    page = phone.goto("/")
    for mid in (over, second, first, first):
        phone.goto(f"/m/{mid}")
    page = phone.goto("/")
    ways = page.get_by_role("navigation", name="What you can do here")
    for name, href in [("Start a match", "#new-match"), ("Players", "/players"),
                       ("Club night", "/events/new"), ("Blank score sheets", "#blank-sheets"),
                       ("Import a match file", "#import-match")]:
        expect(ways.get_by_role("link", name=name)).to_have_attribute("href", href)
    rows = page.locator(".recent li")
    expect(rows).to_have_count(3)  # first opened twice: one row
    texts = rows.all_inner_texts()
    links = [a.get_attribute("href") for a in rows.locator("a").all()]
    assert links == [f"/m/{first}", f"/m/{second}", f"/m/{over}"], links
    assert "Under way" in texts[0] and "Under way" in texts[1] and "Finished" in texts[2], texts
    assert all(re.search(r"Euchre · \w{3} \d+, \d{4} .* CST", t) for t in texts), texts
    sheets = page.locator("#blank-sheets a")
    playable = [g for g in GAMES.values() if g.playable and g.templates.blank]
    expect(sheets).to_have_count(len(playable))
    for link, game in zip(sheets.all(), playable, strict=True):
        assert link.get_attribute("href") == f"/sheets/{game.name}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width
    axe_clean(page)
    phone.shot(f"home-{page.viewport_size['width']}", full_page=True)
    # the score sheet prints the reader's time (the browser's zone), not the server's UTC
    sheet = phone.goto(f"/m/{first}/sheet")
    expect(sheet.locator("body")).to_contain_text("CST")


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_the_home_page_in_both_chinese_scripts(make_phone, matches, lang):
    mid, _k = matches.create(euchre_match())
    phone = make_phone(locale=lang, extra_http_headers={"Accept-Language": lang})
    phone.goto(f"/m/{mid}")
    page = phone.goto("/")
    expect(page.locator(".recent li")).to_have_count(1)
    assert "Under way" not in page.locator(".recent").inner_text()
    axe_clean(page)
    phone.shot(f"home-{lang}", full_page=True)
