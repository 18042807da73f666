"""Spades at the table through Flask's test client: the start form's presets, the hand form
(bids before play, tricks and nils after), its refusals in words with nothing stored, the Save
label by the engine, the bags on the board, history, undo, corrections, a viewer, a retried
Save, and the whole golden game to 500 entered form by form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.pages import Table, checked, form_of, text
from support.spades_pages import start

GOLDEN = Path(__file__).parent / "data" / "golden" / "matches" / "spades-to-500.json"


@pytest.fixture
def table(client) -> Table:
    return Table(client)


def fields(hand: dict) -> dict[str, str]:
    """A recorded hand as the form's fields (what the taps send)."""
    out = {f"bid_{s}": str(b) for s, b in hand["bids"].items()}
    if "tricks_NS" in hand:
        out["tricks_NS"] = str(hand["tricks_NS"])
    out |= {f"nil_{s}": str(n) for s, n in (hand.get("nil_tricks") or {}).items()}
    for name in ("deal", "play"):
        if name in hand:
            out[name] = json.dumps(hand[name])
    if hand.get("note"):
        out["note"] = hand["note"]
    return out


BIDS = {"bid_N": "3", "bid_E": "4", "bid_S": "2", "bid_W": "3"}


@pytest.mark.parametrize(("preset", "rules"), [
    ("standard", {}), ("blind_nil", {"blind_nil": True}), ("no_bags", {"bag_limit": 0}),
])
def test_each_preset_starts_its_rules(table, matches, preset, rules) -> None:
    url = start(table, preset_spades=preset)
    assert matches.load(url.rsplit("/", 1)[1]).match.rules == rules


def test_the_start_page_explains_every_option(client) -> None:
    page = text(client.get("/").get_data(as_text=True))
    for words in ("Bags limit", "Bag penalty", "Blind nil", "Lose at",
                  "A player may bid nil before looking at the cards"):
        assert words in page, words


def test_a_hand_is_saved_and_worded(table, matches) -> None:
    url = start(table)
    html = table.page(url)
    assert "1. Bids, before play" in html and "2. After play" in html
    assert 'value="blind_nil"' not in html  # not in these rules
    assert "Bags: Ann &amp; Cai 0 of 10 · Bo &amp; Dee 0 of 10" in html
    r = table.post_hand(url, **BIDS, tricks_NS="7")
    assert r.status_code == 303
    html = table.page(url)
    assert "Bags: Ann &amp; Cai 2 of 10 · Bo &amp; Dee 0 of 10" in html
    assert "N 3" in text(html) and "E 4" in text(html)  # the bids in the history
    loaded = matches.load(url.rsplit("/", 1)[1])
    assert loaded.state.score == {"NS": 52, "EW": -70}


@pytest.mark.parametrize(("rules", "hand", "label"), [
    ({}, {**BIDS, "tricks_NS": "7"},
     "Save: Ann & Cai make 5 + 2 bags → +52; Bo & Dee set −70"),
    ({}, {**BIDS, "tricks_NS": "5"},
     "Save: Ann & Cai make 5 → +50; Bo & Dee make 7 + 1 bag → +71"),
    ({}, {"bid_N": "6", "bid_E": "4", "bid_S": "0", "bid_W": "2", "tricks_NS": "7",
          "nil_S": "0"},
     "Save: Ann & Cai make 6 + 1 bag → +61; Bo & Dee make 6 → +60; Cai nil made +100"),
    ({}, {"bid_N": "6", "bid_E": "4", "bid_S": "0", "bid_W": "2", "tricks_NS": "7",
          "nil_S": "1"},
     "Save: Ann & Cai make 6 + 1 bag → +61; Bo & Dee make 6 → +60; Cai nil failed −100"),
    ({"blind_nil": "y"}, {"bid_N": "blind_nil", "bid_E": "4", "bid_S": "5", "bid_W": "4",
                          "tricks_NS": "5", "nil_N": "0"},
     "Save: Ann & Cai make 5 → +50; Bo & Dee make 8 → +80; Ann blind nil made +200"),
])
def test_the_save_label_says_what_will_happen(table, rules, hand, label) -> None:
    url = start(table, **{f"spades_{k}": v for k, v in rules.items()})
    values = table.hand_form(url)
    r = table.client.get(url + "/preview", query_string={**values, **hand})
    assert r.get_json() == {"label": label, "errors": {}}


def test_reaching_the_bag_limit_is_said(table) -> None:
    url = start(table, spades_bag_limit="3")
    assert table.post_hand(url, **BIDS, tricks_NS="7").status_code == 303
    values = table.hand_form(url)
    r = table.client.get(url + "/preview", query_string={**values, **BIDS, "tricks_NS": "6"})
    assert r.get_json()["label"] == ("Save: Ann & Cai make 5 + 1 bag → +51; Ann & Cai bags "
                                     "reach 3 → −100; Bo & Dee make 7 → +70")


# every field, bad input: a sentence in the form, nothing stored
@pytest.mark.parametrize(("sent", "where", "words"), [
    ({"bid_N": "3", "bid_E": "4", "bid_S": "2", "tricks_NS": "6"}, "bids-err",
     "What did W bid?"),
    ({**BIDS}, "tricks_NS-err", "tricks"),
    ({**BIDS, "bid_N": "14", "tricks_NS": "6"}, "bid_N-err", "Not a valid choice"),
    ({**BIDS, "bid_N": "blind_nil", "tricks_NS": "6"}, "bids-err", "blind nil"),
    ({**BIDS, "tricks_NS": "14"}, "tricks_NS-err", "Not a valid choice"),
    ({**BIDS, "bid_S": "0", "tricks_NS": "6"}, "nil_tricks-err", "nil"),
    ({**BIDS, "tricks_NS": "6", "nil_N": "1"}, "nil_tricks-err", "nil"),
    ({**BIDS, "bid_S": "0", "tricks_NS": "2", "nil_S": "3"}, "nil_tricks-err", "3"),
    ({**BIDS, "bid_N": "0", "bid_S": "0", "tricks_NS": "3", "nil_N": "1", "nil_S": "1"},
     "nil_tricks-err", "3"),
    ({**BIDS, "tricks_NS": "6", "nil_W": "x"}, "nil_W-err", "Not a valid choice"),
    ({**BIDS, "tricks_NS": "6", "play": "[[1,2"}, None, "could not be read"),
    ({**BIDS, "tricks_NS": "6", "note": "x" * 1000}, "note-err", "limited"),
])
def test_bad_input_is_said_in_the_form_and_nothing_stored(table, matches, sent, where,
                                                          words) -> None:
    url = start(table)
    values = table.hand_form(url)
    r = table.client.post(url + "/hands", data={**values, **sent})
    assert r.status_code == 422
    html = r.get_data(as_text=True).replace("&#39;", "'")
    if where is None:  # the card record's words, above the recorder
        err = words if f'role="alert">The recorded cards {words}' in html else html
    else:
        assert f'id="{where}"' in html, where
        err = html.split(f'id="{where}">', 1)[1].split("</p>", 1)[0]
    assert words.lower() in err.lower(), err
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 0
    for name, value in sent.items():  # what was tapped stays tapped
        if name.startswith("bid_") and value in ("0", "3", "4", "2"):
            assert checked(html, name, value)


def test_undo_correction_history_viewer_and_a_retried_save(table, matches, app) -> None:
    url = start(table)
    match_id = url.rsplit("/", 1)[1]
    values = table.hand_form(url)
    first = table.client.post(url + "/hands", data={**values, **BIDS, "tricks_NS": "7"})
    again = table.client.post(url + "/hands", data={**values, **BIDS, "tricks_NS": "7"})
    assert first.status_code == 303 and again.status_code == 303  # Back + Save: one hand
    assert matches.load(match_id).hand_count == 1
    table.post_hand(url, bid_N="0", bid_E="4", bid_S="5", bid_W="3", tricks_NS="5", nil_N="0")
    assert matches.load(match_id).state.score == {"NS": 52 + 150, "EW": -70 + 71}
    # correct hand 1: the later hand is re-scored, the bags follow
    r = table.client.get(url + "?fix=1")
    edit = table.page(r.headers["Location"])
    assert checked(edit, "bid_E", "4") and checked(edit, "tricks_NS", "7")
    fix = form_of(edit, "/edit")["values"]
    r = table.client.post(url + "/hands/1/edit", data={**fix, "tricks_NS": "5"})
    assert r.status_code == 303
    loaded = matches.load(match_id)
    assert loaded.state.score == {"NS": 50 + 150, "EW": 71 + 71}
    assert loaded.state.running.as_json() == {"bags": {"NS": 0, "EW": 2}}
    html = table.page(url)
    assert "hand 1 corrected" in html
    viewer = app.test_client()
    seen = viewer.get(url).get_data(as_text=True)
    assert "Bags: Ann &amp; Cai 0 of 10 · Bo &amp; Dee 2 of 10" in seen
    assert 'id="entry"' not in seen and "N nil" in text(seen)
    assert table.action(url, "undo").status_code == 303
    assert matches.load(match_id).hand_count == 1


def test_the_script_gets_json_for_a_spades_hand(table, matches) -> None:
    url = start(table)
    values = table.hand_form(url)
    r = table.client.post(url + "/hands", data={**values, **BIDS, "tricks_NS": "7"},
                          headers={"Accept": "application/json"})
    assert r.status_code == 201 and r.get_json()["status"] == "recorded"
    bad = table.client.post(url + "/hands", data={**table.hand_form(url), "bid_N": "3"},
                            headers={"Accept": "application/json"})
    assert bad.status_code == 422 and "What did E bid?" in bad.get_json()["message"]


def test_the_golden_game_to_500_entered_by_the_form(table, matches) -> None:
    golden = json.loads(GOLDEN.read_text())
    url = start(table, preset_spades="blind_nil", team_NS=golden["teams"]["NS"],
                team_EW=golden["teams"]["EW"])
    for hand in golden["hands"]:
        r = table.post_hand(url, **fields(hand))
        assert r.status_code == 303, text(r.get_data(as_text=True))[:600]
    loaded = matches.load(url.rsplit("/", 1)[1])
    want = json.loads((GOLDEN.parent / "spades-to-500.api.json").read_text())["state"]
    state = loaded.state.as_json()
    assert state["score"] == want["score"] and state["bags"] == want["bags"]
    assert state["over"] and state["winner"] == want["winner"]
    html = table.page(url)
    assert "Spades Aces won" in html or "Night Owls won" in html
    for page in ("/sheet", "/hands/4", "/blank"):
        assert table.client.get(url + page).status_code == 200, page
