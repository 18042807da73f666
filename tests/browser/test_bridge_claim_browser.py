"""Bridge card by card with a claim, in Chromium at 390x844 and 360x640: whole tricks tapped,
then "the rest are ours": declarer's side takes so many of those left; the tricks follow, the
Save label says so, Undo takes the claim back first, and what is stored is the engine's to
check. A revoke the record proves is found and refused in words (correct the cards), with no
step to score it."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from support.bridgeplay import random_play
from support.browser import axe_clean, no_horizontal_scroll, play_cards, saved

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]
SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def recorder(phone, contract: str = "2S", declarer: str = "Bo"):
    page = phone.goto("/")
    made = page.request.post(phone.base_url + "/api/matches", data={
        "format": "scorekeeper-match/1", "game": "bridge", "seats": SEATS}).json()
    page = phone.goto(f"/m/{made['id']}?key={made['edit_key']}")
    page.locator(f"#contract input[value='{contract}']").check()
    page.locator("#declarer label", has_text=declarer).click()
    page.locator("#rec-open").click()
    expect(page.locator("#rec-grid button")).to_have_count(52)
    return page, made


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_deal_card_by_card_with_a_claim(make_phone, size) -> None:
    rec = random_play(random.Random(size["width"]), "S", "E", stop_after=9)
    phone = make_phone(viewport=size)
    page, made = recorder(phone)
    claim = page.locator("#rec-claim")
    expect(claim).to_be_hidden()  # nothing to claim before a whole trick
    for i, trick in enumerate(rec["play"]):
        play_cards(page, trick[:2])
        expect(claim).to_be_hidden()  # not in the middle of a trick
        play_cards(page, trick[2:])
        expect(claim).to_be_visible()
        expect(page.locator("#rec-claim-n button")).to_have_count(13 - i)  # 0 … tricks left
    expect(page.locator("#rec-claim-q")).to_have_text(
        "A claim: of the 4 tricks left, Bo & Dee take")
    k = rec["claim"]
    button = page.locator(f"#rec-claim-n button[data-k='{k}']")
    button.click()
    expect(page.locator("#rec-turn")).to_have_text(
        f"Claimed: Bo & Dee take {k} more of the 4 left.")
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"#tricks input[value='{rec['tricks']}']")).to_be_checked()
    expect(page.locator("#rec-grid button:not([disabled])")).to_have_count(0)  # the play is over
    over = rec["tricks"] - 8
    words = "made" if over == 0 else f"made +{over}" if over > 0 else f"−{-over}"
    expect(page.locator("#save")).to_contain_text(f"Save: E 2♠ {words}")
    no_horizontal_scroll(page)
    axe_clean(page)
    page.locator("#rec-claim").scroll_into_view_if_needed()
    phone.shot(f"bridge-claim-{size['width']}")
    # Undo takes the claim back before any card; then the claim again
    page.locator("#rec-undo").click()
    leader = rec["winners"][-1]
    expect(page.locator("#rec-turn")).to_have_text(
        f"{SEATS[leader]} ({SEAT_NAMES[leader]}) to lead trick 10")
    expect(page.locator("#tricks input:checked")).to_have_count(0)
    button.click()
    saved(page, page.locator("#save").click)
    hands = page.request.get(phone.base_url + f"/m/{made['id']}.json").json()["hands"]
    assert hands[0]["claim"] == k and len(hands[0]["play"]) == 9
    state = page.request.get(phone.base_url + f"/api/matches/{made['id']}").json()["state"]
    assert state["hands"][0]["tricks"]["EW"] == rec["tricks"]


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_revoke_is_found_and_refused(make_phone, size) -> None:
    phone = make_phone(viewport=size)
    page, _made = recorder(phone)
    # N shows out of spades in trick 1, and plays a spade in trick 2
    play_cards(page, ["2S", "3S", "2H", "4S", "5S", "6S", "7S", "8S"])
    box = page.locator("#rec-renege")
    expect(box).to_be_visible()
    expect(page.locator("#rec-renege-text")).to_have_text(
        "Ann showed out of ♠ in trick 1 and played 8♠ in trick 2. "
        "A record with a revoke can’t be saved: correct the cards.")
    expect(page.locator("#rec-score")).to_be_hidden()  # no penalty to score: Bridge refuses it
    expect(page.locator("#rec-claim")).to_be_hidden()
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"bridge-revoke-{size['width']}")
    page.locator("#rec-fix").click()  # the last card undone
    expect(box).to_be_hidden()
    # with N's cards known, a card that does not follow is refused, with no "it was played"
    page.locator("#rec-undo").click()
    page.locator("#rec-undo").click()
    page.locator("#rec-undo").click()  # back to the end of trick 1
    page.locator("#rec-hold-mode").click()
    page.locator("#rec-seats button", has_text="Ann").click()
    for c in ["8S", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H"]:
        page.locator(f"#rec-grid button[data-card='{c}']").click()
    page.locator("#rec-play-mode").click()
    play_cards(page, ["5S", "6S", "7S", "4H"])
    expect(page.locator("#rec-msg")).to_have_text("Ann must follow suit: Ann holds 8♠.")
    expect(page.locator("#rec-anyway")).to_be_hidden()


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_the_hand_page_of_a_claimed_deal(make_phone, size) -> None:
    rec = random_play(random.Random(7), "S", "E", stop_after=8)
    phone = make_phone(viewport=size)
    page = phone.goto("/")
    made = page.request.post(phone.base_url + "/api/matches", data={
        "format": "scorekeeper-match/1", "game": "bridge", "seats": SEATS,
        "hands": [{"contract": "2S", "declarer": "E", "deal": rec["deal"], "play": rec["play"],
                   "claim": rec["claim"]}]}).json()
    page = phone.goto(f"/m/{made['id']}/hands/1")
    facts = page.locator(".facts")
    expect(facts).to_contain_text("dummy Dee (W)")
    expect(page.locator(".facts .claim")).to_have_text(
        f"a claim after 8 tricks: Bo & Dee took {rec['claim']} of the 5 left")
    expect(page.locator(".trick-table tbody tr")).to_have_count(8)
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot(f"bridge-hand-claim-{size['width']}", full_page=True)
