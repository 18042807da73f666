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
