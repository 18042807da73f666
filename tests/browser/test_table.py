"""The table screen in a real browser: tapping whole games, undo, corrections, live viewers,
keyboard use, layout at 390 px, accessibility (axe) and no request to any other host."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect
from support.browser import (
    axe_clean,
    euchre_hand,
    no_horizontal_scroll,
    save,
    saved,
    small_targets,
    start,
)

TABLET = {"width": 1180, "height": 820}  # a tablet in landscape
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def whist_hand(page, trump: str, tricks_ns: int, label=None):
    page.locator(f"#trump input[value='{trump}']").click()
    page.locator(f"#tricks_NS input[value='{tricks_ns}']").click()
    save(page, label)


def scoreboard_intact(page):
    """A guard against stylesheet slips: the scores in ink, the board across the phone."""
    looks = page.evaluate("""() => {
        const pts = document.querySelector('.pts'), board = document.querySelector('#board');
        return [getComputedStyle(pts).color, getComputedStyle(document.body).color,
                board.getBoundingClientRect().left, parseFloat(getComputedStyle(pts).fontSize)];
    }""")
    assert looks[0] == looks[1] and looks[2] == 12 and looks[3] >= 90, looks


def test_a_whole_euchre_match_by_tapping(phone):
    page = phone.goto("/")
    axe_clean(page)
    start(page)
    expect(page.locator(".deal")).to_contain_text("Ann")
    scoreboard_intact(page)
    phone.shot("euchre-start-390")
    euchre_hand(page, "E", 3, label="Save: Visitors +1")
    euchre_hand(page, "S", 5, label="Save: Home march → +2")
    euchre_hand(page, "W", 1, label="Save: Visitors euchred → Home +2")
    euchre_hand(page, "N", 5, alone=True, label="Save: Ann alone march → Home +4")
    page.locator("label[for=passed]").click()  # one tap: not hidden under More
    save(page, "Save: all passed → no score")
    expect(page.locator("tbody tr").first).to_have_class("passed")
    euchre_hand(page, "E", 3, alone=True, label="Save: Bo alone → Visitors +1")
    euchre_hand(page, "N", 4)
    expect(page.locator(".pts").first).to_have_text("9")
    expect(page.locator(".deal")).to_contain_text("Dee")  # hand 8: N E S W N E S, then W
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("euchre-match-390")
    phone.shot("euchre-match-390-full", full_page=True)
    euchre_hand(page, "S", 3, label="Save: Home +1 · game!")
    expect(page.locator(".board")).to_contain_text("Home won 10–2")
    expect(page.locator("#entry")).to_have_count(0)
    expect(page.locator("tbody tr")).to_have_count(8)
    axe_clean(page)
    phone.shot("euchre-game-over-390")
    first = page.url
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("Rematch")).click()
    assert page.url != first
    expect(page.locator(".pts")).to_have_text(["0", "0"])
    expect(page.locator(".deal")).to_contain_text("Ann")  # the rotation goes on
    expect(page.locator("#save")).to_have_text("Save hand 1")


def test_a_whist_game(phone):
    page = phone.goto("/")
    start(page, game="whist", teams=None)
    expect(page.locator("#tricks_NS legend")).to_have_text("Tricks won by Ann & Cai")
    whist_hand(page, "S", 9, label="Save: Ann & Cai 9 tricks → +3")
    whist_hand(page, "H", 5, label="Save: Ann & Cai 5 tricks → Bo & Dee +2")
    page.locator("#trump input[value='C']").click()
    page.locator("#tricks_NS input[value='10']").click()
    expect(page.locator("#rest")).to_have_text("Bo & Dee took 3.")
    save(page, "Save: Ann & Cai 10 tricks → +4 · game!")
    expect(page.locator(".board")).to_contain_text("Ann & Cai won 7–2")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("whist-game-over-390", full_page=True)


def test_undo_and_correct_an_earlier_hand(phone):
    page = phone.goto("/")
    start(page)
    euchre_hand(page, "E", 3)
    euchre_hand(page, "N", 3)
    expect(page.locator(".pts")).to_have_text(["1", "1"])
    with page.expect_navigation():
        page.get_by_role("button", name="Undo hand 2 (Ann, made)").click()
    expect(page.locator(".flash")).to_contain_text("Hand 2 undone")
    expect(page.locator(".pts")).to_have_text(["0", "1"])
    expect(page.locator("#save")).to_have_text("Save hand 2")
    euchre_hand(page, "W", 4)
    with page.expect_navigation():
        page.locator("a[href='?fix=1']").click()
    expect(page.locator("#caller-1")).to_be_checked()
    no_horizontal_scroll(page)
    axe_clean(page)
    page.locator("#makers_tricks input[value='1']").click()
    expect(page.locator("#save")).to_have_text("Save correction: Visitors euchred → Home +2")
    with page.expect_navigation():
        page.locator("#save").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected")
    expect(page.locator(".pts")).to_have_text(["2", "1"])  # re-scored: euchred, then EW +1
    page.locator("summary", has_text="Corrections").click()
    expect(page.locator(".fixes")).to_contain_text("hand 1 corrected (was: Bo 3 tricks)")
    expect(page.locator(".fixes")).to_contain_text("hand 2 undone")


def test_a_viewer_sees_new_hands_without_reloading(phone, make_phone):
    page = phone.goto("/")
    start(page)
    page.locator("summary", has_text="Share").click()
    view_link = page.locator("#view-link").input_value()
    assert "key=" not in view_link and "key=" not in page.url
    viewer = make_phone().page
    viewer.goto(view_link)
    expect(viewer.locator("#entry")).to_have_count(0)
    viewer.evaluate("window.stillHere = true")
    axe_clean(viewer)
    euchre_hand(page, "W", 5)
    expect(viewer.locator(".pts").last).to_have_text("2", timeout=5000)
    expect(viewer.locator("tbody tr")).to_have_count(1)
    assert viewer.evaluate("window.stillHere === true")  # updated in place, not reloaded
    status = viewer.evaluate(
        "fetch(location.pathname + '/hands', {method: 'POST'}).then(r => r.status)")
    assert status in (400, 403)


def test_a_second_scorer_phone_that_is_late_is_told(phone, make_phone):
    page = phone.goto("/")
    start(page)
    page.locator("summary", has_text="Share").click()
    edit_link = page.locator("#edit-link").input_value()
    other = make_phone().page
    other.goto(edit_link)
    assert "key=" not in other.url
    other.locator("#caller label", has_text="Cai").click()  # busy: the page leaves the form be
    euchre_hand(page, "E", 3)
    other.locator("#makers_tricks input[value='4']").click()
    other.locator("#save").click()
    queue = other.locator("#queue")
    expect(queue).to_contain_text("Hand 1 was just recorded by another phone")
    expect(queue.locator(".theirs")).to_contain_text("hand 1: Bo 3 tricks")  # side by side
    expect(queue.locator(".yours")).to_contain_text("hand 1: Cai · 4")
    expect(other.locator("tbody tr")).to_have_count(1)
    expect(other.locator(".pts")).to_have_text(["0", "1"])  # the stored score: nothing ahead
    expect(other.locator(".deal")).not_to_contain_text("pending")
    queue.get_by_role("button", name="Drop it").click()
    expect(queue).to_be_hidden()
    expect(other.locator("#save")).to_have_text("Save hand 2")
    expect(other.locator(".pending-row")).to_have_count(0)


def test_recording_a_hand_by_keyboard_only(phone):
    page = phone.goto("/")
    start(page)

    def tab_to(name: str, limit: int = 40):
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.name") == name:
                return
        raise AssertionError(f"Tab never reached {name}")

    tab_to("caller")
    page.keyboard.press("ArrowRight")  # N -> E: arrows move within the radio group
    expect(page.locator("#caller-1")).to_be_checked()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "alone"
    page.keyboard.press("Space")
    expect(page.locator("#alone")).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # the first trick button: 0
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#makers_tricks-4")).to_be_checked()
    expect(page.locator("#save")).to_have_text("Save: Bo alone → Visitors +1")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "passed"  # all passed: one tap
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"  # "More", closed
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "rec-open"  # "Record the cards"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "save"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # visible focus
    saved(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator(".pts")).to_have_text(["0", "1"])


def test_phone_layout_without_horizontal_scroll(phone):
    page = phone.goto("/")
    no_horizontal_scroll(page)
    phone.shot("home-390", full_page=True)
    start(page, teams=("The Long-Named Home Team", "Visitors From Far Away"))
    for caller, tricks in [("E", 3), ("N", 5), ("W", 0), ("S", 4)]:
        euchre_hand(page, caller, tricks)
    page.locator("summary", has_text="More").click()
    page.locator("summary", has_text="Share").click()
    no_horizontal_scroll(page)
    axe_clean(page)
    page.goto(phone.base_url + "/")
    expect(page.locator(".recent")).to_contain_text("The Long-Named Home Team")
    page.locator("summary", has_text="All rules").click()
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("home-recent-rules-390", full_page=True)


def test_screenshots_tablet_scoreboard_and_dark_mode(make_phone):
    tablet = make_phone(viewport=TABLET)
    page = tablet.goto("/")
    start(page)
    euchre_hand(page, "E", 3)
    euchre_hand(page, "S", 5)
    tablet.shot("tablet-landscape-scoreboard")
    big = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.pts')).fontSize)")
    assert big >= 200
    viewer = make_phone(viewport={"width": 844, "height": 390}).page  # a phone propped up
    viewer.goto(page.url)
    viewer.screenshot(path=str(ARTIFACTS / "phone-landscape-viewer.png"))
    viewer.set_viewport_size({"width": 390, "height": 844})
    viewer.screenshot(path=str(ARTIFACTS / "viewer-390.png"), full_page=True)
    dark = make_phone(color_scheme="dark")
    page = dark.goto("/")
    start(page)
    euchre_hand(page, "W", 2)
    page.locator("#caller label", has_text="Ann").click()
    axe_clean(page)
    dark.shot("euchre-match-390-dark")


def test_works_without_javascript(make_phone):
    plain = make_phone(java_script_enabled=False)
    page = plain.goto("/")
    start(page)
    expect(page.locator("#wake")).to_be_hidden()  # nothing to keep the screen on with
    page.locator("#caller label", has_text="Cai").click()
    page.locator("#makers_tricks input[value='2']").click()
    page.locator("summary", has_text="More").click()
    page.locator("#round input[value='2']").click()
    page.select_option("#turn_up", "9H")
    page.locator("#trump input[value='H']").click()
    with page.expect_navigation():
        page.locator("#save").click()  # "Save hand 1": no preview without a script
    expect(page.locator("#trump-err")).to_contain_text("Round 2 can't name hearts")
    expect(page.locator("#caller-2")).to_be_checked()  # what was tapped is kept
    page.locator("#trump input[value='S']").click()
    with page.expect_navigation():
        page.locator("#save").click()
    expect(page.locator(".pts")).to_have_text(["0", "2"])  # euchred: EW +2
    plain.shot("no-js-after-save-390")


def test_whist_entry_and_edit_screens(phone):
    page = phone.goto("/")
    start(page, game="whist", teams=("Us", "Them"), preset="Long whist")
    # Long whist is played with honours (issue 35): the deal asks them too; 2 each score none.
    page.locator("#honours_NS input[value='2']").click()
    whist_hand(page, "D", 8)
    page.locator("#trump input[value='H']").click()
    page.locator("#tricks_NS input[value='4']").click()
    page.locator("#honours_NS input[value='2']").click()
    expect(page.locator("#save")).to_have_text("Save: Us 4 tricks → Them +3")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("whist-entry-390")
    with page.expect_navigation():
        page.locator("a[href='?fix=1']").click()
    expect(page.locator("#tricks_NS-8")).to_be_checked()
    phone.shot("whist-edit-390", full_page=True)


def test_eight_viewers_polling_all_see_the_hand(phone, make_phone):
    page = phone.goto("/")
    url = start(page)
    viewers = [make_phone() for _ in range(8)]
    for v in viewers:
        v.page.goto(url)  # the view link: no key in this context
    euchre_hand(page, "N", 4)
    for v in viewers:
        expect(v.page.locator(".pts").first).to_have_text("1", timeout=5000)
    assert page.request.get(url).status == 200  # the server still answers


def test_the_language_switcher_keeps_the_page(phone):
    page = phone.goto("/")
    url = start(page)
    euchre_hand(page, "E", 5)
    with page.expect_navigation():
        page.get_by_role("link", name="繁體中文").click()
    assert page.url == url
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    page.locator("#caller label", has_text="Cai").click()
    page.locator("#makers_tricks input[value='1']").click()
    expect(page.locator("#save")).not_to_have_text(re.compile("Save"))
    no_horizontal_scroll(page)
    axe_clean(page)
    scoreboard_intact(page)
    phone.shot("euchre-match-390-zh-Hant", full_page=True)


def test_long_names_still_fit_a_phone(phone, matches):
    seats = {"N": "Annabelle", "E": "Bartholomew", "S": "Caitlin", "W": "Desmond"}
    hands = [{"caller": "NESW"[i % 4], "makers_tricks": (3, 1, 4, 5, 2)[i % 5],
              "trump": "SHDC"[i % 4], "alone": i % 7 == 0} for i in range(12)]
    hands[3]["note"] = "Bartholomew misdealt, redealt by the same dealer"
    match_id, key = matches.create({
        "format": "scorekeeper-match/1", "game": "euchre", "seats": seats, "hands": hands,
        "teams": {"NS": "The Home Team of the Club", "EW": "The Visitors From Far Away"},
        "rules": {"target": 99}})
    page = phone.goto(f"/m/{match_id}?key={key}")
    assert page.url.endswith(f"/m/{match_id}")
    no_horizontal_scroll(page)
    expect(page.locator("#caller")).to_have_class(re.compile("two"))  # 2 by 2 for long names
    axe_clean(page)
    phone.shot("long-names-390", full_page=True)


def test_tap_targets_are_big_enough(phone):
    page = phone.goto("/")
    page.locator("summary", has_text="All rules").click()
    assert small_targets(page) == []
    start(page)
    euchre_hand(page, "E", 3)
    page.locator("summary", has_text="More").click()
    page.locator("summary", has_text="Share").click()
    assert small_targets(page) == []
    page.goto(phone.base_url + "/")
    start(page, game="whist", teams=None)
    whist_hand(page, "S", 9)
    page.locator("summary", has_text="More").click()
    assert small_targets(page) == []  # the 0-13 trick pad included


def test_the_first_dealer_buttons_show_the_names(phone):
    page = phone.goto("/")
    page.fill("#E", "Bo")
    expect(page.locator("#first_dealer label").nth(1)).to_have_text("BoEast")
    page.locator("#first_dealer label", has_text="Bo").click()
    start(page)
    expect(page.locator(".deal")).to_contain_text("Bo")
