"""The offline queue for Five Hundred and Spades, Chromium at 390x844: two hands saved while
the phone is offline show as pending, back online they arrive exactly once and in order (the
SQLite file and the API say so), and the board shows the server's score."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from support.browser import axe_clean, match_id, no_horizontal_scroll, save
from support.five_hundred_browser import GOLDEN as FIVE_HUNDRED
from support.five_hundred_browser import start_five_hundred, tap_bid
from support.spades_browser import after_play, bid, golden_taps
from support.spades_browser import start as start_spades

from scorekeeper.engine.numbers import score_text


def api_hands(page, mid: str) -> dict:
    """The match as the API gives it (read with the page's own cookies)."""
    answer = page.request.get(f"{page.url.split('/m/')[0]}/api/matches/{mid}")
    assert answer.ok, answer.status
    return answer.json()


def board_points(page) -> list[str]:
    return page.locator(".board .pts").all_inner_texts()


def arrived_once(page, matches, mid: str, hands: list[dict], keys: tuple[str, ...]) -> None:
    """The stored hands are exactly ``hands`` (as far as ``keys`` go), and the board and the
    API show the server's score."""
    loaded = matches.load(mid)
    assert [{k: h.get(k) for k in keys} for h in loaded.match.hand_objects] == \
        [{k: h.get(k) for k in keys} for h in hands]
    score = loaded.state.score
    expect(page.locator("tbody tr")).to_have_count(len(hands))
    expect(page.locator(".board .pts")).to_have_text([score_text(score["NS"]),
                                                      score_text(score["EW"])])
    api = api_hands(page, mid)
    assert len(api["match"]["hands"]) == len(hands), api
    assert api["state"]["score"] == score


def test_two_five_hundred_hands_saved_offline_arrive_once(phone, offline, matches):
    golden = json.loads(FIVE_HUNDRED.read_text())
    first, second = golden["hands"][:2]  # Ann 7♠ made 7; Bo 6♥ set with 5
    page = phone.goto("/")
    start_five_hundred(page, golden)
    mid = match_id(page)
    offline.cut()
    for n, hand in enumerate((first, second), 1):
        tap_bid(page, hand)
        page.locator(f"#makers_tricks input[value='{hand['makers_tricks']}']").check(force=True)
        offline.save(page, n)
    expect(page.locator(".pending-row").nth(0)).to_contain_text("#1")
    expect(page.locator(".pending-row").nth(1)).to_contain_text("pending")
    expect(page.locator("#board .pending-note")).to_contain_text("Not sent yet: 2")
    expect(page.locator("#save")).to_have_text("Save hand 3")
    assert matches.load(mid).hand_count == 0
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("offline-five-hundred-pending-390", full_page=True)

    offline.reconnect(page)
    keys = ("caller", "bid", "makers_tricks")
    arrived_once(page, matches, mid, [first, second], keys)
    assert matches.load(mid).state.score == {"NS": 140 + 50, "EW": 30 - 100}
    expect(page.locator("#save")).to_have_text("Save hand 3")
    axe_clean(page)
    third = golden["hands"][3]  # online again: the next hand is hand 3, nothing sent twice
    tap_bid(page, third)
    page.locator(f"#makers_tricks input[value='{third['makers_tricks']}']").check(force=True)
    save(page)
    arrived_once(page, matches, mid, [first, second, third], keys)


def test_two_spades_hands_saved_offline_arrive_once(phone, offline, matches):
    match, taps = golden_taps()
    page = phone.goto("/")
    start_spades(page, match)
    mid = match_id(page)
    offline.cut()
    for n, tap in enumerate(taps[:2], 1):
        bid(page, tap["bids"])
        after_play(page, tap)
        offline.save(page, n)
    expect(page.locator("#board .pending-note")).to_contain_text("Not sent yet: 2")
    expect(page.locator("#save")).to_have_text("Save hand 3")
    assert matches.load(mid).hand_count == 0
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("offline-spades-pending-390", full_page=True)

    offline.reconnect(page)
    keys = ("bids", "tricks_NS")
    arrived_once(page, matches, mid, match["hands"][:2], keys)
    expect(page.locator(".bags")).to_contain_text("Spades Aces")
    bid(page, taps[2]["bids"])
    after_play(page, taps[2])
    save(page)
    arrived_once(page, matches, mid, match["hands"][:3], keys)
    axe_clean(page)
