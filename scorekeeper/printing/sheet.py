"""The printable score sheet as a pure view model: header, hand rows, summary, chart, tricks.

Built from a match dict (spec/match-format.md), the engine's replayed state (``MatchState``:
results, trumps, trick seats, leaders and game ends, worked out once by the engine) and the
history of corrections and undos. No Flask, no WeasyPrint: the templates turn
the codes here (results, marks, rule items) into words in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..engine.cards import (
    SEATS,
    TEAMS,
)
from ..engine.games import GAMES, resolve_rules
from ..engine.state import GameEnd, HandState, MatchState
from ..engine.statistics import Statistics
from .cardrows import Holding, Suit, TrickRow, holdings, suit, trick_rows
from .chart import ChartGeometry, Point, chart_geometry, margin_geometry

NAME_LIMIT = 80  # names are 1-40 code points; anything longer is cut, never laid out in full
MARGIN_CHART_FROM = 40  # more hands than this: a lead-margin chart beside the two lines
DEFAULT_WORDS = "prints/_sheet_words.html"  # a hand's words, for a game with none of its own


@dataclass(frozen=True, slots=True)
class Player:
    seat: str
    name: str


@dataclass(frozen=True, slots=True)
class TeamInfo:
    key: str  # NS | EW
    name: str | None  # the team's own name, if it has one
    players: tuple[Player, Player]
    score: int
    winner: bool


@dataclass(slots=True)
class HandRow:
    no: int
    dealer: str
    result: str
    points: dict[str, int]
    score: dict[str, int]
    caller: str | None = None
    makers: str | None = None
    trump: Suit | None = None
    tricks: dict[str, int] | None = None
    marks: tuple[str, ...] = ()
    note: str | None = None
    game_end: GameEnd | None = None
    trick_rows: tuple[TrickRow, ...] = ()
    holdings: tuple[Holding, ...] = ()  # the four hands, when the deal was recorded
    # the game's own columns and facts (Game.sheet.row: a turn-up, say): their values, read as
    # ``row.own.<key>``, and the columns this row fills
    own: Mapping[str, Any] = field(default_factory=dict)
    columns: frozenset[str] = frozenset()
    # for a game's own columns: {"hand": as recorded, "entry": its check entry} (Spades' bids,
    # Five Hundred's bid)
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Totals:
    """The game's facts (``Game.statistics``) summed over the match: by team (its side's
    counts) and by seat (each player's own), every fact of the game present."""

    teams: dict[str, dict[str, int]] = field(default_factory=dict)
    seats: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Change:
    kind: str  # correct | undo | redo (an undo taken back)
    no: int | None
    at: str | None
    fields: tuple[tuple[str, Any, Any], ...]  # (field, before, after)


@dataclass(slots=True)
class Sheet:
    game: str
    rules: tuple[tuple[str, dict[str, Any]], ...]  # (code, params) for the template to word
    target: int | None
    deals: int | None
    players: dict[str, Player]
    teams: dict[str, TeamInfo]
    rows: list[HandRow]
    over: bool
    winner: str | None
    tied: bool
    score: dict[str, int]
    next_dealer: str | None
    totals: Totals = field(default_factory=Totals)
    games: list[GameEnd] = field(default_factory=list)
    rubber: dict[str, Any] | None = None
    chart: ChartGeometry | None = None
    margin_chart: ChartGeometry | None = None  # the lead by hand, for long matches
    changes: list[Change] = field(default_factory=list)
    started: datetime | None = None
    title: str | None = None  # the match's own title (an imported game's, e.g. "VWEC Finals")
    played: str | None = None  # the day (and time) it was played, as the match file says
    hands_template: str | None = None  # the game's hand-by-hand table (Game.templates)
    summary_template: str | None = None  # the game's summary (Game.statistics.summary)
    words_template: str = DEFAULT_WORDS  # the game's words (Game.statistics.sheet_words)

    def games_won(self, team: str) -> int:
        """Games of a rubber won by ``team``."""
        return sum(1 for g in self.games if g.winner == team)

    @property
    def columns(self) -> frozenset[str]:
        """The game's own hand-table columns to print: those some hand fills
        (``Game.sheet.row``)."""
        return frozenset().union(*(row.columns for row in self.rows))

    @property
    def card_rows(self) -> list[HandRow]:
        """The hands recorded card by card."""
        return [row for row in self.rows if row.trick_rows]


def clip(name: object) -> str:
    """A name as printed: text, trimmed, never longer than NAME_LIMIT code points."""
    text = str(name if name is not None else "").strip()
    return text if len(text) <= NAME_LIMIT else text[: NAME_LIMIT - 1] + "…"


def rule_items(game: str, rules: Mapping[str, Any]) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The rules in force, as (code, params): the target or deals, then options off default."""
    items: list[tuple[str, dict[str, Any]]] = []
    if rules.get("deals"):
        items.append(("deals", {"n": rules["deals"]}))
    elif rules.get("target"):
        items.append(("target", {"n": rules["target"]}))
    # target and deals are said first; the game leaves out what its other words say
    sheet_rules = GAMES[game].sheet.rules
    skip = {"target", "deals", *sheet_rules.left_out}
    for option in GAMES[game].options:
        value = rules.get(option.name, option.default)
        if option.name in skip or value == option.default:
            continue
        params = {} if option.kind is bool else {"n": value}
        items.append((option.name, {**params, **sheet_rules.params(option.name, value, rules)}))
    return tuple(items)


def _row(game: str, hand: Mapping[str, Any], st: HandState) -> HandRow:
    tricks = st.outcome.tricks
    own = GAMES[game].sheet.row(hand, st)
    return HandRow(
        no=st.no,
        dealer=st.dealer,
        result=st.result,
        points=dict(st.points),
        score=dict(st.score),
        caller=hand.get("caller"),
        makers=st.outcome.makers,
        trump=suit(st.outcome.trump),
        tricks=dict(tricks) if tricks is not None else None,
        marks=GAMES[game].history.marks(hand, st.outcome),
        note=clip(hand["note"]) if hand.get("note") else None,
        trick_rows=trick_rows(game, hand, st),
        holdings=holdings(hand, st.outcome.trump),
        own=dict(own.own),
        columns=own.columns,
        details={"hand": dict(hand), "entry": st.as_json()},
    )


def _totals(statistics: Statistics, hands: Sequence[Mapping[str, Any]],
            states: Sequence[HandState]) -> Totals:
    """The game's facts of every hand, summed by team and by seat."""
    keys = [f.key for f in statistics.facts]
    teams: dict[str, dict[str, int]] = {t: dict.fromkeys(keys, 0) for t in TEAMS}
    seats: dict[str, dict[str, int]] = {s: dict.fromkeys(keys, 0) for s in SEATS}
    for hand, st in zip(hands, states, strict=False):
        facts = statistics.of_hand(hand if isinstance(hand, Mapping) else {}, st.as_json(),
                                   st.outcome.details)
        for seat, own in facts.seats.items():
            for key, value in own.items():
                seats[seat][key] = seats[seat].get(key, 0) + value
        sides = statistics.side_values(facts)
        for team in TEAMS:
            for key, value in sides[team[0]].items():
                teams[team][key] = teams[team].get(key, 0) + value
    return Totals(teams, seats)


def _mark_games(rows: Sequence[HandRow], state: MatchState) -> list[GameEnd]:
    """Attach each finished game of a rubber to the deal that ended it (the engine says which)."""
    ends = state.game_ends()
    out: list[GameEnd] = []
    for row in rows:
        end = ends.get(row.no)
        if end:
            row.game_end = end
            out.append(row.game_end)
    return out


def _changes(history: Sequence[Mapping[str, Any]]) -> list[Change]:
    out = []
    for entry in history:
        kind = str(entry.get("kind") or entry.get("action") or "correct")
        before = entry.get("before") or entry.get("old") or {}
        after = entry.get("after") or entry.get("new") or {}
        fields: list[tuple[str, Any, Any]] = []
        if isinstance(before, dict) and isinstance(after, dict):
            for key in sorted(set(before) | set(after)):
                if key in ("deal", "play"):
                    if before.get(key) != after.get(key):
                        fields.append((key, "…", "…"))
                elif before.get(key) != after.get(key):
                    fields.append((key, before.get(key), after.get(key)))
        at = entry.get("at") or entry.get("created_at") or entry.get("when")
        no = entry.get("no") or entry.get("hand_no")
        out.append(Change(kind, int(no) if no is not None else None,
                          str(at) if at else None, tuple(fields)))
    return out


def build_sheet(
    match: Mapping[str, Any],
    state: MatchState,
    history: Sequence[Mapping[str, Any]] = (),
    started: datetime | None = None,
) -> Sheet:
    """The whole score sheet of a match, ready for a template."""
    game = str(match["game"])
    rules, _problems = resolve_rules(game, match.get("rules"))
    seats = match.get("seats") or {}
    players: dict[str, Player] = {s: Player(s, clip(seats.get(s, s))) for s in SEATS}
    names = match.get("teams") or {}
    score = state.match_points()  # a bridge match of several rubbers: all of them
    rubber = state.rubber
    winner = state.winner
    teams: dict[str, TeamInfo] = {
        t: TeamInfo(
            key=t,
            name=clip(names[t]) if names.get(t) else None,
            players=(players[t[0]], players[t[1]]),
            score=score.get(t, 0),
            winner=winner == t,
        )
        for t in TEAMS
    }
    hands = list(match.get("hands") or [])
    rows = [_row(game, h, s) for h, s in zip(hands, state.hands, strict=False)]
    sheet = Sheet(
        game=game,
        rules=rule_items(game, rules),
        target=rules.get("target"),
        deals=rules.get("deals"),
        players=players,
        teams=teams,
        rows=rows,
        over=state.over,
        winner=winner,
        tied=state.tied,
        score=score,
        next_dealer=state.next_dealer,
        rubber=rubber,
        changes=_changes(history),
        started=started,
        title=clip(match["title"]) if isinstance(match.get("title"), str) else None,
        played=match["played"] if isinstance(match.get("played"), str) else None,
        hands_template=GAMES[game].templates.sheet_hands,
        summary_template=GAMES[game].statistics.summary,
        words_template=GAMES[game].statistics.sheet_words or DEFAULT_WORDS,
        totals=_totals(GAMES[game].statistics, hands, state.hands),
    )
    sheet.games = _mark_games(rows, state)
    segments = _segments(match, rows)
    sheet.chart = chart_geometry(segments, sheet.target)
    if len(rows) > MARGIN_CHART_FROM and len(segments) == 1:
        sheet.margin_chart = margin_geometry(segments[0])
    return sheet


def _segments(match: Mapping[str, Any], rows: Sequence[HandRow]) -> list[list[Point]]:
    """Running scores per hand; a rubber's next game starts a new line at 0-0."""
    start = match.get("start_score") or {}
    segment: list[Point] = [(0, int(start.get("NS", 0)), int(start.get("EW", 0)))]
    segments = [segment]
    for x, row in enumerate(rows, start=1):
        segment.append((x, row.score.get("NS", 0), row.score.get("EW", 0)))
        if row.game_end is not None and x < len(rows):
            segment = [(x, 0, 0)]
            segments.append(segment)
    return segments
