"""A large duplicate session (issue 41): a field in sections seen on the wall, which says
each table's phone tells where it goes instead of listing every table, and a wall part
rendered once a version for every wall that asks."""

from __future__ import annotations

import html
import re
from typing import Any

from scorekeeper.service import session_tables as tables
from scorekeeper.service import sessions
from scorekeeper.service.session_start import StartForm, start_session
from scorekeeper.web.sessions import live


def text(response: Any) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ",
                                         response.get_data(as_text=True)).split()))


def started(db: Any, pairs: int) -> str:
    names = "\n".join(f"Ann{i} & Bo{i}" for i in range(1, pairs + 1))
    outcome, problems, _file = start_session(db, StartForm(
        "bridge", "Big", "", names, 27, "mitchell-sections", "matchpoints"))
    assert outcome is not None and outcome.session_id is not None, problems
    return outcome.session_id


def test_a_wall_of_many_tables_leaves_the_moves_to_the_phones(client: Any, db: Any) -> None:
    sid = started(db, 64)  # 32 tables: two sections of 16
    wall = text(client.get(f"/s/{sid}/wall"))
    assert "Next: round 2" in wall
    assert "Each table’s phone says where its pairs and boards go." in wall
    assert "to table" not in wall  # no table's moves listed


def test_a_wall_part_is_rendered_once_a_version(client: Any, db: Any, monkeypatch: Any
                                               ) -> None:
    sid = started(db, 64)
    live._WALLS.clear()
    first = client.get(f"/s/{sid}/wall?part=1")
    loads: list[str] = []
    monkeypatch.setattr(sessions, "load_session", lambda d, i: loads.append(i))
    again = client.get(f"/s/{sid}/wall?part=1")  # another wall, the same version
    assert again.data == first.data and loads == []
    monkeypatch.undo()
    tables.next_round(db, sid)
    after = client.get(f"/s/{sid}/wall?part=1")
    assert after.data != first.data and "Round 2" in text(after)


def test_a_console_of_many_tables_counts_rounds_and_lists_what_needs_the_director(
        client: Any, db: Any) -> None:
    sid = started(db, 64)
    part = client.get(f"/s/{sid}/director/live")
    words = text(part)
    assert "Round 1: 0 of 32 tables accepted" in words and "Round 2: 0 of 32" in words
    assert "Below: only the tables with a late or disputed board." in words
    assert "Tables and rounds" not in words  # nothing late or disputed yet
    assert 'data-every="2000"' in part.get_data(as_text=True)  # asked at most every 2 s
    assert 'data-every' in client.get(f"/s/{sid}/wall?part=1").get_data(as_text=True)


def test_the_console_reads_only_the_last_changes(db: Any) -> None:
    sid = started(db, 64)
    for table, board in ((1, 1), (2, 4), (3, 7)):
        outcome = sessions.enter_result(db, sid, {
            "board": board, "ns": f"N{table}", "ew": f"E{table}", "round": 1,
            "table": table, "contract": "3NT", "declarer": "N", "tricks": 9})
        assert outcome.status is sessions.SessionStatus.CREATED, outcome.problems
    every = sessions.history(db, sid) or []
    last = sessions.history(db, sid, 2) or []
    assert [c.no for c in every] == [1, 2, 3] and last == every[1:]


def test_a_wall_ranks_a_new_version_without_its_boards_lines(client: Any, db: Any) -> None:
    """At 1,000 tables a new most results on a board moves every board's line: a wall asks
    for the pairs' ranks alone, and they are the whole answer's."""
    sid = started(db, 64)
    # board 1: +400 and -50; board 2 played once (factored to 2 results: ½ of a top of 1)
    for board, ns, ew, contract in ((1, "N1", "E1", "3NT"), (1, "N2", "E2", "4S"),
                                    (2, "N1", "E1", "2H")):
        outcome = sessions.enter_result(db, sid, {
            "board": board, "ns": ns, "ew": ew, "contract": contract, "declarer": "N",
            "tricks": 9})
        assert outcome.session is not None, outcome.problems
    live._WALLS.clear()
    wall = text(client.get(f"/s/{sid}/wall?part=1"))
    loaded = sessions.load_session(db, sid)
    assert loaded is not None
    assert loaded.scoring._answer is None  # ranked, no board's line made
    ranks = loaded.standings
    ranked = [(p["pair"], p["percent"]) for p in ranks["pairs"] if p["rank"]]
    assert ranks["ok"] and ranked == [("N1", 75.0), ("N2", 0.0), ("E2", 100.0), ("E1", 25.0)]
    assert "1 N1 Ann1 – Bo1 75.00% 2 N2 Ann2 – Bo2 0.00% East–West 1 E2" in wall
    assert ranks == {k: v for k, v in loaded.answer.items() if k != "boards"}
