"""Bridge's offline queue in Chromium at 390x844 and 360x640 (issue 38's leftovers): a deal
saved while the phone is offline waits in the history's own words ("E 1NT made", "passed
out"), not as the buttons tapped; another phone records deal 1 meanwhile, and the choice says
deal, both deals in the same words. What is stored is read from the SQLite file."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support.browser import axe_clean, no_horizontal_scroll, saved

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}


def start_bridge(page) -> str:
    for seat, name in SEATS.items():
        page.fill(f"#{seat}", name)
    page.locator("#game label", has_text="Bridge").click()
    page.locator("#preset_bridge label", has_text="Rubber bridge").click()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    return page.url


def tap(page, contract: str, declarer: str, result: str, doubled: str = "") -> None:
    page.locator(f"#contract input[value='{contract}']").check()
    if doubled:
        page.locator(f"#doubled input[value='{doubled}']").check()
    page.locator("#declarer label", has_text=SEATS[declarer]).click()
    page.locator(f"#result input[value='{result}']").check()


def scorer_link(page) -> str:
    page.locator("summary", has_text="Share").click()
    link = page.locator("#edit-link").input_value()
    page.locator("summary", has_text="Share").click()
    return link


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_queued_deal_is_said_as_the_history_says_it(make_phone, matches, size) -> None:
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    url = start_bridge(page)
    other = make_phone(viewport=size).page
    other.goto(scorer_link(page))

    phone.context.set_offline(True)
    tap(page, "1NT", "E", "0")
    page.locator("#save").click()
    rows = page.locator(".pending-row")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("#1 E 1NT made")
    tap(page, "4H", "S", "-2", doubled="X")
    page.locator("#save").click()
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("#2 S 4♥X −2")
    page.locator("#all-passed").click()
    expect(rows).to_have_count(3)
    expect(rows.nth(2)).to_contain_text("#3 passed out")
    no_horizontal_scroll(page)
    phone.shot(f"bridge-queue-{size['width']}", full_page=True)

    tap(other, "4H", "S", "1", doubled="X")  # the other phone records deal 1 meanwhile
    saved(other, other.locator("#save").click)
    phone.context.set_offline(False)
    queue = page.locator("#queue")
    expect(queue).to_contain_text("Deal 1 was just recorded by another phone.", timeout=10_000)
    expect(queue.locator(".theirs")).to_contain_text("deal 1: S 4♥X made +1")
    expect(queue.locator(".yours h3")).to_have_text("This phone’s deal (not stored)")
    expect(queue.locator(".yours")).to_contain_text("deal 1: E 1NT made")
    expect(page.locator(".pending-row")).to_have_count(3)  # nothing thrown away
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"bridge-queue-conflict-{size['width']}", full_page=True)
    queue.get_by_role("button", name="Record it as deal 2").click()
    expect(page.locator(".pending-row")).to_have_count(0, timeout=10_000)
    mid = url.rsplit("/", 1)[1]
    assert [h.get("contract", "passed") for h in matches.load(mid).match.hand_objects] == [
        "4HX", "1NT", "4HX", "passed"]


ONE_DEAL = ('[Dealer "E"]\n[Vulnerable "None"]\n'
            '[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]\n'
            '[Declarer "W"]\n[Contract "2H"]\n[Result "9"]\n')


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_pbn_file_without_players_asks_who_played(make_phone, tmp_path, size) -> None:
    path = tmp_path / "club.pbn"
    path.write_text('[West "Dee"]\n' + ONE_DEAL)
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    page.locator("summary", has_text="Import a match file").click()
    page.set_input_files("#file", str(path))
    page.get_by_role("button", name="Import").click()
    expect(page.locator("h1")).to_have_text("Who played?")
    expect(page.locator("#import-names input[type=text]")).to_have_count(3)  # W is named
    page.fill("#N", "Ann")
    page.fill("#E", "Bo")
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#S-err")).to_have_text("Write this player's name.")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"pbn-who-played-{size['width']}", full_page=True)
    page.fill("#S", "Cai")
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+$"))
    expect(page.locator("body")).to_contain_text("Ann & Cai")
