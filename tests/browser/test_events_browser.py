"""Club nights in Chromium at 390x844: the director's page and a table's page (issue 15)."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from support.events_browser import NAMES, api


def record(page, caller, tricks):
    live = page.locator("#live")
    before = live.get_attribute("data-version")
    page.locator("#caller label", has_text=caller).click()
    page.locator(f"#makers_tricks input[value='{tricks}']").click()
    page.locator("#save").click()
    expect(live).not_to_have_attribute("data-version", before)


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_round_from_the_table_and_the_directors_phones(phone, make_phone, base_url):
    event = api(base_url, "/api/events", {
        "name": "Thursday euchre", "game": "euchre", "players": NAMES, "rounds": 2,
        "hands_per_round": 2, "movement": "schedule", "seed": 3})
    director = make_phone()
    page = director.goto(event["director_url"].replace(base_url, ""))
    page.wait_for_url(re.compile(r"/events/[\w-]+$"))
    expect(page.locator("#round-status")).to_contain_text("Round 1")
    expect(page.locator("#round-status")).to_contain_text("0 of 2 hands")
    expect(page.locator("#next-round")).to_contain_text("Waiting for tables 1, 2 to finish.")
    no_sideways_scroll(page)
    director.shot("event-director-round1", full_page=True)

    table1 = event["rounds"][0]["tables"][0]
    table = phone.goto(table1["table_url"])
    table.wait_for_url(re.compile(r"/m/[\w-]+$"))
    banner = table.locator("#event-banner")
    expect(banner).to_contain_text("Round 1 of 2 · Table 1")
    for seat, word in (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")):
        expect(banner).to_contain_text(f"{word} {table1['seats'][seat]}")
    phone.shot("event-table-round1")
    record(table, table1["seats"]["N"], 3)
    record(table, table1["seats"]["E"], 5)
    expect(banner).to_contain_text("Round over.")
    nxt = {t["table"]: t["seats"] for t in event["rounds"][1]["tables"]}
    for seat in "NESW":
        name = table1["seats"][seat]
        goes = next((t, s) for t, seats in nxt.items() for s, n in seats.items() if n == name)
        word = {"N": "North", "E": "East", "S": "South", "W": "West"}[goes[1]]
        expect(banner).to_contain_text(f"{name}: go to table {goes[0]}, {word}")
    no_sideways_scroll(table)
    phone.shot("event-table-round-over", full_page=True)

    table2 = event["rounds"][0]["tables"][1]
    for no in (1, 2):
        api(base_url, f"/api/matches/{table2['match']}/hands",
            {"no": no, "caller": "W", "makers_tricks": 1}, key=table2["edit_key"])
    page.reload()
    start = page.get_by_role("button", name="Start round 2")
    expect(start).to_be_visible()
    start.click()
    expect(page.locator(".flash")).to_contain_text("Round 2 has started.")
    expect(page.locator("#round-status")).to_contain_text("Round 2")
    standings = page.locator("#standings")
    expect(standings).to_contain_text(table2["seats"]["N"])
    director.shot("event-director-round2", full_page=True)

    table.get_by_role("link", name="Next round at this table").click()
    table.wait_for_url(re.compile(r"/m/[\w-]+$"))
    expect(table.locator("#event-banner")).to_contain_text("Round 2 of 2 · Table 1")
    expect(table.locator("#save")).to_be_visible()  # the table's key scores every round
    expect(table.locator("#event-banner")).to_contain_text(nxt[1]["N"])


def test_the_directors_page_in_chinese(make_phone, base_url):
    event = api(base_url, "/api/events", {
        "name": "週四牌會", "game": "euchre", "players": [*NAMES, "Ida", "Jo"], "rounds": 3,
        "hands_per_round": 8, "movement": "progressive", "seed": 1})
    director = make_phone(locale="zh-TW", extra_http_headers={"Accept-Language": "zh-TW"})
    page = director.goto(event["director_url"].replace(base_url, ""))
    expect(page.locator("#round-status")).to_contain_text("第1輪")
    expect(page.locator("#round-status")).to_contain_text("輪空")
    expect(page.locator("#next-round")).to_contain_text("本輪所有桌打完後會顯示座位。")
    no_sideways_scroll(page)
    director.shot("event-director-zh-hant", full_page=True)


def seats_of(page):
    """The next round's tables as the director's page lists them."""
    return page.locator("#next-round .ev-next li").all_inner_texts()


def test_the_director_adds_a_late_arrival_and_the_next_round_changes(make_phone, base_url):
    event = api(base_url, "/api/events", {
        "name": "Late night", "game": "euchre", "players": NAMES, "rounds": 3,
        "hands_per_round": 2, "movement": "schedule", "seed": 8, "minutes_per_round": 25})
    director = make_phone()
    page = director.goto(event["director_url"].replace(base_url, ""))
    page.wait_for_url(re.compile(r"/events/[\w-]+$"))
    clock = page.locator("#round-status .ev-clock")
    expect(clock).to_have_text(re.compile(r"^(2[45]|25):\d\d left$"))  # the countdown runs
    before = seats_of(page)
    assert not any("Lou" in line for line in before)
    page.locator("#late-name").fill("Late Lou")
    page.get_by_role("button", name="Add player").click()
    expect(page.locator(".flash")).to_contain_text("Late Lou joins from round 2.")
    after = seats_of(page)
    assert after != before and any("Late Lou" in line for line in after)
    expect(page.locator("#next-round")).to_contain_text("Sitting out:")
    assert "Late Lou" not in page.locator("#next-round .hint").first.inner_text()
    expect(page.locator("#round-status")).not_to_contain_text("Late Lou")  # round 1 stays
    no_sideways_scroll(page)
    director.shot("event-director-late-arrival", full_page=True)

    # the same name again: a clear message, nothing stored
    page.locator("#late-name").fill("late lou")
    page.get_by_role("button", name="Add player").click()
    expect(page.locator(".flash")).to_contain_text("Two players are called “late lou”")
    assert seats_of(page) == after

    # move a player in the next round: the late arrival changes places with the sitter
    page.locator("#move-player summary").click()
    first = page.locator("#move-player select[name=first]")
    second = page.locator("#move-player select[name=second]")
    first.select_option(label=next(o for o in first.locator("option").all_inner_texts()
                                   if o.startswith("Late Lou")))
    second.select_option(label=next(o for o in second.locator("option").all_inner_texts()
                                    if "Sits out" in o))
    director.shot("event-director-move", full_page=True)
    page.get_by_role("button", name="Move", exact=True).click()
    expect(page.locator(".flash")).to_contain_text("Round 2: the two players changed places.")
    expect(page.locator("#next-round .hint").first).to_contain_text("Late Lou")

    # the table's page counts down too; at 0 it says to finish the hand
    table = make_phone()
    tpage = table.goto(event["rounds"][0]["tables"][0]["table_url"].replace(base_url, ""))
    tpage.wait_for_url(re.compile(r"/m/[\w-]+$"))
    tclock = tpage.locator("#event-banner .ev-clock")
    expect(tclock).to_have_text(re.compile(r"^2[45]:\d\d left$"))
    table.shot("event-table-countdown")
    tpage.evaluate("document.querySelector('.ev-clock').setAttribute('data-ends',"
                   " new Date(Date.now() - 1000).toISOString())")
    expect(tclock).to_have_text("Finish this hand.")

    # end round 1 early: the next round can start
    page.get_by_role("link", name="End round 1 now…").click()
    expect(page.locator("#end-ask")).to_contain_text("These tables are still playing:")
    page.get_by_role("button", name="Yes, end round 1 now").click()
    expect(page.locator(".flash")).to_contain_text("Round 1 ended")
    expect(page.get_by_role("button", name="Start round 2")).to_be_visible()
    no_sideways_scroll(page)
    director.shot("event-director-ended", full_page=True)
