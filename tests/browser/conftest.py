"""Playwright (sync API) driving Debian's Chromium at a phone viewport against the live server.

The browser fixture fails (rather than skips) when Chromium is missing and ``CI=true``.
Every page records its requests; a request to any host but the live server fails the test.
The phone and its offline queue are classes of tests/support/browser.py.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.browser import Phone, Queue

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TABLET = {"width": 1180, "height": 820}


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


@pytest.fixture
def offline(phone) -> Queue:
    """The offline queue of the ``phone`` fixture's phone."""
    return Queue(phone)
