"""Five Hundred at the table through the web test client: the start form's presets, the hand
form (every field, bad input in words, nothing stored), the Save label by the engine, a passed
hand in one tap, undo and corrections, and the whole golden match entered form by form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.five_hundred_pages import start
from support.pages import START, Table, checked, form_of, text

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches" / "five-hundred-full-game.json"


@pytest.fixture
def table(client) -> Table:
    return Table(client)


def test_the_start_page_offers_five_hundred_and_its_presets(table):
    html = table.page("/")
    for words in ("Five Hundred", "Standard to 500", "Win only on a bid",
                  "Win only on a bid", "Misère bids", "Points a defending trick"):
        assert words in html, words


def test_the_hand_form_has_the_bid_grid_and_the_tricks(table):
    url = start(table)
    html = table.page(url)
    assert "Who won the bid?" in html
    for bid in ("6S", "8H", "10NT", "misere", "open_misere"):
        assert f'value="{bid}"' in html, bid
    assert ">8♥<" in html and ">10NT<" in html
    assert all(f'name="makers_tricks" type="radio" value="{n}"' in html or
               f'value="{n}"' in html for n in range(11))
    assert 'id="all-passed"' in html


def test_without_misere_the_grid_offers_none(table):
    url = start(table, five_hundred_misere="")
    html = table.page(url)
    assert 'value="8H"' in html and 'value="misere"' not in html


def test_a_hand_is_saved_and_shown(table, matches):
    url = start(table)
    r = table.post_hand(url, caller="E", bid="8H", makers_tricks="9")
    assert r.status_code == 303
    html = table.page(url)
    assert "Undo hand 1" in html and "300" in html
    assert '<i>Bo</i> <span class="sH">♥</span> <em class="tag">8</em>' in html  # the bid's suit
    assert matches.load(url.rsplit("/", 1)[1]).match.hand_objects[0] == {
        "caller": "E", "bid": "8H", "makers_tricks": 9}


@pytest.mark.parametrize(("bid", "trump"), [
    ("6S", "S"), ("8H", "H"), ("10C", "C"), ("7D", "D"), ("9NT", "NT"), ("misere", None),
    ("open_misere", None), (None, None), ("", None), ("7X", None), (8, None)])
def test_the_history_takes_the_trump_from_the_bid(bid, trump):
    from scorekeeper.games.five_hundred.words import bid_trump
    assert bid_trump({"bid": bid}) == trump


PREVIEWS = [  # (fields, the Save label's words)
    ({"caller": "N", "bid": "8H", "makers_tricks": "9"},
     "Save: Ann & Cai 8♥ made with 9 → Ann & Cai +300, Bo & Dee +10"),
    ({"caller": "E", "bid": "7NT", "makers_tricks": "6"},
     "Save: Bo & Dee 7NT set with 6 → Ann & Cai +40, Bo & Dee −220"),
    ({"caller": "S", "bid": "6S", "makers_tricks": "10"},
     "Save: Ann & Cai 6♠ slam, all 10 tricks → Ann & Cai +250"),
    ({"caller": "W", "bid": "misere", "makers_tricks": "0"},
     "Save: Dee misère made → Bo & Dee +250"),
    ({"caller": "W", "bid": "open_misere", "makers_tricks": "1"},
     "Save: Dee open misère lost, 1 tricks → Bo & Dee −500 · Ann & Cai win the match"),
    ({"passed": "y"}, "Save: all passed → no score"),
]


@pytest.mark.parametrize(("fields", "label"), PREVIEWS)
def test_the_save_label_says_what_will_happen(table, fields, label):
    url = start(table)
    values = table.hand_form(url)
    r = table.client.get(url + "/preview", query_string={**values, **fields})
    assert r.status_code == 200
    assert r.get_json() == {"label": label, "errors": {}}


BAD = [  # (fields, the field in error, words in its message)
    ({"bid": "8H", "makers_tricks": "9"}, "caller", "bid"),
    ({"caller": "N", "makers_tricks": "9"}, "bid", "bid"),
    ({"caller": "N", "bid": "8H"}, "makers_tricks", "tricks"),
    ({"caller": "N", "bid": "11H", "makers_tricks": "9"}, "bid", "Not a valid choice"),
    ({"caller": "X", "bid": "8H", "makers_tricks": "9"}, "caller", "Not a valid choice"),
    ({"caller": "N", "bid": "8H", "makers_tricks": "11"}, "makers_tricks", "Not a valid choice"),
    ({"caller": "N", "bid": "8H", "makers_tricks": " "}, "makers_tricks", ""),
]


@pytest.mark.parametrize(("fields", "field", "words"), BAD)
def test_bad_input_is_refused_in_words_and_nothing_is_stored(table, matches, fields, field,
                                                             words):
    url = start(table)
    r = table.post_hand(url, **fields)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert f'id="{field}-err"' in html, html[:3000]
    assert words.lower() in text(html).lower()
    assert "Traceback" not in html
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 0


def test_misere_off_is_refused_in_words(table, matches):
    url = start(table, five_hundred_misere="")
    r = table.post_hand(url, caller="N", bid="misere", makers_tricks="0")
    assert r.status_code == 422 and 'id="bid-err"' in r.get_data(as_text=True)
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 0


def test_a_passed_hand_in_one_tap_undo_and_a_correction(table, matches):
    url = start(table)
    match_id = url.rsplit("/", 1)[1]
    form = table.hand_form(url)
    assert "passed" not in form  # the button sends it, not a box left ticked
    assert table.post_hand(url, passed="y").status_code == 303
    assert matches.load(match_id).match.hand_objects[0] == {"passed": True}
    assert table.post_hand(url, caller="S", bid="6S", makers_tricks="5").status_code == 303
    html = table.page(url)
    assert "Undo hand 2" in html and 'class="passed"' in html
    assert table.action(url, "undo").status_code == 303
    assert matches.load(match_id).hand_count == 1
    assert table.post_hand(url, caller="S", bid="6S", makers_tricks="5").status_code == 303
    edit = table.page(url + "/hands/2/edit")
    assert checked(edit, "bid", "6S") and checked(edit, "makers_tricks", "5")
    values = form_of(edit, "/hands/2/edit")["values"]
    r = table.client.post(url + "/hands/2/edit", data={**values, "makers_tricks": "6"})
    assert r.status_code == 303
    loaded = matches.load(match_id)
    assert loaded.match.hand_objects[1]["makers_tricks"] == 6
    assert loaded.state.score == {"NS": 40, "EW": 40}


def test_a_double_post_stores_one_hand(table, matches):
    url = start(table)
    values = table.hand_form(url)
    fields = {**values, "caller": "N", "bid": "7S", "makers_tricks": "7"}
    assert table.client.post(url + "/hands", data=fields).status_code == 303
    assert table.client.post(url + "/hands", data=fields).status_code == 303  # Back, resend
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 1


def golden_fields(hand: dict) -> dict[str, str]:
    if hand.get("passed"):
        return {"passed": "y"}
    fields = {"caller": hand["caller"], "bid": hand["bid"], "note": hand.get("note", "")}
    if "makers_tricks" in hand:
        fields["makers_tricks"] = str(hand["makers_tricks"])
    for name in ("play", "deal", "kitty", "discard"):
        if name in hand:
            fields[name] = json.dumps(hand[name])
    return fields


def test_the_golden_match_form_by_form(table, matches, client):
    golden = json.loads(GOLDEN.read_text())
    seats = golden["seats"]
    url = table.start(**{**START, "game": "five_hundred", **seats, "team_NS": "",
                         "team_EW": "", "first_dealer": golden["first_dealer"],
                         "five_hundred_misere_opponent_points": "10",
                         "five_hundred_misere": "y", "five_hundred_slam": "y"})
    for no, hand in enumerate(golden["hands"], 1):
        r = table.post_hand(url, **golden_fields(hand))
        assert r.status_code == 303, (no, text(r.get_data(as_text=True))[:600])
    loaded = matches.load(url.rsplit("/", 1)[1])
    check = GOLDEN.parent / "five-hundred-full-game.check.jsonl"
    expected = json.loads(check.read_text().splitlines()[0])
    assert loaded.state.over and loaded.state.winner == expected["winner"]
    assert loaded.state.score == expected["score"]
    assert [h.points for h in loaded.state.hands] == [h["points"] for h in expected["hands"]]
    html = table.page(url)
    assert "🏆" in html
    for page in ("/sheet", "/live", "/hands/1"):
        assert client.get(url + page).status_code == 200, page


def test_the_kitty_exchange_is_kept_shown_and_a_wrong_one_refused_in_words(table, matches):
    url = start(table)
    match_id = url.rsplit("/", 1)[1]
    form = table.hand_form(url)
    assert "kitty" in form and "discard" in form  # the recorder's hidden fields are sent
    deal = {"E": ["10S", "8D", "QH", "5C", "AC", "AH", "9D", "8C", "6S", "JD"]}
    wrong = {"caller": "S", "bid": "7NT", "makers_tricks": "7", "deal": json.dumps(deal),
             "kitty": json.dumps(["4D", "9S", "10C"]), "discard": json.dumps(["10C", "8D", "6D"])}
    r = table.post_hand(url, **wrong)
    assert r.status_code == 422
    assert "8D was dealt to E, so the caller can't discard it" in text(r.get_data(as_text=True))
    assert matches.load(match_id).hand_count == 0
    r = table.post_hand(url, **{**wrong, "discard": json.dumps(["10C", "JH", "6D"])})
    assert r.status_code == 303
    stored = matches.load(match_id).match.hand_objects[0]
    assert stored["kitty"] == ["4D", "9S", "10C"] and stored["discard"] == ["10C", "JH", "6D"]
    page = text(table.page(url + "/hands/1"))
    assert "the kitty 4♦ 9♠ 10♣" in page and "discarded 10♣ J♥ 6♦" in page
