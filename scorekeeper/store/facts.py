"""The facts tables (hand_facts, seat_facts, match_facts): written on the one write path, in the
same transaction as the hands, from the replay the service has just done.

The facts are derived from the hands (:mod:`scorekeeper.formats.facts`) and never edited by
hand. A new hand adds only its own rows, the match's row and its share of its players' day
(:func:`append`: what a save writes does not grow with the match); a correction or an undo
rewrites the rows from the changed hand on and recounts the day (:func:`write`);
:func:`rebuild` makes a match's facts afresh from its stored hands.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from ..engine.cards import PARTNER, SEATS, TEAM_OF
from ..engine.matchfile import check_match
from ..engine.state import MatchState
from ..formats.facts import HAND_COLUMNS, SEAT_COLUMNS, hand_rows, seat_rows
from . import players

_HAND_INSERT = (
    f"INSERT INTO hand_facts ({', '.join(HAND_COLUMNS)}, player_N, player_E, player_S,"
    f" player_W, caller_player) VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 5))})"
)
# The call figures (CALL_KEYS' order) summed over seat rows ``s``: the caller's own rows, and
# the defenders' for euchres taken. ``{roles}``: who counts as calling (a partnership: both).
CALL_SUM_TERMS = (
    "SUM(s.role IN ({roles}))", "SUM(CASE WHEN s.role IN ({roles}) THEN s.made ELSE 0 END)",
    "SUM(CASE WHEN s.role IN ({roles}) THEN s.march ELSE 0 END)",
    "SUM(CASE WHEN s.role IN ({roles}) THEN s.euchred ELSE 0 END)",
    "SUM(CASE WHEN s.role = 'defender' THEN s.euchred ELSE 0 END)",
    "SUM(CASE WHEN s.role IN ({roles}) THEN s.alone ELSE 0 END)",
    "SUM(CASE WHEN s.role IN ({roles}) THEN s.alone * s.made ELSE 0 END)",
    "SUM(CASE WHEN s.role IN ({roles}) AND s.made = 1 THEN s.points_for ELSE 0 END)",
)
CALL_SUMS_FOR = ", ".join(CALL_SUM_TERMS)
CALLER = "'caller'"  # who counts as calling in a player's own figures
_DAY_COUNTS = ("matches", "won", "called", "made", "marches", "euchred", "euchres_taken",
               "loners_tried", "loners_made", "points_from_calls")
# The call figures of a player's seat rows, as columns v0, v1 ... (CALL_KEYS' order), and the
# condition that any of them is not zero: both rollup statements count calls the same way.
_CALL_COLUMNS = ", ".join(f"COALESCE(c.v{i}, 0)" for i in range(len(CALL_SUM_TERMS)))
_CALL_SUMS = ", ".join(f"{term.format(roles=CALLER)} AS v{i}"
                       for i, term in enumerate(CALL_SUM_TERMS))
_ANY_CALL = " OR ".join(f"COALESCE(c.v{i}, 0) != 0" for i in range(len(CALL_SUM_TERMS)))
# A day's row of the rollup for each player of the JSON list ?2 on day ?1 who played that day:
# their matches and wins, and their call figures (CALL_KEYS' order).
_DAYS_INSERT = (
    f"INSERT INTO player_days (player, date, {', '.join(_DAY_COUNTS)})"
    " SELECT w.value, ?1, COALESCE(m.matches, 0), COALESCE(m.won, 0), "
    + _CALL_COLUMNS
    + " FROM json_each(?2) w"
    " LEFT JOIN (SELECT mp.player, COUNT(DISTINCT mp.match_id) AS matches,"
    " COUNT(DISTINCT CASE WHEN mf.winner = mp.side THEN mp.match_id END) AS won"
    " FROM match_players mp JOIN match_facts mf ON mf.match_id = mp.match_id"
    " WHERE mp.player IN (SELECT value FROM json_each(?2)) AND mf.date = ?1 AND mf.hands > 0"
    " GROUP BY mp.player) m ON m.player = w.value"
    " LEFT JOIN (SELECT s.player, "
    + _CALL_SUMS
    + " FROM seat_facts s WHERE s.player IN (SELECT value FROM json_each(?2)) AND s.date = ?1"
    " AND s.game = 'euchre' GROUP BY s.player) c ON c.player = w.value"
    " WHERE COALESCE(m.matches, 0) != 0 OR "
    + _ANY_CALL
)
# What one new hand adds to the day's row of each player of match ?4 (played on day ?1): the
# match itself if it is its first hand (?2), a win if it ended the match won by side ?3, and
# the call figures of the player's seat rows of hand ?5 (as _DAYS_INSERT counts them).
_DAYS_ADD = (
    f"INSERT INTO player_days (player, date, {', '.join(_DAY_COUNTS)})"
    " SELECT p.player, ?1, ?2, p.won, "
    + _CALL_COLUMNS
    + " FROM (SELECT player, COALESCE(MAX(side = ?3), 0) AS won FROM match_players"
    " WHERE match_id = ?4 GROUP BY player) p"
    " LEFT JOIN (SELECT s.player, "
    + _CALL_SUMS
    + " FROM seat_facts s WHERE s.match_id = ?4 AND s.no = ?5 AND s.game = 'euchre'"
    " GROUP BY s.player) c ON c.player = p.player"
    " WHERE ?2 OR p.won OR "
    + _ANY_CALL
    + " ON CONFLICT (player, date) DO UPDATE SET "
    + ", ".join(f"{c} = {c} + excluded.{c}" for c in _DAY_COUNTS)
)
_SEAT_INSERT = (
    f"INSERT INTO seat_facts ({', '.join(SEAT_COLUMNS)}, player, partner, opp1, opp2)"
    f" VALUES ({', '.join('?' * (len(SEAT_COLUMNS) + 4))})"
)


def write(db: Database, match_id: str, match: Mapping[str, Any], replayed: MatchState | None,
          from_no: int = 1) -> None:
    """Write the facts of a match from its replay: the rows of hands ``from_no`` onward replaced
    (a correction re-scores the hands after it; an undo only drops the last), the match's row,
    and its players' day recounted. A match that no longer replays keeps no hand facts."""
    start = from_no if replayed is not None and replayed.ok else 1
    db.execute("DELETE FROM hand_facts WHERE match_id = ? AND no >= ?", [match_id, start])
    db.execute("DELETE FROM seat_facts WHERE match_id = ? AND no >= ?", [match_id, start])
    date, seated = _insert_hands(db, match_id, match, replayed, from_no)
    _write_match(db, match_id, match, replayed, date)
    refresh_days(db, set(seated.values()), date)


def append(db: Database, match_id: str, match: Mapping[str, Any], replayed: MatchState) -> None:
    """Add the facts of the match's last hand, just recorded: its own rows, the match's row, and
    what it adds to its players' day (the rows of the hands before it cannot change: a hand's
    facts come from it and the hands before it)."""
    no = len(match.get("hands") or [])
    date, seated = _insert_hands(db, match_id, match, replayed, no)
    _write_match(db, match_id, match, replayed, date)
    if not seated:
        return
    winner = replayed.winner if replayed.over else None  # a hand after the end is refused
    db.execute(_DAYS_ADD, [date, int(no == 1), winner, match_id, no])


def _insert_hands(db: Database, match_id: str, match: Mapping[str, Any],
                  replayed: MatchState | None, from_no: int) -> tuple[str, dict[str, str]]:
    """Insert the hand and seat rows of hands ``from_no`` onward; the match's day and players."""
    date = players.get_date(db, match_id) or players.today()
    seated = players.seat_players(db, match_id)
    if replayed is None or not replayed.ok:
        return date, seated
    changed = [h for h in replayed.hands if h.no >= from_no]
    state = {"hands": [h.as_json() for h in changed]}
    parts = {h.no: h.parts for h in changed if h.parts}
    hand_values, seat_values = [], []
    for row in hand_rows(match_id, date, match, state, parts):
        by_seat = [seated.get(s) for s in SEATS]
        caller = row.get("caller")
        hand_values.append([*(row[c] for c in HAND_COLUMNS), *by_seat,
                            seated.get(caller) if caller else None])
        if len(seated) < 4 or row["passed"]:
            continue  # a thrown-in hand is in the hand rows (and the CSV), but counts for nobody
        for seat_row in seat_rows(row):
            seat = seat_row["seat"]
            others = sorted(seated[s] for s in SEATS if TEAM_OF[s] != TEAM_OF[seat])
            seat_values.append([*(seat_row[c] for c in SEAT_COLUMNS), seated[seat],
                                seated[PARTNER[seat]], others[0], others[1]])
    db.conn.executemany(_HAND_INSERT, hand_values)
    db.conn.executemany(_SEAT_INSERT, seat_values)
    return date, seated


def _write_match(db: Database, match_id: str, match: Mapping[str, Any],
                 replayed: MatchState | None, date: str) -> None:
    """The match's row of ``match_facts``: its hands, whether it is over, who won, the score."""
    state = replayed if replayed is not None and replayed.ok else None
    over = state is not None and state.over
    score = state.score if state is not None else {"NS": 0, "EW": 0}
    db.execute(
        "INSERT OR REPLACE INTO match_facts (match_id, game, date, hands, over, winner,"
        " score_NS, score_EW) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [match_id, match.get("game"), date, len(match.get("hands") or []), int(over),
         state.winner if state is not None and over else None, score.get("NS", 0),
         score.get("EW", 0)],
    )


def refresh_days(db: Database, player_ids: set[str], date: str) -> None:
    """Recount the ``player_days`` rows of these players on this day from the facts (two
    statements however many players: a hand's save holds the write lock for them)."""
    if not player_ids:
        return
    who = json.dumps(sorted(player_ids))
    db.execute("DELETE FROM player_days WHERE date = ? AND player IN"
               " (SELECT value FROM json_each(?))", [date, who])
    db.execute(_DAYS_INSERT, [date, who])


def rebuild(db: Database, match_id: str) -> None:
    """Rebuild one match's facts from its stored hands (after a merge, or by the migration)."""
    row = db.execute("SELECT data FROM matches WHERE id = ?", [match_id]).fetchone()
    if row is None:
        return
    data = json.loads(row[0])
    hands = [json.loads(h[0]) for h in db.execute(
        "SELECT data FROM hands WHERE match_id = ? ORDER BY no", [match_id]).fetchall()]
    match = {**data, "hands": hands}
    write(db, match_id, match, check_match(match).state)


def backfill(db: Database) -> None:
    """Link the seats of every existing match to players (same name, case and spaces ignored:
    same player), set each match's date, and fill in the facts (migration 0004)."""
    rows = db.execute("SELECT id, data, created FROM matches ORDER BY created, id").fetchall()
    for match_id, text, created in rows:
        data = json.loads(text)
        players.set_date(db, match_id, players.date_of(data, created))
        seats = data.get("seats") or {}
        linked = {}
        for seat in SEATS:
            name = seats.get(seat)
            if isinstance(name, str) and name.strip():
                linked[seat] = players.find_by_name(db, name) or players.create_player(
                    db, name.strip(), "migration")
        players.link_seats(db, match_id, linked, seen=created)
        rebuild(db, match_id)
