"""A duplicate session's wall screen and director's console in Chromium (issue 40): the wall
at 1280x720 (a projector), 390x844 and 360x640 shows a result entered through the API, the
round, its time left and where everyone goes next, then the final results once the director
ends the session, each by a condition wait (the page follows by itself: the stream, or its
polls on the Werkzeug server); the console's grid on a phone shows each table's state and
follows a table's entry and dispute without reload; nothing wider than the screen, axe finds
nothing; both Chinese scripts. Screenshots in tests/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from support import session_console as sc
from support.browser import Phone

from scorekeeper.service import session_tables
from scorekeeper.store.db import get_db

SIZES = {"1280x720": {"width": 1280, "height": 720}, "390x844": {"width": 390, "height": 844},
         "360x640": {"width": 360, "height": 640}}
OVER = "() => document.scrollingElement.scrollWidth - window.innerWidth"
# the text of an element, once it holds some words (an argument: the selector and the words)
HOLDS = ("([sel, words]) => { const el = document.querySelector(sel);"
         " return !!el && el.textContent.includes(words); }")
# a grid cell's state (its class), once it is the one awaited
CELL = ("([id, state]) => { const el = document.getElementById(id);"
        " return !!el && el.classList.contains('sx-' + state); }")
SMALL = """() => [...document.querySelectorAll('main a, main button, main summary')]
  .filter((a) => a.getBoundingClientRect().height < 44 && a.offsetParent !== null)
  .map((a) => a.textContent.trim())"""


def no_violations(page: Any, name: str) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, (name, results.generate_report())


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_the_wall_follows_the_session_to_its_final_results(app: Any, make_phone: Any,
                                                           size: str) -> None:
    session_id, key = sc.start(app)
    client = app.test_client()
    wall_phone = make_phone(viewport=SIZES[size])
    page = wall_phone.goto(f"/s/{session_id}/wall")
    assert page.locator("#wall-round").inner_text() == "Round 1 of 3"
    page.wait_for_function(HOLDS, arg=[".ev-clock", "left"])  # the countdown runs
    assert "Next: round 2" in page.locator("#wall-next").inner_text()
    assert "Pair E1 to table 2, East–West" in page.locator(".wall-next").inner_text()
    sc.enter(client, session_id, key, sc.played(1, "N1", "E1"))
    page.wait_for_function(HOLDS, arg=["#sx-live", "Ann – Bo"])  # no reload: it follows
    assert "50.00%" in page.locator("#sx-live").inner_text()
    assert page.evaluate(OVER) <= 0
    no_violations(page, "wall")
    wall_phone.shot(f"session-wall-{size}")
    director = app.test_client()
    director.get(f"/s/{session_id}/director?key={key}")
    with app.app_context():
        session_tables.end_session(get_db(), session_id)
    page.wait_for_function(HOLDS, arg=["#wall-round", "Final results"])
    assert page.locator(".ev-clock").count() == 0 and page.locator("#wall-next").count() == 0
    no_violations(page, "wall final")
    wall_phone.shot(f"session-wall-final-{size}")


@pytest.mark.parametrize("size", ["390x844", "360x640"])
def test_the_console_follows_the_tables_on_a_phone(app: Any, make_phone: Any,
                                                   size: str) -> None:
    session_id, key = sc.start(app)
    phone: Phone = make_phone(viewport=SIZES[size])
    phone.goto(f"/s/{session_id}/director?key={key}")
    page = phone.page
    assert page.locator("#cell-1-1").get_attribute("class") == "sx-cell sx-playing"
    assert page.evaluate(OVER) <= 0
    assert page.evaluate(SMALL) == []
    no_violations(page, "console")
    with app.app_context():
        done = session_tables.enter_at_table(get_db(), session_id, 1, 1, sc.played(1, "", ""))
        assert done.session is not None, done.problems
    page.wait_for_function(CELL, arg=["cell-1-1", "playing"])
    page.wait_for_function(HOLDS, arg=["#sx-console", "S 4♥ = entered."])
    with app.app_context():
        session_tables.answer_at_table(get_db(), session_id, 1, 1, "disputed")
    page.wait_for_function(CELL, arg=["cell-1-1", "disputed"])  # without reload
    assert "Table 1" in page.locator(".sx-changes li").first.inner_text()
    no_violations(page, "console disputed")
    phone.shot(f"session-console-{size}")
    page.click("button[value=next]")
    page.wait_for_function(HOLDS, arg=["#play-h", "Round 2 is being played"])
    assert page.locator("#cell-3-1").get_attribute("class") == "sx-cell sx-late"
    assert page.evaluate(OVER) <= 0
    no_violations(page, "console round 2")
    phone.shot(f"session-console-round2-{size}", full_page=True)


@pytest.mark.parametrize(("lang", "round_words", "wall_words", "console_words"), [
    ("zh-Hant", "第1輪（共3輪）", "東西", "各桌各輪"),
    ("zh-Hans", "第1轮（共3轮）", "东西", "各桌各轮")])
def test_the_wall_and_console_in_both_chinese_scripts(app: Any, make_phone: Any, lang: str,
                                                      round_words: str, wall_words: str,
                                                      console_words: str) -> None:
    session_id, key = sc.start(app)
    sc.enter(app.test_client(), session_id, key, sc.played(1, "N1", "E1"))
    phone = make_phone(viewport=SIZES["360x640"], locale=lang,
                       extra_http_headers={"Accept-Language": lang})
    page = phone.goto(f"/s/{session_id}/wall")
    assert page.locator("#wall-round").inner_text() == round_words
    assert wall_words in page.locator("#sx-live").inner_text()
    no_violations(page, f"wall {lang}")
    phone.shot(f"session-wall-{lang}")
    phone.goto(f"/s/{session_id}/director?key={key}")
    page = phone.page
    assert "1" in page.locator("#play-h").inner_text()
    assert console_words in page.locator("#sx-console").inner_text()
    assert page.evaluate(OVER) <= 0
    no_violations(page, f"console {lang}")
    phone.shot(f"session-console-{lang}")


HOLDING = "() => !!(window.SKStream && SKStream.holding())"
WALL_ASKED = ("(n) => performance.getEntriesByType('resource').filter("
              "e => e.name.includes('/wall?part=1')).length >= n")


def test_the_wall_follows_a_result_by_push(browser: Any, served_app: str) -> None:
    """Against the real ``scorekeeper serve``: the wall holds the stream ``s:<id>`` and asks
    for its part once when a result is entered through the API, never polling."""
    phone = Phone(browser, served_app, viewport=SIZES["1280x720"])
    try:
        page = phone.page
        made = page.request.post(served_app + "/api/sessions", data={
            "format": "scorekeeper-session/1", "game": "bridge", "name": "Pushed",
            "pairs": {"N1": ["Ann", "Bo"], "E1": ["Cai", "Dee"], "N2": ["Eve", "Fay"],
                      "E2": ["Gus", "Hal"]}, "results": []})
        assert made.status == 201, made.text()
        session = made.json()
        phone.goto(f"/s/{session['id']}/wall")
        page.wait_for_function(HOLDING)
        page.wait_for_function(WALL_ASKED, arg=1)  # the stream's first news: a check, 304
        answers: list[tuple[str, int]] = []
        page.on("response", lambda r: answers.append((r.url, r.status)))
        saved = page.request.post(served_app + f"/api/sessions/{session['id']}/results",
                                  data=sc.played(1, "N1", "E1"),
                                  headers={"Authorization": f"Bearer {session['edit_key']}"})
        assert saved.status == 201, saved.text()
        page.wait_for_function(HOLDS, arg=["#sx-live", "Ann – Bo"])
        walls = [status for u, status in answers if "/wall?part=1" in u]
        assert walls == [200], answers  # asked once, when the stream said so
    finally:
        phone.close()
    assert phone.foreign == [] and phone.errors == []
