"""The table pages through Flask's test client: forms, Post/Redirect/Get, access, errors."""

from __future__ import annotations

import gzip
import io
import json
import re

import brotli
import pytest
from support.helpers import become_organiser, euchre_hand, euchre_match, whist_match
from support.pages import START, Table, checked, form_of, text

from scorekeeper import service
from scorekeeper.store.db import get_db


@pytest.fixture
def table(client) -> Table:
    return Table(client)


def test_home_has_the_start_form(client):
    html = client.get("/").get_data(as_text=True)
    assert "New match" in html
    assert 'name="csrf_token"' in html
    for name in ("N", "E", "S", "W", "team_NS", "team_EW", "first_dealer", "preset_euchre"):
        assert f'name="{name}"' in html
    assert "Partners sit opposite" in html
    assert "stick_the_dealer" in html and "<details" in html
    assert "繁體中文" in html and "简体中文" in html
    assert 'style="' not in html and "<script>" not in html


def test_start_creates_a_match_and_gives_edit_rights(table, matches):
    url = table.start()
    assert re.fullmatch(r"/m/[\w-]{20,}", url)
    html = table.page(url)
    assert "Home" in html and "Visitors" in html
    assert "Who called?" in html and "Save hand 1" in html
    assert "▸" in text(html) and "Ann" in text(html)  # N deals first
    loaded = matches.load(url.rsplit("/", 1)[1])
    assert loaded.match.teams == {"NS": "Home", "EW": "Visitors"}


def test_start_form_errors_are_shown(table, client):
    html = table.page("/")
    token = form_of(html, "/start")["values"]["csrf_token"]
    r = client.post("/start", data={**START, "N": "", "csrf_token": token})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert 'class="err"' in page and 'value="Bo"' in page


def test_start_with_a_preset_and_an_option(table, matches):
    url = table.start(preset_euchre="short", euchre_defend_alone="y")
    rules = matches.load(url.rsplit("/", 1)[1]).match.rules
    assert rules == {"target": 5, "defend_alone": True}


def test_record_a_hand_post_redirect_get(table, matches):
    url = table.start()
    r = table.post_hand(url, caller="E", makers_tricks="3")
    assert r.status_code == 303 and r.headers["Location"] == url
    html = table.page(url)
    assert "Undo hand 1 (Bo" in html
    assert "<b>+1 Visitors</b>" in html and "0–1" in html
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 1


def test_an_illegal_hand_is_refused_next_to_its_field(table, matches):
    url = table.start()
    r = table.post_hand(url, caller="S", round="2", turn_up="9H", trump="H", makers_tricks="4")
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert re.search(r'id="trump-err">Round 2 can\'t name hearts', html.replace("&#39;", "'"))
    assert checked(html, "caller", "S") and checked(html, "makers_tricks", "4")  # values kept
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 0


def test_missing_tricks_is_explained(table):
    url = table.start()
    r = table.post_hand(url, caller="S")
    assert r.status_code == 422
    assert 'id="makers_tricks-err"' in r.get_data(as_text=True)


def test_double_submit_records_one_hand(table, matches):
    url = table.start()
    form = table.hand_form(url)
    first = table.post_hand(url, form, caller="N", makers_tricks="5")
    again = table.post_hand(url, form, caller="N", makers_tricks="5")
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 1


def test_another_phone_got_there_first(table, matches):
    url = table.start()
    stale = table.hand_form(url)
    matches.record(url.rsplit("/", 1)[1], euchre_hand("W", 4))
    r = table.post_hand(url, stale, caller="N", makers_tricks="3")
    assert r.status_code == 409  # refused with the current state shown, not stored
    html = r.get_data(as_text=True)
    assert "Hand 1 was just recorded by another phone" in html
    assert "Save hand 2" in html and "+1 Visitors" in html
    assert not checked(html, "caller", "N")  # a fresh form: one tap can't store the stale hand
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 1


def test_a_page_behind_the_server_is_refused_even_with_the_right_number(table, matches):
    """Undo then another hand 1 on another phone: the number fits, the score it saw does not."""
    url = table.start()
    mid = url.rsplit("/", 1)[1]
    matches.record(mid, euchre_hand("W", 4))
    stale = table.hand_form(url)  # expects hand 2, based on version 2
    assert stale["version"] == "2" and stale["expected_no"] == "2"
    with matches.app.app_context():
        service.undo_last(get_db(), mid, 1)
    matches.record(mid, euchre_hand("N", 3))
    r = table.post_hand(url, stale, caller="E", makers_tricks="3")
    assert r.status_code == 409
    assert "changed on another phone meanwhile" in r.get_data(as_text=True)
    assert [h["caller"] for h in matches.load(mid).match.hand_objects] == ["N"]


def json_post(table, url: str, values: dict, **fields):
    """The page's script: the same form, asking for JSON."""
    return table.client.post(url + "/hands", data={**values, **fields},
                             headers={"Accept": "application/json"})


def test_the_script_gets_json_for_each_outcome(table, matches):
    url = table.start()
    mid = url.rsplit("/", 1)[1]
    form = table.hand_form(url)
    r = json_post(table, url, form, caller="E", makers_tricks="3")
    assert r.status_code == 201 and r.headers["Cache-Control"] == "no-store"
    assert r.json == {"status": "recorded", "no": 1, "version": 2}
    again = json_post(table, url, form, caller="E", makers_tricks="3")  # a retry: stored once
    assert again.status_code == 201 and again.json["status"] == "duplicate"
    assert again.json["no"] == 1
    assert matches.load(mid).hand_count == 1
    stale = json_post(table, url, {**form, "submission_id": "other"}, caller="S",
                      makers_tricks="4")
    assert stale.status_code == 409
    assert stale.json["status"] == "wrong_no" and stale.json["next_no"] == 2
    assert stale.json["message"] == "Hand 1 was just recorded by another phone."
    assert stale.json["stored"] == {"no": 1, "what": "Bo 3 tricks", "result": "Visitors +1"}
    fresh = table.hand_form(url)
    empty = json_post(table, url, fresh)
    assert empty.status_code == 422 and empty.json["status"] == "illegal"  # the engine says why
    assert "Say who called trump" in empty.json["message"]
    illegal = json_post(table, url, fresh, caller="S", round="2", turn_up="9H", trump="H",
                        makers_tricks="4")
    assert illegal.status_code == 422 and "Round 2 can't name hearts" in illegal.json["message"]
    assert matches.load(mid).hand_count == 1


def test_the_script_is_told_when_this_phone_lost_the_scorer_right(table, app):
    url = table.start()
    link = re.search(r'id="edit-link" readonly value="([^"]+)"', table.page(url)).group(1)
    other = app.test_client()  # a second scoring phone, by the scorer link ...
    assert other.get(link.replace("http://localhost", "")).status_code == 303
    form = Table(other).hand_form(url)
    confirm = form_of(table.page(url + "/newkey"), "/newkey")["values"]
    assert table.client.post(url + "/newkey", data=confirm).status_code == 303  # ... revoked
    r = other.post(url + "/hands", data={**form, "caller": "E", "makers_tricks": "3"},
                   headers={"Accept": "application/json"})
    assert r.status_code == 403 and r.json["status"] == "forbidden"
    assert "no longer a scorer" in r.json["message"]


def test_an_expired_csrf_token_gets_json_and_a_fresh_token_works(table):
    url = table.start()
    form = table.hand_form(url)
    r = json_post(table, url, {**form, "csrf_token": "expired"}, caller="E", makers_tricks="3")
    assert r.status_code == 400 and r.is_json and r.json["errors"][0]["message"]
    token = table.client.get("/csrf-token")
    assert token.headers["Cache-Control"] == "no-store"
    r = json_post(table, url, {**form, "csrf_token": token.json["token"]}, caller="E",
                  makers_tricks="3")
    assert r.status_code == 201


def test_the_scorer_pages_are_never_stored_by_the_browser(table):
    url = table.start()
    r = table.client.get(url)
    assert r.headers["Cache-Control"] == "no-store"
    html = r.get_data(as_text=True)
    assert re.search(r'<form id="entry"[^>]* autocomplete="off"', html)
    table.post_hand(url, caller="E", makers_tricks="3")
    edit = table.client.get(url + "/hands/1/edit")
    assert edit.headers["Cache-Control"] == "no-store"
    assert 'autocomplete="off"' in edit.get_data(as_text=True)


def test_undo_the_last_hand(table, matches):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="5")
    r = table.action(url, "undo")
    assert r.status_code == 303
    html = table.page(url)
    assert "Hand 1 undone" in html and "Save hand 1" in html
    assert "hand 1 undone" in html  # the corrections history
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 0


def test_undo_of_a_hand_that_is_not_last(table, matches):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="5")
    values = form_of(table.page(url), "/undo")["values"]
    matches.record(url.rsplit("/", 1)[1], euchre_hand("N", 3))
    r = table.client.post(url + "/undo", data=values)
    assert r.status_code == 303
    assert "Only the last hand can be undone" in table.page(url)
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 2


def test_correct_an_earlier_hand(table, matches):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="3")
    table.post_hand(url, caller="N", makers_tricks="3")
    r = table.client.get(url + "?fix=1")
    assert r.status_code == 303
    edit = table.page(r.headers["Location"])
    assert checked(edit, "caller", "E") and checked(edit, "makers_tricks", "3")
    values = form_of(edit, "/edit")["values"]
    r = table.client.post(url + "/hands/1/edit", data={**values, "makers_tricks": "5"})
    assert r.status_code == 303 and r.headers["Location"] == url
    html = table.page(url)
    assert "Hand 1 corrected" in html and "hand 1 corrected (was: Bo 3 tricks)" in html
    assert "1–2" in html  # re-scored: EW march 2, then NS 1
    viewer = table.client.application.test_client()
    assert "hand 1 corrected (was: Bo 3 tricks)" in viewer.get(url).get_data(as_text=True)
    loaded = matches.load(url.rsplit("/", 1)[1])
    assert loaded.match.hand_objects[0]["makers_tricks"] == 5


def test_an_illegal_correction_is_refused(table, matches):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="3")
    values = form_of(table.page(url + "/hands/1/edit"), "/edit")["values"]
    r = table.client.post(url + "/hands/1/edit", data={
        **values, "caller": "S", "round": "2", "turn_up": "9H", "trump": "H"})
    assert r.status_code == 422
    html = r.get_data(as_text=True).replace("&#39;", "'")
    assert 'id="trump-err">Round 2 can\'t name hearts' in html
    loaded = matches.load(url.rsplit("/", 1)[1])
    assert loaded.match.hand_objects == [{"caller": "E", "makers_tricks": 3, "alone": False}]
    assert loaded.hand_versions == [1]


def test_a_correction_to_a_passed_hand_rescores_it(table, matches):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="3")
    values = form_of(table.page(url + "/hands/1/edit"), "/edit")["values"]
    r = table.client.post(url + "/hands/1/edit", data={**values, "passed": "y",
                                                        "caller": ""})
    assert r.status_code == 303 and r.headers["Location"] == url
    loaded = matches.load(url.rsplit("/", 1)[1])
    assert loaded.hand_count == 1 and loaded.match.hand_objects[0]["passed"] is True
    assert loaded.state.score == {"NS": 0, "EW": 0}


def test_a_viewer_sees_the_score_but_cannot_post(app, table, matches):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="3")
    viewer = app.test_client()
    html = viewer.get(url).get_data(as_text=True)
    assert "+1 Visitors" in html and "Who called?" not in html and "Undo" not in html
    assert "Scorer link" not in html
    token = form_of(table.page(url), "/hands")["values"]
    viewer.get("/")  # a session of its own
    assert viewer.get(url + "/preview?caller=N&makers_tricks=3").status_code == 403
    for path in ("/hands", "/undo", "/preview", "/rematch", "/hands/1/edit"):
        assert viewer.post(url + path, data=token).status_code in (400, 403)
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 1


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
def test_a_viewer_is_refused_even_without_csrf(app, matches):
    match_id, _key = matches.create()
    viewer = app.test_client()
    r = viewer.post(f"/m/{match_id}/hands", data={"caller": "N", "makers_tricks": "3",
                                                   "expected_no": "1"})
    assert r.status_code == 403
    assert viewer.get(f"/m/{match_id}/hands/1/edit").status_code == 403


def test_the_edit_key_is_swapped_for_the_rights_cookie(app, matches):
    match_id, key = matches.create()
    phone = app.test_client()
    r = phone.get(f"/m/{match_id}?key={key}")
    assert r.status_code == 303 and r.headers["Location"] == f"/m/{match_id}"
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Who called?" in html and f"?key={key}" not in html  # never the key itself
    assert re.search(rf"/m/{match_id}\?key=[\w-]+", html)  # the scorer link to share
    r = phone.get(f"/m/{match_id}?key=wrong")  # a stale link: the match to watch, and why
    assert r.status_code == 303
    assert "replaced by a newer one" in phone.get(r.headers["Location"]).get_data(as_text=True)
    assert phone.get("/m/no-such-match?key=wrong").status_code == 404


def test_unknown_match_is_a_friendly_404(client):
    r = client.get("/m/nope-nope-nope")
    assert r.status_code == 404
    assert "No match here" in r.get_data(as_text=True)


def test_missing_csrf_token_is_refused(table):
    url = table.start()
    values = table.hand_form(url)
    values.pop("csrf_token")
    assert table.client.post(url + "/hands", data={**values, "caller": "N",
                                                   "makers_tricks": "3"}).status_code == 400


def test_preview_says_what_will_happen(table, matches):
    url = table.start()
    values = table.hand_form(url)
    del values["csrf_token"]  # a GET changes nothing: no token needed
    r = table.client.get(url + "/preview", query_string={**values, "caller": "E",
                                                         "makers_tricks": "1"})
    assert r.json == {"label": "Save: Visitors euchred → Home +2", "errors": {}}
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 0
    values = table.hand_form(url)
    r = table.client.post(url + "/preview", data={**values, "caller": "S", "alone": "y",
                                                  "makers_tricks": "5"})
    assert r.json["label"] == "Save: Cai alone march → Home +4"
    r = table.client.post(url + "/preview", data={**values, "caller": "S", "round": "2",
                                                  "turn_up": "9H", "trump": "H"})
    assert r.json["label"] == "Save hand 1" and "trump" in r.json["errors"]


def test_preview_of_a_correction(table):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="3")
    table.post_hand(url, caller="N", makers_tricks="3")
    edit = table.page(url + "/hands/1/edit")
    assert f'data-preview="{url}/preview?no=1"' in edit
    values = form_of(edit, "/edit")["values"]
    r = table.client.post(url + "/preview?no=1", data={**values, "makers_tricks": "0"})
    assert r.json == {"label": "Save correction: Visitors euchred → Home +2", "errors": {}}


def test_game_over_and_rematch(table, matches):
    url = table.start(preset_euchre="short")
    match_id = url.rsplit("/", 1)[1]
    for _ in range(2):
        matches.record(match_id, euchre_hand("N", 5))
    table.post_hand(url, caller="S", makers_tricks="3")
    html = table.page(url)
    assert "Home won 5–0" in html and "Who called?" not in html
    assert "Rematch" in html and "Dee deals" in html  # the deal goes on: N, E, S, then W
    r = table.action(url, "rematch")
    assert r.status_code == 303
    new = r.headers["Location"]
    assert new != url
    loaded = matches.load(new.rsplit("/", 1)[1])
    assert loaded.match.first_dealer == "W" and loaded.match.rules == {"target": 5}
    assert loaded.match.seats == {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
    assert "Who called?" in table.page(new)


def test_a_rematch_follows_the_hands_as_they_are_now(table, matches):
    url = table.start(preset_euchre="short")  # to 5; N, E, S, W deal in turn
    match_id = url.rsplit("/", 1)[1]
    matches.record(match_id, euchre_hand("N", 5))
    matches.record(match_id, euchre_hand("N", 5))
    table.post_hand(url, caller="S", makers_tricks="3")  # Home 5-0: over, Dee (W) deals next
    stale = form_of(table.page(url), "/rematch")["values"]  # a tab kept open
    first = table.action(url, "rematch").headers["Location"]
    assert first != url
    assert table.client.post(f"{url}/rematch", data=stale).headers["Location"] == first
    assert table.action(url, "undo").status_code == 303
    # the stale tab presses Rematch of a match that is no longer over: refused in words
    r = table.client.post(f"{url}/rematch", data=stale, follow_redirects=True)
    assert r.request.path == url
    assert "The match is not over (a hand may have been undone)" in r.get_data(as_text=True)
    assert matches.load(match_id).hand_count == 2
    # it ends again a hand later, so Ann (N) deals next: a new rematch, Ann dealing
    matches.record(match_id, euchre_hand("E", 3))  # S deals: Visitors +1
    table.post_hand(url, caller="N", makers_tricks="3")  # W deals: Home 5-1
    assert "Rematch: same seats, Ann deals" in table.page(url)
    second = table.action(url, "rematch").headers["Location"]
    assert second not in (url, first)
    assert matches.load(second.rsplit("/", 1)[1]).match.first_dealer == "N"
    assert table.action(url, "rematch").headers["Location"] == second  # a second press
    assert matches.load(first.rsplit("/", 1)[1]).match.first_dealer == "W"  # kept, unlinked


def test_no_hand_after_game_over(table, matches):
    url = table.start(preset_euchre="short")
    form = table.hand_form(url)
    match_id = url.rsplit("/", 1)[1]
    for _ in range(3):
        matches.record(match_id, euchre_hand("N", 5))
    form["expected_no"] = "4"
    r = table.post_hand(url, form, caller="N", makers_tricks="3")
    assert r.status_code == 409
    assert "takes no more hands" in r.get_data(as_text=True)
    assert matches.load(match_id).hand_count == 3


def test_whist_flow(table, matches):
    url = table.start(game="whist", team_NS="", team_EW="", whist_honours="y")
    html = table.page(url)
    assert "Tricks won by Ann &amp; Cai" in html and "Honours held by" in html
    assert "Who called?" not in html
    r = table.post_hand(url, trump="S", tricks_NS="9", honours_NS="3")
    assert r.status_code == 303
    html = table.page(url)
    assert "+5 Ann &amp; Cai" in html and "9–4" in html  # 3 for the odd tricks, 2 for 3 honours
    r = table.post_hand(url, trump="H", tricks_NS="4", honours_NS="2", revoke_by="NS",
                        revoke_penalty="add3")
    assert r.status_code == 303
    html = table.page(url)
    assert "revoke" in html and "5–6" in html
    r = table.post_hand(url, trump="D")  # no tricks: refused with the engine's words
    assert r.status_code == 422 and 'id="tricks_NS-err"' in r.get_data(as_text=True)
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 2


def test_whist_game_over(table, matches):
    url = table.start(game="whist", whist_target="5")  # one game: short whist is a rubber
    match_id = url.rsplit("/", 1)[1]
    matches.record(match_id, {"trump": "S", "tricks_NS": 10})
    table.post_hand(url, trump="C", tricks_NS="1")
    html = table.page(url)
    assert "🏆 Visitors won 6–4" in html  # 4 for NS's 10 tricks, then 6 for EW's 12
    assert "Rematch" in html


def test_passed_hand_is_shown(table):
    url = table.start()
    table.post_hand(url, passed="y")
    html = table.page(url)
    assert 'class="passed"' in html and "Undo hand 1 (passed)" in html
    assert "Bo" in text(html).split("Deal", 1)[1][:40]  # the deal moved on


def test_stick_the_dealer_hides_passed(table):
    url = table.start(preset_euchre="stick_the_dealer")
    assert 'name="passed"' not in table.page(url)


def test_import_a_match_file(table, client):
    html = table.page("/")
    token = form_of(html, "/import")["values"]["csrf_token"]
    body = json.dumps(euchre_match(hands=[euchre_hand("E", 3)])).encode()
    r = client.post("/import", data={"csrf_token": token,
                                     "file": (io.BytesIO(body), "m.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 303
    assert "+1 Bo &amp; Dee" in table.page(r.headers["Location"])


def test_import_refuses_a_bad_file(table, client):
    token = form_of(table.page("/"), "/import")["values"]["csrf_token"]
    bad = json.dumps(whist_match(hands=[{"trump": "S", "tricks_NS": 14}])).encode()
    r = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(bad), "m.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and "0 to 13" in r.get_data(as_text=True)


def test_recent_matches_on_this_device(table):
    url = table.start()
    table.page(url)
    html = table.page("/")
    assert "Recent matches on this device" in html and url in html


def test_language_switch_sets_a_cookie(client):
    r = client.get("/lang/zh_Hant?next=/m/x")
    assert r.status_code == 303 and r.headers["Location"] == "/m/x"
    assert "lang=zh_Hant" in r.headers["Set-Cookie"]
    # the page's query comes back too (e.g. the player chosen on the merge question)
    r = client.get("/lang/zh_Hans", query_string={"next": "/players/p1/merge?into=p2&x=1"})
    assert r.headers["Location"] == "/players/p1/merge?into=p2&x=1"
    page = client.get("/players", query_string={"sort": "name"}).get_data(as_text=True)
    assert 'href="/lang/zh_Hans?next=/players?sort%3Dname"' in page
    for bad in ("//evil.example", "/\\evil.example", "https://evil.example", "/\t/evil.example",
                "/\n/evil.example", "/?x=\n", "/m/x?a=<b>", "/m/x? //evil"):
        assert client.get("/lang/en", query_string={"next": bad}).headers["Location"] == "/"


def test_match_page_has_no_inline_code_and_links_its_assets(table):
    url = table.start()
    html = table.page(url)
    assert 'style="' not in html and "<script>" not in html and " on" + "click" not in html
    assert "/static/css/app.css" in html and "/bundles/match.js" in html
    assert 'data-poll="/api/matches/' in html


def test_whist_rubber_shows_the_games(app, matches):
    match_id, key = matches.create(whist_match(rules={"rubber": True, "target": 5}, hands=[
        {"trump": "S", "tricks_NS": 11}]))
    phone = app.test_client()
    phone.get(f"/m/{match_id}?key={key}")
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Games won: Ann &amp; Cai 1 – 0 Bo &amp; Dee" in html
    assert "Save deal 2" in html  # the rubber goes on


UNZIP = {"gzip": gzip.decompress, "br": brotli.decompress}


# What a phone's browser says: over plain HTTP on a venue's network (gzip), and over HTTPS
# (brotli and zstd too).
@pytest.mark.parametrize(("accept", "encoding"), [("gzip, deflate", "gzip"),
                                                  ("gzip, deflate, br, zstd", "br")])
def test_match_page_with_its_css_and_js_stays_under_30_kb(app, matches, accept, encoding):
    hands = [euchre_hand("NESW"[i % 4], (3, 1, 4, 5)[i % 4], trump="SHDC"[i % 4])
             for i in range(30)]
    match_id, key = matches.create(euchre_match(rules={"target": 99}, hands=hands))
    phone = app.test_client()
    phone.get(f"/m/{match_id}?key={key}")
    wire = {"Accept-Encoding": accept}
    r = phone.get(f"/m/{match_id}", headers=wire)
    assert r.headers["Content-Encoding"] == encoding
    page = r.data
    html = UNZIP[encoding](page).decode()
    # the shared files and the game's own (its folder's game.css and game.js)
    names = re.findall(
        r'(?:href|src)="(/(?:static|games|bundles)/[\w/.-]+\.(?:css|js))(?:\?v=\w+)?"', html)
    assert {"/static/css/app.css", "/bundles/match.js", "/games/euchre/static/game.js",
            "/games/euchre/static/game.css"} <= set(names)
    assets = sum(len(phone.get(name, headers=wire).data) for name in names)
    assert len(page) + assets < 30 * 1024, (len(page), assets)  # every byte the page loads
    assert html.count("<tr") == 31


def test_pages_and_their_files_are_gzipped_and_still_revalidate(app, client):
    wire = {"Accept-Encoding": "gzip"}
    css = client.get("/static/css/app.css", headers=wire)
    assert css.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in css.headers["Vary"]
    assert gzip.decompress(css.data) == client.get("/static/css/app.css").data  # the same file
    tag = css.headers["ETag"]
    assert tag.startswith("W/")
    again = client.get("/static/css/app.css", headers={**wire, "If-None-Match": tag})
    assert again.status_code == 304
    assert "Content-Encoding" not in client.get("/healthz", headers=wire).headers  # tiny
    api = client.get("/api/matches/nothing", headers=wire)
    assert "Content-Encoding" not in api.headers  # JSON is left alone



def test_the_match_json_keeps_its_tag_and_vary_when_the_phone_takes_compression(app, matches):
    """Only pages, stylesheets and scripts go through Flask-Compress: the match's JSON keeps
    its strong tag, its Vary (Cookie, Accept-Language) and its 304 (docs/performance.md)."""
    hands = [euchre_hand("NESW"[i % 4], 3) for i in range(20)]
    match_id, _key = matches.create(euchre_match(rules={"target": 99}, hands=hands))
    wire = {"Accept-Encoding": "gzip, deflate, br, zstd"}
    client = app.test_client()
    r = client.get(f"/api/matches/{match_id}", headers=wire)
    assert r.status_code == 200 and len(r.data) > 1024
    assert "Content-Encoding" not in r.headers
    assert r.headers["Vary"] == "Cookie, Accept-Language"
    tag = r.headers["ETag"]
    assert tag.startswith('"v') and tag.endswith('"')
    again = client.get(f"/api/matches/{match_id}", headers={**wire, "If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag
    live = client.get(f"/m/{match_id}/live", headers=wire)
    assert live.headers["Content-Encoding"] == "br" and live.headers["ETag"].startswith('W/"l')


@pytest.mark.parametrize("name", ["js/cards.js", "js/queue.js", "css/app.css"])
def test_scripts_and_stylesheets_go_without_their_comments(make_app, name):
    from scorekeeper import ROOT
    source = (ROOT / "static" / name).read_text(encoding="utf-8")
    sent = make_app().test_client().get(f"/static/{name}").get_data(as_text=True)
    assert ("// " in source or "/*" in source) and "// " not in sent and "/*" not in sent
    assert len(sent) < 0.85 * len(source)  # the browser tests run what is sent
    debug = make_app(DEBUG=True).test_client().get(f"/static/{name}")
    assert debug.get_data(as_text=True) == source  # a developer reads them as written

def test_import_an_egn_file(table, client):
    from pathlib import Path

    egn = Path(__file__).parent / "data" / "egn" / "seed-000.egn"
    token = form_of(table.page("/"), "/import")["values"]["csrf_token"]
    r = client.post("/import", data={"csrf_token": token,
                                     "file": (io.BytesIO(egn.read_bytes()), egn.name)},
                    content_type="multipart/form-data")
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    assert "euchred" in table.page(r.headers["Location"])


def test_a_new_scorer_link_revokes_the_old_one(app, table, matches):
    url = table.start()
    html = table.page(url)
    old_link = re.search(r'id="edit-link" readonly value="([^"]+)"', html).group(1)
    other = app.test_client()
    assert other.get(old_link.replace("http://localhost", "")).status_code == 303
    assert "Who called?" in other.get(url).get_data(as_text=True)
    assert f'href="{url}/newkey"' in html  # a link to the confirmation, not a write
    confirm = table.page(url + "/newkey")
    assert "Make a new scorer link?" in confirm and "becomes a viewer" in confirm
    values = form_of(confirm, "/newkey")["values"]
    assert values["confirm"] == "yes"
    unconfirmed = {k: v for k, v in values.items() if k != "confirm"}
    r = table.client.post(url + "/newkey", data=unconfirmed)  # no confirmation: asked again
    assert r.status_code == 200 and "Make a new scorer link?" in r.get_data(as_text=True)
    assert "Who called?" in other.get(url).get_data(as_text=True)  # nothing changed yet
    r = table.client.post(url + "/newkey", data=values)
    assert r.status_code == 303
    html = table.page(url)
    assert "the old one no longer works" in html and "Who called?" in html
    assert re.search(r'id="edit-link" readonly value="([^"]+)"', html).group(1) != old_link
    page = other.get(url).get_data(as_text=True)
    assert "Who called?" not in page  # revoked, and told how to get the right back
    assert "no longer scores this match" in page and "scan its scorer QR code" in page
    r = other.get(old_link.replace("http://localhost", ""))
    assert r.status_code == 303
    assert "replaced by a newer one" in other.get(url).get_data(as_text=True)


def test_a_stale_correction_is_409_with_the_current_hand(table, matches):
    url = table.start()
    table.post_hand(url, caller="E", makers_tricks="3")
    stale = form_of(table.page(url + "/hands/1/edit"), "/edit")["values"]
    fresh = form_of(table.page(url + "/hands/1/edit"), "/edit")["values"]
    assert table.client.post(url + "/hands/1/edit",
                             data={**fresh, "makers_tricks": "5"}).status_code == 303
    r = table.client.post(url + "/hands/1/edit", data={**stale, "makers_tricks": "1"})
    assert r.status_code == 409
    html = r.get_data(as_text=True)
    assert "changed by someone else" in html
    assert checked(html, "makers_tricks", "5")  # what is stored now, ready to change again
    assert matches.load(url.rsplit("/", 1)[1]).match.hand_objects[0]["makers_tricks"] == 5


@pytest.mark.app_config(WTF_CSRF_ENABLED=False)
@pytest.mark.parametrize(("game", "fields"), [
    ("euchre", {"caller": "E", "makers_tricks": "\t"}),
    ("euchre", {"caller": "E", "makers_tricks": "3", "round": " "}),
    ("whist", {"tricks_NS": " "}),
    ("whist", {"tricks_NS": "9", "honours_NS": "\u3000"}),
])
def test_blank_choices_are_refused_not_a_500(client, matches, game, fields):
    r = client.post("/start", data={**START, "game": game})
    url = r.headers["Location"]
    assert client.post(url + "/hands", data={**fields, "expected_no": "1"}).status_code == 422
    r = client.post(url + "/preview", data={**fields, "expected_no": "1"})
    assert r.status_code == 200 and r.json["errors"]
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 0


def test_a_cross_site_post_is_refused_with_its_reason(table):
    url = table.start()
    values = table.hand_form(url)
    r = table.client.post(url + "/hands", data={**values, "caller": "N", "makers_tricks": "3"},
                          headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403 and "other sites" in r.get_data(as_text=True)


@pytest.mark.app_config(WRITE_LIMIT_PER_MINUTE=5)
def test_previews_do_not_count_as_writes(table, matches):
    url = table.start()
    values = table.hand_form(url)
    for tricks in "0123450123":  # a fidgety thumb: ten previews
        r = table.client.get(url + "/preview", query_string={"caller": "E",
                                                             "makers_tricks": tricks})
        assert r.status_code == 200
    assert table.post_hand(url, values, caller="E", makers_tricks="3").status_code == 303
    assert matches.load(url.rsplit("/", 1)[1]).hand_count == 1


@pytest.mark.parametrize("path", ["/start", "/import"])
def test_a_form_address_opened_directly_goes_home(client, path):
    r = client.get(path)
    assert r.status_code == 303
    assert r.headers["Location"].endswith("/")


@pytest.mark.parametrize("action", ["hands", "undo", "rematch"])
def test_a_write_address_opened_directly_shows_the_match(client, action):
    r = client.get(f"/m/some-match/{action}")
    assert r.status_code == 303
    assert r.headers["Location"].endswith("/m/some-match")


def test_a_kept_page_is_fresh_where_it_must_be(app, table, matches):
    """The match page is kept per match version: each copy gets its own submission id and a
    working CSRF token, a change made elsewhere shows at once, a flashed message only once."""
    url = table.start()
    match_id = url.rsplit("/", 1)[1]
    first, second = table.hand_form(url), table.hand_form(url)
    assert first["submission_id"] != second["submission_id"]
    assert "submission-id-to-fill" not in table.page(url)
    r = table.post_hand(url, second, caller="E", makers_tricks="3")
    assert r.status_code == 303
    matches.record(match_id, euchre_hand("S", 4))  # another phone, not through this page
    html = table.page(url)
    assert "Save hand 3" in html and "+1 Home" in html
    token = form_of(html, "/undo")["values"]
    r = table.client.post(url + "/undo", data=token)
    assert r.status_code == 303
    assert "Hand 2 undone (Cai\xa04\xa0tricks)." in table.page(url)  # its words on one line
    redo = form_of(table.page(url), "/redo")["values"]
    assert table.client.post(url + "/redo", data=redo).status_code == 303
    assert "Hand 2 is back." in table.page(url)
    assert "Hand 2 is back." not in table.page(url)  # a flashed message: once
    assert "Hand 2 undone" not in table.page(url)
    viewer = app.test_client()
    assert "Who called?" not in viewer.get(url).get_data(as_text=True)  # not the scorer's copy


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """How many matches the service replays (a spy on its check_match; the database is real)."""
    calls: list[int] = []
    real = service.reading.check_match

    def counted(data):
        calls.append(len(data.get("hands") or []))
        return real(data)

    monkeypatch.setattr(service.reading, "check_match", counted)
    return calls


def test_a_save_continues_from_the_kept_state(table, matches, replays, monkeypatch):
    # A save scores only the new hand, from the state the page's version left (no replay of
    # the stored hands: its cost does not grow with the match).
    continued: list[int] = []
    real = service.next_hand.check_next

    def counted(previous, hand):
        continued.append(len(previous.match["hands"]) + 1)
        return real(previous, hand)

    monkeypatch.setattr(service.next_hand, "check_next", counted)
    url = table.start()
    match_id = url.rsplit("/", 1)[1]
    matches.record(match_id, euchre_hand("E", 3))
    values = table.hand_form(url)
    replays.clear()
    continued.clear()
    r = table.post_hand(url, values, caller="N", makers_tricks="4")
    assert r.status_code == 303
    assert replays == [] and continued == [2]
    page = table.client.get(r.headers["Location"])  # the redirect target: the kept state
    assert page.status_code == 200 and "+1 Home" in page.get_data(as_text=True)
    assert replays == [] and continued == [2]
    values = table.hand_form(url)
    replays.clear()
    continued.clear()
    r = table.post_hand(url, values, caller="S", round="2", turn_up="9H", trump="H",
                        makers_tricks="4")
    assert r.status_code == 422
    # an illegal hand: the service's try only; the stored hands' state (over? behind?) and
    # the page shown come from the state kept at this version
    assert replays == [] and continued == [3]


def test_the_preview_asks_the_service_and_replays_at_most_once(table, matches, replays):
    url = table.start()
    match_id = url.rsplit("/", 1)[1]
    matches.record(match_id, euchre_hand("E", 3))
    values = table.hand_form(url)
    replays.clear()
    r = table.client.get(url + "/preview", query_string={**values, "caller": "N",
                                                          "makers_tricks": "5"})
    assert r.get_json() == {"label": "Save: Home march → +2", "errors": {}}
    assert replays == []  # the next hand continues from the kept state
    replays.clear()
    r = table.client.get(url + "/preview", query_string={**values, "no": "1", "caller": "N",
                                                          "makers_tricks": "5"})
    assert r.get_json() == {"label": "Save correction: Home march → +2", "errors": {}}
    assert replays == [1]
    assert matches.load(match_id).version == 2  # nothing stored


def test_a_renamed_player_does_not_make_the_scorer_page_behind(table, client, matches):
    # A rename bumps the match's version (pages and ETags change) but no hand: the form (or a
    # hand queued offline) made before it still saves; an undo in between still does not.
    url = table.start()
    match_id = url.rsplit("/", 1)[1]
    form = table.hand_form(url)
    players = client.get(f"/api/matches/{match_id}").get_json()["players"]
    renamed = client.patch(f"/api/players/{players['N']['id']}", json={"name": "Annabel"},
                           headers=become_organiser(client))
    assert renamed.status_code == 200, renamed.get_json()
    assert matches.load(match_id).version == int(form["version"]) + 1
    r = table.post_hand(url, form, caller="E", makers_tricks="3")
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    loaded = matches.load(match_id)
    assert len(loaded.match.hands) == 1 and loaded.match.seats["N"] == "Annabel"
    stale = table.hand_form(url)
    assert table.post_hand(url, table.hand_form(url), caller="W", makers_tricks="3"
                           ).status_code == 303
    assert table.action(url, "undo").status_code == 303  # a hand changed since `stale`
    r = table.post_hand(url, stale, caller="N", makers_tricks="4")
    assert r.status_code == 409
    assert len(matches.load(match_id).match.hands) == 1


@pytest.mark.parametrize(("field", "text"), [
    ("play", "[" * 1500 + "]" * 1500),  # deeper than any record: once a RecursionError (500)
    ("play", '[["\\ud800"]]'),  # a lone surrogate: once a UnicodeEncodeError (500)
    ("deal", '{"N": ["\\ud800"]}'),
])
def test_a_crafted_card_record_in_the_form_is_refused_in_words(table, matches, field, text):
    url = table.start()
    form = table.hand_form(url)
    r = table.post_hand(url, form, caller="E", makers_tricks="3", **{field: text})
    assert r.status_code == 422, r.status_code
    assert "The recorded cards could not be read" in r.get_data(as_text=True)
    assert matches.load(url.rsplit("/", 1)[1]).match.hand_objects == []
    preview = table.client.get(url + "/preview", query_string={
        **form, "caller": "E", "makers_tricks": "3", field: text})
    assert preview.status_code < 500


def test_whist_says_deals_where_euchre_says_hands(table):
    html = table.page(table.start(game="whist"))
    assert "Save deal 1" in html and "Deal 1, after 0–0" in html and ">deal 1<" in html
    assert "Save hand" not in html and "Record it as deal #" in html
    euchre = table.page(table.start())
    assert "Save hand 1" in euchre and "Save deal" not in euchre
