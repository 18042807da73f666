"""Property: a save writes only what its hand changes (issue 21), yet after any sequence of
records, corrections, undos and rematches the facts and the per-day rollup are row for row what
a rebuild from the stored hands gives, and so is every player's figures in the API."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.helpers import euchre_match, whist_match

from scorekeeper import create_app, service
from scorekeeper.store import facts
from scorekeeper.store.db import connect

SEATS = ("N", "E", "S", "W")
TABLES = ("hand_facts", "seat_facts", "seat_stats", "match_facts", "player_days",
          "player_totals")
# Three matches, two on one day, with players in common (and at other seats): the day rows
# of a player sum several matches.
STARTS: tuple[dict[str, Any], ...] = (
    euchre_match(rules={"target": 2}, date="2026-03-01"),  # short games: many ends and rematches
    euchre_match(rules={"target": 3}, date="2026-03-01",
                 seats={"N": "Bo", "E": "Ann", "S": "Eve", "W": "Dee"}),
    whist_match(rules={"deals": 3, "honours": True}, date="2026-03-02",
                seats={"N": "Cai", "E": "Eve", "S": "Ann", "W": "Fay"}),
)

euchre_hands = st.one_of(
    st.builds(lambda c, t, a: {"caller": c, "makers_tricks": t, "alone": a},
              st.sampled_from(SEATS), st.integers(0, 5), st.booleans()),
    st.just({"passed": True}),
    st.builds(lambda c, r: {"caller": c, "renege": r}, st.sampled_from(SEATS),
              st.sampled_from(SEATS)),
)
whist_hands = st.builds(lambda t, n, h: {"trump": t, "tricks_NS": n, "honours_NS": h},
                        st.sampled_from("SHDC"), st.integers(0, 13), st.sampled_from([0, 2, 4]))
records = st.tuples(st.just("record"), st.integers(0, 9), euchre_hands, whist_hands)
ops = st.lists(
    st.one_of(
        records, records, records,  # mostly saves, as at a table
        st.tuples(st.just("correct"), st.integers(0, 9), euchre_hands, whist_hands,
                  st.integers(1, 12)),
        st.tuples(st.just("undo"), st.integers(0, 9)),
        st.tuples(st.just("rematch"), st.integers(0, 9)),
    ),
    max_size=40,
)


def snapshot(db) -> dict[str, list[tuple]]:
    """Every row of the facts tables and the rollup, in a stable order."""
    return {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in TABLES}


def totals_are_the_rollup_summed(db) -> None:
    """The triggers' all-time totals are the per-day rollup summed, row for row."""
    totals = db.execute("SELECT player, game, fact, value, days FROM player_totals"
                        " ORDER BY 1, 2, 3").fetchall()
    summed = db.execute("SELECT player, game, fact, SUM(value), COUNT(*) FROM player_days"
                        " GROUP BY 1, 2, 3 ORDER BY 1, 2, 3").fetchall()
    assert totals == summed


def figures(client) -> dict[str, Any]:
    """The table of players and each player's own figures, as the API answers them."""
    listed = client.get("/api/players").get_json()
    ids = sorted(p["id"] for p in listed["players"]) if isinstance(listed, dict) else sorted(
        p["id"] for p in listed)
    # the all-time table (player_totals) says what the rollup summed over every day says
    assert client.get("/api/players?from=1900-01-01&to=2999-12-31").get_json() == listed
    return {"list": listed, **{i: client.get(f"/api/players/{i}").get_json() for i in ids}}


def rebuild_all(db) -> None:
    """The facts made afresh from the stored hands, and the rollup recounted from them."""
    with db.conn:
        for (match_id,) in db.execute("SELECT id FROM matches").fetchall():
            facts.rebuild(db, match_id)
        db.execute("DELETE FROM player_days")
        everyone = {p for (p,) in db.execute("SELECT id FROM players").fetchall()}
        for (date,) in db.execute("SELECT DISTINCT date FROM match_facts").fetchall():
            facts.refresh_days(db, everyone, date)


def apply(db, matches: list[tuple[str, str]], op: tuple) -> None:
    """One step of the sequence on one of the matches (a refused step changes nothing)."""
    match_id, game = matches[op[1] % len(matches)]
    count = len(db.execute("SELECT no FROM hands WHERE match_id = ?", [match_id]).fetchall())
    if op[0] == "record":
        hand = op[2] if game == "euchre" else op[3]
        service.record_hand(db, match_id, dict(hand), count + 1)
    elif op[0] == "correct" and count:
        hand = op[2] if game == "euchre" else op[3]
        service.correct_hand(db, match_id, (op[4] - 1) % count + 1, dict(hand))
    elif op[0] == "undo" and count:
        service.undo_last(db, match_id, count)
    elif op[0] == "rematch":
        made = service.rematch(db, match_id, "secret")
        if made.match_id != match_id and made.match_id not in (m for m, _g in matches):
            matches.append((made.match_id, game))


def run(sequence) -> None:
    """Play ``sequence`` on fresh matches; the facts and figures must equal a rebuild's."""
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "CREATE_LIMIT": "0"}, instance_path=Path(tmp))
        db = connect(app.config["DATABASE"])
        client = app.test_client()
        try:
            matches = []
            for start in STARTS:
                created = service.create_match(db, start)
                matches.append((created.match_id, start["game"]))
            for op in sequence:
                apply(db, matches, op)
            written, shown = snapshot(db), figures(client)
            totals_are_the_rollup_summed(db)
            rebuild_all(db)
            assert snapshot(db) == written
            assert figures(client) == shown
        finally:
            db.conn.close()


MADE = {"caller": "N", "makers_tricks": 3}  # NS +1
LOST = {"caller": "E", "makers_tricks": 1}  # euchred: NS +2
WHIST = {"trump": "S", "tricks_NS": 8, "honours_NS": 4}
CASES = {
    "a game won by a save": [("record", 0, MADE, WHIST), ("record", 0, MADE, WHIST)],
    "the winning hand undone": [("record", 0, LOST, WHIST), ("undo", 0)],
    "a correction that changes the winner": [
        ("record", 1, MADE, WHIST), ("record", 1, MADE, WHIST), ("record", 1, MADE, WHIST),
        ("correct", 1, {"caller": "E", "makers_tricks": 5}, WHIST, 1)],
    "a rematch and its first hands": [
        ("record", 0, LOST, WHIST), ("rematch", 0), ("record", 3, MADE, WHIST),
        ("record", 3, {"passed": True}, WHIST), ("record", 3, MADE, WHIST)],
    "a whist rubber of deals to the end": [("record", 2, MADE, WHIST)] * 3,
    "the first hand undone": [("record", 1, MADE, WHIST), ("undo", 1)],
}


def test_cases_equal_a_rebuild():
    for name, sequence in CASES.items():
        try:
            run(sequence)
        except AssertionError as error:
            raise AssertionError(name) from error


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_incremental_facts_equal_a_rebuild_from_the_hands(sequence):
    run(sequence)
