"""Reading players and their statistics (issue 14): what the pages, the JSON API, the CSV
export and the season report show. SQL aggregates over the facts (:mod:`scorekeeper.store.stats`),
never a replay. No Flask.

- ``player(db, id)`` / ``resolve(db, id)``: the player row; the id a merged player goes by now.
- ``api_player(db, id, frm, to)``: the JSON object of ``GET /api/players/<id>`` (exact keys).
- ``player_page(db, id, frm, to)``, ``pair_page(db, a, b, frm, to, vs)``: what a page shows.
- ``season(db, player or None, frm, to)``: the season report's content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from ..engine.games import GAMES
from ..store import players as players_store
from ..store import session_players
from ..store import stats as stats_store
from ..store.stats import ROLLUP_MATCHES, Who
from . import ratings
from .figures import GameFigures, api_parts, every_game, played
from .players import valid_day

RECENT = 10
PROGRESSIONS = 5


@dataclass(slots=True)
class DateRange:
    """``from`` and ``to`` (inclusive), either open; ``problem``: what is wrong with them."""

    frm: str | None = None
    to: str | None = None
    problem: str | None = None  # "bad_from" | "bad_to" | "reversed"
    value: str = ""


def date_range(frm: str | None, to: str | None) -> DateRange:
    """Check ``?from=&to=``: real days ``YYYY-MM-DD``, from not after to; blank means open."""
    frm, to = (frm or "").strip() or None, (to or "").strip() or None
    if frm is not None and not valid_day(frm):
        return DateRange(problem="bad_from", value=frm[:40])
    if to is not None and not valid_day(to):
        return DateRange(problem="bad_to", value=to[:40])
    if frm and to and frm > to:
        return DateRange(frm, to, problem="reversed")
    return DateRange(frm, to)


Player = players_store.Player  # a player of this instance, as the player pages name them


def player(db: Database, player_id: str) -> Player | None:
    """The player (``merged_into`` set if merged away), or None."""
    return players_store.get_player(db, player_id)


def resolve(db: Database, player_id: str) -> str | None:
    """The id the player goes by now (a merged player's target), or None if unknown."""
    return players_store.current_id(db, player_id)


def api_list(db: Database, span: DateRange) -> dict[str, Any]:
    """``{"players": [{"id", "name", "matches"}]}``: matches played in the range."""
    return {"players": [{"id": p["id"], "name": p["name"], "matches": p["played"]}
                        for p in stats_store.player_list(db, span.frm, span.to)]}


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player in the table of every player: matches played and won, each game's figures."""

    id: str
    name: str
    short_name: str | None
    played: int
    won: int
    games: dict[str, dict[str, int]]  # game -> fact -> count


def table(db: Database, span: DateRange) -> list[PlayerRow]:
    """Every player with matches played/won and their calls' figures (the /players table)."""
    return [PlayerRow(**p) for p in stats_store.player_list(db, span.frm, span.to)]


def matches_played(db: Database, player_id: str) -> int:
    """The matches a player played (at least one hand recorded), every game, all time."""
    return stats_store.matches(db, Who(player_id))[0]


def merge_candidates(db: Database, player_id: str) -> list[tuple[str, str, int]]:
    """Whom a player may be merged into: (id, name, matches played), by name."""
    mates = session_players.session_mates(db, player_id)  # one session: two people
    return [c for c in stats_store.merge_candidates(db, player_id) if c[0] not in mates]


def figures(db: Database, who: Who, span: DateRange) -> dict[str, Any]:
    """``who``'s figures as the API writes them: matches (every game), hands, then each game's
    (:func:`.figures.api_parts`)."""
    sums = stats_store.game_sums(db, who, span.frm, span.to)
    total_played, total_won = stats_store.matches(db, who, span.frm, span.to)
    return {"matches": {"played": total_played, "won": total_won},
            "hands": sum(s.hands for s in sums.values()), **api_parts(every_game(sums))}


def api_player(db: Database, player_id: str, span: DateRange) -> dict[str, Any]:
    """``GET /api/players/<id>``: issue 14's keys (docs/api.md), then each game's figures."""
    row = players_store.get_player(db, player_id)
    assert row is not None
    body = figures(db, Who(player_id), span)
    del body["hands"]
    # the rating is the player's across every finished match, whatever the range (issue 35)
    rating = ratings.player_rating(db, player_id)
    from .player_sessions import player_sessions  # it reads DateRange from here

    return {"id": row.id, "name": row.name, **body,
            "rating": None if rating is None else rating_json(rating),
            "sessions": [{"id": s.id, "name": s.name, "date": s.date, "pair": s.pair,
                          "partner": {"id": s.partner_id, "name": s.partner},
                          "direction": s.direction, "rank": s.rank, "of": s.of,
                          "percent": s.percent, "imps": s.imps}
                         for s in player_sessions(db, player_id, span)]}


def rating_json(rating: ratings.Rating) -> dict[str, Any]:
    """A rating in the API: the number shown (mu − 3 sigma), the model's two, its games."""
    return {"value": rating.shown, "mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3),
            "games": rating.games}


@dataclass(frozen=True, slots=True)
class Partner:
    """Someone a player partnered: the hands and matches they played together."""

    id: str
    name: str
    hands: int
    matches: int


@dataclass(frozen=True, slots=True)
class Opponents:
    """A pair a partnership played against: the hands and matches they met in."""

    ids: tuple[str, str]
    names: tuple[str, str]
    hands: int
    matches: int


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """One of the latest matches on a player's or a pair's page, from their side."""

    id: str
    date: str
    game: str
    side: str  # "NS" or "EW": the side they sat on
    score_NS: int  # each side's score (a rubber's games won), named as the sides are
    score_EW: int
    over: bool
    winner: str | None  # the side that won ("NS", "EW"); None while playing or tied
    hands: int
    rubber_points: int | None  # a decided rubber's points
    seats: dict[str, str]  # seat -> the name of who sat there

    def score_of(self, side: str) -> int:
        """A side's score ("NS", "EW")."""
        return self.score_NS if side == "NS" else self.score_EW


@dataclass(slots=True)
class Page:
    """What a player's or a partnership's page shows."""

    who: Who
    names: dict[str, str]  # id -> name of everyone named on the page
    games: list[GameFigures]  # the games played, each with its figures
    matches: tuple[int, int] = (0, 0)  # played, won: every game
    recent: list[PlayedMatch] = field(default_factory=list)
    progressions: dict[str, stats_store.Progression] = field(default_factory=dict)
    months: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)  # per game
    partners: list[Partner] = field(default_factory=list)
    opponents: list[Opponents] = field(default_factory=list)
    short_name: str | None = None

    def game(self, name: str) -> GameFigures | None:
        """The figures of one game, if played."""
        return next((g for g in self.games if g.game == name), None)


def _page(db: Database, who: Who, span: DateRange) -> Page:
    ids = [who.player, *([who.partner] if who.partner else []), *(who.opponents or ())]
    names = {}
    for pid in ids:
        row = players_store.get_player(db, pid)
        names[pid] = row.name if row else pid
    rows = stats_store.recent_matches(db, who, span.frm, span.to, RECENT)
    seated = stats_store.seat_names(db, [m["id"] for m in rows])
    recent = [PlayedMatch(
        id=m["id"], date=m["date"], game=m["game"], side=m["side"], score_NS=m["score_NS"],
        score_EW=m["score_EW"], over=bool(m["over"]), winner=m["winner"], hands=m["hands"],
        rubber_points=m["rubber_points"], seats=seated.get(m["id"], {})) for m in rows]
    return Page(
        who=who, names=names,
        games=played(every_game(stats_store.game_sums(db, who, span.frm, span.to))),
        matches=stats_store.matches(db, who, span.frm, span.to), recent=recent,
        progressions=stats_store.progressions(db, [m.id for m in recent[:PROGRESSIONS]]),
        months=stats_store.points_by_month(db, who, span.frm, span.to),
    )


def player_page(db: Database, player_id: str, span: DateRange) -> Page:
    """A player's page: figures, recent matches, partners, charts' data."""
    page = _page(db, Who(player_id), span)
    page.partners = [Partner(**p) for p in stats_store.partners(db, player_id, span.frm, span.to)]
    row = players_store.get_player(db, player_id)
    page.short_name = row.short_name if row else None
    return page


def pair_page(db: Database, a: str, b: str, span: DateRange,
              vs: tuple[str, str] | None = None) -> Page:
    """A partnership's page (``vs``: only its hands against that pair): figures, recent
    matches, the pairs it met."""
    page = _page(db, Who(a, b, vs), span)
    if vs is None:
        met = stats_store.opponents(db, a, b, span.frm, span.to)
        page.opponents = [Opponents(**o) for o in met]
    return page


def rate(part: int, whole: int) -> int | None:
    """``part`` of ``whole`` in whole per cent; None when ``whole`` is 0."""
    return round(100 * part / whole) if whole else None


@dataclass(frozen=True, slots=True)
class Season:
    """The season report's content: one player's page, or every player's line."""

    player: Page | None  # the one player's page, when the report is theirs
    table: list[PlayerRow] = field(default_factory=list)  # everyone: matches played and won
    # everyone: each game's players (a match of it in the range), a table per game in print
    by_game: dict[str, list[PlayerRow]] = field(default_factory=dict)


def season(db: Database, player_id: str | None, span: DateRange) -> Season:
    """The season report: every player's line (or one player's page) over the range. For
    everyone, ``by_game`` holds each game's players (those with a match of it in the range):
    the report prints a table per game, as every game's columns do not fit across a page."""
    if player_id is not None:
        return Season(player_page(db, player_id, span))
    rows = table(db, span)
    by_game = {name: [r for r in rows if r.games.get(name, {}).get(ROLLUP_MATCHES)]
               for name in GAMES}
    return Season(None, rows, {name: players for name, players in by_game.items() if players})


def stats_rows(db: Database, span: DateRange) -> tuple[list[str], list[list[Any]]]:
    """The statistics as CSV rows: one per player (matches; then per game its matches, wins
    and every figure it counts, total and by each of its breakdowns: ``<game>_<fact>``,
    ``<game>_<breakdown>_<code>_<fact>``)."""
    header = ["player_id", "name", "matches_played", "matches_won"]
    for game in GAMES.values():
        facts = [f.key for f in game.statistics.shown]
        header += [f"{game.name}_matches_played", f"{game.name}_matches_won",
                   *(f"{game.name}_{k}" for k in facts)]
        for b in game.statistics.breakdowns:
            header += [f"{game.name}_{b.key}_{code}_{k}" for code, _label in b.values
                       for k in facts]
    rows = []
    for p in stats_store.player_list(db, span.frm, span.to):
        figures = {f.game: f for f in every_game(
            stats_store.game_sums(db, Who(p["id"]), span.frm, span.to))}
        row = [p["id"], p["name"], p["played"], p["won"]]
        for name in GAMES:
            f = figures[name]
            keys = [x.key for x in f.facts]
            row += [f.played, f.won, *(f.values[k] for k in keys)]
            for split in f.splits:
                row += [x.values[k] for x in split.lines for k in keys]
        rows.append(row)
    return header, rows


def hand_rows(db: Database, span: DateRange) -> tuple[list[str], Any]:
    """Every recorded hand in the range for the CSV export: (header, rows)."""
    return stats_store.hand_rows(db, span.frm, span.to)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A value as written to a CSV file: text that a spreadsheet would run as a formula
    (``=``, ``+``, ``-``, ``@`` first) gets a leading apostrophe; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
