"""The facts tables (hand_facts, seat_facts, match_facts): written on the one write path, in the
same transaction as the hands, from the replay the service has just done.

The facts are derived from the hands (:mod:`scorekeeper.formats.facts`) and never edited by
hand. A new hand adds only its own rows, the match's row and its share of its players' day
(:func:`plan_append`, then :func:`write_append`: what a save writes does not grow with the
match); a correction or an undo rewrites the rows from the changed hand on and recounts the
day (:func:`write`); :func:`rebuild` makes a match's facts afresh from its stored hands.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine.cards import OTHER_TEAM, PARTNER, SEATS, TEAM_OF
from ..engine.games import GAMES
from ..engine.matchfile import check_match
from ..engine.state import MatchState
from ..engine.statistics import Statistics
from ..formats.facts import HAND_COLUMNS, hand_rows
from . import players

_HAND_INSERT = (
    f"INSERT INTO hand_facts ({', '.join(HAND_COLUMNS)}, player_N, player_E, player_S,"
    f" player_W, caller_player) VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 5))})"
)
_SEAT_COLUMNS = ("player", "date", "match_id", "no", "seat", "game", "partner", "opp1", "opp2",
                 "side", "points_for", "points_against")
_SEAT_INSERT = (f"INSERT INTO seat_facts ({', '.join(_SEAT_COLUMNS)})"
                f" VALUES ({', '.join('?' * len(_SEAT_COLUMNS))})")
_STAT_COLUMNS = ("player", "game", "date", "match_id", "no", "seat", "fact", "own", "side",
                 "key1", "key2", "key3", "partner", "opp1", "opp2")
_STAT_INSERT = (f"INSERT INTO seat_stats ({', '.join(_STAT_COLUMNS)})"
                f" VALUES ({', '.join('?' * len(_STAT_COLUMNS))})")
# A day's rows of the rollup for the players of the JSON list ?2 on day ?1, per game: their
# matches and wins (facts "matches" and "won") and the sums of their own counts.
_DAYS_INSERT = (
    "INSERT INTO player_days (player, date, game, fact, value)"
    " SELECT mp.player, ?1, mf.game, 'matches', COUNT(DISTINCT mp.match_id)"
    " FROM match_players mp JOIN match_facts mf ON mf.match_id = mp.match_id"
    " WHERE mp.player IN (SELECT value FROM json_each(?2)) AND mf.date = ?1 AND mf.hands > 0"
    " GROUP BY mp.player, mf.game"
    " UNION ALL SELECT mp.player, ?1, mf.game, 'won', COUNT(DISTINCT mp.match_id)"
    " FROM match_players mp JOIN match_facts mf ON mf.match_id = mp.match_id"
    " WHERE mp.player IN (SELECT value FROM json_each(?2)) AND mf.date = ?1 AND mf.hands > 0"
    " AND mf.winner = mp.side GROUP BY mp.player, mf.game"
    " UNION ALL SELECT s.player, ?1, s.game, s.fact, SUM(s.own) FROM seat_stats s"
    " WHERE s.player IN (SELECT value FROM json_each(?2)) AND s.date = ?1"
    " GROUP BY s.player, s.game, s.fact HAVING SUM(s.own) != 0"
)
# What one new hand (?5 of match ?4, game ?6, played on day ?1) adds to its players' day: the
# match if it is its first hand (?2), a win if it ended the match won by side ?3, and the
# players' own counts of that hand.
_DAYS_ADD = (
    "INSERT INTO player_days (player, date, game, fact, value)"
    " SELECT * FROM (SELECT DISTINCT player, ?1, ?6, 'matches', 1 FROM match_players"
    " WHERE ?2 AND match_id = ?4"
    " UNION ALL SELECT DISTINCT player, ?1, ?6, 'won', 1 FROM match_players"
    " WHERE match_id = ?4 AND side = ?3"
    " UNION ALL SELECT player, ?1, ?6, fact, SUM(own) FROM seat_stats"
    " WHERE match_id = ?4 AND no = ?5 GROUP BY player, fact HAVING SUM(own) != 0) WHERE 1"
    " ON CONFLICT (player, date, game, fact) DO UPDATE SET value = value + excluded.value"
)


def write(db: Database, match_id: str, match: Mapping[str, Any], replayed: MatchState | None,
          from_no: int = 1) -> None:
    """Write the facts of a match from its replay: the rows of hands ``from_no`` onward replaced
    (a correction re-scores the hands after it; an undo only drops the last), the match's row,
    and its players' day recounted. A match that no longer replays keeps no hand facts."""
    start = from_no if replayed is not None and replayed.ok else 1
    db.execute("DELETE FROM hand_facts WHERE match_id = ? AND no >= ?", [match_id, start])
    db.execute("DELETE FROM seat_facts WHERE match_id = ? AND no >= ?", [match_id, start])
    db.execute("DELETE FROM seat_stats WHERE match_id = ? AND no >= ?", [match_id, start])
    rows = _plan_hands(db, match_id, match, replayed, from_no)
    _insert_rows(db, rows)
    _write_match(db, match_id, match, replayed, rows.date)
    refresh_days(db, set(rows.seated.values()), rows.date)


@dataclass(frozen=True, slots=True)
class HandRows:
    """The rows a match's hands add to the facts tables, made and not yet written; the match's
    day and its players by seat."""

    date: str
    seated: dict[str, str]
    hands: list[list[Any]]
    seats: list[list[Any]]
    stats: list[list[Any]]


@dataclass(frozen=True, slots=True)
class Appended:
    """What a new last hand writes to the facts (:func:`plan_append`, then :func:`write_append`):
    its rows, the match's row, and the parameters of what it adds to its players' day (None
    when no seat is linked to a player)."""

    rows: HandRows
    match_row: list[Any]
    days: list[Any] | None


def plan_append(db: Database, match_id: str, match: Mapping[str, Any], replayed: MatchState
                ) -> Appended:
    """What the match's last hand, just recorded, adds: its own rows, the match's row, and its
    share of its players' day (the rows of the hands before it cannot change: a hand's facts
    come from it and the hands before it). Read and made without writing: a save makes them
    before it takes the write lock, and writes them under it only if the match is unchanged."""
    no = len(match.get("hands") or [])
    rows = _plan_hands(db, match_id, match, replayed, no)
    winner = replayed.winner if replayed.over else None  # a hand after the end is refused
    days = [rows.date, int(no == 1), winner, match_id, no, match.get("game")] \
        if rows.seated else None
    return Appended(rows, _match_row(match_id, match, replayed, rows.date), days)


def write_append(db: Database, appended: Appended) -> None:
    """Write what :func:`plan_append` made (inside the caller's transaction)."""
    _insert_rows(db, appended.rows)
    db.execute(_MATCH_INSERT, appended.match_row)
    if appended.days is not None:
        db.execute(_DAYS_ADD, appended.days)


def _plan_hands(db: Database, match_id: str, match: Mapping[str, Any],
                replayed: MatchState | None, from_no: int) -> HandRows:
    """The hand, seat and fact rows of hands ``from_no`` onward; the match's day and players."""
    date = players.get_date(db, match_id) or players.today()
    seated = players.seat_players(db, match_id)
    hand_values: list[list[Any]] = []
    seat_values: list[list[Any]] = []
    stat_values: list[list[Any]] = []
    rows = HandRows(date, seated, hand_values, seat_values, stat_values)
    if replayed is None or not replayed.ok:
        return rows
    game = str(match.get("game"))
    statistics = GAMES[game].statistics if game in GAMES else Statistics()
    hands = match.get("hands") or []
    changed = [h for h in replayed.hands if h.no >= from_no]
    state = {"hands": [h.as_json() for h in changed]}
    details = {h.no: h.outcome.details for h in changed if h.outcome.details is not None}
    for row, entry in zip(hand_rows(match_id, date, match, state, details), state["hands"],
                          strict=True):
        _rubber_marks(row, replayed)
        by_seat = [seated.get(s) for s in SEATS]
        caller = row.get("caller")
        hand_values.append([*(row[c] for c in HAND_COLUMNS), *by_seat,
                            seated.get(caller) if caller else None])
        if len(seated) < 4 or row["passed"]:
            continue  # a thrown-in hand is in the hand rows (and the CSV), but counts for nobody
        no = row["no"]
        hand = hands[no - 1] if 0 < no <= len(hands) and isinstance(hands[no - 1], dict) else {}
        counted = statistics.of_hand(hand, entry, details.get(no))
        sides = statistics.side_values(counted)
        keys = [*counted.keys, None, None, None][:3]
        for seat in SEATS:
            side = TEAM_OF[seat]
            others = sorted(seated[s] for s in SEATS if TEAM_OF[s] != side)
            who = [seated[seat], seated[PARTNER[seat]], others[0], others[1]]
            seat_values.append([who[0], date, match_id, no, seat, game, *who[1:], side,
                                row.get(f"points_{side}") or 0,
                                row.get(f"points_{OTHER_TEAM[side]}") or 0])
            own = counted.seats.get(seat, {})
            for fact in sorted(set(own) | set(sides[seat])):
                stat_values.append([who[0], game, date, match_id, no, seat, fact,
                                    own.get(fact, 0), sides[seat].get(fact, 0), *keys, *who[1:]])
    return rows


def _insert_rows(db: Database, rows: HandRows) -> None:
    db.conn.executemany(_HAND_INSERT, rows.hands)
    db.conn.executemany(_SEAT_INSERT, rows.seats)
    db.conn.executemany(_STAT_INSERT, rows.stats)


_MATCH_INSERT = (
    "INSERT OR REPLACE INTO match_facts (match_id, game, date, hands, over, winner,"
    " score_NS, score_EW) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def _match_row(match_id: str, match: Mapping[str, Any], replayed: MatchState | None,
               date: str) -> list[Any]:
    """The match's row of ``match_facts``: its hands, whether it is over, who won, the score
    (a rubber's games won, ``MatchState.tally``: what the match page says)."""
    state = replayed if replayed is not None and replayed.ok else None
    over = state is not None and state.over
    score = state.tally() if state is not None else {"NS": 0, "EW": 0}
    return [match_id, match.get("game"), date, len(match.get("hands") or []), int(over),
            state.winner if state is not None and over else None, score.get("NS", 0),
            score.get("EW", 0)]


def _rubber_marks(row: dict[str, Any], replayed: MatchState) -> None:
    """Mark in a deal's ``detail`` that it ended a game of a rubber (``game_end``: the game's
    number) and, if it decided the rubber, the rubber's points (``rubber_points``): the
    players' pages draw each game from 0 and say the rubber's result from these."""
    ended = replayed.game_ends().get(row["no"])
    if ended is None:
        return
    detail = {**json.loads(row["detail"]), "game_end": ended.no}
    if replayed.rubber is not None and ended.no == len(replayed.games or ()):
        detail["rubber_points"] = replayed.rubber["points"]
    row["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))


def _write_match(db: Database, match_id: str, match: Mapping[str, Any],
                 replayed: MatchState | None, date: str) -> None:
    db.execute(_MATCH_INSERT, _match_row(match_id, match, replayed, date))


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
    row = db.execute("SELECT data, game FROM matches WHERE id = ?", [match_id]).fetchone()
    if row is None:
        return
    data = {"game": row[1], **json.loads(row[0])}
    hands = [json.loads(h[0]) for h in db.execute(
        "SELECT data FROM hands WHERE match_id = ? ORDER BY no", [match_id]).fetchall()]
    match = {**data, "hands": hands}
    write(db, match_id, match, check_match(match).state)


def backfill(db: Database) -> None:
    """Link the seats of every existing match to players (same name, case and spaces ignored:
    same player) and set each match's date (migration 0004; the facts follow in 0022)."""
    rows = db.execute("SELECT id, data, created FROM matches ORDER BY created, id").fetchall()
    for match_id, text, created in rows:
        data = json.loads(text)
        players.set_date(db, match_id, players.date_of(data, created))
        seats = data.get("seats") or {}
        linked: dict[str, str] = {}
        for seat in SEATS:
            name = seats.get(seat)
            if isinstance(name, str) and name.strip():
                linked[seat] = players.find_by_name(db, name) or players.create_player(
                    db, name.strip(), "migration")
        players.link_seats(db, match_id, linked, seen=created)


def rebuild_all(db: Database) -> None:
    """Every match's facts made afresh from its stored hands, and every day recounted (a
    migration that changes what the facts hold)."""
    for (match_id,) in db.execute("SELECT id FROM matches ORDER BY created, id").fetchall():
        rebuild(db, match_id)
