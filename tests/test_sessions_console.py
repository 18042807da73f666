"""The director's console and the wall screen of a duplicate session (issue 40), through the
test client with CSRF on: the wall's ranks, round, clock, next seating and final results; the
console's tables × rounds grid (playing, late, entered), its round controls (only the
director's phone; refusals in words, nothing stored), a board played by other pairs, late
play, and every change said in words; both live parts answer 304 until the session changes;
the stream follows a session; both Chinese scripts."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import session_console as sc

from scorekeeper.service import session_live, session_tables
from scorekeeper.service.sessions import load_session
from scorekeeper.serving.streams import Hub, topics
from scorekeeper.store import sessions as session_store
from scorekeeper.store.db import get_db

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def words(response: Any) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ",
                                         response.get_data(as_text=True)).split()))


def director(app: Any, session_id: str, key: str) -> Any:
    """A phone holding the session's right (its link with the key opened once)."""
    phone = app.test_client()
    assert phone.get(f"/s/{session_id}/director?key={key}").status_code == 302
    return phone


def control(phone: Any, session_id: str, **form: str) -> Any:
    found = CSRF.search(phone.get(f"/s/{session_id}/director").get_data(as_text=True))
    assert found is not None
    return phone.post(f"/s/{session_id}/director/rounds",
                      data={**form, "csrf_token": found.group(1)})


def version(app: Any, session_id: str) -> int | None:
    with app.app_context():
        return session_store.get_version(get_db(), session_id)


def every_board(app: Any, client: Any, session_id: str, key: str) -> None:
    """Every board of the session's movement, at the table and round it seats it."""
    with app.app_context():
        loaded = load_session(get_db(), session_id)
        assert loaded is not None
        movement = session_live.movement_of(loaded)
    assert movement is not None
    for rnd in movement.rounds:
        for t in rnd.tables:
            for b in t.boards:
                sc.enter(client, session_id, key, sc.played(b, t.ns, t.ew, tricks=9 + b % 3))


# -- the wall screen --------------------------------------------------------------------------

def test_the_wall_shows_ranks_the_round_and_the_next_seating(app: Any, client: Any) -> None:
    session_id, key = sc.start(app)
    sc.enter(client, session_id, key, sc.played(1, "N1", "E1"))
    sc.enter(client, session_id, key, sc.played(3, "N2", "E2", tricks=9))
    wall = words(client.get(f"/s/{session_id}/wall"))
    assert "Tuesday pairs" in wall and "Round 1 of 3" in wall
    assert "North–South" in wall and "East–West" in wall
    assert "All pairs" not in wall  # pairs not yet played wait for their field
    assert "N1 Ann – Bo" in wall and "E1 Gus – Hal" in wall and "%" in wall
    assert "Next: round 2" in wall
    for table, goes in ((1, "Pair E1 to table 2, East–West Boards 1–2 to table 3"),
                        (2, "Pair E2 to table 3, East–West Boards 3–4 to table 1"),
                        (3, "Pair E3 to table 1, East–West Boards 5–6 to table 2")):
        assert f"Table {table} {goes}" in wall
    assert "Final results" not in wall


def test_the_walls_clock_runs_from_the_rounds_start(app: Any, client: Any) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    control(phone, session_id, do="next")
    page = client.get(f"/s/{session_id}/wall").get_data(as_text=True)
    ends = re.search(r'data-ends="([^"]+)"', page)
    assert ends is not None and 'role="timer"' in page
    assert "Round 2 of 3" in words(client.get(f"/s/{session_id}/wall"))
    with app.app_context():
        kept = session_tables.round_state(get_db(), session_id)
    assert kept is not None and kept.round == 2
    started = datetime.fromisoformat(kept.started.replace("Z", "+00:00"))
    # 7 minutes a board, 2 boards a round (the clubs' default)
    assert datetime.fromisoformat(ends.group(1).replace("Z", "+00:00")) - started == \
        timedelta(minutes=14)
    control(phone, session_id, do="minutes", minutes="8")
    page = client.get(f"/s/{session_id}/wall").get_data(as_text=True)
    ends = re.search(r'data-ends="([^"]+)"', page)
    assert ends is not None
    assert datetime.fromisoformat(ends.group(1).replace("Z", "+00:00")) - started == \
        timedelta(minutes=16)


@pytest.mark.parametrize("how", ["every board", "ended"])
def test_the_wall_shows_the_final_results(app: Any, client: Any, how: str) -> None:
    session_id, key = sc.start(app)
    if how == "every board":
        every_board(app, client, session_id, key)
    else:
        sc.enter(client, session_id, key, sc.played(1, "N1", "E1"))
        control(director(app, session_id, key), session_id, do="end")
    wall = words(client.get(f"/s/{session_id}/wall"))
    assert "Final results" in wall and "Next: round" not in wall and "Round 1 of" not in wall
    assert 'role="timer"' not in client.get(f"/s/{session_id}/wall").get_data(as_text=True)


def test_the_walls_live_part_is_304_until_a_result_is_entered(app: Any, client: Any) -> None:
    session_id, key = sc.start(app)
    first = client.get(f"/s/{session_id}/wall?part=1")
    assert first.status_code == 200 and 'id="sx-live"' in first.get_data(as_text=True)
    assert "No results yet: the ranks follow the first result." in words(first)
    assert "–%" not in words(first) and "All pairs" not in words(first)
    assert "<html" not in first.get_data(as_text=True)
    tag = first.headers["ETag"]
    assert client.get(f"/s/{session_id}/wall?part=1",
                      headers={"If-None-Match": tag}).status_code == 304
    sc.enter(client, session_id, key, sc.played(1, "N1", "E1"))
    again = client.get(f"/s/{session_id}/wall?part=1", headers={"If-None-Match": tag})
    assert again.status_code == 200 and "N1 Ann – Bo" in words(again)


@pytest.mark.parametrize("path", ["/s/nope/wall", "/s/nope/wall?part=1",
                                  "/s/nope/director/live"])
def test_an_unknown_sessions_live_parts_are_404_in_words(client: Any, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404 and "There is no such session." in words(response)


# -- the console ------------------------------------------------------------------------------

def cell(page: str, table: int, number: int) -> str:
    found = re.search(rf'<td class="sx-cell sx-(\w+)" id="cell-{table}-{number}">(.*?)</td>',
                      page)
    assert found is not None, (table, number)
    return found.group(1) + " " + " ".join(re.sub(r"<[^>]+>", " ", found.group(2)).split())


def test_the_grid_shows_each_tables_rounds(app: Any, client: Any) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    sc.enter(client, session_id, key, sc.played(1, "N1", "E1"))
    sc.enter(client, session_id, key, sc.played(2, "N1", "E1"))
    sc.enter(client, session_id, key, sc.played(3, "N2", "E2"))
    page = phone.get(f"/s/{session_id}/director/live").get_data(as_text=True)
    assert cell(page, 1, 1) == "accepted N1–E1 Accepted 2/2"
    assert cell(page, 2, 1) == "playing N2–E2 Playing 1/2"
    assert cell(page, 3, 1) == "playing N3–E3 Playing 0/2"
    assert cell(page, 1, 2) == "waiting N1–E3 To play 0/2"
    control(phone, session_id, do="next")  # round 2: round 1's missing boards are late
    page = phone.get(f"/s/{session_id}/director/live").get_data(as_text=True)
    assert cell(page, 2, 1) == "late N2–E2 Late 1/2"
    assert cell(page, 3, 1) == "late N3–E3 Late 0/2"
    assert cell(page, 1, 2) == "playing N1–E3 Playing 0/2"
    # late play: board 4 of round 1 entered now
    sc.enter(client, session_id, key, sc.played(4, "N2", "E2"))
    page = phone.get(f"/s/{session_id}/director/live").get_data(as_text=True)
    assert cell(page, 2, 1) == "accepted N2–E2 Accepted 2/2"


def test_a_round_whose_time_is_up_has_late_tables(app: Any) -> None:
    session_id, _key = sc.start(app)
    with app.app_context():
        loaded = load_session(get_db(), session_id)
        assert loaded is not None
        later = datetime.now(UTC) + timedelta(minutes=15)
        rows = session_live.grid(loaded, session_live.play(get_db(), session_id), later)
    assert [row[0].state for row in rows] == ["late", "late", "late"]
    assert [row[1].state for row in rows] == ["waiting"] * 3


def at_table(app: Any, session_id: str, table: int, board: int, answer: str | None = None,
             **result: Any) -> None:
    """A result from table ``table``'s phone in round 1, and the opponents' answer."""
    with app.app_context():
        done = session_tables.enter_at_table(
            get_db(), session_id, table, 1,
            {"board": board, "contract": "4H", "declarer": "S", "tricks": 10, **result})
        assert done.session is not None, done.problems
        if answer is not None:
            assert session_tables.answer_at_table(get_db(), session_id, table, board,
                                                  answer).status.value == "changed"


def test_the_grid_and_changes_show_the_tables_answers(app: Any) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    at_table(app, session_id, 1, 1, "accepted")
    at_table(app, session_id, 1, 2, "accepted")
    at_table(app, session_id, 2, 3)  # waiting for the opponents
    at_table(app, session_id, 3, 5, "disputed", tricks=9)
    page = phone.get(f"/s/{session_id}/director/live").get_data(as_text=True)
    assert cell(page, 1, 1) == "accepted N1–E1 Accepted 2/2"
    assert cell(page, 2, 1) == "playing N2–E2 Playing 1/2"
    assert cell(page, 3, 1) == "disputed N3–E3 Disputed 1/2"
    said = words(phone.get(f"/s/{session_id}/director/live")).replace(" ♥", "♥")
    assert "Table 3 Board 5, N3 against E3: S 4♥ −1 disputed." in said
    assert "Table 3 Board 5, N3 against E3: S 4♥ −1 entered." in said
    assert "Table 1 Board 1, N1 against E1: S 4♥ = accepted." in said
    # the director settles the dispute: the result is the director's, the cell accepted
    found = CSRF.search(phone.get(f"/s/{session_id}/director").get_data(as_text=True))
    assert found is not None
    settled = phone.post(f"/s/{session_id}/director/results", data={
        "round": "1", "table": "3", "board": "5", "ns": "N3", "ew": "E3",
        "outcome": "played", "contract": "4h", "declarer": "S", "tricks": "10",
        "csrf_token": found.group(1)})
    assert settled.status_code == 302
    page = phone.get(f"/s/{session_id}/director/live").get_data(as_text=True)
    assert cell(page, 3, 1) == "playing N3–E3 Playing 1/2"
    said = words(phone.get(f"/s/{session_id}/director/live")).replace(" ♥", "♥")
    assert "Director Board 5, N3 against E3: corrected to S 4♥ = (was S 4♥ −1)." in said
    history = phone.get(f"/api/sessions/{session_id}/history").get_json()["changes"]
    assert [(c["change"], c["by"], c["board"]) for c in history] == [
        ("entered", "table 1", 1), ("accepted", "table 1", 1),
        ("entered", "table 1", 2), ("accepted", "table 1", 2),
        ("entered", "table 2", 3),
        ("entered", "table 3", 5), ("disputed", "table 3", 5),
        ("corrected", "director", 5)]


def test_a_board_played_by_other_pairs_is_shown_with_them(app: Any, client: Any) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    found = CSRF.search(phone.get(f"/s/{session_id}/director").get_data(as_text=True))
    assert found is not None
    saved = phone.post(f"/s/{session_id}/director/results", data={
        "board": "1", "ns": "N1", "ew": "E2", "outcome": "played", "contract": "3n",
        "declarer": "N", "tricks": "9", "csrf_token": found.group(1)})
    assert saved.status_code == 302
    page = words(phone.get(f"/s/{session_id}/director?round=1"))
    assert "A board played by other pairs" in page
    assert "Board 1 · N 3NT = · NS 400 · played by N1 against E2" in page


@pytest.mark.parametrize(("steps", "said", "kept"), [
    ([{"do": "next"}], "Round 2 has started.", (2, False, 7)),
    ([{"do": "next"}] * 3, "This is the last round", (3, False, 7)),
    ([{"do": "end"}], "The session has ended: the tables can't enter results now.", (1, True, 7)),
    ([{"do": "end"}, {"do": "next"}], "The session has ended: open it again first.",
     (1, True, 7)),
    ([{"do": "end"}, {"do": "reopen"}], "The session goes on", (1, False, 7)),
    ([{"do": "minutes", "minutes": "8"}], "Each board now has 8 minutes.", (1, False, 8)),
    ([{"do": "minutes", "minutes": "0"}], "Write the minutes a board as a number",
     (1, False, 7)),
    ([{"do": "minutes", "minutes": "ten"}], "Write the minutes a board as a number",
     (1, False, 7)),
    ([{"do": "minutes", "minutes": "99999"}], "Write the minutes a board as a number",
     (1, False, 7)),
    ([{"do": "explode"}], "That is not something the console can do.", (1, False, 7)),
])
def test_the_round_controls_do_or_say_why_not(app: Any, steps: list[dict[str, str]],
                                              said: str, kept: tuple[int, bool, int]) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    for step in steps:
        response = control(phone, session_id, **step)
        assert response.status_code == 303
    assert said in words(phone.get(response.headers["Location"]))
    with app.app_context():
        now = session_tables.round_state(get_db(), session_id)
        loaded = load_session(get_db(), session_id)
    assert now is not None and loaded is not None
    assert (now.round, now.ended is not None, session_live.board_minutes(loaded)) == kept


def test_only_the_directors_phone_changes_the_round(app: Any) -> None:
    session_id, key = sc.start(app)
    other = app.test_client()
    page = other.get(f"/s/{session_id}/director").get_data(as_text=True)
    assert "Next round" not in page and "End session" not in page
    found = CSRF.search(other.get("/sessions/new").get_data(as_text=True))
    assert found is not None
    before = version(app, session_id)
    for do in ("next", "end", "minutes"):
        refused = other.post(f"/s/{session_id}/director/rounds",
                             data={"do": do, "minutes": "9",
                                   "csrf_token": found.group(1)})
        assert refused.status_code == 403
        assert "Only the director's phone can change the round" in words(refused)
    assert version(app, session_id) == before
    no_token = director(app, session_id, key).post(f"/s/{session_id}/director/rounds",
                                                   data={"do": "end"})
    assert no_token.status_code == 400 and version(app, session_id) == before
    assert "Open the session again" not in page


def test_every_change_is_said_in_words(app: Any, client: Any) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    sc.enter(client, session_id, key, sc.played(1, "N1", "E1"))
    sc.enter(client, session_id, key, sc.played(1, "N1", "E1", tricks=11))
    sc.enter(client, session_id, key, {"board": 2, "ns": "N1", "ew": "E1",
                                       "adjusted": {"ns": "A+", "ew": "A-"}})
    removed = client.delete(f"/api/sessions/{session_id}/results/2/N1",
                            headers={"Authorization": f"Bearer {key}"})
    assert removed.status_code == 200
    live = words(phone.get(f"/s/{session_id}/director/live"))
    said = re.findall(r"\d\d:\d\d Director (Board [^.]*\.)", live.replace(" ♥", "♥"))
    assert said == [
        "Board 2, N1 against E1: Adjusted: NS A+, EW A− removed.",
        "Board 2, N1 against E1: Adjusted: NS A+, EW A− entered.",
        "Board 1, N1 against E1: corrected to S 4♥ +1 (was S 4♥ =).",
        "Board 1, N1 against E1: S 4♥ = entered.",
    ]
    assert "4H" not in live and "A-" not in live  # no raw codes


def test_the_consoles_live_part_is_304_until_the_session_changes(app: Any,
                                                                  client: Any) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    first = phone.get(f"/s/{session_id}/director/live")
    assert first.status_code == 200 and 'id="sx-console"' in first.get_data(as_text=True)
    tag = first.headers["ETag"]
    assert phone.get(f"/s/{session_id}/director/live",
                     headers={"If-None-Match": tag}).status_code == 304
    # a viewer's part has no controls: its tag is not the director's
    viewer = client.get(f"/s/{session_id}/director/live")
    assert viewer.headers["ETag"] != tag and "Next round" not in words(viewer)
    control(phone, session_id, do="next")
    assert phone.get(f"/s/{session_id}/director/live",
                     headers={"If-None-Match": tag}).status_code == 200


@pytest.mark.parametrize(("lang", "wall_says", "console_says"), [
    ("zh_Hant", ["南北", "東西", "第2輪", "E1號對到第3桌"], ["變更", "進行中"]),
    ("zh_Hans", ["南北", "东西", "第2轮", "E1号对到第3桌"], ["变更", "进行中"]),
])
def test_the_wall_and_console_in_chinese(app: Any, client: Any, lang: str,
                                         wall_says: list[str],
                                         console_says: list[str]) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    control(phone, session_id, do="next")
    sc.enter(client, session_id, key, sc.played(1, "N1", "E1"))
    wall = words(client.get(f"/s/{session_id}/wall", headers={"Accept-Language": lang}))
    console = words(phone.get(f"/s/{session_id}/director/live",
                              headers={"Accept-Language": lang}))
    for said in wall_says:
        assert said in wall, (said, wall)
    for said in console_says:
        assert said in console, (said, console)
    assert "Next round" not in console and "Round" not in wall


# -- the stream -------------------------------------------------------------------------------

def test_a_stream_may_follow_a_session(app: Any, client: Any) -> None:
    assert topics(b"s=abc&e=def") == [("s", "abc"), ("e", "def")]
    session_id, key = sc.start(app)
    hub = Hub(app.config["DATABASE"])
    before = hub.read([("s", session_id), ("s", "nope")])
    assert before[("s", "nope")] is None and before[("s", session_id)] is not None
    sc.enter(client, session_id, key, sc.played(1, "N1", "E1"))
    after = hub.read([("s", session_id)])
    assert after[("s", session_id)] != before[("s", session_id)]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["do", "minutes"]),
                       st.one_of(st.sampled_from(["next", "end", "reopen", "minutes"]),
                                 st.text(max_size=12)), max_size=2))
def test_any_round_form_is_done_or_said(app: Any, form: dict[str, str]) -> None:
    session_id, key = sc.start(app)
    phone = director(app, session_id, key)
    response = control(phone, session_id, **form)
    assert response.status_code == 303
    page = phone.get(response.headers["Location"])
    assert page.status_code == 200 and 'class="flash' in page.get_data(as_text=True)
    assert phone.get(f"/s/{session_id}/wall").status_code == 200


@pytest.mark.parametrize(("movement", "scoring", "says", "not_said"), [
    ("mitchell", "imps", ["IMPs", "North–South", "Round 1 of 3"], ["%"]),
    ("howell", "matchpoints", ["Round 1 of", "%", "All pairs", "to table"], ["IMPs"]),
    ("none", "matchpoints", ["Results as they come"], ["Round 1", "Next: round"]),
    ("mitchell", "matchpoints", ["Round 1 is being played", "Round 1 of 3"], ["IMPs"]),
])
def test_the_wall_and_console_for_each_movement_and_scoring(
        app: Any, client: Any, movement: str, scoring: str, says: list[str],
        not_said: list[str]) -> None:
    session_id, key = sc.start(app, pairs=6 if movement != "howell" else 8, boards=6,
                               scoring=scoring, movement=movement)
    first = "N1" if movement == "mitchell" else "1"
    second = "E1" if movement == "mitchell" else "2"
    sc.enter(client, session_id, key, sc.played(1, first, second))
    phone = director(app, session_id, key)
    wall = words(client.get(f"/s/{session_id}/wall"))
    console = words(phone.get(f"/s/{session_id}/director/live"))
    for said in says:
        assert said in wall + " " + console, (said, wall, console)
    for said in not_said:
        assert said not in wall, (said, wall)
    assert "End session" in console
