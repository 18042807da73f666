"""The table's rough edges (issue 24) at a phone's visible height and on a small phone: after a
Save the score, the dealer and the next question are in view with no scrolling by the test and
Save within a thumb's reach; messages that end; Undo taken back; the board offline."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, start
from support.helpers import SEATS as NAMES

# an iPhone 13's page with Safari's bars (844 - 180), and a small Android phone
SIZES = [pytest.param({"width": 390, "height": 664}, id="390x664"),
         pytest.param({"width": 360, "height": 640}, id="360x640")]
FULL = [pytest.param({"width": 390, "height": 844}, id="390x844"),
        pytest.param({"width": 360, "height": 640}, id="360x640")]


def in_view(page, selector: str) -> None:
    """``selector``'s box lies inside the viewport (the page not scrolled by the test)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (selector, box)


def tap_saved(page, caller: str, tricks: int) -> None:
    """Tap a Euchre hand and Save, waiting for the match's next version in place."""
    live = page.locator("#live")
    before = live.get_attribute("data-version")
    page.locator("#caller label", has_text=NAMES[caller]).click()
    page.locator(f"#makers_tricks input[value='{tricks}']").click()
    expect(page.locator("#save")).to_contain_text("Save:")
    page.locator("#save").click()
    expect(live).not_to_have_attribute("data-version", before)


@pytest.mark.parametrize("size", SIZES)
def test_after_a_save_the_score_dealer_question_and_save_are_in_view(make_phone, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    start(page)
    in_view(page, "#save")
    for caller, tricks in (("E", 3), ("S", 5), ("W", 4)):
        tap_saved(page, caller, tricks)
    expect(page.locator(".deal")).to_contain_text(NAMES["W"])  # hand 4: N, E, S dealt, then W
    for part in (".pts", ".dealer", "#caller", "#save"):
        in_view(page, part)
    focused = page.evaluate("document.activeElement.name")
    assert focused == "caller", focused
    axe_clean(page)
    phone.shot(f"edges-after-save-{size['width']}x{size['height']}")


@pytest.mark.parametrize("size", FULL)
def test_an_undo_message_ends_with_the_next_save_and_undo_is_taken_back(make_phone, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    start(page)
    tap_saved(page, "E", 3)
    tap_saved(page, "S", 5)
    with page.expect_navigation():
        page.get_by_role("button", name="Undo hand 2 (Cai, march)").click()
    note = page.locator("#undo-note")  # the message holds the one way back, beside the words
    expect(note).to_contain_text("Hand 2 undone (Cai")
    expect(page.locator(".flash")).to_have_count(1)
    redo = note.get_by_role("button", name="Redo")
    expect(redo).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("Redo"))).to_have_count(1)
    words, button = note.locator("span").first.bounding_box(), redo.bounding_box()
    assert button["y"] < words["y"] + words["height"], (words, button)  # on the message's line
    in_view(page, "#undo-note button")
    expect(page.locator(".pts")).to_have_text(["0", "1"])
    axe_clean(page)
    phone.shot(f"edges-undone-{size['width']}x{size['height']}")
    with page.expect_navigation():
        redo.click()
    expect(page.locator(".flash")).to_have_text("Hand 2 is back.")
    expect(page.locator(".pts")).to_have_text(["2", "1"])
    expect(page.locator("tbody tr")).to_have_count(2)
    expect(page.locator(".redo")).to_have_count(0)
    expect(page.locator("#undo-note")).to_have_count(0)
    page.go_back()  # the page with the Redo button, sent again: nothing doubles
    page.wait_for_load_state()
    page.reload()
    expect(page.locator("tbody tr")).to_have_count(2)
    expect(page.locator(".pts")).to_have_text(["2", "1"])
    tap_saved(page, "W", 4)
    expect(page.locator(".flash")).to_have_count(0)  # the message went with the next hand
    expect(page.locator(".pts")).to_have_text(["2", "2"])
    phone.shot(f"edges-redone-{size['width']}x{size['height']}")


def test_a_redo_sent_twice_by_two_phones_puts_back_one_hand(make_phone, matches):
    scorer = make_phone()
    page = scorer.goto("/")
    start(page)
    tap_saved(page, "E", 3)
    tap_saved(page, "S", 5)
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("Undo hand 2")).click()
    other = scorer.new_page()  # the same scorer's session, a second tab: both see Redo
    other.goto(page.url)
    for p in (page, other):
        with p.expect_navigation():
            p.locator("#undo-note").get_by_role("button", name="Redo").click()
    mid = re.search(r"/m/([\w-]+)", page.url).group(1)
    assert len(matches.load(mid).match.hands) == 2
    expect(other.locator(".pts")).to_have_text(["2", "1"])


@pytest.mark.parametrize("size", FULL)
def test_offline_the_board_counts_the_waiting_hands_as_they_will_be(make_phone, matches, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    start(page)
    tap_saved(page, "E", 3)  # Visitors 1, hand 2 dealt by Bo
    phone.context.set_offline(True)
    for caller, tricks, pending in (("S", 5, 1), ("N", 1, 2)):  # Home march, Home euchred
        page.locator("#caller label", has_text=NAMES[caller]).click()
        page.locator(f"#makers_tricks input[value='{tricks}']").click()
        page.locator("#save").click()
        expect(page.locator(".pending-row")).to_have_count(pending)
    expect(page.locator(".pts")).to_have_text(["2", "3"])
    expect(page.locator(".pts.ahead")).to_have_count(2)  # marked as not sent yet
    expect(page.locator(".deal .dealer")).to_contain_text(NAMES["W"])
    expect(page.locator(".deal .no")).to_contain_text("hand 4")
    expect(page.locator(".deal .no")).to_contain_text("pending")
    for part in (".pts", ".dealer", "#caller", "#save"):
        in_view(page, part)
    axe_clean(page)
    phone.shot(f"edges-offline-board-{size['width']}x{size['height']}")
    phone.context.set_offline(False)
    expect(page.locator(".pending-row")).to_have_count(0, timeout=15_000)
    expect(page.locator(".pts")).to_have_text(["2", "3"])
    expect(page.locator(".pts.ahead")).to_have_count(0)
    expect(page.locator(".deal .dealer")).to_contain_text(NAMES["W"])
    expect(page.locator(".deal .no")).to_have_text("hand 4")
    mid = re.search(r"/m/([\w-]+)", page.url).group(1)
    assert matches.load(mid).state.score == {"NS": 2, "EW": 3}


def play_to_ten(page):
    """Home wins 10–0 in five marches (each Save waits for the next version)."""
    for caller in ("N", "S", "N", "S", "N"):
        tap_saved(page, caller, 5)


@pytest.mark.parametrize("size", FULL)
def test_a_viewer_is_offered_the_rematch_live_and_the_evening_is_counted(make_phone, size):
    scorer = make_phone(viewport=size)
    page = scorer.goto("/")
    start(page)
    page.locator("summary", has_text="Share").click()
    view = page.locator("#view-link").input_value()
    page.locator("summary", has_text="Share").click()
    pdf = page.locator(".links a", has_text="Match PDF")
    assert pdf.get_attribute("href").endswith("/sheet.pdf")
    play_to_ten(page)
    viewer = make_phone(viewport=size).page
    viewer.goto(view)
    expect(viewer.locator(".board")).to_contain_text("Home won 10–0")
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("Rematch")).click()
    follow = viewer.locator("#follow")  # offered in place, with no reload
    expect(follow).to_be_visible(timeout=10_000)
    expect(viewer.locator(".evening")).to_contain_text("Tonight: Home 1 – 0 Visitors")
    axe_clean(viewer)
    with viewer.expect_navigation():
        follow.click()
    assert viewer.url.split("/m/")[1] == page.url.split("/m/")[1]
    expect(viewer.locator(".evening")).to_contain_text("Tonight: Home 1 – 0 Visitors")
    expect(viewer.locator(".evening")).to_contain_text("10–0, 0–0 …")
    tap_saved(page, "E", 3)
    expect(viewer.locator(".evening")).to_contain_text("10–0, 0–1 …", timeout=10_000)
    expect(page.locator(".evening")).to_contain_text("Tonight: Home 1 – 0 Visitors")
    axe_clean(page)
    scorer.shot(f"edges-evening-{size['width']}x{size['height']}")
    page.goto(page.url + "/sheet")  # the score sheet has the evening's line too
    expect(page.locator(".evening")).to_have_text("Tonight: Home 1 – 0 Visitors (10–0, 0–1 …)")
    in_view(page, ".evening")
    axe_clean(page)
    scorer.shot(f"edges-evening-sheet-{size['width']}x{size['height']}")


# the form's controls that the sticky Save covers once scrolled into view, and at the end
HIDDEN_BY_BAR = """() => {
  const bar = document.querySelector('#save'), hidden = [];
  const rows = [...document.querySelectorAll('#entry :is(input, label, select, button, summary)')]
    .filter(e => e !== bar && e.checkVisibility() && e.getBoundingClientRect().height > 0);
  for (const e of rows.concat([rows[rows.length - 1]])) {
    e.scrollIntoView({block: 'nearest'});
    if (e.getBoundingClientRect().bottom > bar.getBoundingClientRect().top + 0.5)
      hidden.push(e.id || e.textContent.trim());
  }
  window.scrollTo(0, document.documentElement.scrollHeight);  // at the end: nothing under it
  const top = bar.getBoundingClientRect().top, low = rows[rows.length - 1];
  if (low.getBoundingClientRect().bottom > top + 0.5) hidden.push('at the end: ' + low.id);
  return hidden;
}"""


@pytest.mark.parametrize("game", ["euchre", "whist"])
@pytest.mark.parametrize("size", SIZES)
def test_the_sticky_save_hides_no_row_of_the_form(make_phone, size, game):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    start(page, game=game)
    assert page.evaluate(HIDDEN_BY_BAR) == []
    page.locator("#entry summary").first.click()  # More: the form's lowest rows
    assert page.evaluate(HIDDEN_BY_BAR) == []
    page.locator("#rec-open").click()  # the card recorder, above Save
    assert page.evaluate(HIDDEN_BY_BAR) == []
    phone.shot(f"edges-save-bar-{game}-{size['width']}x{size['height']}")


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
@pytest.mark.parametrize("size", FULL)
def test_the_correction_page_has_no_axe_violation(make_phone, size, lang):
    options = {"locale": lang, "extra_http_headers": {"Accept-Language": lang}}
    phone = make_phone(viewport=size, **options)
    page = phone.goto("/")
    page.goto(phone.base_url + "/lang/en?next=/")  # the start form's words, for start()
    start(page)
    tap_saved(page, "E", 3)
    tap_saved(page, "S", 5)
    url = page.url
    code = {"en": "en", "zh-TW": "zh_Hant", "zh-CN": "zh_Hans"}[lang]
    page.goto(phone.base_url + f"/lang/{code}?next=/")
    page.goto(url + "/hands/1/edit")
    expect(page.locator("html")).to_have_attribute("lang", code.replace("_", "-"))
    expect(page.locator("#entry")).to_be_visible()
    axe_clean(page)
    page.locator("#entry summary").first.click()  # More open, the recorder open
    page.locator("#rec-open").click()
    axe_clean(page)
    page.locator("#makers_tricks input:checked").evaluate("i => i.checked = false")
    with page.expect_navigation():
        page.locator("#save").click()  # no tricks: the form comes back with its words
    expect(page.locator(".err").first).to_be_visible()
    axe_clean(page)
    phone.shot(f"edges-edit-{lang}-{size['width']}x{size['height']}", full_page=True)


@pytest.mark.parametrize("size", FULL)
def test_all_rules_shows_what_the_chosen_preset_sets(make_phone, matches, size):
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    page.locator("#game label", has_text="Whist").click()
    page.locator("summary", has_text="All rules").click()
    target = page.locator("#whist_target")
    expect(target).to_have_attribute("placeholder", "7")  # American whist, the first preset
    page.locator("#preset_whist label", has_text="Short whist").click()
    expect(target).to_have_attribute("placeholder", "5")
    expect(target).to_have_value("")  # still empty: the preset decides
    page.locator("#preset_whist label", has_text="Long whist").click()
    expect(target).to_have_attribute("placeholder", "10")
    target.scroll_into_view_if_needed()
    axe_clean(page)
    phone.shot(f"edges-presets-{size['width']}x{size['height']}")
    page.locator("#game label", has_text="Euchre").click()
    joker = page.locator("#euchre_joker")
    page.locator("#preset_euchre label", has_text="Joker").click()
    expect(joker).to_be_checked()  # the box says what the preset sets
    expect(page.locator("#euchre_target")).to_have_attribute("placeholder", "10")
    page.locator("#preset_euchre label", has_text="Short game").click()
    expect(joker).not_to_be_checked()
    expect(page.locator("#euchre_target")).to_have_attribute("placeholder", "5")
    start(page, preset="Short game")
    mid = re.search(r"/m/([\w-]+)", page.url).group(1)
    assert matches.load(mid).match.rules == {"target": 5}


def test_redo_offline_is_refused_in_words_and_works_once_back(make_phone, matches):
    """A Redo (or Undo) refused offline is not marked as sent: once back, one tap does it."""
    phone = make_phone()
    page = phone.goto("/")
    start(page)
    tap_saved(page, "E", 3)
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("Undo hand 1")).click()
    phone.context.set_offline(True)
    page.locator("#undo-note").get_by_role("button", name="Redo").click()
    expect(page.locator(".refused")).to_contain_text("You’re offline")
    phone.context.set_offline(False)
    # a function, not an expression: Playwright evals an expression on every poll, which the
    # page's CSP forbids (a function is evaluated once)
    page.wait_for_function("() => window.SK && SK.online", timeout=20_000)  # a poll answered
    with page.expect_navigation():
        page.locator("#undo-note").get_by_role("button", name="Redo").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 is back.")
    mid = re.search(r"/m/([\w-]+)", page.url).group(1)
    assert len(matches.load(mid).match.hands) == 1


@pytest.mark.parametrize("size", FULL)
def test_a_tap_made_while_the_saved_page_is_on_its_way_stays(make_phone, size):
    """A quick thumb starts the next hand before the page after a Save has arrived (a slow
    network): when it arrives, the score follows and the tap is still there, with what Save
    will do. The page's answer is held back by the test until the tap is made."""
    phone = make_phone(viewport=size, service_workers="block")  # the test holds the page
    page = phone.goto("/")
    start(page)
    path = re.search(r"/m/[\w-]+", page.url).group(0)
    held = []

    def this_page(url: str) -> bool:
        return url.endswith(path)

    def hold(route) -> None:
        if route.request.resource_type == "fetch":
            held.append(route)
        else:
            route.continue_()

    page.route(this_page, hold)
    live = page.locator("#live")
    first = live.get_attribute("data-version")
    page.locator("#caller label", has_text=NAMES["E"]).click()
    page.locator("#makers_tricks input[value='3']").click()
    expect(page.locator("#save")).to_contain_text("Save:")
    with page.expect_request(lambda r: r.url.endswith(path) and r.resource_type == "fetch"):
        page.locator("#save").click()
    # the next hand, tapped while the page after the Save is still on its way
    page.locator("#caller label", has_text=NAMES["S"]).click()
    page.locator("#makers_tricks input[value='5']").click()
    assert held  # the page after the Save (and maybe a poll's) is still on its way
    for route in held:
        route.continue_()
    page.unroute(this_page, hold)
    expect(live).not_to_have_attribute("data-version", first)  # the saved hand is shown
    expect(page.locator("tbody tr")).to_have_count(1)
    saved = live.get_attribute("data-version")
    expect(page.locator("#caller input[value='S']")).to_be_checked()
    expect(page.locator("#makers_tricks input[value='5']")).to_be_checked()
    expect(page.locator("#save")).to_contain_text("Save:")
    page.locator("#save").click()
    expect(live).not_to_have_attribute("data-version", saved)
    expect(page.locator("tbody tr")).to_have_count(2)


@pytest.mark.parametrize("size", FULL)
def test_the_board_shows_a_saved_hand_at_once_and_takes_back_a_refused_one(make_phone, size):
    """On a slow network the board counts the hand the moment Save is tapped, marked as on its
    way (the answer is held back by the test); the server's board then replaces it. A hand the
    server refuses is taken back off the board, and the form keeps the scorer's taps."""
    phone = make_phone(viewport=size, service_workers="block")
    page = phone.goto("/")
    start(page)
    held = []

    def hold(route) -> None:
        held.append(route)

    page.route("**/hands", hold)
    page.locator("#caller label", has_text=NAMES["E"]).click()
    page.locator("#makers_tricks input[value='3']").click()
    expect(page.locator("#save")).to_contain_text("Save:")
    with page.expect_request("**/hands"):
        page.locator("#save").click()
    expect(page.locator(".pts")).to_have_text(["0", "1"])  # at once, the answer still held
    expect(page.locator(".pts.ahead")).to_have_count(2)
    expect(page.locator(".deal .no")).to_contain_text("pending")
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/hands", hold)
    expect(page.locator(".pts.ahead")).to_have_count(0)
    expect(page.locator(".pts")).to_have_text(["0", "1"])
    expect(page.locator("tbody tr")).to_have_count(1)

    # refused: makers' tricks without who called (the server says why)
    page.locator("#makers_tricks input[value='4']").click()
    page.locator("#save").click()
    expect(page.locator("#preview")).not_to_be_empty()
    expect(page.locator(".pts.ahead")).to_have_count(0)
    expect(page.locator(".deal.ahead")).to_have_count(0)
    expect(page.locator(".deal .no")).to_have_text("hand 2")
    expect(page.locator("#makers_tricks input[value='4']")).to_be_checked()
    expect(page.locator("tbody tr")).to_have_count(1)


def test_an_empty_save_s_words_stay_when_the_board_is_taken_back(make_phone):
    """An empty Save: the board drew the deal ahead, the server refuses in words, the board is
    taken back by fetching the page again. The form was untouched, so it comes back whole from
    the server with no words: the refusal's words must be said again, not wiped."""
    phone = make_phone(service_workers="block")
    page = phone.goto("/")
    start(page)
    path = urlsplit(page.url).path
    held = []
    page.route(lambda url: urlsplit(url).path == path, lambda route: held.append(route)
               if route.request.method == "GET" else route.continue_())
    page.locator("#save").click()  # nothing tapped
    expect(page.locator("#preview")).to_contain_text("Say who called trump")
    expect(page.locator(".deal.ahead")).to_have_count(1)  # taken back once the page comes
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(".deal.ahead")).to_have_count(0)
    expect(page.locator("#preview")).to_contain_text("Say who called trump")
    expect(page.locator("tbody tr")).to_have_count(0)
