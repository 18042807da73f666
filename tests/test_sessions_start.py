"""Starting a session from the director's form and entering results on the director's page,
through the test client with CSRF on: the pasted pairs get their movement's ids, each movement
says what it guarantees, hand records come from a PBN file, refusals are worded and store
nothing, only the phone holding the session's right enters results, and a result entered
there scores exactly as the API's."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path
from typing import Any

import pytest
from support import bridge_session, table_session

from scorekeeper.engine.games import GAMES
from scorekeeper.games.bridge.session.starting import read_boards
from scorekeeper.service import session_tables as tables

SESSIONS = Path(__file__).parent / "data" / "sessions"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture(autouse=True)
def bridge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "bridge", bridge_session.GAME)


def hand_records_pbn(count: int) -> tuple[str, dict[str, Any]]:
    """The golden Mitchell's first ``count`` boards as a dealing machine writes them."""
    return table_session.golden_pbn(count)


def held(boards: dict[str, Any]) -> dict[str, dict[str, set[str]]]:
    """Each board's hands as sets (a PBN file writes each hand's cards suit by suit)."""
    return {k: {seat: set(cards) for seat, cards in b["deal"].items()} for k, b in
            boards.items()}


def token(client: Any, path: str = "/sessions/new") -> str:
    found = CSRF.search(client.get(path).get_data(as_text=True))
    assert found is not None
    return found.group(1)


def pairs_text(count: int) -> str:
    return "\n".join(f"Ann{i} & Bo{i}" for i in range(1, count + 1))


def start(client: Any, **fields: Any) -> Any:
    data = {"game": "bridge", "name": "Tuesday", "pairs": pairs_text(14), "boards": "27",
            "movement": "mitchell", "scoring": "matchpoints", **fields,
            "csrf_token": token(client)}
    return client.post("/sessions/new", data=data, content_type="multipart/form-data")


def text(response: Any) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ",
                                         response.get_data(as_text=True)).split()))


def test_the_home_and_club_night_pages_link_to_a_session(client: Any) -> None:
    for path in ("/", "/events/new"):
        assert 'href="/sessions/new"' in client.get(path).get_data(as_text=True)


@pytest.mark.parametrize(("pairs", "boards", "says"), [
    (14, 27, ["Mitchell", "Tables: 7 · Rounds: 7 · Boards a round: 4 · Boards: 28, each "
                          "played 7 times.", "Every North–South pair meets every East–West "
                          "pair.", "Howell", "Tables: 7 · Rounds: 13"]),
    (8, 24, ["Mitchell with a relay", "Each East–West pair misses one North–South pair.",
             "The first and last tables share boards"]),
    (9, 24, ["One pair sits out each round."]),
])
def test_each_movement_says_what_it_guarantees(client: Any, pairs: int, boards: int,
                                               says: list[str]) -> None:
    response = client.post("/sessions/new", data={
        "game": "bridge", "pairs": pairs_text(pairs), "boards": str(boards), "check": "1",
        "csrf_token": token(client)})
    assert response.status_code == 200
    words = text(response)
    for sentence in says:
        assert sentence in words, sentence
    assert "No movement" in words


def test_a_started_mitchell_seats_the_pairs_and_reads_the_hand_records(app: Any,
                                                                      client: Any) -> None:
    pbn, boards = hand_records_pbn(28)
    response = start(client, boards_file=(io.BytesIO(pbn.encode()), "hands.pbn"))
    assert response.status_code == 302, text(response)
    session_id = response.headers["Location"].split("/")[2]
    data = client.get(f"/s/{session_id}.json").get_json()
    assert data["movement"] == "mitchell" and data["name"] == "Tuesday"
    assert list(data["pairs"]) == [f"N{i}" for i in range(1, 8)] + [f"E{i}" for i in
                                                                      range(1, 8)]
    assert data["pairs"]["N1"] == ["Ann1", "Bo1"] and data["pairs"]["E1"] == ["Ann8", "Bo8"]
    assert held(data["boards"]) == held(boards)
    page = text(client.get(f"/s/{session_id}/director"))
    assert "Round 1" in page and "Table 7: N7 – E7" in page and "not entered" in page
    assert "Save board 1" in page  # this phone started it: it directs


def test_a_large_field_plays_a_mitchell_in_sections(app: Any, client: Any) -> None:
    """60 pairs: two sections of 15 tables on the same boards; the second section's tables
    and pairs are numbered on, and its boards go round inside it."""
    offered = text(client.post("/sessions/new", data={
        "game": "bridge", "pairs": pairs_text(60), "boards": "30", "check": "1",
        "csrf_token": token(client)}))
    assert "Mitchell in sections" in offered
    assert "2 sections of 15 tables play the same boards; every result is compared across " \
           "the field." in offered
    assert "Every North–South pair meets every East–West pair of its section." in offered
    response = start(client, pairs=pairs_text(60), boards="30", movement="mitchell-sections")
    assert response.status_code == 302, text(response)
    session_id = response.headers["Location"].split("/")[2]
    page = text(client.get(f"/s/{session_id}/director"))
    assert "Mitchell in sections" in page
    assert "Table 16: N16 – E16" in page and "Table 30: N30 – E30" in page
    link = f"/s/{session_id}/t/16?k={tables.table_key(app.config['SECRET_KEY'], session_id, 16)}"
    assert client.get(link).status_code == 303
    table = text(client.get(f"/s/{session_id}/t/16"))
    assert "NS pair N16 Ann16 & Bo16 EW pair E16 Ann46 & Bo46" in table
    assert "Boards this round: 1, 2" in table  # the same boards as table 1


@pytest.mark.parametrize(("fields", "words"), [
    ({"pairs": "Ann & Bo"}, "Write at least two pairs, one a line."),
    ({"pairs": "Ann & Bo\nCai\nDee & Eve"}, "Line 2, “Cai”: write the pair's two names"),
    ({"pairs": pairs_text(40), "movement": "howell"}, "There is no published Howell for 40"),
    ({"pairs": pairs_text(4)}, "A Mitchell needs at least 5 pairs"),
    ({"boards": "0"}, "The number of boards must be 1 to 200."),
    ({"date": "2026-13-45"}, "the date must be a day written like 2026-12-08"),
    ({"boards_file": (io.BytesIO(b'[Board "1"]\n[Deal "N:AKQ.JT9.8765.432 - - -"]\n'),
                      "h.pbn")}, "this file holds no deals with all 52 cards"),
])
def test_a_refused_start_is_said_and_nothing_is_stored(app: Any, client: Any,
                                                       fields: dict[str, Any],
                                                       words: str) -> None:
    response = start(client, **fields)
    assert response.status_code == 422
    assert words in text(response)
    with app.app_context():
        from scorekeeper.store.db import get_db

        assert get_db().execute("SELECT count(*) FROM sessions").fetchone()[0] == 0


def test_hand_records_read_from_pbn_round_trip() -> None:
    pbn, boards = hand_records_pbn(5)
    read, problems = read_boards(pbn)
    assert problems == [] and held(read) == held(boards)
    twice, problems = read_boards(pbn + "\n" + pbn.split("\n\n")[0])
    assert held(twice) == held(boards) and [p.code for p in problems] == ["pbn.board_twice"]


def enter(client: Any, session_id: str, **fields: Any) -> Any:
    data = {"round": "1", "table": "1", "board": "1", "ns": "N1", "ew": "E1",
            "outcome": "played", "contract": "4h", "declarer": "S", "tricks": "10", **fields,
            "csrf_token": token(client, f"/s/{session_id}/director")}
    return client.post(f"/s/{session_id}/director/results", data=data)


@pytest.mark.parametrize(("fields", "stored"), [
    ({}, {"contract": "4H", "declarer": "S", "tricks": 10}),
    ({"contract": "3n", "declarer": "n", "tricks": "9", "lead": "ks"},
     {"contract": "3NT", "declarer": "N", "tricks": 9, "lead": "KS"}),
    ({"outcome": "passed"}, {"passed": True}),
    ({"outcome": "adjusted", "adjusted_ns": "A+", "adjusted_ew": "A-", "reason": "slow play"},
     {"adjusted": {"ns": "A+", "ew": "A-"}, "reason": "slow play"}),
])
def test_the_directors_form_enters_a_result(client: Any, fields: dict[str, Any],
                                            stored: dict[str, Any]) -> None:
    response = start(client)
    session_id = response.headers["Location"].split("/")[2]
    response = enter(client, session_id, **fields)
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/s/{session_id}/director?round=1#b1-N1")
    assert "saved." in text(client.get(response.headers["Location"]))
    [result] = client.get(f"/s/{session_id}.json").get_json()["results"]
    assert result == {"round": 1, "table": 1, "board": 1, "ns": "N1", "ew": "E1", **stored}


def test_a_wrong_result_is_said_and_not_stored(client: Any) -> None:
    session_id = start(client).headers["Location"].split("/")[2]
    response = enter(client, session_id, contract="9h")
    words = text(client.get(response.headers["Location"]))
    assert "Board 1 was not saved:" in words and "9H" in words
    assert client.get(f"/s/{session_id}.json").get_json()["results"] == []


def test_only_the_sessions_phone_enters_results(app: Any, client: Any) -> None:
    session_id = start(client).headers["Location"].split("/")[2]
    other = app.test_client()
    page = text(other.get(f"/s/{session_id}/director"))
    assert "View only" in page and "Save board" not in page
    found = CSRF.search(other.get("/sessions/new").get_data(as_text=True))
    assert found is not None
    refused = other.post(f"/s/{session_id}/director/results", data={
        "board": "1", "ns": "N1", "ew": "E1", "outcome": "passed",
        "csrf_token": found.group(1)})
    assert refused.status_code == 403
    wrong = other.get(f"/s/{session_id}/director?key=nope")
    assert wrong.status_code == 302
    assert "not valid" in text(other.get(wrong.headers["Location"]))


def test_the_edit_key_link_gives_a_phone_the_right(app: Any, client: Any) -> None:
    created = client.post("/api/sessions", json={
        "format": "scorekeeper-session/1", "game": "bridge",
        "pairs": {"N1": ["A", "B"], "E1": ["C", "D"]}, "results": []}).get_json()
    phone = app.test_client()
    taken = phone.get(f"/s/{created['id']}/director?key={created['edit_key']}")
    assert taken.status_code == 302 and "key=" not in taken.headers["Location"]
    page = text(phone.get(taken.headers["Location"]))
    assert "Enter a result" in page and "View only" not in page


@pytest.mark.parametrize(("count", "movement", "tables", "moving"), [
    (14, "mitchell", 7, [f"E{i}" for i in range(1, 8)]),
    (8, "mitchell-relay", 4, [f"E{i}" for i in range(1, 5)]),
    (8, "howell", 4, [str(i) for i in range(1, 9)]),
])
def test_guide_and_movement_cards_print(client: Any, count: int, movement: str, tables: int,
                                        moving: list[str]) -> None:
    from support.prints import fetch_pdf, pdf_text

    response = start(client, pairs=pairs_text(count), movement=movement, boards="24")
    session_id = response.headers["Location"].split("/")[2]
    assert f"/s/{session_id}/guides.pdf" in client.get(f"/s/{session_id}/director").get_data(
        as_text=True)
    words = " ".join(pdf_text(fetch_pdf(client, f"/s/{session_id}/guides.pdf")).split())
    for table in range(1, tables + 1):
        assert f"Table {table} " in words
    for pair in moving:
        assert f"Pair {pair} · " in words
    assert "Pair N1 · " not in words  # a Mitchell's NS pairs stay: no movement card


def test_a_session_without_a_movement_has_no_cards(client: Any) -> None:
    session_id = start(client, movement="none").headers["Location"].split("/")[2]
    assert client.get(f"/s/{session_id}/guides.pdf").status_code == 404


def test_the_pairs_of_the_last_sessions_are_offered_and_ticked_in(client: Any) -> None:
    # A club's pairs are partnerships that come back: the next session's form offers them
    # (the latest first, each once whatever its case), and a ticked pair joins the pasted.
    first = start(client, pairs="Ann & Bo\nCai & Dee\nEve & Fay\nGus & Hal\nIvy & Jo\nKim & Lu",
                  movement="howell")
    assert first.status_code == 302, text(first)
    page = client.get("/sessions/new").get_data(as_text=True)
    offered = re.findall(r'name="known" value="([^"]+)"', html.unescape(page))
    assert offered[:2] == ["Ann & Bo", "Cai & Dee"] and len(offered) == 6
    checked = client.post("/sessions/new", data={
        "pairs": "Max & Ned\nann & bo", "known": ["Ann & Bo", "Eve & Fay", "Gus & Hal"],
        "boards": "12", "check": "1", "csrf_token": token(client)})
    assert "For 4 pairs:" in text(checked)  # Ann & Bo once, whatever its case
    second = start(client, pairs="Max & Ned", known=["Cai & Dee", "Eve & Fay", "Kim & Lu",
                                                     "Ivy & Jo"], movement="howell")
    assert second.status_code == 302, text(second)
    session_id = second.headers["Location"].split("/")[2]
    names = sorted(tuple(p) for p in client.get(f"/s/{session_id}.json").get_json()["pairs"]
                   .values())
    assert names == [("Cai", "Dee"), ("Eve", "Fay"), ("Ivy", "Jo"), ("Kim", "Lu"),
                     ("Max", "Ned")]
