"""A duplicate session's table page through the test client (issue 40), CSRF on: the tent's
link gives a phone the table's right and takes it from the phone before; results entered,
refused in words (nothing stored), sent again with the same key (stored once), accepted or
disputed; the director's Next round and End session; the round's moves; both Chinese
scripts; the live stream's session topic."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support import table_session

from scorekeeper.service import session_tables as tables
from scorekeeper.service import sessions
from scorekeeper.serving.streams import Hub

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
JSON = {"Accept": "application/json"}
PLAYED = {"contract": "4H", "declarer": "S", "result": "1"}


@pytest.fixture
def started(db) -> tuple[str, str]:
    return table_session.start(db)


def text(response: Any) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ",
                                         response.get_data(as_text=True)).split()))


def tent(app: Any, sid: str, table: int) -> str:
    return f"/s/{sid}/t/{table}?k={tables.table_key(app.config['SECRET_KEY'], sid, table)}"


def phone(app: Any, sid: str, table: int) -> Any:
    """A phone that opened the table's tent link."""
    client = app.test_client()
    response = client.get(tent(app, sid, table))
    assert response.status_code == 303 and response.location.endswith(f"/s/{sid}/t/{table}")
    # the right outlives a browser restart: a cookie kept 400 days, not a session cookie
    assert "Max-Age=34560000" in response.headers["Set-Cookie"]
    return client


def token(client: Any, path: str) -> str:
    found = CSRF.search(client.get(path).get_data(as_text=True)) or CSRF.search(
        client.get("/sessions/new").get_data(as_text=True))  # a page without forms
    assert found is not None
    return found.group(1)


def post(client: Any, sid: str, table: int, what: str = "results", json: bool = True,
         **data: Any) -> Any:
    data["csrf_token"] = token(client, f"/s/{sid}/t/{table}")
    return client.post(f"/s/{sid}/t/{table}/{what}", data=data, headers=JSON if json else {})


def stored(db: Any, sid: str) -> list[dict[str, Any]]:
    return sessions.load_session(db, sid).stored.results  # type: ignore[union-attr]


def test_the_tent_link_gives_the_phone_its_table(app, started) -> None:
    sid, _key = started
    client = phone(app, sid, 2)
    page = text(client.get(f"/s/{sid}/t/2"))
    assert "This phone scores table 2 now." in page
    assert "Table 2 Round 1 of 3" in page
    assert "NS pair N2 Cy & Di" in page and "EW pair E2 Ida & Jo" in page
    assert "Boards this round: 4–6" in page
    body = client.get(f"/s/{sid}/t/2").get_data(as_text=True)
    assert 'id="entry"' in body and 'id="all-passed"' in body  # the game's form, one tap
    assert "?k=" not in body  # the key is not kept in the page or its history


@pytest.mark.parametrize(("path", "says"), [
    ("/s/{sid}/t/2?k=wrong", "That is not table 2's link"),
    ("/s/{sid}/t/2?k=", "That is not table 2's link"),
    ("/s/{sid}/t/2", "View only: to score table 2, scan the QR code"),
])
def test_a_phone_without_the_right_sees_the_table_without_forms(app, started, path: str,
                                                               says: str) -> None:
    sid, _key = started
    client = app.test_client()
    page = text(client.get(path.format(sid=sid), follow_redirects=True))
    assert says in page
    assert 'id="entry"' not in client.get(f"/s/{sid}/t/2").get_data(as_text=True)
    response = post(client, sid, 2, board="4", **PLAYED)
    assert response.status_code == 403
    assert "does not score table 2" in response.get_json()["message"]


@pytest.mark.parametrize("path", ["/s/nope/t/1", "/s/{sid}/t/4", "/s/{sid}/t/0",
                                  "/s/{sid}/t/99999999999999999999"])
def test_no_such_session_or_table_is_404_in_words(app, started, path: str) -> None:
    response = app.test_client().get(path.format(sid=started[0]))
    assert response.status_code == 404 and b"Traceback" not in response.data


def test_the_phone_swapped_takes_the_right_and_the_old_one_is_told(app, db, started) -> None:
    sid, _key = started
    old, new = phone(app, sid, 1), phone(app, sid, 1)
    response = post(old, sid, 1, board="1", **PLAYED)
    assert response.status_code == 403
    assert "Another phone opened table 1’s link" in response.get_json()["message"]
    assert "Another phone opened table 1’s link" in text(old.get(f"/s/{sid}/t/1"))
    assert stored(db, sid) == []
    assert post(new, sid, 1, board="1", **PLAYED).status_code == 201
    # the old phone takes it back by the tent again (two phones at one table: the last wins)
    back = phone(app, sid, 1)
    assert post(back, sid, 1, board="2", **PLAYED).status_code == 201
    assert post(new, sid, 1, board="3", **PLAYED).status_code == 403


def test_a_saved_board_waits_for_the_opponents_who_accept_it(app, db, started) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    saved = post(client, sid, 1, board="1", submission_id="k-1", **PLAYED)
    assert saved.status_code == 201
    assert saved.get_json()["message"] == "Board 1 saved: the opponents accept it now."
    page = text(client.get(f"/s/{sid}/t/1"))
    assert "Board 1 waiting for the opponents S 4♥ +1 → NS +450" in page
    assert "East–West, Gus & Hal: is this right? Accept Dispute" in page
    director = text(app.test_client().get(f"/s/{sid}/director"))
    assert "waiting for the opponents" in director
    accepted = post(client, sid, 1, "answers", board="1", state="accepted")
    assert accepted.status_code == 200 and accepted.get_json()["message"] == "Board 1 accepted."
    page = text(client.get(f"/s/{sid}/t/1"))
    assert "Board 1 accepted S 4♥ +1 → NS +450" in page
    assert "The board so far" in page and "Makeable contracts" in page and "Par:" in page
    assert "accepted" in text(app.test_client().get(f"/s/{sid}/director"))


def test_a_disputed_board_flags_the_table(app, db, started) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    post(client, sid, 1, board="2", **PLAYED)
    disputed = post(client, sid, 1, "answers", board="2", state="disputed")
    assert disputed.get_json()["message"] == "Board 2 disputed: the director has been told."
    assert "Disputed: the director has been told and settles it." in text(
        client.get(f"/s/{sid}/t/1"))
    assert tables.states(db, sid)[(2, "N1")].state == "disputed"
    again = post(client, sid, 1, "answers", board="2", state="accepted")
    assert again.status_code == 422 and "the director settles it" in again.get_json()["message"]


def test_a_queued_board_sent_twice_is_stored_once(app, db, started) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    first = post(client, sid, 1, board="1", submission_id="same", **PLAYED)
    again = post(client, sid, 1, board="1", submission_id="same", **PLAYED)
    assert (first.status_code, again.status_code) == (201, 200)
    assert len(stored(db, sid)) == 1


REFUSED = [
    ({"board": "1"}, "Board 1 was entered already at this table"),
    ({"board": "4"}, "Board 4 is not played at table 1 in round 1: its boards are 1–3."),
    ({"board": "1", "round": "2"}, "Round 2 has not started yet (this is round 1)."),
    ({"board": "2", "lead": "LEAD"}, "is not in W's hand (the board's hand record)"),
    ({"board": "2", "contract": "9Z"}, "Not a valid choice"),
    ({"board": "x"}, "Choose the board you played: one of 1–3."),
    ({"board": "2", "round": "-5"}, "Table 1 does not play in round -5."),
    ({"board": "2", "round": "99"}, "Round 99 has not started yet"),
    # a Save left short is said in the deal form's words, not the session file's
    ({"board": "2", "contract": "", "declarer": "", "result": ""},
     "Board 2 was not saved: say the contract, like 4H or 3NTX (or that all four passed)"),
    ({"board": "2", "declarer": ""}, "Board 2 was not saved: say who declared the contract"),
    ({"board": "2", "result": ""},
     "Board 2 was not saved: how many tricks did declarer's side take? (0 to 13)"),
]


@pytest.mark.parametrize(("fields", "says"), REFUSED)
def test_a_refusal_is_said_and_nothing_is_stored(app, db, started, fields: dict[str, str],
                                                 says: str) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    assert post(client, sid, 1, board="1", **PLAYED).status_code == 201
    before = sessions.load_session(db, sid).stored.version  # type: ignore[union-attr]
    if fields.get("lead") == "LEAD":
        fields["lead"] = table_session.lead_not_held(2, "S")
    response = post(client, sid, 1, **(PLAYED | fields))
    assert response.status_code == 422, response.data
    assert says in response.get_json()["message"]
    assert sessions.load_session(db, sid).stored.version == before  # type: ignore[union-attr]


@pytest.mark.parametrize(("lang", "says"), [
    ("zh-Hans", "第2副没有保存：请填定约"), ("zh-Hant", "第2副")])
def test_a_save_left_short_is_said_in_chinese(app, started, lang: str, says: str) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    response = client.post(f"/s/{sid}/t/1/results", headers={**JSON, "Accept-Language": lang},
                           data={"board": "2", "csrf_token": token(client, f"/s/{sid}/t/1")})
    assert response.status_code == 422
    message = response.get_json()["message"]
    assert says in message and "contract" not in message and "passed: true" not in message


def test_without_a_script_a_save_is_post_redirect_get(app, db, started) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    response = post(client, sid, 1, json=False, board="3", passed="y")
    assert response.status_code == 303 and response.location.endswith(f"/s/{sid}/t/1")
    assert "Board 3 saved: the opponents accept it now." in text(client.get(response.location))
    refused = post(client, sid, 1, json=False, board="3", passed="y")
    assert "Board 3 was entered already" in text(client.get(refused.location))


def test_save_says_the_score_before_it_is_tapped(app, started) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    said = client.get(f"/s/{sid}/t/1/preview?board=1&contract=4H&declarer=S&result=1")
    assert said.get_json() == {"label": "Save: S 4♥ +1 → NS +450", "errors": []}
    down = client.get(f"/s/{sid}/t/1/preview?board=2&contract=3NT&declarer=N&result=-2")
    assert down.get_json()["label"] == "Save: N 3NT −2 → EW +200"  # board 2: NS vulnerable
    wrong = client.get(f"/s/{sid}/t/1/preview?board=5&passed=y")
    assert wrong.get_json()["label"] == "Save" and "its boards are 1–3" in \
        wrong.get_json()["errors"][0]


def test_the_director_starts_the_next_round_and_the_table_follows(app, db, started) -> None:
    sid, key = started
    director = app.test_client()
    director.get(f"/s/{sid}/director?key={key}")
    table = phone(app, sid, 1)
    for board in ("1", "2", "3"):
        post(table, sid, 1, board=board, **PLAYED)
    page = text(table.get(f"/s/{sid}/t/1"))
    assert "When the director starts round 2" in page
    assert "Pair N1 stays at table 1, NS." in page and "Pair E1 to table 2, EW." in page
    assert "Boards 1–3 to table 3." in page
    stranger = app.test_client()
    assert stranger.post(f"/s/{sid}/director/rounds", data={
        "do": "next", "csrf_token": token(stranger, f"/s/{sid}/director")}).status_code == 403
    moved = director.post(f"/s/{sid}/director/rounds", data={
        "do": "next", "csrf_token": token(director, f"/s/{sid}/director")})
    assert "Round 2 has started." in text(director.get(moved.location))
    page = text(table.get(f"/s/{sid}/t/1"))
    assert "Table 1 Round 2 of 3" in page and "EW pair E3 Kai & Lou" in page
    assert "Round 2 has started: the moves" in page
    # a board of round 1 sent late (a table that was offline) is still taken
    assert post(table, sid, 1, board="1", round="1", **PLAYED).status_code == 422  # entered
    director.post(f"/s/{sid}/director/rounds", data={
        "do": "end", "csrf_token": token(director, f"/s/{sid}/director")})
    assert "The session has ended" in text(table.get(f"/s/{sid}/t/1"))
    refused = post(table, sid, 1, board="4", **PLAYED)
    assert "The session has ended" in refused.get_json()["message"]


@pytest.mark.parametrize(("lang", "words"), [
    ("zh-Hant", ["桌", "第"]), ("zh-Hans", ["桌", "第"])])
def test_the_table_page_in_both_chinese_scripts(app, started, lang: str, words: list[str]
                                                ) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    post(client, sid, 1, board="1", **PLAYED)
    response = client.get(f"/s/{sid}/t/1", headers={"Accept-Language": lang})
    assert response.status_code == 200
    page = text(response)
    assert all(w in page for w in words)
    assert "Board 1" not in page and "waiting for the opponents" not in page


def test_the_live_stream_follows_a_session(app, db, started) -> None:
    sid, _key = started
    hub = Hub(Path(app.config["DATABASE"]))
    before = hub.read([("s", sid), ("s", "nope")])
    assert before == {("s", sid): "1", ("s", "nope"): None}
    tables.next_round(db, sid)
    assert hub.read([("s", sid)]) == {("s", sid): "2"}


def test_a_table_s_stamp_moves_with_its_own_changes_only(app, db, started) -> None:
    """What a table's phone follows (``t=<session>.<table>``): its results, their answers,
    its phone and the round; not another table's board (at 1,000 tables, 2.4 a second)."""
    sid, _key = started
    hub = Hub(Path(app.config["DATABASE"]))
    one, two = ("t", f"{sid}.1"), ("t", f"{sid}.2")

    def stamps() -> tuple[str | None, str | None]:
        now = hub.read([one, two])
        return now[one], now[two]

    first, second = phone(app, sid, 1), phone(app, sid, 2)
    start = stamps()
    assert hub.read([("t", "nope.1")]) == {("t", "nope.1"): None}
    assert post(second, sid, 2, board="4", **PLAYED).status_code == 201
    after = stamps()
    assert after[0] == start[0] and after[1] != start[1]
    assert post(first, sid, 1, board="1", **PLAYED).status_code == 201
    answered = stamps()
    assert answered[0] != after[0] and answered[1] == after[1]
    tables.next_round(db, sid)
    assert all(a != b for a, b in zip(stamps(), answered, strict=True))


def test_an_unchanged_table_page_is_a_304_for_its_own_poll(app, db, started) -> None:
    sid, _key = started
    first, second = phone(app, sid, 1), phone(app, sid, 2)
    path = f"/s/{sid}/t/1"
    shown = first.get(path)
    tag = shown.headers["ETag"]
    assert shown.status_code == 200 and "no-store" in shown.headers["Cache-Control"]
    again = first.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304 and not again.data
    assert post(second, sid, 2, board="4", **PLAYED).status_code == 201  # another table
    assert first.get(path, headers={"If-None-Match": tag}).status_code == 304
    assert second.get(path, headers={"If-None-Match": tag}).status_code == 200  # not its own
    assert post(first, sid, 1, board="1", **PLAYED).status_code == 201
    changed = first.get(path, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and "Board 1" in text(changed)


FIELD = st.one_of(st.text(max_size=12), st.sampled_from(
    ["1", "2", "3", "4", "9", "0", "-1", "4H", "3NT", "7NTXX", "S", "N", "y", "AS", "10H"]))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["board", "round", "contract", "doubled", "declarer",
                                        "result", "tricks", "lead", "passed", "note",
                                        "submission_id", "state"]), FIELD, max_size=8),
       st.sampled_from(["results", "answers"]))
@example({"result": ":", "contract": "1H"}, "results")  # was a 500 (int(":"))
@example({"result": "+1", "contract": "4H", "honours": "NSxx"}, "results")
def test_any_form_is_saved_or_refused_in_words_never_an_error(
        app, db, started, fields: dict[str, str], what: str) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    before = sessions.load_session(db, sid).stored.version  # type: ignore[union-attr]
    response = post(client, sid, 1, what, **fields)
    assert response.status_code in (200, 201, 422), response.data
    said = response.get_json()["message"]
    assert said and "{" not in said and "Traceback" not in said
    if response.status_code == 422:  # nothing stored; a phone taking the table moves it once
        assert sessions.load_session(db, sid).stored.version == before  # type: ignore


def test_the_session_file_stays_the_specs_with_states_kept_beside_it(app, db, started
                                                                     ) -> None:
    sid, _key = started
    client = phone(app, sid, 1)
    post(client, sid, 1, board="1", **PLAYED)
    post(client, sid, 1, "answers", board="1", state="disputed")
    post(client, sid, 1, board="2", passed="y")
    exported = client.get(f"/s/{sid}.json").get_json()
    assert exported["results"] == [
        {"board": 1, "contract": "4H", "declarer": "S", "tricks": 11, "ns": "N1", "ew": "E1",
         "round": 1, "table": 1},  # made with one over: 11 tricks
        {"board": 2, "passed": True, "ns": "N1", "ew": "E1", "round": 1, "table": 1}]
    api = client.get(f"/api/sessions/{sid}").get_json()
    assert api["results"]["ok"] is True and "state" not in str(api["results"])


def test_a_long_traveller_is_the_tables_line_and_a_link_on_the_phone(
        app, db, started, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past PHONE_TRAVELLER results (1,000 tables: 1,000 rows) the phone shows its own."""
    from scorekeeper.web.sessions import table as table_page

    sid, _key = started
    client = phone(app, sid, 1)
    assert post(client, sid, 1, board="1", **PLAYED).status_code == 201
    assert post(client, sid, 1, "answers", board="1", state="accepted").status_code == 200
    assert "All 1 results of board 1" not in text(client.get(f"/s/{sid}/t/1"))
    monkeypatch.setattr(table_page, "PHONE_TRAVELLER", 0)
    page = client.get(f"/s/{sid}/t/1").get_data(as_text=True)
    assert "All 1 results of board 1" in html.unescape(" ".join(re.sub(r"<[^>]+>", " ",
                                                                      page).split()))
    assert f'href="/s/{sid}/boards/1"' in page
    traveller = page.split("sx-traveller", 1)[1].split("</table>", 1)[0]
    assert traveller.split("<tbody>", 1)[1].count("<tr>") == 1  # the table's own line
    assert "第1副的全部1个结果" in text(client.get(f"/s/{sid}/t/1",
                                              headers={"Accept-Language": "zh-Hans"}))
    assert "第1副的全部1個結果" in text(client.get(f"/s/{sid}/t/1",
                                              headers={"Accept-Language": "zh-Hant"}))


def test_a_large_sessions_phones_spread_a_rounds_change(
        app, started, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MANY_TABLES every phone hears a round's change at once: each asks within
    SPREAD_MS_PER_TABLE a table (session-table.js), not all at the same moment."""
    from scorekeeper.web.sessions import table as table_page

    sid, _key = started
    client = phone(app, sid, 1)
    assert "data-spread" not in client.get(f"/s/{sid}/t/1").get_data(as_text=True)
    monkeypatch.setattr(table_page, "MANY_TABLES", 2)
    page = client.get(f"/s/{sid}/t/1").get_data(as_text=True)
    assert f'data-spread="{3 * table_page.SPREAD_MS_PER_TABLE}"' in page
