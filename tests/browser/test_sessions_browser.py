"""A duplicate session's pages on a phone, in Chromium at 390x844 and 360x640: the results,
a traveller with its hand record, a score card and the hand records fit the screen (no
sideways scroll of the page), every link a thumb taps is 44 px high, and axe finds nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from support import bridge_session
from support.browser import Phone

from scorekeeper.engine.games import GAMES

SESSIONS = Path(__file__).parent.parent / "data" / "sessions"
SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
TAP = 44

# The page's width beyond the screen, and the links (outside tables' own scrolling boxes
# too) lower than a thumb's target.
MEASURE = """() => ({
  over: document.scrollingElement.scrollWidth - window.innerWidth,
  small: [...document.querySelectorAll('main a')]
    .filter((a) => a.getBoundingClientRect().height < 44)
    .map((a) => a.textContent.trim()),
})"""


@pytest.fixture(autouse=True)
def bridge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "bridge", bridge_session.GAME)


def session(app: Any) -> tuple[str, dict[str, Any]]:
    data = json.loads((SESSIONS / "mitchell-7-tables.json").read_text())
    data["boards"] = {k: v for k, v in data["boards"].items() if k in ("1", "2")}
    response = app.test_client().post("/api/sessions", json=data)
    assert response.status_code == 201
    return str(response.get_json()["id"]), data


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x640"])
def test_session_pages_fit_a_phone(app: Any, browser: Any, base_url: str,
                                   size: dict[str, int]) -> None:
    session_id, data = session(app)
    phone = Phone(browser, base_url, viewport=size)
    try:
        for name, path in (("results", f"/s/{session_id}"),
                           ("board", f"/s/{session_id}/boards/1"),
                           ("pair", f"/s/{session_id}/pairs/N1"),
                           ("hands", f"/s/{session_id}/hands")):
            page = phone.goto(path)
            if name == "hands" and "still being analysed" in page.content():
                page = phone.goto(path)
            measured = page.evaluate(MEASURE)
            assert measured["over"] <= 0, (name, measured)
            assert measured["small"] == [], (name, measured)
            results = Axe().run(page)
            assert results.violations_count == 0, (name, results.generate_report())
            phone.shot(f"session-{name}-{size['width']}", full_page=True)
        names = phone.goto(f"/s/{session_id}").locator("main").inner_text()
        for pair in data["pairs"].values():
            assert pair[0] in names
    finally:
        phone.close()
    assert phone.foreign == [] and phone.errors == []


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x640"])
def test_a_director_starts_a_session_and_enters_a_result(browser: Any, base_url: str,
                                                        size: dict[str, int]) -> None:
    """From the home page: paste the pairs, see what the Mitchell guarantees, start, and
    enter board 1 at table 1 on the director's page; the traveller shows it."""
    phone = Phone(browser, base_url, viewport=size)
    try:
        page = phone.goto("/")
        page.click("a[href='/sessions/new']")
        page.fill("#pairs", "\n".join(f"Ann{i} & Bo{i}" for i in range(1, 11)))
        page.fill("#boards", "20")
        page.click("button[name=check]")
        page.wait_for_load_state("load")  # measure once the page's styles apply
        says = page.locator("#movement-mitchell-says").inner_text()
        assert "Tables: 5" in says
        measured = page.evaluate(MEASURE)
        assert measured["over"] <= 0, measured
        assert Axe().run(page).violations_count == 0
        phone.shot(f"session-new-{size['width']}", full_page=True)
        page.check("#movement-mitchell")
        page.click("button.primary")
        page.wait_for_url("**/director")
        assert "Table 5: N5 – E5" in page.locator("main").inner_text()
        measured = page.evaluate(MEASURE)
        assert measured["over"] <= 0, measured
        assert Axe().run(page).violations_count == 0, Axe().run(page).generate_report()
        phone.shot(f"session-director-{size['width']}")
        assert page.locator(".sx-entry details[open]").count() == 0  # a short page: a tap opens
        page.locator("#b1-N1 summary", has_text="Enter").click()
        form = page.locator("#b1-N1 form")
        form.locator("input[name=contract]").fill("4h")
        form.locator("select[name=declarer]").select_option("S")
        form.locator("select[name=tricks]").select_option("10")
        form.locator("button[type=submit]").click()
        page.wait_for_selector(".flash-ok")
        assert "saved" in page.locator(".flash-ok").inner_text()
        assert "S 4♥ = · NS 420" in page.locator("#b1-N1").inner_text()
        phone.shot(f"session-director-saved-{size['width']}")
        page = phone.goto(page.url.split("/director")[0].replace(base_url, "") + "/boards/1")
        assert "420" in page.locator("main").inner_text()
    finally:
        phone.close()
    assert phone.foreign == [] and phone.errors == []
