"""The match page says what happened in the names the board uses: every side's points, the end
of a game, a rubber and the match; long names; stale errors; how selected buttons look."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll, saved, small_targets, start
from support.helpers import whist_match


def tap_whist(page, trump: str, tricks_ns: int, honours: int | None = None) -> None:
    page.locator(f"#trump input[value='{trump}']").click()
    page.locator(f"#tricks_NS input[value='{tricks_ns}']").click()
    if honours is not None:
        page.locator(f"#honours_NS input[value='{honours}']").click()


def save_saying(page, label: str) -> None:
    expect(page.locator("#save")).to_have_text(label)
    saved(page, page.locator("#save").click)


def test_a_whist_deal_where_both_sides_score_says_so_and_ends_the_game(phone, matches):
    # Short whist with honours, 3-0, hearts, NS 5 tricks, honours 4: EW +2 for tricks, NS +4
    # for honours, and game 1 is over (7-2, worth 2).
    match_id, key = matches.create(whist_match(
        rules={"target": 5, "honours": True, "rubber": True},
        hands=[{"trump": "S", "tricks_NS": 9, "honours_NS": 2}]))
    page = phone.goto(f"/m/{match_id}?key={key}")
    expect(page.locator(".pts")).to_have_text(["3", "0"])
    tap_whist(page, "H", 5, 4)
    save_saying(page, "Save: Ann & Cai 5 tricks → +4, Bo & Dee +2"
                      " · game 1 to Ann & Cai, worth 2")
    expect(page.locator(".news")).to_have_text(
        "Game 1 to Ann & Cai, 7–2, worth 2. Game 2 starts at 0–0.")
    expect(page.locator(".pts")).to_have_text(["0", "0"])
    rows = page.locator("#history tbody tr")
    expect(rows.nth(0)).to_have_text("Game 1 to Ann & Cai, 7–2, worth 2")
    expect(rows.nth(1)).to_contain_text("+4 Ann & Cai")
    expect(rows.nth(1)).to_contain_text("+2 Bo & Dee")
    expect(rows.nth(1)).to_contain_text("7–2")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("whist-rubber-game-break-390", full_page=True)
    tap_whist(page, "C", 12, 2)
    save_saying(page, "Save: Ann & Cai 12 tricks → +6"
                      " · rubber to Ann & Cai, 7 points")
    expect(page.locator(".board .result")).to_have_text(
        "🏆 Ann & Cai won the rubber 2–0, 7 points")
    expect(page.locator("#history tbody tr.game-end")).to_have_count(2)
    phone.shot("whist-rubber-over-390", full_page=True)


def test_the_labels_use_names_in_chinese_too(phone, matches):
    match_id, key = matches.create(whist_match(rules={"honours": True}))
    page = phone.goto(f"/m/{match_id}?key={key}")
    with page.expect_navigation():
        page.get_by_role("link", name="繁體中文").click()
    tap_whist(page, "H", 5, 4)
    expect(page.locator("#save")).to_contain_text("Ann & Cai")
    expect(page.locator("#save")).to_contain_text("Bo & Dee")
    assert not re.search(r"\b(NS|EW)\b", page.locator("#save").inner_text())
    assert "，" in page.locator("#save").inner_text()  # a Chinese comma between the sides
    page.locator("summary").filter(has_text=re.compile("更多")).click()
    options = page.locator("#revoke_by option").all_inner_texts()
    assert options[1:] == ["Ann & Cai", "Bo & Dee"], options
    saved(page, page.locator("#save").click)
    assert not re.search(r"\b(NS|EW)\b", page.locator("#history").inner_text())


def test_long_names_are_refused_with_a_reason_and_fit_the_phone(phone):
    page = phone.goto("/")
    page.fill("#N", "A" * 200)  # pasted: no maxlength cuts it silently
    assert len(page.input_value("#N")) == 200
    for seat, name in {"E": "Bo", "S": "Cai", "W": "Dee"}.items():
        page.fill(f"#{seat}", name)
    page.get_by_role("button", name="Start match").click()
    expect(page.locator("#N-err")).to_have_text("Names are limited to 40 characters.")
    unbroken = "Wolfeschlegelsteinhausenbergerdorffvoral"  # 40 letters, no space
    assert len(unbroken) == 40
    page.fill("#N", unbroken)
    page.fill("#team_NS", "The Old Crown Tuesday Night Card Club")
    page.fill("#team_EW", "Us")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    page.locator("#caller label").first.click()
    page.locator("#makers_tricks input[value='3']").click()
    saved(page, page.locator("#save").click)
    no_horizontal_scroll(page)
    tops = page.evaluate("[...document.querySelectorAll('.pts')]"
                         ".map(e => Math.round(e.getBoundingClientRect().top))")
    assert tops[0] == tops[1], tops  # one team name wraps, the scores stay level
    phone.shot("long-unbroken-name-390", full_page=True)
    assert small_targets(page) == []


def test_a_stale_error_goes_when_the_hand_is_filled_in(phone):
    page = phone.goto("/")
    start(page)
    page.locator("#makers_tricks input[value='3']").click()  # no caller yet
    page.locator("#save").click()  # sent by the script: refused, the reason under the form
    expect(page.locator("#preview")).not_to_have_text("")
    page.locator("#caller label", has_text="Bo").click()
    expect(page.locator("#save")).to_have_text("Save: Visitors +1")
    expect(page.locator("#entry .err")).to_have_count(0)
    expect(page.locator("#preview")).to_have_text("")


def test_selected_buttons_look_alike_and_all_pass_is_one_tap(phone):
    page = phone.goto("/")
    start(page)
    expect(page.locator("label[for=passed]")).to_be_visible()  # not under More
    page.locator("#caller label", has_text="Bo").click()
    page.locator("summary", has_text="More").click()
    page.locator("#trump label").nth(1).click()
    looks = page.evaluate("""() => ['#caller', '#trump'].map(id => {
        const s = getComputedStyle(document.querySelector(id + ' input:checked + span'));
        return [s.backgroundColor, s.borderTopWidth];
    })""")
    assert looks[0] == looks[1], looks
