"""Bridge says "deal" where every game's pages say "hand" (issue 38's leftovers), through
Flask's test client: a save that lost the race to another phone, the phone's own deal beside
it, the printed sheet's headings and its corrections list, and a deal as recorded in the
history's own words (what the offline queue shows too). Euchre keeps "hand" beside it."""

from __future__ import annotations

import html
import re

import pytest
from support.pages import Table, form_of, text

BRIDGE = {"game": "bridge", "N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee", "first_dealer": "N"}
DEAL = {"contract": "1NT", "declarer": "E", "result": "0"}


@pytest.fixture
def table(client) -> Table:
    return Table(client)


def start_bridge(table: Table) -> str:
    values = form_of(table.page("/"), "/start")["values"]
    r = table.client.post("/start", data={**values, **BRIDGE, "preset_bridge": "rubber"})
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    return r.headers["Location"]


@pytest.mark.parametrize(("game", "said"), [
    ("bridge", "Deal 1 was just recorded by another phone."),
    ("euchre", "Hand 1 was just recorded by another phone."),
])
def test_a_save_that_lost_the_race_says_the_games_word(table, game, said) -> None:
    url = start_bridge(table) if game == "bridge" else table.start()
    deal = DEAL if game == "bridge" else {"caller": "E", "makers_tricks": "3"}
    stale = table.hand_form(url)  # both phones loaded the page for the first deal
    assert table.post_hand(url, stale, **deal).status_code == 303
    again = {**stale, **deal, "submission_id": "another-phone"}
    r = table.client.post(url + "/hands", data=again, headers={"Accept": "application/json"})
    assert r.status_code == 409 and r.get_json()["message"] == said


@pytest.mark.parametrize(("game", "said"), [
    ("bridge", "This phone’s deal (not stored)"), ("euchre", "This phone’s hand (not stored)")])
def test_the_queue_names_this_phones_deal(table, game, said) -> None:
    url = start_bridge(table) if game == "bridge" else table.start()
    page = html.unescape(table.page(url))
    assert re.search(r'id="qtext"[^>]*data-yours="([^"]*)"', page).group(1) == said


@pytest.mark.parametrize(("deal", "words"), [
    ({"contract": "1NT", "declarer": "E", "result": "0"}, "E 1NT made"),
    ({"contract": "4H", "doubled": "X", "declarer": "S", "result": "1"}, "S 4♥X made +1"),
    ({"contract": "3NT", "declarer": "W", "result": "-2"}, "W 3NT −2"),
    ({"contract": "2S", "declarer": "N", "tricks": "9"}, "N 2♠ made +1"),
    ({"passed": "y"}, "passed out"),
])
def test_another_phones_deal_is_said_in_the_historys_words(table, deal, words) -> None:
    """The deal that took the number, beside this phone's, in the Undo button's words."""
    url = start_bridge(table)
    stale = table.hand_form(url)
    assert table.post_hand(url, stale, **deal).status_code == 303
    again = {**stale, **DEAL, "submission_id": "another-phone"}
    r = table.client.post(url + "/hands", data=again, headers={"Accept": "application/json"})
    assert r.get_json()["stored"]["what"] == words


def test_the_deal_form_carries_the_historys_words_for_the_queue(table) -> None:
    """What game.js fills for a deal waiting on the phone: the same messages as the Undo's."""
    page = html.unescape(table.page(start_bridge(table)))
    says = re.search(r'<span id="deal-words" hidden ([^>]*)>', page).group(1)
    assert dict(re.findall(r'data-(\w+)="([^"]*)"', says)) == {
        "made": "{decl} {contract} made", "over": "{decl} {contract} made +{n}",
        "down": "{decl} {contract} −{n}", "passed": "passed out"}


def test_the_sheet_says_deal(table) -> None:
    url = start_bridge(table)
    for deal in (DEAL, {"contract": "4H", "declarer": "S", "result": "0"}):
        assert table.post_hand(url, **deal).status_code == 303
    fix = form_of(table.page(url + "/hands/1/edit"), "/hands/1")["values"]
    r = table.client.post(url + "/hands/1/edit", data={**fix, "contract": "2NT", "result": "0"})
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    sheet = html.unescape(text(table.page(url + "/sheet")))
    assert re.findall(r"\b[Hh]ands?\b", sheet) == [], sheet
    assert "Score by deal" in sheet and "Deal by deal" in sheet and "2 deals" in sheet
    changes = re.search(r'<section class="changes">.*?</section>',
                        html.unescape(table.page(url + "/sheet")), re.S).group(0)
    assert re.search(r"<th[^>]*>When</th><th[^>]*>Deal</th>", changes), changes


def test_euchres_sheet_still_says_hand(table) -> None:
    url = table.start()
    assert table.post_hand(url, caller="E", makers_tricks="3").status_code == 303
    sheet = html.unescape(text(table.page(url + "/sheet")))
    assert "Score by hand" in sheet and "Hand by hand" in sheet


# --- a PBN file without player tags: the page asks who played (d) --------------------------

ONE_DEAL = ('[Dealer "E"]\n[Vulnerable "None"]\n'
            '[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]\n'
            '[Declarer "W"]\n[Contract "2H"]\n[Result "9"]\n')


def upload(client, text: str, name: str = "deal.pbn"):
    import io

    return client.post("/import", data={"file": (io.BytesIO(text.encode()), name)})


def stored_matches(app) -> int:
    from scorekeeper.store.db import get_db

    with app.app_context():
        return get_db().execute("SELECT count(*) FROM matches").fetchone()[0]


def player_names(app) -> set[str]:
    from scorekeeper.store.db import get_db

    with app.app_context():
        return {r[0] for r in get_db().execute("SELECT name FROM players")}


def asked(page: str) -> dict[str, str]:
    """The names page's fields: each seat asked for, and the hidden fields."""
    found = re.findall(r'<input[^>]*name="(\w+)"[^>]*value="([^"]*)"', page)
    return {k: html.unescape(v) for k, v in found} | {
        k: "" for k in re.findall(r'<input[^>]*name="([NESW])"', page)}


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize(("tags", "seats"), [
    ("", ["N", "E", "S", "W"]),
    ('[North "Ann"]\n[South "Cai"]\n', ["E", "W"]),
    ('[West "Dee"]\n', ["N", "E", "S"]),
])
def test_a_pbn_file_without_players_asks_who_played(app, client, tags, seats) -> None:
    before = stored_matches(app)
    r = upload(client, tags + ONE_DEAL, "club.pbn")
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "Who played?" in page
    assert re.findall(r'<input[^>]*name="([NESW])"', page) == seats
    assert stored_matches(app) == before  # nothing stored until the names are given
    fields = asked(page)
    assert fields["filename"] == "club.pbn" and "[Deal " in fields["text"]
    names = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
    r = client.post("/import/names", data={**fields, **{s: names[s] for s in seats}})
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    match = client.get(r.headers["Location"] + ".json").get_json()
    assert match["seats"] == names
    assert not {"North", "East", "South", "West"} & player_names(app)


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_a_name_left_out_is_asked_again_and_nothing_is_stored(app, client) -> None:
    fields = asked(upload(client, ONE_DEAL).get_data(as_text=True))
    r = client.post("/import/names", data={**fields, "N": "Ann", "E": " ", "S": "Cai",
                                           "W": "Dee"})
    page = html.unescape(r.get_data(as_text=True))
    assert r.status_code == 422 and page.count("Write this player's name.") == 1
    assert 'value="Ann"' in page and stored_matches(app) == 0


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize(("text", "says"), [
    ("", "That file could not be read again: choose it once more."),
    ("x" * 1_000_001, "That file could not be read again: choose it once more."),
    ("not a file of deals", "This file holds no PBN deals"),
])
def test_a_names_form_not_from_the_page_is_refused_in_words(app, client, text, says) -> None:
    r = client.post("/import/names", data={"text": text, "filename": "deal.pbn", "N": "Ann",
                                           "E": "Bo", "S": "Cai", "W": "Dee"})
    assert r.status_code == 422 and says in html.unescape(r.get_data(as_text=True))
    assert stored_matches(app) == 0


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_a_pbn_file_naming_its_players_is_imported_at_once(client) -> None:
    tags = '[North "Ann"]\n[East "Bo"]\n[South "Cai"]\n[West "Dee"]\n'
    r = upload(client, tags + ONE_DEAL)
    assert r.status_code == 303
    assert client.get(r.headers["Location"] + ".json").get_json()["seats"] == {
        "N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
