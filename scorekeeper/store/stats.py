"""Statistics: SQL aggregates over the facts tables (never a replay of the matches).

Each function takes a date range (``YYYY-MM-DD``, inclusive; None: open) and answers plain
values. "Whose" figures are chosen by a :class:`Who`: one player, a partnership (two players on
the same side), or a partnership against another. What is counted is each game's own
(``Game.statistics``, stored one row per seat, hand and fact in ``seat_stats``): the SQL here
sums facts by name and never knows which game counts what.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from ..engine.games import GAMES
from ..engine.statistics import RESERVED

FIRST_DAY, LAST_DAY = "0000-01-01", "9999-12-31"
ROLLUP_MATCHES, ROLLUP_WON = RESERVED  # the rollup's own facts beside the games'


@dataclass(frozen=True, slots=True)
class Who:
    """Whose figures: ``player``; with ``partner``: that partnership; with ``opponents`` (a
    pair): that partnership's hands against that pair."""

    player: str
    partner: str | None = None
    opponents: tuple[str, str] | None = None

    def seat_filter(self, alias: str = "s") -> tuple[str, list[str]]:
        """The WHERE clause picking this side's seat rows (one row per hand)."""
        sql, params = f"{alias}.player = ?", [self.player]
        if self.partner is not None:
            sql += f" AND {alias}.partner = ?"
            params.append(self.partner)
        if self.opponents is not None:
            low, high = sorted(self.opponents)
            sql += f" AND {alias}.opp1 = ? AND {alias}.opp2 = ?"
            params += [low, high]
        return sql, params

    @property
    def column(self) -> str:
        """A player's figures are their own counts; a partnership's are its side's."""
        return "own" if self.partner is None else "side"


@dataclass(slots=True)
class GameSums:
    """One game's sums for ``who``: matches, hands, every fact, and every fact by the value of
    each breakdown (``by[i][code][fact]``: the game's breakdown ``i``)."""

    played: int = 0
    won: int = 0
    hands: int = 0
    totals: dict[str, int] = field(default_factory=dict)
    by: dict[int, dict[str, dict[str, int]]] = field(default_factory=dict)


def _range(frm: str | None, to: str | None) -> list[str]:
    return [frm or FIRST_DAY, to or LAST_DAY]


def game_sums(db: Database, who: Who, frm: str | None = None, to: str | None = None
              ) -> dict[str, GameSums]:
    """Per game ``who`` played in the range: its matches, hands and facts' sums."""
    where, params = who.seat_filter()
    span = _range(frm, to)
    out: dict[str, GameSums] = {}
    for game, played, won in matches_by_game(db, who, frm, to):
        out[game] = GameSums(played=played, won=won)
    for game, hands in db.execute(
        f"SELECT s.game, COUNT(*) FROM seat_facts s WHERE {where} AND s.date BETWEEN ? AND ?"
        " GROUP BY s.game", [*params, *span],
    ).fetchall():
        out.setdefault(game, GameSums()).hands = int(hands)
    for game, fact, k1, k2, k3, value in db.execute(
        f"SELECT s.game, s.fact, s.key1, s.key2, s.key3, SUM(s.{who.column}) FROM seat_stats s"
        f" WHERE {where} AND s.date BETWEEN ? AND ? GROUP BY s.game, s.fact, s.key1, s.key2,"
        " s.key3", [*params, *span],
    ).fetchall():
        sums = out.setdefault(game, GameSums())
        sums.totals[fact] = sums.totals.get(fact, 0) + int(value or 0)
        for i, code in enumerate((k1, k2, k3)):
            if code is not None:
                bucket = sums.by.setdefault(i, {}).setdefault(code, {})
                bucket[fact] = bucket.get(fact, 0) + int(value or 0)
    return out


def _match_filter(who: Who) -> tuple[str, list[str]]:
    """Joins that keep the matches where ``who`` sat together (and against the opponents)."""
    sql, params = "", []
    if who.partner is not None:
        sql += (" JOIN match_players pp ON pp.match_id = mp.match_id AND pp.side = mp.side"
                " AND pp.seat != mp.seat AND pp.player = ?")
        params.append(who.partner)
    if who.opponents is not None:
        for n, opponent in enumerate(who.opponents):
            sql += (f" JOIN match_players o{n} ON o{n}.match_id = mp.match_id"
                    f" AND o{n}.side != mp.side AND o{n}.player = ?")
            params.append(opponent)
        sql += " AND o0.seat != o1.seat"
    return sql, params


def matches(db: Database, who: Who, frm: str | None = None, to: str | None = None
            ) -> tuple[int, int]:
    """(played, won): matches with at least one hand recorded where ``who`` sat (together), and
    those their side won (every game: a match is of one game, so the games' counts add up)."""
    by_game = matches_by_game(db, who, frm, to)
    return sum(played for _g, played, _w in by_game), sum(won for _g, _p, won in by_game)


def matches_by_game(db: Database, who: Who, frm: str | None = None, to: str | None = None
                    ) -> list[tuple[str, int, int]]:
    """(game, played, won) of the matches ``who`` sat in (together), per game."""
    joins, params = _match_filter(who)
    rows = db.execute(
        "SELECT mf.game, COUNT(DISTINCT mp.match_id),"
        " COUNT(DISTINCT CASE WHEN mf.winner = mp.side THEN mp.match_id END)"
        f" FROM match_players mp{joins} JOIN match_facts mf ON mf.match_id = mp.match_id"
        " WHERE mp.player = ? AND mf.hands > 0 AND mf.date BETWEEN ? AND ? GROUP BY mf.game",
        [*params, who.player, *_range(frm, to)],
    ).fetchall()
    return [(str(r[0]), int(r[1] or 0), int(r[2] or 0)) for r in rows]


def player_list(db: Database, frm: str | None = None, to: str | None = None
                ) -> list[dict[str, Any]]:
    """Every player (not merged away) with matches played and won (every game) and, per game,
    their matches, wins and own facts (``games[game][fact]``), by name: sums of the
    ``player_days`` rollup (a few rows a player, not every hand), or its ``player_totals``."""
    table: dict[str, dict[str, Any]] = {}
    for pid, name, short in db.execute(
            "SELECT id, name, short_name FROM players WHERE merged_into IS NULL").fetchall():
        table[pid] = {"id": pid, "name": name, "short_name": short, "played": 0, "won": 0,
                      "games": {}}
    # One row per player and game (the facts as a JSON object): few rows to build in Python.
    # Without a range, the all-time totals (one row a fact, however many days were played).
    if frm is None and to is None:
        rows = db.execute("SELECT player, game, json_group_object(fact, value)"
                          " FROM player_totals GROUP BY player, game").fetchall()
    else:
        rows = db.execute(
            "SELECT player, game, json_group_object(fact, total) FROM (SELECT player, game,"
            " fact, SUM(value) AS total FROM player_days WHERE date BETWEEN ? AND ?"
            " GROUP BY player, game, fact) GROUP BY player, game", _range(frm, to),
        ).fetchall()
    for pid, game, text in rows:
        if pid in table:
            sums = json.loads(text)
            table[pid]["games"][game] = sums
            table[pid]["played"] += int(sums.get(ROLLUP_MATCHES, 0))
            table[pid]["won"] += int(sums.get(ROLLUP_WON, 0))
    return sorted(table.values(), key=lambda p: (p["name"].casefold(), p["id"]))


def merge_candidates(db: Database, player: str) -> list[tuple[str, str, int]]:
    """Every other player (not merged away) who never sat in a match with ``player``: (id,
    name, matches played in every game), by name then most matches. One query: the merge
    form's choices without the whole table of players and a query for each."""
    rows = db.execute(
        "SELECT p.id, p.name, COALESCE((SELECT SUM(t.value) FROM player_totals t"
        " WHERE t.player = p.id AND t.fact = ?), 0) FROM players p"
        " WHERE p.merged_into IS NULL AND p.id != ? AND NOT EXISTS (SELECT 1"
        " FROM match_players x JOIN match_players y ON y.match_id = x.match_id"
        " WHERE x.player = ? AND y.player = p.id)", [ROLLUP_MATCHES, player, player],
    ).fetchall()
    return sorted(((r[0], r[1], int(r[2])) for r in rows),
                  key=lambda r: (r[1].casefold(), -r[2]))


def partners(db: Database, player: str, frm: str | None = None, to: str | None = None
             ) -> list[dict[str, Any]]:
    """The player's partners: hands played together, most first."""
    rows = db.execute(
        "SELECT s.partner, p.name, COUNT(*), COUNT(DISTINCT s.match_id) FROM seat_facts s"
        " JOIN players p ON p.id = s.partner WHERE s.player = ? AND s.date BETWEEN ? AND ?"
        " AND s.partner != s.player GROUP BY s.partner ORDER BY COUNT(*) DESC, p.name LIMIT 20",
        [player, *_range(frm, to)],
    ).fetchall()
    return [{"id": r[0], "name": r[1], "hands": r[2], "matches": r[3]} for r in rows]


def opponents(db: Database, player: str, partner: str, frm: str | None = None,
              to: str | None = None) -> list[dict[str, Any]]:
    """The pairs a partnership played against: hands, and the hands each side called."""
    rows = db.execute(
        "SELECT s.opp1, s.opp2, a.name, b.name, COUNT(*), COUNT(DISTINCT s.match_id)"
        " FROM seat_facts s JOIN players a ON a.id = s.opp1 JOIN players b ON b.id = s.opp2"
        " WHERE s.player = ? AND s.partner = ? AND s.date BETWEEN ? AND ?"
        " GROUP BY s.opp1, s.opp2 ORDER BY COUNT(*) DESC LIMIT 20",
        [player, partner, *_range(frm, to)],
    ).fetchall()
    out = []
    for r in rows:
        ids, names = (r[0], r[1]), (r[2], r[3])
        if _seated_second(db, r[0], player, partner, ids):
            ids, names = ids[::-1], names[::-1]
        out.append({"ids": ids, "names": names, "hands": r[4], "matches": r[5]})
    return out


def _seated_second(db: Database, opp: str, player: str, partner: str,
                   pair: tuple[str, str]) -> bool:
    """Whether ``opp`` sat South or West when the pairs last met: a pair is named in seat order
    (North's or East's player first), as on the match page, never in the order of their ids."""
    row = db.execute(
        "SELECT mp.seat FROM match_players mp JOIN matches m ON m.id = mp.match_id"
        " WHERE mp.player = ? AND mp.match_id IN (SELECT match_id FROM seat_facts"
        " WHERE player = ? AND partner = ? AND opp1 = ? AND opp2 = ?)"
        " ORDER BY m.created DESC, m.rowid DESC LIMIT 1",
        [opp, player, partner, *pair],
    ).fetchone()
    return row is not None and row[0] in ("S", "W")


def recent_matches(db: Database, who: Who, frm: str | None = None, to: str | None = None,
                   limit: int = 10) -> list[dict[str, Any]]:
    """The latest matches ``who`` played (at least one hand): id, date, game, side, score
    (a rubber's games won), over, winner, hands, and a decided rubber's points (else None)."""
    joins, params = _match_filter(who)
    rows = db.execute(
        "SELECT mp.match_id, mf.date, mf.game, mp.side, mf.score_NS, mf.score_EW, mf.over,"
        " mf.winner, mf.hands, (SELECT json_extract(h.detail, '$.rubber_points')"
        " FROM hand_facts h WHERE h.match_id = mf.match_id AND h.no = mf.hands)"
        f" FROM match_players mp{joins}"
        " JOIN match_facts mf ON mf.match_id = mp.match_id JOIN matches m ON m.id = mp.match_id"
        " WHERE mp.player = ? AND mf.hands > 0 AND mf.date BETWEEN ? AND ?"
        " GROUP BY mp.match_id ORDER BY mf.date DESC, m.created DESC LIMIT ?",
        [*params, who.player, *_range(frm, to), limit],
    ).fetchall()
    keys = ("id", "date", "game", "side", "score_NS", "score_EW", "over", "winner", "hands",
            "rubber_points")
    return [dict(zip(keys, r, strict=True)) for r in rows]


def seat_names(db: Database, match_ids: list[str]) -> dict[str, dict[str, str]]:
    """``{match id: {seat: player name}}`` for some matches."""
    if not match_ids:
        return {}
    marks = ", ".join("?" * len(match_ids))
    out: dict[str, dict[str, str]] = {}
    for match_id, seat, name in db.execute(
        "SELECT mp.match_id, mp.seat, p.name FROM match_players mp"
        f" JOIN players p ON p.id = mp.player WHERE mp.match_id IN ({marks})", match_ids,
    ).fetchall():
        out.setdefault(match_id, {})[seat] = name
    return out


@dataclass(frozen=True, slots=True)
class Progression:
    """A match's running score (NS, EW) after every hand; in a rubber, each game's from 0-0
    again (as on its sheet) and ``breaks``: the hands, counted from 1, that ended a game."""

    points: list[tuple[int, int]] = field(default_factory=list)
    breaks: list[int] = field(default_factory=list)


def progressions(db: Database, match_ids: list[str]) -> dict[str, Progression]:
    """Each match's :class:`Progression`, from the facts."""
    if not match_ids:
        return {}
    marks = ", ".join("?" * len(match_ids))
    out: dict[str, Progression] = {m: Progression() for m in match_ids}
    totals: dict[str, tuple[int, int]] = {}
    for match_id, ns, ew, game_end in db.execute(
        "SELECT match_id, points_NS, points_EW, json_extract(detail, '$.game_end')"
        f" FROM hand_facts WHERE match_id IN ({marks}) ORDER BY match_id, no", match_ids,
    ).fetchall():
        a, b = totals.get(match_id, (0, 0))
        shown = out[match_id]
        shown.points.append((a + ns, b + ew))
        totals[match_id] = (a + ns, b + ew)
        if game_end is not None:
            shown.breaks.append(len(shown.points))
            totals[match_id] = (0, 0)
    return out


def points_by_month(db: Database, who: Who, frm: str | None = None, to: str | None = None
                    ) -> dict[str, list[tuple[str, int, int]]]:
    """Per game: (``YYYY-MM``, points ``who``'s side scored, points against) per month. Each
    game apart: a Spades hand is worth tens of points, a Euchre hand one or two."""
    where, params = who.seat_filter()
    rows = db.execute(
        "SELECT s.game, substr(s.date, 1, 7), SUM(s.points_for), SUM(s.points_against)"
        f" FROM seat_facts s WHERE {where} AND s.date BETWEEN ? AND ? GROUP BY 1, 2"
        " ORDER BY 1, 2",
        [*params, *_range(frm, to)],
    ).fetchall()
    by_game: dict[str, list[tuple[str, int, int]]] = {}
    for game, month, scored, against in rows:
        by_game.setdefault(game, []).append((month, int(scored or 0), int(against or 0)))
    return {game: by_game[game] for game in GAMES if game in by_game}  # in the games' order


def hand_rows(db: Database, frm: str | None = None, to: str | None = None
              ) -> tuple[list[str], Any]:
    """Every recorded hand in the range, for the CSV export: (column names, a row cursor),
    with the players' names by seat, then every registered game's own columns (empty in the
    other games' rows), then the note."""
    own: list[str] = []
    for game in GAMES.values():
        own += [c for c in game.statistics.columns if c not in own]
    extracts = "".join(f", json_extract(h.detail, '$.{c}')" for c in own)
    cursor = db.execute(
        "SELECT h.match_id, h.no, h.date, h.game, h.dealer,"
        " pn.name, pe.name, ps.name, pw.name, h.result, h.passed, h.caller, pc.name, h.trump,"
        f" h.tricks_NS, h.tricks_EW, h.points_NS, h.points_EW{extracts},"
        " json_extract(d.data, '$.note')"
        " FROM match_facts mf JOIN hand_facts h ON h.match_id = mf.match_id"
        " JOIN hands d ON d.match_id = h.match_id AND d.no = h.no"
        " LEFT JOIN players pn ON pn.id = h.player_N"
        " LEFT JOIN players pe ON pe.id = h.player_E LEFT JOIN players ps ON ps.id = h.player_S"
        " LEFT JOIN players pw ON pw.id = h.player_W"
        " LEFT JOIN players pc ON pc.id = h.caller_player"
        " WHERE mf.date BETWEEN ? AND ? ORDER BY mf.date, h.match_id, h.no",
        _range(frm, to),
    )
    names = ["match", "hand", "date", "game", "dealer", "player_N", "player_E", "player_S",
             "player_W", "result", "passed", "caller", "caller_name", "trump", "tricks_NS",
             "tricks_EW", "points_NS", "points_EW",
             *own, "note"]
    return names, cursor
