"""The scorer's hand form is rendered once per match version and language
(``web/match/kept.py``): the page made from the kept HTML is byte for byte the page
rendered without it, for every game, in every language; a refused Save still shows the
scorer's own answers; the token and submission id stay the request's own; and any change to
the match (a hand, an undo, a renamed player) gives a form made anew."""

from __future__ import annotations

import re

import pytest
from markupsafe import Markup
from support.helpers import SEATS, euchre_hand
from support.pages import Table, checked, form_of

from scorekeeper import service
from scorekeeper.engine.limits import MATCH_FORMAT
from scorekeeper.service import player_changes
from scorekeeper.store import players as players_store
from scorekeeper.store.db import get_db
from scorekeeper.web.match import kept

# a hand that each game takes, and one it refuses (with an answer the form shows again)
GAMES = {
    "euchre": ({"caller": "E", "makers_tricks": 3}, {"caller": "S", "round": "2",
                                                      "turn_up": "9H", "trump": "H",
                                                      "makers_tricks": "4"}),
    "whist": ({"trump": "S", "tricks_NS": 8}, {"trump": "S"}),
    "five_hundred": ({"caller": "N", "bid": "6S", "makers_tricks": 7}, {"caller": "N"}),
    "spades": ({"bids": {"N": 3, "E": 3, "S": 3, "W": 3}, "tricks_NS": 7},
               {"bid_N": "3"}),
    "bridge": ({"contract": "3NT", "declarer": "S", "tricks": 9}, {"declarer": "S"}),
}
# the per-request values: the CSRF token (signed with the time) and a fresh idempotency key
PER_REQUEST = re.compile(r'(name="(?:csrf_token|submission_id)" type="hidden" value=")[^"]*"')
TOKEN = re.compile(r"[\w-]{20,}\.[\w-]{6}\.[\w-]{20,}")  # the token of the other forms (Undo)


@pytest.fixture
def table(client) -> Table:
    return Table(client)


@pytest.fixture(autouse=True)
def _nothing_kept():
    kept._kept.clear()  # each test starts with nothing kept (one cache per process)
    yield
    kept._kept.clear()


def created(app, game: str, hands: list | None = None, **extra) -> tuple[str, str]:
    match = {"format": MATCH_FORMAT, "game": game, "seats": dict(SEATS),
             "teams": {"NS": "Home", "EW": "Visitors"}, "hands": hands or [], **extra}
    with app.app_context():
        outcome = service.create_match(get_db(), match)
    assert outcome.ok, [p.as_json() for p in outcome.problems]
    return outcome.match_id, outcome.edit_key


def scorer_page(client, match_id: str, **headers: str) -> str:
    r = client.get(f"/m/{match_id}", headers=headers)
    assert r.status_code == 200
    return r.get_data(as_text=True)


def unkept_page(client, match_id: str, monkeypatch, **headers: str) -> str:
    """The page with every kept part made anew (the game's form built, its fields rendered,
    the history's rows worked out and rendered), as every request did before."""
    with monkeypatch.context() as m:
        m.setattr(kept, "_html", lambda _loaded, _part, render: Markup(render()))
        return scorer_page(client, match_id, **headers)


def kept_parts(part: str) -> int:
    """How many of ``part`` ("fields", "history") are kept."""
    return sum(1 for key in kept._kept if key[0] == part)


def same(a: str, b: str) -> bool:
    """The same page but for the request's own token and idempotency key."""
    return _steady(a) == _steady(b)


def _steady(html: str) -> str:
    return TOKEN.sub("-", PER_REQUEST.sub(r"\1-", html))


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_kept_form_is_the_form_rendered_anew(app, client, monkeypatch, game, lang):
    good, _refused = GAMES[game]
    match_id, key = created(app, game, [good])
    client.get(f"/m/{match_id}?key={key}")
    first = scorer_page(client, match_id, **{"Accept-Language": lang})  # rendered, then kept
    assert 'id="entry"' in first and kept_parts("fields") == 1
    again = scorer_page(client, match_id, **{"Accept-Language": lang})  # from the kept HTML
    anew = unkept_page(client, match_id, monkeypatch, **{"Accept-Language": lang})
    assert same(first, again) and same(again, anew)
    assert 'id="entry"' in anew and PER_REQUEST.search(anew)


def test_each_language_has_its_own(app, client):
    match_id, key = created(app, "euchre")
    client.get(f"/m/{match_id}?key={key}")
    english = scorer_page(client, match_id, **{"Accept-Language": "en"})
    chinese = scorer_page(client, match_id, **{"Accept-Language": "zh-TW"})
    assert kept_parts("fields") == 2
    assert "Who called?" in english and "Who called?" not in chinese


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_refused_save_shows_the_answers_and_keeps_nothing_of_them(app, client, monkeypatch,
                                                                    game):
    _good, refused = GAMES[game]
    match_id, key = created(app, game)
    client.get(f"/m/{match_id}?key={key}")
    url = f"/m/{match_id}"
    values = form_of(scorer_page(client, match_id), "/hands")["values"]
    r = client.post(url + "/hands", data={**values, **refused})
    assert r.status_code == 422
    shown = r.get_data(as_text=True)
    name, value = next(iter(refused.items()))
    assert checked(shown, name, value) or f'value="{value}" selected' in shown
    # the next plain page is the fresh form, from the kept HTML, without the refused answers
    fresh = scorer_page(client, match_id)
    assert not checked(fresh, name, value) and same(fresh, unkept_page(client, match_id,
                                                                       monkeypatch))


def test_the_token_is_the_requests_own_and_a_save_through_it_works(app, table, matches):
    match_id, key = created(app, "euchre")
    table.client.get(f"/m/{match_id}?key={key}")
    url = f"/m/{match_id}"
    first = form_of(table.page(url), "/hands")["values"]
    kept = form_of(table.page(url), "/hands")["values"]  # the fields from the kept HTML
    assert kept["submission_id"] != first["submission_id"]  # each page its own key
    assert kept["expected_no"] == "1" and kept["csrf_token"]
    r = table.post_hand(url, kept, caller="E", makers_tricks="3")
    assert r.status_code == 303 and matches.load(match_id).hand_count == 1
    other = Table(table.client.application.test_client())  # another browser: its own token
    other.client.get(f"/m/{match_id}?key={key}")
    theirs = form_of(other.page(url), "/hands")["values"]
    assert theirs["csrf_token"] != kept["csrf_token"]
    assert table.post_hand(url, {**kept, "csrf_token": "forged"}, caller="E",
                           makers_tricks="3").status_code == 400


def test_every_change_gives_a_form_made_anew(app, client, matches, monkeypatch):
    match_id, key = created(app, "whist")  # whist: the trump follows the deal in a cycle
    client.get(f"/m/{match_id}?key={key}")

    def page() -> str:
        kept = scorer_page(client, match_id)
        assert same(kept, scorer_page(client, match_id))  # from the kept HTML
        assert same(kept, unkept_page(client, match_id, monkeypatch))
        return kept

    assert "Save deal 1" in page()
    matches.record(match_id, {"trump": "S", "tricks_NS": 8})
    assert "Save deal 2" in page() and kept_parts("fields") == 2
    with app.app_context():
        assert service.undo_last(get_db(), match_id, 1).ok
    assert "Save deal 1" in page()
    with app.app_context():
        ann = players_store.find_by_name(get_db(), "Ann")
        assert ann is not None
        assert player_changes.rename(get_db(), ann, "Annabel", None, "test").status == "ok"
    assert "Annabel" in page()


def test_seat_buttons_carry_the_names_and_a_renamed_player_follows(app, client):
    match_id, key = created(app, "euchre")
    client.get(f"/m/{match_id}?key={key}")
    page = scorer_page(client, match_id)
    assert re.search(r'name="caller"[^>]*value="N"[^>]*>\s*<span><b>Ann</b>', page)
    scorer_page(client, match_id)
    with app.app_context():
        ann = players_store.find_by_name(get_db(), "Ann")
        assert ann is not None
        assert player_changes.rename(get_db(), ann, "Annabel", None, "test").status == "ok"
    renamed = scorer_page(client, match_id)
    assert re.search(r'value="N"[^>]*>\s*<span><b>Annabel</b>', renamed)


def test_a_match_changed_without_its_version_is_not_shown_from_the_kept_html(app, client):
    """A database edited by hand (the version left as it was): the kept HTML is not used."""
    match_id, key = created(app, "euchre")
    client.get(f"/m/{match_id}?key={key}")
    assert "<b>Ann</b>" in scorer_page(client, match_id)
    with app.app_context():
        db = get_db()
        row = db.execute("SELECT data FROM matches WHERE id = ?", [match_id]).fetchone()
        db.execute("UPDATE matches SET data = ? WHERE id = ?",
                   [row[0].replace('"Ann"', '"Anya"'), match_id])
        db.commit()
    assert "<b>Anya</b>" in scorer_page(client, match_id)


def test_a_viewer_and_a_finished_match_get_no_form(app, client, matches):
    match_id, _key = created(app, "euchre", [euchre_hand("E", 5)] * 2, rules={"target": 5})
    assert 'id="entry"' not in scorer_page(client, match_id)
    other, _ = created(app, "euchre", [])
    assert 'id="entry"' not in scorer_page(client, other) and not kept_parts("fields")
