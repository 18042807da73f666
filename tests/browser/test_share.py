"""Issue 9, the scorer's rights and sharing in a real browser at 390x844: rights that survive
a browser restart (persistent cookie only), revocation explained, view-only said, recent
matches labelled, QR codes that decode to the links, and the service worker's offline start."""

from __future__ import annotations

import io
import json
import re
import threading
import urllib.request

import pytest
import zxingcpp
from axe_playwright_python.sync_playwright import Axe
from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from support.helpers import SEATS as NAMES
from werkzeug.serving import make_server


def start(page) -> str:
    for seat, name in NAMES.items():
        page.fill(f"#{seat}", name)
    page.fill("#team_NS", "Home")
    page.fill("#team_EW", "Visitors")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    return page.url


def hands_stored(base_url: str, match_id: str) -> int:
    with urllib.request.urlopen(f"{base_url}/api/matches/{match_id}") as r:
        return len(json.load(r)["match"]["hands"])


def record(page, caller: str, tricks: int) -> None:
    """Tap a hand and Save (a page load or an in-place save: wait for the history)."""
    rows = page.locator("tbody tr").count()
    page.locator("#caller label", has_text=NAMES[caller]).click()
    page.locator(f"#makers_tricks input[value='{tricks}']").click()
    expect(page.locator("#save")).to_contain_text("Save:")
    page.locator("#save").click()
    expect(page.locator("tbody tr")).to_have_count(rows + 1)


def decode(png: bytes) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def centred(code):
    """``code`` scrolled to the middle of the screen, as a phone held up to be scanned shows
    it: at the screen's edge, where Playwright would scroll it, the form's sticky Save may lie
    over it."""
    code.evaluate("el => el.scrollIntoView({block: 'center'})")
    return code


def persistent_cookies(context) -> list[dict]:
    """What survives closing the browser: the cookies with an expiry."""
    return [c for c in context.cookies() if c.get("expires", -1) > 0]


def test_the_scorer_keeps_the_right_after_a_browser_restart(browser, phone, base_url):
    page = phone.goto("/")
    url = start(page)
    match_id = url.rsplit("/", 1)[1]
    record(page, "E", 3)
    kept = persistent_cookies(phone.context)
    assert {c["name"] for c in kept} >= {"scorer", "recent"}
    assert all(c["name"] != "session" for c in kept)
    scorer = next(c for c in kept if c["name"] == "scorer")
    assert scorer["httpOnly"] and scorer["expires"] - __import__("time").time() > 30 * 86400
    phone.context.close()  # the browser is closed ...
    reopened = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        reopened.add_cookies(kept)  # ... and opened again: only the persistent cookies
        page = reopened.new_page()
        page.goto(base_url + "/")
        recent = page.locator(".recent li").first
        expect(recent).to_contain_text("This phone scores")
        with page.expect_navigation():
            recent.locator("a").click()
        expect(page.locator("#caller")).to_be_visible()  # the form, not a view-only page
        expect(page.locator("#role-note")).to_have_count(0)
        record(page, "N", 4)
        assert hands_stored(base_url, match_id) == 2
    finally:
        reopened.close()
        phone.context = browser.new_context()  # the fixture closes its own context


def test_a_replaced_scorer_link_is_explained_and_viewers_are_told(phone, make_phone, base_url):
    page = phone.goto("/")
    url = start(page)
    page.locator("summary", has_text="Share").click()
    edit_link = page.locator("#edit-link").input_value()
    second = make_phone()
    second.page.goto(edit_link)
    expect(second.page.locator("#caller")).to_be_visible()  # a second scorer
    viewer = make_phone()
    viewer.page.goto(url)
    expect(viewer.page.locator("#role-note")).to_contain_text("View only")
    expect(viewer.page.locator("#entry")).to_have_count(0)
    viewer.shot("share-view-only-390")
    viewer.page.goto(base_url + "/")
    expect(viewer.page.locator(".recent li").first).to_contain_text("Watching")
    # "New scorer link" on the first phone: a confirmation that says what happens
    with page.expect_navigation():
        page.get_by_role("link", name="New scorer link…").click()
    expect(page.locator("h1")).to_have_text("Make a new scorer link?")
    expect(page.locator("main")).to_contain_text("becomes a viewer")
    phone.shot("share-new-link-confirm-390")
    assert Axe().run(page).violations_count == 0
    with page.expect_navigation():
        page.get_by_role("button", name="Make a new scorer link").click()
    expect(page.locator(".flash")).to_contain_text("the old one no longer works")
    expect(page.locator("#caller")).to_be_visible()  # this phone stays the scorer
    # the second phone: a viewer now, told how to get the right back (not a dead end)
    second.page.reload()
    expect(second.page.locator("#entry")).to_have_count(0)
    note = second.page.locator("#role-note")
    expect(note).to_contain_text("no longer scores this match")
    expect(note).to_contain_text("scan its scorer QR code")
    second.shot("share-rights-lost-390")
    assert Axe().run(second.page).violations_count == 0
    # the old scorer link now explains itself, and the new one works
    second.page.goto(edit_link)
    expect(second.page.locator(".flash")).to_contain_text("replaced by a newer one")
    page.locator("summary", has_text="Share").click()
    second.page.goto(page.locator("#edit-link").input_value())
    expect(second.page.locator("#caller")).to_be_visible()


def test_the_qr_codes_decode_to_the_links(phone):
    page = phone.goto("/")
    start(page)
    page.locator("summary", has_text="Share").click()
    view_link = page.locator("#view-link").input_value()
    edit_link = page.locator("#edit-link").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/m/[\w-]+", view_link)
    assert re.fullmatch(re.escape(view_link) + r"\?key=[\w-]+", edit_link)
    phone.shot("share-panel-390", full_page=True)
    results = Axe().run(page)  # the open share panel: named links, labels, contrast
    assert results.violations_count == 0, results.generate_report()
    assert decode(centred(page.locator("#qr-view-full .qr")).screenshot()) == [view_link]
    assert decode(centred(page.locator("#qr-edit-full .qr")).screenshot()) == [edit_link]
    # full screen, for scanning across the table
    page.locator("#share a.btn", has_text="Full screen").first.click()
    box = page.locator("#qr-view-full")
    expect(box.locator(".qr-caption")).to_be_visible()
    size = box.locator("svg").bounding_box()
    assert size["width"] >= 340, size
    assert decode(page.screenshot()) == [view_link]
    phone.shot("share-qr-full-390")
    box.get_by_role("link", name="Close").click()
    expect(box.locator(".qr-caption")).to_be_hidden()
    # copy buttons with a script; the share button only where the browser has Web Share
    expect(page.locator("button[data-copy='view-link']")).to_be_visible()
    has_share = page.evaluate("'share' in navigator")
    expect(page.locator("button[data-share='view-link']")).to_be_visible(visible=has_share)
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("button[data-copy='edit-link']").click()
    expect(page.locator("#copied")).to_have_text("Scorer link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == edit_link


def test_the_qr_codes_work_without_javascript(make_phone):
    plain = make_phone(java_script_enabled=False)
    page = plain.goto("/")
    start(page)
    page.locator("summary", has_text="Share").click()
    expect(page.locator("button[data-copy]")).to_have_count(2)
    expect(page.locator("button[data-copy]").first).to_be_hidden()
    page.locator("#share a.btn", has_text="Full screen").last.click()
    edit_link = page.locator("#edit-link").input_value()
    assert decode(page.screenshot()) == [edit_link]


def test_the_match_page_opens_offline_after_one_visit(browser, app):
    """On localhost (a secure context) the service worker keeps the page and the app shell;
    the network is then cut (the server stopped and the browser offline)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(base + "/")
        url = start(page)
        path = url.replace(base, "")
        record(page, "E", 3)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null || "
                               "navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function(
            "p => caches.match(p).then(r => !!r)", arg=path, timeout=10_000)
        # network first: a hand recorded elsewhere shows at once while the network works
        match_id = path.rsplit("/", 1)[1]
        with app.app_context():
            from scorekeeper import service
            from scorekeeper.store.db import get_db
            assert service.record_hand(get_db(), match_id, {"caller": "N",
                                                            "makers_tricks": 4}, 2).ok
        page.reload()
        expect(page.locator("tbody tr")).to_have_count(2)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        page.goto(base + "/")  # the home page as it is now, with this match in Recent
        expect(page.locator(".recent li")).to_have_count(1)
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        page.goto(url)
        expect(page.locator(".pts")).to_have_text(["1", "1"])
        expect(page.locator("tbody tr")).to_have_count(2)
        looks = page.evaluate("getComputedStyle(document.querySelector('.pts')).fontSize")
        assert float(looks.rstrip("px")) >= 90  # the stylesheet came from the cache too
        # the offline queue came from the cache too: Save keeps the hand on the phone
        page.locator("#caller label", has_text=NAMES["W"]).click()
        page.locator("#makers_tricks input[value='3']").click()
        page.locator("#save").click()
        expect(page.locator(".pending-row")).to_have_count(1)
        assert page.url == url  # not the browser's "No internet" page
        page.screenshot(path=str(__import__("pathlib").Path(__file__).resolve().parent.parent
                                 / "artifacts" / "offline-match-390.png"))
        page.goto(base + "/")  # the home page too, as last seen
        expect(page.locator(".recent li")).to_have_count(1)
        with pytest.raises(PlaywrightError, match="ERR_FAILED"):  # never kept: no page
            page.goto(base + "/m/never-opened-here")
    finally:
        context.close()
        server.shutdown()
        thread.join(timeout=5)
