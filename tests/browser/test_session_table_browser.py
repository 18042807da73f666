"""The table's phone of a duplicate session in Chromium at 390x844 and 360x640 (issue 40): a
3-table Mitchell with a phone per table and the director's. Boards are entered by tapping
(Bridge's contract grid, Passed out in one tap), Save says the score, the opponents accept
on the same phone, one board is disputed; table 2 is offline for the round (its boards and
acceptances queue and are sent once, in order, when it is back); a phone swapped by the
tent's link takes the table and the old one is told; the director's Next round shows every
table its moves without a reload. axe finds nothing; both Chinese scripts render."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import expect
from support import table_session
from support.browser import Phone, axe_clean, small_targets

from scorekeeper.service import session_tables as tables
from scorekeeper.service import sessions
from scorekeeper.store.db import connect

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
NAMES = {"N": "Ann", "S": "Bo", "E": "Gus", "W": "Hal"}  # table 1, round 1


def tent(app: Any, sid: str, table: int) -> str:
    return table_session.tent(app.config["SECRET_KEY"], sid, table)


deal = table_session.deal


def fits(page: Any) -> None:
    page.wait_for_load_state("load")  # measured once the page's stylesheets apply
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0
    assert small_targets(page) == []
    axe_clean(page)


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x640"])
def test_a_three_table_mitchell_at_the_tables(app: Any, browser: Any, base_url: str,
                                              size: dict[str, int]) -> None:
    db = connect(app.config["DATABASE"])
    sid, key = table_session.start(db)
    phones = {n: Phone(browser, base_url, viewport=size) for n in ("director", 1, 2, 3)}
    try:
        director = phones["director"].goto(f"/s/{sid}/director?key={key}")
        expect(director.locator("#play-h")).to_have_text("Round 1 is being played")
        t1, t2, t3 = (phones[n].goto(tent(app, sid, n)) for n in (1, 2, 3))
        expect(t1.locator("h1")).to_contain_text("Table 1")
        t1.evaluate("window.stillHere = true")  # a reload would forget it

        # table 1: board 1 by tapping, Save says the score, the opponents accept
        deal(t1, 1, "4H", "S", "1", NAMES)
        expect(t1.locator("#save")).to_have_text("Save: S 4♥ +1 → NS +450")
        fits(t1)
        phones[1].shot(f"session-table-entry-{size['width']}", full_page=True)
        t1.locator("#save").click()
        expect(t1.locator("#board-1 .st-label")).to_have_text("S 4♥ +1 → NS +450")
        fits(t1)
        t1.locator("#board-1 button", has_text="Accept").click()
        expect(t1.locator("#board-1-h")).to_contain_text("accepted")
        expect(t1.locator("#board-1")).to_contain_text("Makeable contracts")
        # board 2 passed out in one tap and accepted; board 3 disputed
        t1.locator("#entry input[name=board][value='2']").check()
        t1.locator("#all-passed").click()
        t1.locator("#board-2 button", has_text="Accept").click()
        expect(t1.locator("#board-2-h")).to_contain_text("accepted")
        deal(t1, 3, "3NT", "N", "-1", NAMES)
        expect(t1.locator("#save")).to_contain_text("→ EW +")
        t1.locator("#save").click()
        t1.locator("#board-3 button", has_text="Dispute").click()
        expect(t1.locator("#board-3")).to_contain_text("the director has been told")
        expect(t1.locator(".st-next")).to_contain_text("Pair E1 to table 2, EW.")
        fits(t1)
        phones[1].shot(f"session-table-done-{size['width']}", full_page=True)

        # table 2 offline for the round: its boards and the opponents' answers queue
        names2 = {"N": "Cy", "S": "Di", "E": "Ida", "W": "Jo"}
        phones[2].context.set_offline(True)
        for board, contract in ((4, "2S"), (5, "1NT"), (6, "3C")):
            deal(t2, board, contract, "N", "0", names2)
            t2.locator("#save").click()
            t2.locator("#queue-list li", has_text=f"Board {board}").locator(
                "button", has_text="Accept").click()
        expect(t2.locator("#queue-list li")).to_have_count(6)
        expect(t2.locator("#queue-why")).to_contain_text("Offline")
        fits(t2)
        phones[2].shot(f"session-table-offline-{size['width']}", full_page=True)
        assert [r for r in sessions.load_session(db, sid).stored.results  # type: ignore
                if r["table"] == 2] == []
        phones[2].context.set_offline(False)
        t2.evaluate("window.dispatchEvent(new Event('online'))")
        expect(t2.locator("#queue")).to_be_hidden(timeout=10_000)
        expect(t2.locator("#board-6-h")).to_contain_text("accepted")
        kept = [r for r in sessions.load_session(db, sid).stored.results  # type: ignore
                if r["table"] == 2]
        assert [r["board"] for r in kept] == [4, 5, 6]  # each once, in order
        assert {tables.states(db, sid)[(b, "N2")].state for b in (4, 5, 6)} == {"accepted"}

        # table 3's phone swapped mid-round: the new phone takes the table; a board the old
        # phone kept while offline is refused in words when it is sent
        names3 = {"N": "Ed", "S": "Flo", "E": "Kai", "W": "Lou"}
        phones[3].context.set_offline(True)
        deal(t3, 7, "2H", "S", "0", names3)
        t3.locator("#save").click()
        expect(t3.locator("#queue-list li")).to_have_count(1)
        new3 = Phone(browser, base_url, viewport=size)
        try:
            n3 = new3.goto(tent(app, sid, 3))
            expect(n3.locator(".flash")).to_contain_text("This phone scores table 3 now.")
            phones[3].context.set_offline(False)
            t3.evaluate("window.dispatchEvent(new Event('online'))")
            expect(t3.locator("#queue-why")).to_contain_text(
                "Not saved: Board 7 · 2♥ Flo =: Another phone opened table 3’s link")
            # the old phone is told, without a reload, and its form is gone
            expect(t3.locator(".st-right")).to_contain_text(
                "Another phone opened table 3’s link", timeout=10_000)
            expect(t3.locator("#entry")).to_have_count(0)
            for board in (7, 8, 9):
                deal(n3, board, "1C", "N", "0", names3)
                n3.locator("#save").click()
                n3.locator(f"#board-{board} button", has_text="Accept").click()
                expect(n3.locator(f"#board-{board}-h")).to_contain_text("accepted")
            assert new3.errors == []
        finally:
            new3.close()

        # the director sees each state and starts round 2: the tables follow, no reload
        director.reload()
        expect(director.locator("main")).to_contain_text("disputed")
        director.locator("button", has_text="Next round").click()
        expect(director.locator("#play-h")).to_have_text("Round 2 is being played")
        fits(director)
        phones["director"].shot(f"session-director-round2-{size['width']}")
        expect(t1.locator("h1")).to_contain_text("Round 2 of 3", timeout=10_000)
        expect(t1.locator(".st-moved")).to_contain_text("Pair E1 to table 2, EW.")
        expect(t1.locator(".st-pairs")).to_contain_text("Kai & Lou")
        assert t1.evaluate("window.stillHere") is True
        fits(t1)
        phones[1].shot(f"session-table-round2-{size['width']}", full_page=True)
    finally:
        for p in phones.values():
            p.close()
        db.conn.close()
    for name, p in phones.items():
        assert p.foreign == [] and p.errors == [], (name, p.errors)


@contextmanager
def table_one(app: Any, browser: Any, base_url: str, locale: str
              ) -> Iterator[tuple[Any, str, Phone, Any]]:
    """A new session and a phone at 360x640 in ``locale`` holding table 1 (its tent's
    link): the database, the session, the phone and its page. It asked no other host and
    met no script error."""
    db = connect(app.config["DATABASE"])
    sid, _key = table_session.start(db)
    phone = Phone(browser, base_url, viewport=SIZES[1], locale=locale,
                  extra_http_headers={"Accept-Language": locale})
    try:
        yield db, sid, phone, phone.goto(tent(app, sid, 1))
    finally:
        phone.close()
        db.conn.close()
    assert phone.foreign == [] and phone.errors == []


@pytest.mark.parametrize(("locale", "words"), [("zh-TW", "第1桌"), ("zh-CN", "第1桌")])
def test_the_table_page_in_chinese(app: Any, browser: Any, base_url: str, locale: str,
                                   words: str) -> None:
    with table_one(app, browser, base_url, locale) as (_db, _sid, phone, page):
        expect(page.locator("h1")).to_contain_text(words)
        deal(page, 1, "4H", "S", "1", NAMES)
        expect(page.locator("#save")).to_contain_text("4♥ +1 →")
        page.locator("#save").click()
        expect(page.locator("#board-1 .st-answers button").first).to_be_visible()
        fits(page)
        phone.shot(f"session-table-{locale}-360", full_page=True)


@pytest.mark.parametrize(("locale", "says"), [
    ("en", "Board 1 was not saved: say the contract, like 4H or 3NTX (or that all four "
     "passed)"),
    ("zh-CN", "第1副没有保存：请填定约，例如 4H 或 3NTX（或四家都不叫）")])
def test_a_save_left_short_is_said_once_where_the_thumb_is(
        app: Any, browser: Any, base_url: str, locale: str, says: str) -> None:
    """Save with only the board chosen: the deal form's words, the board named once (not
    "Not saved: Board 1: Board 1 was not saved"), brought into view from the form's foot;
    nothing stored."""
    with table_one(app, browser, base_url, locale) as (db, sid, phone, page):
        page.locator("#entry input[name=board][value='1']").check()
        page.locator("#save").click()
        said = page.locator("#queue .err")
        expect(said).to_have_text(says)
        expect(said).to_be_in_viewport()
        phone.shot(f"session-table-short-{locale}-360")
        assert sessions.load_session(db, sid).stored.results == []  # type: ignore[union-attr]


def test_a_browser_restart_keeps_the_right_and_the_queue(app: Any, browser: Any,
                                                         base_url: str) -> None:
    """Offline, a board is saved; the browser is closed and opened again (its cookies and
    storage kept, as a phone's are): the phone still scores the table and the board is sent,
    once."""
    db = connect(app.config["DATABASE"])
    sid, _key = table_session.start(db)
    before = Phone(browser, base_url)
    try:
        page = before.goto(tent(app, sid, 1))
        before.context.set_offline(True)
        deal(page, 1, "4H", "S", "1", NAMES)
        page.locator("#save").click()
        expect(page.locator("#queue-list li")).to_have_count(1)
        kept = before.context.storage_state()
    finally:
        before.close()
    after = Phone(browser, base_url, storage_state=kept)
    try:
        page = after.goto(f"/s/{sid}/t/1")
        expect(page.locator("#board-1 .st-label")).to_have_text("S 4♥ +1 → NS +450")
        expect(page.locator("#queue")).to_be_hidden()
        expect(page.locator("#entry")).to_be_visible()  # the right is still this phone's
        page.reload()
        assert [r["board"] for r in sessions.load_session(db, sid).stored.results  # type: ignore
                ] == [1]
    finally:
        after.close()
        db.conn.close()
    assert before.errors == [] and after.errors == [] and after.foreign == []


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x640"])
def test_back_after_save_at_the_table_stores_nothing_twice(app: Any, browser: Any,
                                                          base_url: str,
                                                          size: dict[str, int]) -> None:
    db = connect(app.config["DATABASE"])
    sid, _key = table_session.start(db)
    phone = Phone(browser, base_url, viewport=size)
    try:
        page = phone.goto(tent(app, sid, 1))
        deal(page, 1, "4H", "S", "1", NAMES)
        expect(page.locator("#save")).to_contain_text("→ NS +450")
        page.locator("#save").click()
        expect(page.locator("#board-1 .st-label")).to_have_text("S 4♥ +1 → NS +450")
        page.go_back()  # Back after Save, then the page again: the board is there once
        page.goto(base_url + tent(app, sid, 1))
        expect(page.locator("#board-1 .st-label")).to_have_text("S 4♥ +1 → NS +450")
        page.locator("#board-1 button", has_text="Accept").click()
        expect(page.locator("#board-1-h")).to_contain_text("accepted")
        page.go_back()
        page.go_forward()
        expect(page.locator("#board-1-h")).to_contain_text("accepted")
        kept = [r for r in sessions.load_session(db, sid).stored.results  # type: ignore
                if r["board"] == 1]
        assert len(kept) == 1
        assert tables.states(db, sid)[(1, "N1")].state == "accepted"
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    finally:
        phone.close()
        db.conn.close()
    assert phone.foreign == [] and phone.errors == []
