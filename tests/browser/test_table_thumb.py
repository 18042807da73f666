"""A hand in taps and no swipe (issue 35) at a phone's visible height (390x664: an iPhone 13
with Safari's bars) and on a small phone (360x640): each question comes into view above the
sticky Save by the page's own doing. The test taps with the mouse at a point on the screen, so
Playwright never scrolls: every change of ``scrollY`` is the page's."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, euchre_hand, start
from support.events_browser import NAMES as CLUB
from support.events_browser import api
from support.helpers import SEATS as NAMES
from support.spades_browser import golden_taps
from support.spades_browser import start as start_spades

SIZES = [pytest.param({"width": 390, "height": 664}, id="390x664"),
         pytest.param({"width": 360, "height": 640}, id="360x640")]

# ``sel`` shown, whole on screen and clear of the Save bar, the page at rest (two frames unmoved)
CLEAR = """sel => new Promise(done => {
  const y = scrollY;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const q = document.querySelector(sel).getBoundingClientRect();
    const bar = document.querySelector('#save').getBoundingClientRect();
    done(scrollY === y && q.height > 0 && q.top >= 0 && q.bottom <= bar.top
         && q.bottom <= innerHeight && q.left >= 0 && q.right <= innerWidth);
  }));
})"""


def clear(page, sel: str) -> None:
    """Wait (for a condition, not a time) until the question ``sel`` is in view above Save."""
    page.wait_for_function(CLEAR, arg=sel, timeout=5_000)


def tap(page, target) -> None:
    """Tap ``target`` at its place on the screen: a mouse at a point, no scrolling by the test."""
    box = target.bounding_box()
    assert box is not None
    size = page.viewport_size
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert 0 <= x <= size["width"] and 0 <= y <= size["height"], box
    page.mouse.click(x, y)


def saved(page) -> None:
    """Tap Save where it is; the page shows the match's next version in place."""
    live = page.locator("#live")
    before = live.get_attribute("data-version")
    expect(page.locator("#save")).to_contain_text("Save:")
    tap(page, page.locator("#save"))
    expect(live).not_to_have_attribute("data-version", before)


def hand(page, taps: list[tuple[str, str]], save: bool = True) -> int:
    """Tap the answers ``taps`` (question, answer) then Save, each question first seen in
    view above Save; how many taps the page followed by scrolling itself."""
    moved = 0
    for question, answer in taps:
        clear(page, question)
        y = page.evaluate("() => scrollY")
        tap(page, page.locator(f"{question} label", has_text=answer).first)
        assert page.locator(f"{question} input:checked").count() == 1, question
        moved += page.evaluate("() => scrollY") != y
    if save:
        saved(page)
    return moved


def numbers(page) -> None:
    """Both scores' figures whole on the screen."""
    for box in (page.locator(".pts").nth(i).bounding_box() for i in (0, 1)):
        assert box is not None and box["y"] >= 0, box
        assert box["y"] + box["height"] <= page.viewport_size["height"], box


def euchre(caller: str, tricks: int) -> list[tuple[str, str]]:
    return [("#caller", NAMES[caller]), ("#makers_tricks", str(tricks))]


@pytest.mark.parametrize("size", SIZES)
def test_a_euchre_hand_in_three_taps_and_no_swipe(make_phone, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    start(page)
    numbers(page)
    hand(page, euchre("E", 3))
    clear(page, "#caller")  # the next hand's first question
    numbers(page)
    hand(page, euchre("S", 5))
    expect(page.locator(".history")).to_contain_text("march")
    clear(page, "#caller")
    axe_clean(page)
    page.locator("#caller label", has_text=NAMES["W"]).click()
    clear(page, "#makers_tricks")
    phone.shot(f"thumb-euchre-{size['width']}x{size['height']}")


@pytest.mark.parametrize("size", SIZES)
def test_a_spades_hand_with_no_swipe(make_phone, size):
    phone = make_phone(viewport=size)
    match, taps = golden_taps()
    page = phone.goto("/")
    start_spades(page, match)
    first = taps[0]
    assert not first["nil"]  # a hand with no nil: bids, NS's tricks, Save
    answers = [(f"#bid_{seat}", str(bid)) for seat, bid in first["bids"].items()]
    answers.append(("#tricks_NS", str(first["tricks_NS"])))
    clear(page, "#bid_N")
    numbers(page)  # the score gives up its team names, never its numbers
    moved = hand(page, answers)
    assert moved >= 2, moved  # the page brought the later bids up itself
    clear(page, "#bid_N")
    numbers(page)
    axe_clean(page)
    phone.shot(f"thumb-spades-{size['width']}x{size['height']}")


@pytest.mark.parametrize("size", SIZES)
def test_a_spades_nil_hand_with_no_swipe(make_phone, size):
    """Four bids (South nil), NS's tricks, "A nil bid" opened, South's own tricks, Save."""
    phone = make_phone(viewport=size)
    match, _ = golden_taps()
    page = phone.goto("/")
    start_spades(page, match)
    bids = {"N": "1", "E": "7", "S": "Nil", "W": "4"}
    moved = hand(page, [(f"#bid_{seat}", bid) for seat, bid in bids.items()]
                 + [("#tricks_NS", "2")], save=False)
    summary = page.locator("details.nils summary")
    clear(page, "details.nils summary")
    tap(page, summary)
    clear(page, "#nil_S")  # opened: South's question up above Save, the others hidden
    expect(page.locator("#nil_N")).to_be_hidden()
    phone.shot(f"thumb-spades-nil-{size['width']}x{size['height']}")
    tap(page, page.locator("#nil_S label", has_text="0").first)
    assert moved >= 2, moved
    saved(page)
    expect(page.locator(".history")).to_contain_text("nil")
    clear(page, "#bid_N")


@pytest.mark.parametrize("size", SIZES)
def test_a_club_table_hand_with_the_banner_and_no_swipe(make_phone, base_url, size):
    event = api(base_url, "/api/events", {
        "name": "Thursday euchre", "game": "euchre", "players": CLUB, "rounds": 2,
        "hands_per_round": 3, "movement": "schedule", "seed": 3})
    table = event["rounds"][0]["tables"][0]
    phone = make_phone(viewport=size)
    page = phone.goto(table["table_url"].replace(base_url, ""))
    expect(page.locator("#event-banner")).to_contain_text("Table 1")
    clear(page, "#caller")
    numbers(page)
    phone.shot(f"thumb-club-{size['width']}x{size['height']}")
    seats = table["seats"]
    hand(page, [("#caller", seats["N"]), ("#makers_tricks", "3")])
    clear(page, "#caller")
    hand(page, [("#caller", seats["E"]), ("#makers_tricks", "5")])
    clear(page, "#caller")
    axe_clean(page)


@pytest.mark.parametrize("size", [pytest.param({"width": 390, "height": 844}, id="390x844"),
                                  SIZES[1]])
def test_the_small_links_are_thumb_sized(make_phone, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    url = start(page)
    page.goto(url + "/sheet")
    back = page.get_by_role("link", name="Back to the match")
    links = {"back to the match": back.bounding_box()}
    phone.shot(f"thumb-sheet-{size['width']}x{size['height']}")
    page.goto(phone.base_url + "/")  # the players known now: the start form links to them
    players = page.locator("p.hint a", has_text="Players")
    players.scroll_into_view_if_needed()
    links["players"] = players.bounding_box()
    phone.shot(f"thumb-home-{size['width']}x{size['height']}")
    small = {name: box["height"] for name, box in links.items() if box["height"] < 44}
    assert small == {}, small
    axe_clean(page)


def on_screen(page, sel: str) -> dict:
    """``sel``'s box, asserted whole on the screen (once the page has settled there)."""
    expect(page.locator(sel)).to_be_in_viewport(ratio=1)
    box = page.locator(sel).bounding_box()
    size = page.viewport_size
    assert box is not None, sel
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (sel, box)
    return box


@pytest.mark.parametrize("size", SIZES)
def test_two_phones_racing_the_loser_sees_its_choice(make_phone, size):
    first = make_phone(viewport=size)
    page = first.goto("/")
    start(page)
    edit_link = page.locator("#edit-link").input_value()  # under "Share and print"
    loser = make_phone(viewport=size)
    other = loser.page
    other.goto(edit_link)
    other.locator("#caller label", has_text="Cai").click()  # busy: the page leaves the form be
    hand(page, euchre("E", 3))
    other.locator("#makers_tricks input[value='4']").click()
    other.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")  # far down
    assert other.evaluate("() => scrollY") > 300
    tap(other, other.locator("#save"))
    queue = other.locator("#queue")
    expect(queue).to_contain_text("Hand 1 was just recorded by another phone")
    expect(other.locator(".pending-note")).to_have_text(
        "↻ Not sent yet: 1. They wait on this phone for your choice above.")
    panel = on_screen(other, "#queue")
    on_screen(other, "#queue .choices")
    assert other.locator(".pending-note").bounding_box()["y"] > panel["y"]  # "above": it is
    axe_clean(other)
    loser.shot(f"thumb-race-{size['width']}x{size['height']}")
    tap(other, queue.get_by_role("button", name="Record it as hand 2"))
    expect(queue).to_be_hidden()
    expect(other.locator("tbody tr")).to_have_count(2)


def test_both_scoring_phones_keep_scoring_the_rematch(make_phone, matches):
    first = make_phone()  # scores nine hands of ten
    page = first.goto("/")
    start(page)
    edit_link = page.locator("#edit-link").input_value()
    second = make_phone().page
    second.goto(edit_link)
    for caller in ("N", "S", "N", "S"):
        euchre_hand(page, caller, 5)
    expect(second.locator(".pts").first).to_have_text("8", timeout=10_000)
    euchre_hand(second, "N", 5)  # the tenth hand, on the second phone
    with second.expect_navigation():
        second.get_by_role("button", name=re.compile("Rematch")).click()
    rematch = second.url
    expect(second.locator("#entry")).to_be_visible()
    follow = page.locator("#follow")  # offered in place, with no reload
    expect(follow).to_have_text("The rematch has started: score it", timeout=10_000)
    axe_clean(page)
    with page.expect_navigation():
        follow.click()
    assert page.url == rematch
    expect(page.locator("#role-note")).to_have_count(0)  # a scorer, not "View only"
    euchre_hand(page, "E", 3)
    expect(second.locator(".pts").nth(1)).to_have_text("1", timeout=10_000)
    euchre_hand(second, "W", 3)
    mid = re.search(r"/m/([\w-]+)", rematch).group(1)
    assert [h["caller"] for h in matches.load(mid).match.hand_objects] == ["E", "W"]


@pytest.mark.parametrize("size", [pytest.param({"width": 390, "height": 844}, id="390x844"),
                                  SIZES[1]])
def test_back_after_save_lands_on_no_correction_form_and_no_stale_home(make_phone, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    url = start(page)
    euchre_hand(page, "E", 3)  # hand 1: Visitors 1
    page.locator("a[href$='?fix=1']").click()
    page.wait_for_url(re.compile(r"/hands/1/edit$"))
    expect(page.locator("h1")).to_have_text("Correct hand 1")
    with page.expect_navigation():
        page.locator("#save").click()  # nothing changed: said, and nothing stored
    expect(page.locator(".flash")).to_have_text("Nothing changed: hand 1 is as it was.")
    page.locator("a[href$='?fix=1']").click()
    page.wait_for_url(re.compile(r"/hands/1/edit$"))
    page.locator("#makers_tricks label", has_text="5").click()
    with page.expect_navigation():
        page.locator("#save").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 corrected.")
    euchre_hand(page, "S", 3)  # hand 2 saved in place: Home 1, Visitors 2
    page.go_back()
    page.wait_for_url(url)  # not the correction form it came from
    expect(page.locator("#entry")).to_be_visible()
    expect(page.locator("h1", has_text="Correct hand")).to_have_count(0)
    expect(page.locator(".pts")).to_have_text(["1", "2"])
    phone.shot(f"thumb-back-match-{size['width']}x{size['height']}")
    page.goto(phone.base_url + "/")
    with page.expect_navigation():
        page.locator(".recent a").first.click()
    euchre_hand(page, "N", 3)  # hand 3, then Back to the home page
    page.go_back()
    page.wait_for_url(phone.base_url + "/")
    expect(page.locator(".recent b").first).to_have_text("2–2")
    axe_clean(page)
    phone.shot(f"thumb-back-home-{size['width']}x{size['height']}")


def test_a_hand_refused_while_the_board_counted_it_leaves_the_stored_score(make_phone):
    """The losing phone's Save is on its way when the winner's hand arrives by the poll: the
    board counts the waiting hand ahead; refused, the board goes back to the stored score."""
    first = make_phone()
    page = first.goto("/")
    start(page)
    edit_link = page.locator("#edit-link").input_value()
    # no service worker: a request it passes on is not seen by the page's route
    other = make_phone(service_workers="block").page
    other.goto(edit_link)
    held = []
    other.route("**/hands", lambda route: held.append(route))  # the Save waits: let go below
    other.locator("#caller label", has_text="Cai").click()
    other.locator("#makers_tricks input[value='4']").click()
    with other.expect_request(lambda r: r.method == "POST" and r.url.endswith("/hands")):
        other.locator("#save").click()
    euchre_hand(page, "E", 3)  # the other phone's hand 1 takes the number meanwhile
    expect(other.locator(".pts.ahead")).to_have_count(2, timeout=10_000)  # 0–1, Cai's +1 ahead
    assert len(held) == 1
    held[0].continue_()
    expect(other.locator("#queue")).to_contain_text("Hand 1 was just recorded by another phone")
    expect(other.locator(".pts")).to_have_text(["0", "1"])
    expect(other.locator(".pts.ahead")).to_have_count(0)
