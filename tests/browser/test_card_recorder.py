"""The card recorder in Chromium at 390x844: a hand tapped card by card, a lone hand, undo
card, holdings that refuse an impossible play, a renege explained, an offline save sent once,
and the JavaScript's trick winners against the engine's on random legal hands. What is stored
is read from the SQLite file."""

from __future__ import annotations

import json
import random

from playwright.sync_api import expect
from support.browser import axe_clean, match_id, no_horizontal_scroll, play_cards, start
from support.cardplay import random_play

from scorekeeper.engine.cards import PARTNER
from scorekeeper.engine.games import GAMES
from scorekeeper.engine.parts.recorder import recorder_json


def bid(page, caller: str, trump: str, alone: bool = False) -> None:
    """The bidding facts: who called, alone, trump named in round 2 (no turn-up)."""
    page.locator(f"#caller input[value='{caller}']").check(force=True)
    if alone:
        page.locator("label[for=alone]").click()
    page.locator("details.more summary").click()
    page.locator(f"#trump input[value='{trump}']").check(force=True)
    page.locator("#round input[value='2']").check(force=True)


def test_a_hand_recorded_card_by_card(phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    hand = random_play(random.Random(4), trump="H")  # dealer N: E leads
    expect(page.locator("#rec-nojs")).to_be_hidden()
    bid(page, "E", "H")
    page.locator("#rec-open").click()
    expect(page.locator("#rec-turn")).to_have_text("Bo (East) to lead trick 1")
    # the likely result is Euchre's own words (Recording.likely), handed over by the page
    expect(page.locator("#rec-likely")).to_have_text(
        "Likely result: open (the makers need 3 tricks).")
    grid = page.locator("#rec-grid .rec-row")
    expect(grid).to_have_count(4)
    trumps = grid.first.locator("button")
    expect(trumps).to_have_count(7)  # trump first: right bower, left bower, A K Q 10 9
    expect(trumps.nth(0)).to_have_attribute("aria-label", "Jack of hearts")
    expect(trumps.nth(1)).to_have_attribute("aria-label", "Jack of diamonds")
    no_horizontal_scroll(page)
    sizes = page.evaluate("""() => [...document.querySelectorAll('#rec-grid button')]
        .map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])""")
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes
    phone.shot("cards-empty-390", full_page=True)
    first = hand["play"][0]
    play_cards(page, first[:2])
    expect(page.locator("#rec-turn")).to_have_text("Dee (West) to play")
    expect(page.locator("#rec-now li").first).to_contain_text("▸ Bo")
    expect(page.locator(f"#rec-grid button[data-card='{first[0]}']")).to_be_disabled()
    page.locator("#rec-undo").click()  # undo card
    expect(page.locator("#rec-turn")).to_have_text("Cai (South) to play")
    expect(page.locator(f"#rec-grid button[data-card='{first[1]}']")).to_be_enabled()
    play_cards(page, first[1:])
    for trick in hand["play"][1:]:
        play_cards(page, trick)
    expect(page.locator("#rec-turn")).to_have_text("All tricks recorded.")
    expect(page.locator("#rec-tricks li")).to_have_count(5)
    ew = hand["tricks"]["EW"]
    expect(page.locator("#rec-count")).to_have_text(f"Makers {ew}, defenders {5 - ew}")
    expect(page.locator("#rec-likely")).to_have_text(
        "Likely result: a march (all 5 tricks)." if ew == 5
        else "Likely result: made (3 tricks or more)." if ew >= 3
        else "Likely result: euchred (the defenders have 3 tricks).")
    expect(page.locator(f"#makers_tricks input[value='{ew}']")).to_be_checked()
    expect(page.locator("#save")).to_contain_text("Save:")
    axe_clean(page)
    phone.shot("cards-recorded-390", full_page=True)
    page.locator("#save").click()
    expect(page.locator("#live")).to_have_attribute("data-version", "2")
    stored = matches.load(mid).match.hand_objects
    assert [h["play"] for h in stored] == [hand["play"]]
    assert stored[0].get("makers_tricks") == ew
    expect(page.locator("#rec")).to_be_hidden()  # the next hand starts without cards

    # the hand page, from the history
    page.get_by_role("link", name="Hand 1, trick by trick").click()
    page.wait_for_url(f"**/m/{mid}/hands/1")
    expect(page.locator(".trick-table tbody tr")).to_have_count(5)
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("hand-page-390", full_page=True)


def test_a_lone_hand_has_three_card_tricks(phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    hand = random_play(random.Random(9), caller="S", alone=True, trump="S")
    assert PARTNER["S"] == "N"
    bid(page, "S", "S", alone=True)
    page.locator("#rec-open").click()
    expect(page.locator("#rec-turn")).to_have_text("Bo (East) to lead trick 1")
    play_cards(page, hand["play"][0])
    expect(page.locator("#rec-tricks li")).to_have_count(1)  # three cards made a trick
    for trick in hand["play"][1:]:
        play_cards(page, trick)
    ns = hand["tricks"]["NS"]
    expect(page.locator("#rec-count")).to_have_text(f"Makers {ns}, defenders {5 - ns}")
    page.locator("#save").click()
    expect(page.locator("#live")).to_have_attribute("data-version", "2")
    out = matches.load(mid).state.as_json()["hands"][0]
    assert out["tricks"]["NS"] == ns and out["trick_winners"] == hand["winners"]


def test_holdings_refuse_a_play_that_does_not_follow_suit(phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    hand = random_play(random.Random(10), trump="C")  # East leads A♥, South holds 9♥ J♥
    bid(page, "E", "C")
    page.locator("#rec-open").click()
    page.locator("#rec-hold-mode").click()
    for seat in "NESW":
        page.locator("#rec-seats button").nth("NESW".index(seat)).click()
        play_cards(page, hand["deal"][seat])
    expect(page.locator("#rec-seats button").nth(1)).to_contain_text("5 of 5")
    phone.shot("cards-holdings-390", full_page=True)
    page.locator("#rec-play-mode").click()
    lead = hand["play"][0][0]
    play_cards(page, [lead])
    # South must follow: a card of South's that is not of the led suit is refused
    from scorekeeper.engine.cards import effective_suit, parse_card
    led = effective_suit(parse_card(lead), "C")
    south = [c for c in hand["deal"]["S"] if effective_suit(parse_card(c), "C") != led]
    follows = [c for c in hand["deal"]["S"] if effective_suit(parse_card(c), "C") == led]
    assert south and follows
    play_cards(page, [south[0]])
    expect(page.locator("#rec-msg")).to_contain_text("Cai must follow suit")
    expect(page.locator("#rec-now li")).to_have_count(1)  # refused
    # ... unless it really was played so: then it is a renege, explained
    page.locator("#rec-anyway").click()
    held = " ".join(c[:-1] + "♥" for c in follows)
    expect(page.locator("#rec-renege")).to_contain_text(
        f"Cai held {held} in trick 1 and played {south[0][:-1]}")
    phone.shot("cards-renege-held-390", full_page=True)
    page.locator("#rec-fix").click()  # correct the record
    expect(page.locator("#rec-renege")).to_be_hidden()
    expect(page.locator("#rec-now li")).to_have_count(1)
    west = hand["deal"]["W"][0]
    play_cards(page, [west])  # not South's card
    expect(page.locator("#rec-msg")).to_contain_text("Cai does not hold")
    play_cards(page, hand["play"][0][1:])
    for trick in hand["play"][1:]:
        play_cards(page, trick)
    page.locator("#save").click()
    expect(page.locator("#live")).to_have_attribute("data-version", "2")
    stored = matches.load(mid).match.hand_objects[0]
    assert stored["deal"] == hand["deal"] and stored["play"] == hand["play"]
    page.goto(page.url + "/hands/1")
    expect(page.locator(".compass .hold")).to_have_count(4)
    phone.shot("hand-page-deal-390", full_page=True)


def test_a_renege_is_explained_and_scored_or_corrected(phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    bid(page, "E", "D")
    page.locator("#rec-open").click()
    play_cards(page, ["AS", "KS", "QS", "9H", "10S", "AH", "KH", "9S"])
    box = page.locator("#rec-renege")
    expect(box).to_be_visible()
    expect(box).to_contain_text("Ann showed out of ♠ in trick 1 and played 9♠ in trick 2.")
    axe_clean(page)
    phone.shot("cards-renege-390", full_page=True)
    page.locator("#rec-fix").click()  # correct the record: the last card is taken back
    expect(box).to_be_hidden()
    play_cards(page, ["9C"])
    expect(box).to_be_hidden()
    page.locator("#rec-undo").click()
    play_cards(page, ["9S"])
    page.locator("#rec-score").click()
    expect(box).to_contain_text("Renege by Ann")
    expect(page.locator("#renege")).to_have_value("N")
    page.locator("#save").click()
    expect(page.locator("#live")).to_have_attribute("data-version", "2")
    out = matches.load(mid).state.as_json()["hands"][0]
    assert out["result"] == "renege" and out["renege"] == {"seat": "N", "trick": 1}
    assert out["points"]["EW"] == 2


def test_an_offline_save_is_sent_once_after_reconnecting(phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    hand = random_play(random.Random(30), trump="S")
    bid(page, "E", "S")
    page.locator("#rec-open").click()
    phone.context.set_offline(True)
    for trick in hand["play"]:
        play_cards(page, trick)
    page.locator("#save").click()
    expect(page.locator(".pending-row")).to_have_count(1)
    expect(page.locator("#rec")).to_be_hidden()
    assert matches.load(mid).match.hand_objects == []
    phone.context.set_offline(False)
    expect(page.locator(".pending-row")).to_have_count(0, timeout=15_000)
    stored = matches.load(mid).match.hand_objects
    assert len(stored) == 1 and stored[0]["play"] == hand["play"]
    page.reload()  # the queue is empty: nothing is sent again
    expect(page.locator("#history tbody tr")).to_have_count(1)
    page.wait_for_timeout(1500)
    assert len(matches.load(mid).match.hands) == 1


def test_the_scripts_trick_winners_match_the_engine(phone):
    """Random legal hands (Euchre, lone Euchre, Whist) replayed by SKCards and the engine."""
    page = phone.goto("/")
    start(page)
    rng = random.Random(2026)
    cases = []
    for i in range(120):
        game = "whist" if i % 3 == 2 else "euchre"
        alone = game == "euchre" and i % 3 == 1
        dealer, caller = rng.choice("NESW"), rng.choice("NESW")
        lead = "loner_left" if i % 2 else "dealer_left"
        hand = random_play(rng, game=game, dealer=dealer, caller=caller, alone=alone,
                           lone_lead=lead)
        cases.append({"game": recorder_json(GAMES[game], {}),
                      "facts": {"dealer": dealer, "trump": hand["trump"],
                                "caller": caller, "alone": alone, "defender": None,
                                "loneLead": lead},
                      "cards": [c for t in hand["play"] for c in t],
                      "winners": hand["winners"], "tricks": hand["tricks"]})
    seen = page.evaluate("""cases => cases.map(c => {
        const st = SKCards.replay(c.game, c.facts, c.cards);
        return {winners: st.tricks.map(t => t.winner), tricks: st.counts,
                complete: st.complete, renege: st.renege};
    })""", cases)
    for case, got in zip(cases, seen, strict=True):
        assert got["winners"] == case["winners"], json.dumps(case)
        assert got["tricks"] == case["tricks"] and got["complete"] and got["renege"] is None


def test_a_whist_deal_of_thirteen_tricks(phone, matches):
    page = phone.goto("/")
    start(page, game="whist")
    mid = match_id(page)
    hand = random_play(random.Random(77), game="whist", trump="D")
    page.locator("#trump input[value='D']").check(force=True)
    page.locator("#rec-open").click()
    expect(page.locator("#rec-grid button")).to_have_count(52)
    expect(page.locator("#rec-grid .rec-row").first.locator("button").first).to_have_attribute(
        "aria-label", "Ace of diamonds")  # trump first, no bowers in Whist
    expect(page.locator("#rec-turn")).to_have_text("Bo (East) to lead trick 1")
    no_horizontal_scroll(page)
    phone.shot("cards-whist-empty-390", full_page=True)
    for trick in hand["play"]:
        play_cards(page, trick)
    expect(page.locator("#rec-tricks li")).to_have_count(13)
    expect(page.locator("#rec-likely")).to_have_text("")  # Whist gives no likely result
    ns = hand["tricks"]["NS"]
    expect(page.locator(f"#tricks_NS input[value='{ns}']")).to_be_checked()
    axe_clean(page)
    page.locator("#save").click()
    expect(page.locator("#live")).to_have_attribute("data-version", "2")
    assert matches.load(mid).state.as_json()["hands"][0]["tricks"] == hand["tricks"]
    page.goto(page.url + "/hands/1")
    expect(page.locator(".trick-table tbody tr")).to_have_count(13)
    no_horizontal_scroll(page)
    phone.shot("hand-page-whist-390", full_page=True)


def test_the_turn_up_and_the_discard(phone, matches):
    """Round 1: the dealer took the 9♥ and discarded the 10♣; only the dealer may play 9♥."""
    page = phone.goto("/")
    start(page)
    page.locator("#caller input[value='E']").check(force=True)
    page.locator("details.more summary").click()
    page.locator("#round input[value='1']").check(force=True)
    page.select_option("#turn_up", "9H")
    page.select_option("#discard", "10C")
    page.locator("#rec-open").click()
    expect(page.locator("#trump input[value='H']")).to_be_checked()  # from the turn-up
    expect(page.locator("#rec-grid button[data-card='10C']")).to_be_disabled()
    expect(page.locator("#rec-grid button[data-card='10C']")).to_have_attribute(
        "aria-label", "Ten of clubs (discarded)")
    play_cards(page, ["9H"])  # East leads: not the dealer (North)
    expect(page.locator("#rec-msg")).to_have_text(
        "Only the dealer can play 9♥: it was the turn-up.")
    play_cards(page, ["AS", "KS", "QS", "9H"])  # North plays it last
    expect(page.locator("#rec-tricks li")).to_have_count(1)
    expect(page.locator("#rec-tricks li")).to_contain_text("won by Ann")  # a trump wins


def test_keyboard_only(phone):
    page = phone.goto("/")
    start(page)
    bid(page, "E", "S")
    page.locator("#rec-open").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#rec")).to_be_visible()
    order = []
    for _ in range(4):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.id || "
                                   "document.activeElement.dataset.card"))
    assert order == ["rec-play-mode", "rec-hold-mode", "JS", "JC"], order  # then the cards
    page.keyboard.press("Enter")  # East leads the left bower
    expect(page.locator("#rec-grid button[data-card='JC']")).to_be_disabled()
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused, "the focus stays in the grid"
    page.keyboard.press("Space")
    expect(page.locator("#rec-now li")).to_have_count(2)


def test_without_javascript_the_page_says_the_recorder_is_absent(make_phone, matches):
    phone = make_phone(java_script_enabled=False)
    page = phone.goto("/")
    start(page)
    expect(page.locator("#rec-nojs")).to_be_visible()
    expect(page.locator("#rec-nojs")).to_contain_text("needs JavaScript")
    expect(page.locator("#rec-open")).to_be_hidden()
    expect(page.locator("#rec")).to_be_hidden()
    page.locator("label", has_text="Bo").first.click()
    page.locator("#makers_tricks label", has_text="3").click()
    page.locator("#save").click()
    expect(page.locator("#history tbody tr")).to_have_count(1)
    assert len(matches.load(match_id(page)).match.hands) == 1


def test_the_recorder_in_chinese(phone):
    page = phone.goto("/")
    start(page)
    page.goto(page.url.replace("/m/", "/lang/zh_Hant?next=/m/"))
    bid(page, "E", "D")
    page.locator("#rec-open").click()
    queen = page.locator("#rec-grid button[data-card='QD']")
    expect(queen).to_have_attribute("aria-label", "方塊Q")
    expect(page.locator("#rec-turn")).to_have_text("第1墩由Bo（東）首引")
    play_cards(page, ["AS", "KS", "QS", "9H", "10S", "AH", "KH", "9S"])
    expect(page.locator("#rec-renege")).to_contain_text("Ann在第1墩表示沒有♠，卻在第2墩出了9♠。")
    no_horizontal_scroll(page)
    axe_clean(page)
    phone.shot("cards-renege-zh-hant-390", full_page=True)
    page.goto(page.url.split("/m/")[0] + "/lang/zh_Hans?next=/m/" + page.url.split("/m/")[1])
    bid(page, "E", "D")
    page.locator("#rec-open").click()
    expect(queen).to_have_attribute("aria-label", "方块Q")
    no_horizontal_scroll(page)
    axe_clean(page)


def test_a_correction_shows_the_record_and_can_change_it(phone, matches):
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    matches.record(mid, {"caller": "W", "makers_tricks": 3})  # hand 1: N deals
    hand = random_play(random.Random(41), dealer="E", caller="N", trump="H")  # hand 2: E deals
    assert matches.record(mid, {"caller": "N", "round": 2, "trump": "H",
                                "play": hand["play"]}).ok
    page.goto(f"{page.url}/hands/2/edit")
    expect(page.locator("#rec")).to_be_visible()
    expect(page.locator("#rec-tricks li")).to_have_count(5)
    expect(page.locator("#rec-turn")).to_have_text("All tricks recorded.")
    page.locator("#rec-undo").click()
    expect(page.locator("#rec-turn")).to_contain_text("to play")
    play_cards(page, [hand["play"][4][3]])
    page.locator("#note").fill("checked card by card")
    page.locator("#save").click()
    page.wait_for_url(f"**/m/{mid}")
    stored = matches.load(mid).match.hand_objects[1]
    assert stored["play"] == hand["play"] and stored["note"] == "checked card by card"


def test_holdings_entered_after_the_play_keep_the_cards_played(phone, matches):
    """The scorer's own five first, the others afterwards: a seat's played cards are its own."""
    page = phone.goto("/")
    start(page)
    mid = match_id(page)
    hand = random_play(random.Random(55), trump="S")
    bid(page, "E", "S")
    page.locator("#rec-open").click()
    page.locator("#rec-hold-mode").click()
    page.locator("#rec-seats button").nth(2).click()  # South: the scorer
    play_cards(page, hand["deal"]["S"])
    page.locator("#rec-play-mode").click()
    for trick in hand["play"]:
        play_cards(page, trick)
    page.locator("#rec-hold-mode").click()
    for i in range(4):  # every seat's five are known from the play
        expect(page.locator("#rec-seats button").nth(i)).to_contain_text("5 of 5")
    page.locator("#save").click()
    expect(page.locator("#live")).to_have_attribute("data-version", "2")
    stored = matches.load(mid).match.hand_objects[0]
    assert {s: sorted(c) for s, c in stored["deal"].items()} == \
        {s: sorted(c) for s, c in hand["deal"].items()}
