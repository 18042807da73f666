"""Playwright (sync API) driving Debian's Chromium at a phone viewport against the live server.

The browser fixture fails (rather than skips) when Chromium is missing and ``CI=true``.
Every page records its requests; a request to any host but the live server fails the test.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1180, "height": 820}
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    """One Chromium for the session."""
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        # never a skip: the test command (.ci/setup --test) installs Chromium
        pytest.fail(f"Chromium is not installed at {CHROMIUM} (run .ci/setup --test)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


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


@pytest.fixture
def base_url(live_server) -> str:
    """The live server's base URL (``live_server`` comes from tests/conftest.py)."""
    return live_server.rstrip("/")


@pytest.fixture
def phone(browser, base_url) -> Iterator[Phone]:
    """A phone at the table; fails the test if a page touched another host or threw."""
    p = Phone(browser, base_url)
    yield p
    p.close()
    assert p.foreign == [], p.foreign
    assert p.errors == [], p.errors


@pytest.fixture
def make_phone(browser, base_url) -> Iterator:
    """More phones (other browser contexts: their own cookies), checked the same way."""
    made: list[Phone] = []

    def make(**options) -> Phone:
        p = Phone(browser, base_url, **options)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()
        assert p.foreign == [], p.foreign
        assert p.errors == [], p.errors


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


@pytest.fixture
def offline(phone) -> Queue:
    """The offline queue of the ``phone`` fixture's phone."""
    return Queue(phone)
