"""Helpers of the browser tests: a phone (a Playwright browser context at a phone's viewport
that watches where its pages connect), its offline queue, and the taps, waits and checks that
the pages' tests share. The fixtures that make them are in tests/browser/conftest.py."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from support.helpers import SEATS as NAMES

PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


class Phone:
    """A browser context at a phone viewport that watches where its pages connect."""

    def __init__(self, browser, base_url: str, viewport=PHONE, **options):
        self.base_url = base_url
        self.context = browser.new_context(viewport=viewport, **options)
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.page = self.new_page()

    def new_page(self):
        page = self.context.new_page()
        allowed = urlsplit(self.base_url).netloc
        page.on("request", lambda r: self._check(r.url, allowed))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.set_default_timeout(10_000)
        return page

    def _check(self, url: str, allowed: str) -> None:
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != allowed:
            self.foreign.append(url)

    def goto(self, path: str):
        self.page.goto(self.base_url + path)
        return self.page

    def shot(self, name: str, full_page: bool = False) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)

    def close(self) -> None:
        self.context.close()


class Queue:
    """A scorer's phone saving while it cannot reach the server (the page's offline queue,
    static/js/queue.js): each Save shows as a pending row at once; back online they are sent.
    Shared by the offline tests of every game."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone

    def cut(self) -> None:
        self.phone.context.set_offline(True)

    def save(self, page, pending: int) -> None:
        """Tap Save (the hand already tapped in): it is kept, the ``pending``-th waiting."""
        from playwright.sync_api import expect

        page.locator("#save").click()
        expect(page.locator(".pending-row")).to_have_count(pending)

    def reconnect(self, page) -> None:
        """Back online: every pending hand is sent (the queue empties)."""
        from playwright.sync_api import expect

        self.phone.context.set_offline(False)
        expect(page.locator(".pending-row")).to_have_count(0, timeout=10_000)


def start(page, game="euchre", teams=("Home", "Visitors"), preset=None):
    """Fill in the start form by tapping and typing; land on the new match."""
    if game == "whist":
        page.locator("#game label", has_text="Whist").click()
    for seat, name in NAMES.items():
        page.fill(f"#{seat}", name)
    if teams:
        page.fill("#team_NS", teams[0])
        page.fill("#team_EW", teams[1])
    if preset:
        page.locator(f"#preset_{game} label", has_text=preset).click()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    return page.url


def saved(page, tap):
    """Do ``tap`` (a Save) and wait until the page shows the match's next version in place."""
    live = page.locator("#live")
    before = live.get_attribute("data-version")
    tap()
    expect(live).not_to_have_attribute("data-version", before)


def save(page, expect_label: str | None = None):
    """Tap Save (after checking what it says it will do) and wait for the updated page."""
    button = page.locator("#save")
    if expect_label:
        expect(button).to_have_text(expect_label)
    else:
        expect(button).to_contain_text("Save:")
    saved(page, button.click)


def euchre_hand(page, caller: str, tricks: int, alone=False, label=None):
    page.locator("#caller label", has_text=NAMES[caller]).click()
    if alone:
        page.locator("label[for=alone]").click()
    page.locator(f"#makers_tricks input[value='{tricks}']").click()
    save(page, label)


def no_horizontal_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


def axe_clean(page):
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def small_targets(page) -> list:
    """Visible things to tap under 44 px high or wide (a checkbox's tap target is its label)."""
    return page.evaluate("""() => [...document.querySelectorAll(
        'a, button, summary, select, input:not([type=hidden]):not([type=radio])' +
        ':not([type=checkbox]), .chips label, .check > label, .toggle > label')]
        .filter(e => e.offsetParent !== null && !e.closest('.skip'))
        .map(e => [e.textContent.trim().slice(0, 30) || e.name || e.id, e.getBoundingClientRect()])
        .filter(([, r]) => r.height > 0 && (r.height < 44 || r.width < 44))
        .map(([t, r]) => `${t}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")


def match_id(page) -> str:
    return re.search(r"/m/([\w-]+)", page.url).group(1)


def play_cards(page, cards: list[str]) -> None:
    for card in cards:
        page.locator(f"#rec-grid button[data-card='{card}']").click()


def take_trick(page, seat: str, label: str) -> None:
    """The test game's (one_trick's) deal: tap who took the trick, check what Save says it will
    do, save, and wait for the page to show it."""
    page.locator("#winner label", has_text=NAMES[seat]).click()
    expect(page.locator("#save")).to_have_text(label)
    live = page.locator("#live")
    before = live.get_attribute("data-version")
    page.locator("#save").click()
    expect(live).not_to_have_attribute("data-version", before)
