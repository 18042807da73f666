"""Live by push in Chromium (issue 41), against the real ``scorekeeper serve`` (its ASGI
streams; the Werkzeug server of the other browser tests has none, and its pages poll): a
viewer phone follows the score by its stream without polling (its requests counted), and polls
as before when the stream is refused, dropped again and again, or the phone goes offline and
comes back; a club night's wall screen follows a table's hand the same way.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support.browser import euchre_hand, start

SMALL = {"width": 360, "height": 640}
HOLDING = "() => !!(window.SKStream && SKStream.holding())"
GIVEN_UP = "() => !!(window.SKStream && SKStream.given_up)"
# the wall screen has asked for its live part at least n times
WALL_ASKED = ("(n) => performance.getEntriesByType('resource').filter("
              "e => e.name.includes('/wall?part=1')).length >= n")


@pytest.fixture
def base_url(served_app) -> str:
    """The real server (gunicorn with its ASGI worker), not the Werkzeug one."""
    return served_app


def requests_of(page) -> list[tuple[str, str]]:
    """Every request the page makes from now on: (method, path and query)."""
    seen: list[tuple[str, str]] = []
    page.on("request", lambda r: seen.append((r.method, re.sub(r"^https?://[^/]+", "", r.url))))
    return seen


def quiet_for(page, ms: int) -> None:
    """Let the page's own clock run ``ms`` (a poll would be due every 1.5 s meanwhile); what
    is asserted afterwards holds for any length of time, a longer one only proves more."""
    page.evaluate(f"new Promise(r => setTimeout(r, {ms}))")


@pytest.mark.parametrize("viewport", [None, SMALL], ids=["390x844", "360x640"])
def test_a_viewer_follows_by_push_without_polling(phone, make_phone, viewport) -> None:
    page = phone.goto("/")
    url = start(page)
    match_id = url.rsplit("/", 1)[1]
    viewer_phone = make_phone(**({"viewport": viewport} if viewport else {}))
    viewer = viewer_phone.page
    viewer.goto(url)
    viewer.wait_for_function(HOLDING)
    expect(viewer.locator("#conn")).to_have_class(re.compile(r"\bon\b"))
    seen = requests_of(viewer)
    quiet_for(viewer, 4000)
    assert seen == []  # nothing changed: no request at all
    euchre_hand(page, "W", 5)
    expect(viewer.locator(".pts").last).to_have_text("2")
    euchre_hand(page, "N", 3)
    expect(viewer.locator("tbody tr")).to_have_count(2)
    quiet_for(viewer, 2000)
    # One ask of the live part a change, none between: the stream said when, and which
    # version (asked by it, so a proxy's kept part never answers it: deploy/nginx)
    assert seen == [("GET", f"/m/{match_id}/live?v={v}") for v in (2, 3)], seen
    assert viewer.evaluate(HOLDING)
    viewer_phone.shot(f"live-push-viewer-{'small' if viewport else 'phone'}")


def test_a_viewer_polls_when_the_stream_is_refused(phone, make_phone) -> None:
    page = phone.goto("/")
    url = start(page)
    match_id = url.rsplit("/", 1)[1]
    viewer = make_phone().page
    viewer.route("**/stream?*", lambda route: route.fulfill(
        status=503, body="Too many phones", headers={"Retry-After": "300"}))
    seen = requests_of(viewer)
    viewer.goto(url)
    viewer.wait_for_function(GIVEN_UP)
    polls = f"/m/{match_id}/live"
    viewer.wait_for_function("(polls) => performance.getEntriesByType('resource').filter("
                             "e => e.name.endsWith(polls)).length >= 2", arg=polls)
    euchre_hand(page, "W", 5)
    expect(viewer.locator(".pts").last).to_have_text("2")
    assert seen.count(("GET", polls)) >= 3


def test_a_stream_dropped_again_and_again_gives_way_to_polling(phone, make_phone) -> None:
    page = phone.goto("/")
    url = start(page)
    viewer = make_phone().page
    viewer.route("**/stream?*", lambda route: route.abort("connectionreset"))
    viewer.goto(url)
    viewer.wait_for_function(GIVEN_UP, timeout=30_000)
    euchre_hand(page, "W", 5)
    expect(viewer.locator(".pts").last).to_have_text("2")


def test_offline_then_online_the_viewer_catches_up_by_its_stream(phone, make_phone) -> None:
    page = phone.goto("/")
    url = start(page)
    viewer_phone = make_phone()
    viewer = viewer_phone.page
    viewer.goto(url)
    viewer.wait_for_function(HOLDING)
    viewer_phone.context.set_offline(True)
    viewer.wait_for_function("() => !SKStream.holding()")
    expect(viewer.locator("#conn")).to_have_class(re.compile(r"\boff\b"))
    euchre_hand(page, "W", 5)  # saved while the viewer is away
    viewer_phone.context.set_offline(False)
    expect(viewer.locator(".pts").last).to_have_text("2")  # the reconnect's version check
    viewer.wait_for_function(HOLDING)
    expect(viewer.locator("#conn")).to_have_class(re.compile(r"\bon\b"))


def test_the_wall_screen_follows_a_tables_hand_by_push(phone) -> None:
    page = phone.page
    made = page.request.post(phone.base_url + "/api/events", data={
        "name": "Club", "game": "euchre",
        "players": ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"], "rounds": 2,
        "hands_per_round": 2, "movement": "schedule", "seed": 2})
    assert made.status == 201
    event = made.json()
    phone.goto(f"/events/{event['id']}/wall")
    page.wait_for_function(HOLDING)
    page.wait_for_function(WALL_ASKED, arg=1)  # the stream's first news: a check, 304
    answers: list[tuple[str, int]] = []
    page.on("response", lambda r: answers.append((r.url, r.status)))
    table = event["rounds"][0]["tables"][0]
    saved = page.request.post(phone.base_url + f"/api/matches/{table['match']}/hands",
                              data={"caller": "N", "makers_tricks": 3, "no": 1},
                              headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert saved.status == 201
    page.wait_for_function(WALL_ASKED, arg=2)
    quiet_for(page, 3000)
    walls = [status for u, status in answers if "/wall?part=1" in u]
    assert walls == [200], answers  # asked once, when the stream said so; never polled


def test_a_club_night_table_follows_its_match_and_evening_on_one_stream(phone) -> None:
    page = phone.page
    made = page.request.post(phone.base_url + "/api/events", data={
        "name": "Club", "game": "euchre",
        "players": ["Ann", "Bo", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal"], "rounds": 2,
        "hands_per_round": 2, "movement": "schedule", "seed": 2})
    event = made.json()
    mine, other = event["rounds"][0]["tables"]
    seen = requests_of(page)
    phone.goto(f"/m/{mine['match']}")
    expect(page.locator("#event-banner")).to_be_visible()
    page.wait_for_function(HOLDING)
    streams = [path for _m, path in seen if path.startswith("/stream?")]
    assert len(streams) == 1, streams  # both on one stream, in whichever order
    assert sorted(streams[0].removeprefix("/stream?").split("&")) == [
        f"e={event['id']}", f"m={mine['match']}"], streams
    banner = page.locator("#event-banner").inner_text()
    for no in (1, 2):  # the other table finishes its round: this table's banner says so
        saved = page.request.post(phone.base_url + f"/api/matches/{other['match']}/hands",
                                  data={"caller": "N", "makers_tricks": 3, "no": no},
                                  headers={"Authorization": f"Bearer {other['edit_key']}"})
        assert saved.status == 201
    expect(page.locator("#event-banner")).not_to_have_text(banner)
