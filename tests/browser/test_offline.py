"""A real table's phone: Wi-Fi drops, the page reloads, Back is pressed, another phone records
the same hand. Chromium at 390x844 against the live server; what is stored is read from the
SQLite file (``matches.load``), never from the page alone."""

from __future__ import annotations

import re
import time

import pytest
from itsdangerous.timed import TimestampSigner
from playwright.sync_api import expect
from support.browser import NAMES, axe_clean, euchre_hand, match_id, no_horizontal_scroll, start


def tap(page, caller: str, tricks: int) -> None:
    """Tap a Euchre hand into the form (no Save)."""
    page.locator("#caller label", has_text=NAMES[caller]).click()
    page.locator(f"#makers_tricks input[value='{tricks}']").click()


def save_pending(offline, page, caller: str, tricks: int, pending: int) -> None:
    """Tap a hand and Save while it cannot be sent: it shows as pending at once."""
    tap(page, caller, tricks)
    offline.save(page, pending)


def stored(matches, mid: str) -> list[tuple[str, int]]:
    """The hands in the SQLite file: (caller, tricks) in order."""
    return [(h["caller"], h["makers_tricks"]) for h in matches.load(mid).match.hand_objects]


def view_link(page) -> str:
    page.locator("summary", has_text="Share").click()
    link = page.locator("#view-link").input_value()
    page.locator("summary", has_text="Share").click()
    return link


def scorer_link(page) -> str:
    page.locator("summary", has_text="Share").click()
    link = page.locator("#edit-link").input_value()
    page.locator("summary", has_text="Share").click()
    return link


def test_three_hands_saved_offline_arrive_in_order_and_reach_a_viewer(offline, phone, make_phone,
                                                                     matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    viewer = make_phone().page
    viewer.goto(view_link(page))
    expect(viewer.locator("#conn")).to_have_text("Live")

    offline.cut()
    save_pending(offline, page, "E", 3, 1)
    save_pending(offline, page, "N", 4, 2)
    save_pending(offline, page, "W", 5, 3)
    rows = page.locator(".pending-row")
    expect(rows.nth(0)).to_contain_text("#1 Bo · 3")
    expect(rows.nth(2)).to_contain_text("#3 Dee · 5")
    expect(rows.nth(2)).to_contain_text("pending")
    expect(page.locator("#board .pending-note")).to_contain_text("Not sent yet: 3")
    expect(page.locator("#save")).to_have_text("Save hand 4")  # follows the pending hands
    expect(page.locator("#conn")).to_contain_text("Offline")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("offline-three-pending-390", full_page=True)
    assert stored(matches, mid) == []

    offline.reconnect(page)
    assert stored(matches, mid) == [("E", 3), ("N", 4), ("W", 5)]
    expect(page.locator("tbody tr")).to_have_count(3)
    expect(page.locator(".pts")).to_have_text(["1", "3"])  # EW 1 + 2 (march), NS 1
    expect(page.locator("#save")).to_have_text("Save hand 4")
    expect(viewer.locator("tbody tr")).to_have_count(3)
    expect(viewer.locator(".pts")).to_have_text(["1", "3"])
    axe_clean(page)

    # and the next hand, online, is hand 4 (nothing was sent twice)
    euchre_hand(page, "S", 3)
    assert stored(matches, mid) == [("E", 3), ("N", 4), ("W", 5), ("S", 3)]


@pytest.mark.app_config(WTF_CSRF_TIME_LIMIT=2)
def test_offline_hands_arrive_after_the_csrf_token_expired(offline, phone, matches, monkeypatch):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    answers: list[tuple[str, int]] = []
    page.on("response", lambda r: answers.append((r.request.method + " " + r.url, r.status)))
    offline.cut()
    save_pending(offline, page, "E", 3, 1)
    save_pending(offline, page, "N", 4, 2)
    save_pending(offline, page, "W", 3, 3)
    # The live server's clock moves on 3 s for the token signer (no sleep): the page's token
    # is now older than WTF_CSRF_TIME_LIMIT; tokens signed from now on are fresh.
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: int(time.time()) + 3)
    offline.reconnect(page)
    assert stored(matches, mid) == [("E", 3), ("N", 4), ("W", 3)]
    posts = [s for u, s in answers if u.startswith("POST") and u.endswith("/hands")]
    assert 400 in posts, posts  # the expired token was refused ...
    assert any(u.endswith("/csrf-token") for u, _ in answers)  # ... and a fresh one fetched
    assert posts.count(201) == 3


def test_a_reload_while_hands_are_pending_keeps_and_sends_them(offline, phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    down = lambda route: route.abort()  # noqa: E731 - the server unreachable for saves
    page.route(re.compile(r".*/hands$"), down)
    save_pending(offline, page, "E", 3, 1)  # the request fails: kept, pending
    save_pending(offline, page, "S", 4, 2)
    page.reload()
    expect(page.locator(".pending-row")).to_have_count(2)
    expect(page.locator("#save")).to_have_text("Save hand 3")
    assert stored(matches, mid) == []
    page.unroute(re.compile(r".*/hands$"), down)
    expect(page.locator(".pending-row")).to_have_count(0, timeout=15_000)  # the timed retry
    assert stored(matches, mid) == [("E", 3), ("S", 4)]
    expect(page.locator("tbody tr")).to_have_count(2)


def test_a_save_whose_answer_was_lost_is_stored_once(offline, phone, matches):
    """The server stored the hand but the phone never heard back: the retry is recognised."""
    page = phone.goto("/")
    start(page)
    mid = match_id(page)

    def lost_answer(route):
        route.fetch()  # reaches the server, which stores the hand ...
        route.abort()  # ... but the answer never reaches the phone

    page.route(re.compile(r".*/hands$"), lost_answer)
    save_pending(offline, page, "E", 3, 1)
    assert stored(matches, mid) == [("E", 3)]
    page.unroute(re.compile(r".*/hands$"), lost_answer)
    expect(page.locator(".pending-row")).to_have_count(0, timeout=15_000)
    expect(page.locator("tbody tr")).to_have_count(1)
    assert stored(matches, mid) == [("E", 3)]  # the retry was answered "duplicate"
    expect(page.locator("#save")).to_have_text("Save hand 2")


def test_a_conflict_shows_both_hands_and_both_choices_work(offline, phone, make_phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    other = make_phone().page
    other.goto(scorer_link(page))

    offline.cut()
    save_pending(offline, page, "E", 3, 1)
    euchre_hand(other, "N", 4)  # the other phone records hand 1 meanwhile
    phone.context.set_offline(False)
    queue = page.locator("#queue")
    expect(queue).to_contain_text("Hand 1 was just recorded by another phone", timeout=10_000)
    expect(queue.locator(".theirs")).to_contain_text("hand 1: Ann 4 tricks")
    expect(queue.locator(".yours")).to_contain_text("hand 1: Bo · 3")
    expect(page.locator(".pending-row")).to_have_count(1)  # kept: nothing thrown away
    # The connection is back: the hand waits for the choice, not for the network.
    expect(page.locator(".pending-note")).to_have_text(
        "↻ Not sent yet: 1. They wait on this phone for your choice above.")
    no_horizontal_scroll(page)
    phone.shot("offline-conflict-390", full_page=True)
    axe_clean(page)
    assert stored(matches, mid) == [("N", 4)]
    queue.get_by_role("button", name="Record it as hand 2").click()
    expect(page.locator(".pending-row")).to_have_count(0)
    expect(queue).to_be_hidden()
    assert stored(matches, mid) == [("N", 4), ("E", 3)]
    expect(page.locator("tbody tr")).to_have_count(2)

    offline.cut()
    save_pending(offline, page, "W", 5, 1)
    expect(other.locator("tbody tr")).to_have_count(2)  # the other phone is up to date
    euchre_hand(other, "S", 3)
    phone.context.set_offline(False)
    expect(queue).to_contain_text("Hand 3 was just recorded by another phone", timeout=10_000)
    expect(page.locator(".pending-note")).to_contain_text("your choice above")
    queue.get_by_role("button", name="Drop it").click()
    expect(queue).to_be_hidden()
    expect(page.locator(".pending-row")).to_have_count(0)
    expect(page.locator(".pending-note")).to_have_count(0)
    expect(page.locator("#save")).to_have_text("Save hand 4")
    assert stored(matches, mid) == [("N", 4), ("E", 3), ("S", 3)]


def test_an_illegal_pending_hand_stays_with_its_message_until_dropped(offline, phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    phone.context.set_offline(True)
    page.locator("#caller label", has_text="Cai").click()  # round 2 can't name the turn-up suit
    page.locator("summary", has_text="More").click()
    page.locator("#round input[value='2']").click()
    page.select_option("#turn_up", "9H")
    page.locator("#trump input[value='H']").click()
    page.locator("#makers_tricks input[value='4']").click()
    page.locator("#save").click()
    expect(page.locator(".pending-row")).to_have_count(1)
    save_pending(offline, page, "E", 3, 2)  # a good hand behind it waits its turn
    phone.context.set_offline(False)
    queue = page.locator("#queue")
    expect(queue).to_contain_text("Round 2 can't name hearts", timeout=10_000)
    expect(page.locator(".pending-row")).to_have_count(2)
    assert stored(matches, mid) == []
    queue.get_by_role("button", name="Drop it").click()
    expect(page.locator(".pending-row")).to_have_count(0)
    assert stored(matches, mid) == [("E", 3)]  # the next one took its number
    expect(page.locator("#save")).to_have_text("Save hand 2")


def test_a_phone_that_lost_the_scorer_right_keeps_its_hand(offline, phone, make_phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    other = make_phone().page
    other.goto(scorer_link(page))
    offline.cut()
    save_pending(offline, page, "E", 3, 1)
    other.locator("summary", has_text="Share").click()
    with other.expect_navigation():
        other.get_by_role("link", name=re.compile("New scorer link")).click()
    with other.expect_navigation():  # the confirmation says what happens to the other phones
        other.get_by_role("button", name=re.compile("new scorer link", re.I)).click()
    phone.context.set_offline(False)
    queue = page.locator("#queue")
    expect(queue).to_contain_text("no longer a scorer", timeout=10_000)
    expect(queue.locator(".yours")).to_contain_text("hand 1: Bo · 3")
    expect(page.locator(".pending-row")).to_have_count(1)
    assert stored(matches, mid) == []
    page.reload()  # still there after a reload (now a view-only page), still explained
    expect(page.locator("#entry")).to_have_count(0)
    expect(page.locator(".pending-row")).to_have_count(1)
    expect(queue).to_contain_text("no longer a scorer")
    queue.get_by_role("button", name="Drop it").click()
    expect(page.locator(".pending-row")).to_have_count(0)


def test_a_hand_dropped_while_it_was_being_sent_again_stays_dropped(make_phone, matches):
    """The page loads and sends the refused hand again; the scorer taps Drop while that send
    is on its way: the refusal that comes back must not store the dropped hand again."""
    # no service worker: a request it passes on is not seen by the page's route
    phone = make_phone(service_workers="block")
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    other = make_phone().page
    other.goto(scorer_link(page))
    other.locator("summary", has_text="Share").click()
    with other.expect_navigation():
        other.get_by_role("link", name=re.compile("New scorer link")).click()
    with other.expect_navigation():
        other.get_by_role("button", name=re.compile("new scorer link", re.I)).click()
    tap(page, "E", 3)
    page.locator("#save").click()
    queue = page.locator("#queue")
    expect(queue).to_contain_text("no longer a scorer")
    held: list = []

    def hold_first(route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route(re.compile(r".*/hands$"), hold_first)
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/hands")):
        page.reload()  # the page loads and sends the held hand again: its answer waits
    queue.get_by_role("button", name="Drop it").click()
    expect(page.locator(".pending-row")).to_have_count(0)
    # refused again after the Drop (a view-only page first fetches a fresh form token)
    with page.expect_response(lambda r: r.url.endswith("/hands") and r.status == 403):
        held[0].continue_()
    page.reload()
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator(".pending-row")).to_have_count(0)
    expect(queue).not_to_contain_text("no longer a scorer")
    assert stored(matches, mid) == []


def test_back_after_save_never_doubles_a_hand(phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    euchre_hand(page, "S", 4)
    with page.expect_navigation():
        page.locator("a[href='?fix=1']").click()
    page.go_back()
    expect(page.locator("#save")).to_have_text("Save hand 2")
    expect(page.locator("#entry input:checked")).to_have_count(0)  # nothing restored
    page.locator("#save").click()  # an empty Save is explained, not stored
    expect(page.locator("#preview")).to_contain_text("Say who called trump")
    assert stored(matches, mid) == [("S", 4)]
    euchre_hand(page, "E", 3)
    assert stored(matches, mid) == [("S", 4), ("E", 3)]


def test_a_page_restored_from_the_back_forward_cache_refreshes_before_a_save(
        phone, make_phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    other = make_phone().page
    other.goto(scorer_link(page))
    tap(page, "S", 4)  # the form as the browser would keep it in the cache ...
    page.evaluate("document.documentElement.dataset.stillHere = '1'")
    euchre_hand(other, "E", 3)  # ... while another phone recorded hand 1
    held = page.evaluate("""() => {
        window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}));
        return [document.getElementById('save').disabled,
                document.querySelectorAll('#entry input:checked').length];
    }""")
    assert held == [True, 0]  # cleared at once, Save held until the state is fresh
    expect(page.locator("#save")).to_have_text("Save hand 2")
    expect(page.locator("#save")).to_be_enabled()
    expect(page.locator("tbody tr")).to_have_count(1)
    assert page.evaluate("document.documentElement.dataset.stillHere") == "1"
    assert stored(matches, mid) == [("E", 3)]


def test_back_after_save_without_javascript(make_phone, matches):
    plain = make_phone(java_script_enabled=False)
    page = plain.goto("/")
    start(page)
    mid = match_id(page)
    tap(page, "S", 4)
    with page.expect_navigation():
        page.locator("#save").click()
    assert stored(matches, mid) == [("S", 4)]
    page.go_back()  # the page the hand was saved from: reloaded (no-store), empty
    expect(page.locator("#save")).to_have_text("Save hand 2")
    expect(page.locator("#entry input:checked")).to_have_count(0)
    # A second tab left behind on hand 1 is refused with the current state (409), not stored.
    stale = plain.new_page()
    stale.goto(page.url)
    tap(page, "E", 3)
    with page.expect_navigation():
        page.locator("#save").click()
    tap(stale, "W", 5)
    stale.evaluate("document.querySelector('input[name=expected_no]').value = '2'")
    with stale.expect_navigation() as nav:
        stale.locator("#save").click()
    assert nav.value.status == 409
    expect(stale.locator(".flash")).to_contain_text("Hand 2 was just recorded by another phone")
    expect(stale.locator("tbody tr")).to_have_count(2)
    expect(stale.locator("#save")).to_have_text("Save hand 3")
    assert stored(matches, mid) == [("S", 4), ("E", 3)]


def test_undo_offline_is_refused_clearly(phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    euchre_hand(page, "S", 4)
    phone.context.set_offline(True)
    page.get_by_role("button", name=re.compile("Undo hand 1")).click()
    expect(page.locator(".refused")).to_have_text(
        "You’re offline: undo when the connection is back.")
    page.locator("a[href='?fix=1']").click()
    expect(page.locator(".refused")).to_contain_text("correct hands when the connection is back")
    phone.context.set_offline(False)
    with page.expect_navigation():
        page.locator("a[href='?fix=1']").click()
    phone.context.set_offline(True)  # the correction page, open when the Wi-Fi went
    page.locator("#makers_tricks input[value='5']").click()
    page.locator("#save").click()
    expect(page.locator("#preview")).to_have_text(
        "You’re offline: correct hands when the connection is back.")
    phone.context.set_offline(False)
    assert stored(matches, mid) == [("S", 4)]


def test_a_viewer_is_live_then_says_how_old_its_score_is(phone, make_phone):
    page = phone.goto("/")
    start(page)
    link = view_link(page)
    viewer_phone = make_phone()
    viewer = viewer_phone.page
    viewer.clock.install()
    viewer.goto(link)
    expect(viewer.locator("#conn")).to_have_text("Live")
    expect(viewer.locator("#wake")).to_have_attribute("aria-pressed", "false")  # not scoring
    viewer_phone.context.set_offline(True)
    viewer.clock.run_for(2000)
    expect(viewer.locator("#conn")).to_have_text("Offline — last updated just now")
    viewer.clock.run_for(125_000)
    expect(viewer.locator("#conn")).to_have_text("Offline — last updated 2 min ago")
    viewer_phone.shot("viewer-offline-390")
    viewer_phone.context.set_offline(False)
    viewer.clock.run_for(2000)
    expect(viewer.locator("#conn")).to_have_text("Live")


def test_a_save_reaches_a_viewer_within_two_seconds(phone, make_phone):
    """Within two seconds of the viewer's clock: its next poll (every 1.5 s) brings the hand.
    Playwright's clock moves the time on by a poll interval, so the test does not hang on
    wall-clock slack that a loaded machine eats (the fetch and the redraw get expect's wait)."""
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    viewer = make_phone().page
    viewer.clock.install()
    viewer.goto(view_link(page))
    expect(viewer.locator("#conn")).to_have_text("Live")
    asked: list[str] = []
    viewer.on("request", lambda r: asked.append(r.url.split("/", 3)[3]))
    euchre_hand(page, "W", 5)
    expect(page.locator("tbody tr")).to_have_count(1)
    viewer.clock.run_for(1500)  # one poll interval: the poll that brings the hand has run
    expect(viewer.locator("tbody tr")).to_have_count(1)
    expect(viewer.locator(".side .pts").last).to_have_text("2")  # a march for W's side
    expect(viewer).to_have_title(re.compile(r"^0–2 · "))
    # It came with the poll of the page's live part: the whole page was not fetched again.
    assert f"m/{mid}/live" in asked and f"m/{mid}" not in asked, asked
    no_horizontal_scroll(viewer)


def test_the_screen_stays_on_by_default_while_scoring(phone):
    page = phone.goto("/")
    start(page)
    assert page.evaluate("'wakeLock' in navigator")  # 127.0.0.1 is a secure context
    wake = page.locator("#wake")
    expect(wake).to_have_attribute("aria-pressed", "true")
    expect(wake).to_have_accessible_name("Keep screen on")  # its state: aria-pressed
    wake.click()
    expect(wake).to_have_attribute("aria-pressed", "false")
    page.reload()  # the choice is remembered on this phone
    expect(page.locator("#wake")).to_have_attribute("aria-pressed", "false")
    page.locator("#wake").click()
    expect(page.locator("#wake")).to_have_attribute("aria-pressed", "true")


def test_a_page_older_than_the_match_catches_up_on_its_first_poll(phone, make_phone, matches):
    # A hand saved elsewhere between the page and its first poll (or a page opened offline
    # from the service worker's cache): the first answer already names a newer version.
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    viewer = make_phone().page
    held: list = []
    release = []

    def hold(route):
        if release:
            route.continue_()
        else:
            held.append(route)

    viewer.route(f"**/m/{mid}/live", hold)  # a viewer polls the live part of the page
    viewer.goto(view_link(page))
    deadline = time.monotonic() + 10
    while not held:  # the first poll is on its way, held
        assert time.monotonic() < deadline, "the viewer never polled its live part"
        viewer.wait_for_timeout(50)
    matches.record(mid, {"caller": "W", "makers_tricks": 3})
    release.append(True)
    for route in held:
        route.continue_()
    expect(viewer.locator("tbody tr")).to_have_count(1, timeout=5000)
    expect(viewer.locator("#conn")).to_have_text("Live")
