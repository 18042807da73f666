"""The printable score sheet as a pure view model: header, hand rows, summary, chart, tricks.

Built from a match dict (spec/match-format.md), its replayed state (the `scorekeeper check`
object) and its history of corrections and undos. No Flask, no WeasyPrint: the templates turn
the codes here (results, marks, rule items) into words in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..engine.cards import (
    OTHER_TEAM,
    PARTNER,
    RANK_NAMES,
    SEATS,
    SUIT_SYMBOLS,
    SUITS,
    TEAM_OF,
    TEAMS,
    effective_suit,
    next_seat,
    opening_leader,
    parse_card,
    trick_winner,
)
from ..engine.match import game_breaks, replay
from ..engine.rules import OPTIONS, resolve_rules
from .chart import ChartGeometry, Point, chart_geometry, margin_geometry

NAME_LIMIT = 80  # names are 1-40 code points; anything longer is cut, never laid out in full
MARGIN_CHART_FROM = 40  # more hands than this: a lead-margin chart beside the two lines
MADE = frozenset({"made", "march", "alone_made", "alone_march"})
MARCH = frozenset({"march", "alone_march"})
RED_SUITS = frozenset({"H", "D"})


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


@dataclass(frozen=True, slots=True)
class Suit:
    code: str  # S H D C
    symbol: str
    red: bool


@dataclass(frozen=True, slots=True)
class CardCell:
    seat: str
    text: str  # as recorded, e.g. "JD"
    rank: str  # "J"
    suit: Suit | None
    trump: bool  # belongs to the trump suit (a left bower does)
    left_bower: bool
    winner: bool


@dataclass(frozen=True, slots=True)
class TrickRow:
    no: int
    leader: str
    cards: tuple[CardCell, ...]  # in play order
    winner: str | None
    taken: dict[str, int] = field(default_factory=dict)  # tricks each side has after this one

    def card_of(self, seat: str) -> CardCell | None:
        """The card ``seat`` played to this trick (None for a seat sitting out)."""
        return next((c for c in self.cards if c.seat == seat), None)


@dataclass(frozen=True, slots=True)
class Holding:
    """One seat's cards of a recorded deal, grouped by suit (trumps first)."""

    seat: str
    suits: tuple[tuple[Suit, tuple[str, ...]], ...]  # (suit, ranks high to low)


@dataclass(frozen=True, slots=True)
class GameEnd:
    no: int  # 1-based game of a rubber
    winner: str
    value: int
    score: tuple[int, int]  # (winners, losers)


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
    round: int | None = None
    alone: bool = False
    defender_alone: str | None = None
    makers_tricks: int | None = None
    tricks: dict[str, int] | None = None
    honours_ns: int | None = None
    revoke: dict[str, str] | None = None
    renege: dict[str, Any] | None = None
    marks: tuple[str, ...] = ()
    note: str | None = None
    game_end: GameEnd | None = None
    trick_rows: tuple[TrickRow, ...] = ()
    turn_up: str | None = None
    discard: str | None = None
    holdings: tuple[Holding, ...] = ()  # the four hands, when the deal was recorded
    trick_points: dict[str, int] | None = None  # Whist: points for tricks (and a penalty)
    honour_points: dict[str, int] | None = None  # Whist: points for honours


@dataclass(slots=True)
class Tally:
    """Calls and their outcomes, for a team or for one player's calls."""

    called: int = 0
    made: int = 0
    marches: int = 0
    euchred: int = 0
    loners: int = 0
    loners_made: int = 0
    points_made: int = 0  # points scored by making calls
    points_defending: int = 0  # points scored by euchring the other side
    points_reneges: int = 0  # points scored from the other side's reneges
    reneged: int = 0  # calls that ended in a renege (by either side): neither made nor euchred


@dataclass(frozen=True, slots=True)
class Change:
    kind: str  # correct | undo
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
    team_tally: dict[str, Tally] = field(default_factory=dict)
    player_tally: dict[str, Tally] = field(default_factory=dict)
    whist_totals: dict[str, dict[str, int]] = field(default_factory=dict)
    games: list[GameEnd] = field(default_factory=list)
    rubber: dict[str, Any] | None = None
    chart: ChartGeometry | None = None
    margin_chart: ChartGeometry | None = None  # the lead by hand, for long matches
    changes: list[Change] = field(default_factory=list)
    started: datetime | None = None
    title: str | None = None  # the match's own title (an imported game's, e.g. "VWEC Finals")
    played: str | None = None  # the day (and time) it was played, as the match file says

    def games_won(self, team: str) -> int:
        """Games of a rubber won by ``team``."""
        return sum(1 for g in self.games if g.winner == team)

    @property
    def columns(self) -> frozenset[str]:
        """The hand-table columns to print: trump and alone always (Euchre); the round,
        honours and revoke columns only when some hand fills them."""
        cols = {"trump", "alone"}
        for row in self.rows:
            if row.round is not None:
                cols.add("round")
            if row.honours_ns is not None:
                cols.add("honours")
            if row.revoke:
                cols.add("revoke")
        return frozenset(cols)

    @property
    def card_rows(self) -> list[HandRow]:
        """The hands recorded card by card."""
        return [row for row in self.rows if row.trick_rows]


def clip(name: object) -> str:
    """A name as printed: text, trimmed, never longer than NAME_LIMIT code points."""
    text = str(name if name is not None else "").strip()
    return text if len(text) <= NAME_LIMIT else text[: NAME_LIMIT - 1] + "…"


def suit(code: object) -> Suit | None:
    if not isinstance(code, str) or code not in SUIT_SYMBOLS:
        return None
    return Suit(code, SUIT_SYMBOLS[code], code in RED_SUITS)


def rule_items(game: str, rules: Mapping[str, Any]) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The rules in force, as (code, params): the target or deals, then options off default."""
    items: list[tuple[str, dict[str, Any]]] = []
    if rules.get("deals"):
        items.append(("deals", {"n": rules["deals"]}))
    elif rules.get("target"):
        items.append(("target", {"n": rules["target"]}))
    skip = {"target", "deals", "honours_blocked_at"}
    for option in OPTIONS[game]:
        value = rules.get(option.name, option.default)
        if option.name in skip or value == option.default:
            continue
        if option.kind is bool:
            items.append((option.name, {}))
        else:
            items.append((option.name, {"n": value}))
    return tuple(items)


def _trump_of(hand: Mapping[str, Any], game: str) -> str | None:
    trump = hand.get("trump")
    if isinstance(trump, str):
        return trump
    turn_up = parse_card(hand.get("turn_up"))
    if turn_up is not None and (game == "whist" or hand.get("round") == 1):
        return turn_up.suit
    return None


def trick_rows(
    game: str,
    hand: Mapping[str, Any],
    rules: Mapping[str, Any],
    winners: Sequence[str] | None,
) -> tuple[TrickRow, ...]:
    """Each recorded trick as a row: seats in play order, the winner marked."""
    play = hand.get("play")
    trump = _trump_of(hand, game)
    if not isinstance(play, list) or not play:
        return ()
    bowers = game == "euchre"
    out: list[TrickRow] = []
    won = {"NS": 0, "EW": 0}
    if game == "euchre":
        caller = hand.get("caller")
        loner = caller if hand.get("alone") and isinstance(caller, str) else None
        out_seats = {PARTNER[loner]} if loner else set()
        defender = hand.get("defender_alone")
        if isinstance(defender, str) and defender in PARTNER:
            out_seats.add(PARTNER[defender])
        sitting_out = frozenset(out_seats)
        leader = opening_leader(
            hand.get("dealer") or "N", sitting_out, loner, rules.get("lone_lead", "dealer_left")
        )
    else:
        sitting_out = frozenset()
        leader = next_seat(hand.get("dealer") or "N")
    for index, trick in enumerate(play):
        texts = [str(t) for t in trick] if isinstance(trick, list) else []
        seats: list[str] = []
        seat = leader
        for _ in texts:
            seats.append(seat)
            seat = next_seat(seat)
            while seat in sitting_out:
                seat = next_seat(seat)
        cards = [parse_card(t) for t in texts]
        winner: str | None = None
        if winners is not None and index < len(winners):
            winner = winners[index]
        elif texts and all(c is not None for c in cards):
            winner = seats[trick_winner([c for c in cards if c is not None], trump, bowers)]
        cells = []
        for seat_of, text, card in zip(seats, texts, cards, strict=True):
            is_trump = card is not None and effective_suit(card, trump, bowers) == trump
            left = bool(is_trump and card is not None and bowers and card.rank == 11
                        and card.suit != trump)
            cells.append(
                CardCell(
                    seat=seat_of,
                    text=text,
                    rank=text[:-1] if card is not None else text,
                    suit=suit(card.suit) if card is not None else None,
                    trump=is_trump,
                    left_bower=left,
                    winner=seat_of == winner,
                )
            )
        if winner is not None:
            won[TEAM_OF[winner]] += 1
        out.append(TrickRow(index + 1, leader, tuple(cells), winner, dict(won)))
        if winner is None:
            break
        leader = winner  # type: ignore[assignment]
    return tuple(out)


def holdings(hand: Mapping[str, Any], trump: str | None) -> tuple[Holding, ...]:
    """The four hands of a recorded deal, each grouped by suit (trumps first, high to low)."""
    deal = hand.get("deal")
    if not isinstance(deal, dict):
        return ()
    order = sorted(SUITS, key=lambda x: (x != trump, SUITS.index(x)))
    out = []
    for seat in SEATS:
        cards = [c for c in (parse_card(t) for t in deal.get(seat) or []) if c is not None]
        if not cards:
            continue
        groups = []
        for code in order:
            ranks = sorted((c.rank for c in cards if c.suit == code), reverse=True)
            if ranks:
                found = suit(code)
                assert found is not None
                groups.append((found, tuple(RANK_NAMES.get(r, str(r)) for r in ranks)))
        out.append(Holding(seat, tuple(groups)))
    return tuple(out)


def _marks(result: str, alone: bool, hand: Mapping[str, Any]) -> tuple[str, ...]:
    marks = []
    if result == "passed":
        marks.append("passed")
    if result in MARCH:
        marks.append("march")
    if result == "euchred":
        marks.append("euchred")
    if alone:
        marks.append("loner")
    if hand.get("defender_alone"):
        marks.append("defender_alone")
    if result == "renege":
        marks.append("renege")
    if result == "revoke":
        marks.append("revoke")
    return tuple(marks)


def honours_held(hand: Mapping[str, Any], trump: str | None,
                 tricks: Sequence[TrickRow]) -> int | None:
    """Whist: how many of A K Q J of trumps North and South held, as recorded or as the
    deal or a complete card record shows; None when unknown."""
    given = hand.get("honours_NS")
    if isinstance(given, int):
        return given
    if trump is None:
        return None
    deal = hand.get("deal")
    cards: list[tuple[str, Any]] = []
    if isinstance(deal, dict) and all(deal.get(s) for s in SEATS):
        cards = [(s, parse_card(t)) for s in ("N", "S") for t in deal[s]]
    elif len(tricks) == 13 and all(len(t.cards) == 4 for t in tricks):
        cards = [(c.seat, parse_card(c.text)) for t in tricks for c in t.cards
                 if c.seat in ("N", "S")]
    else:
        return None
    return sum(1 for _seat, c in cards if c is not None and c.suit == trump and c.rank >= 11)


def _row(game: str, hand: Mapping[str, Any], st: Mapping[str, Any], rules: Mapping[str, Any]
         ) -> HandRow:
    result = str(st.get("result", ""))
    alone = bool(hand.get("alone"))
    tricks = st.get("tricks")
    makers = st.get("makers")
    makers_tricks = hand.get("makers_tricks")
    if makers_tricks is None and isinstance(tricks, dict) and makers in TEAMS:
        makers_tricks = tricks.get(makers)
    tricks_played = trick_rows(game, hand, rules, st.get("trick_winners"))
    honours = honours_held(hand, _trump_of(hand, game), tricks_played) \
        if game == "whist" and rules.get("honours") else None
    return HandRow(
        no=int(st.get("no", 0)),
        dealer=str(st.get("dealer") or hand.get("dealer") or ""),
        result=result,
        points=dict(st.get("points") or {"NS": 0, "EW": 0}),
        score=dict(st.get("score") or {"NS": 0, "EW": 0}),
        caller=hand.get("caller"),
        makers=makers,
        trump=suit(_trump_of(hand, game)),
        round=hand.get("round"),
        alone=alone,
        defender_alone=hand.get("defender_alone"),
        makers_tricks=makers_tricks if result != "passed" else None,
        tricks=dict(tricks) if isinstance(tricks, dict) else None,
        honours_ns=honours,
        revoke=hand.get("revoke"),
        renege=st.get("renege"),
        marks=_marks(result, alone, hand),
        note=clip(hand["note"]) if hand.get("note") else None,
        trick_rows=tricks_played,
        turn_up=hand.get("turn_up") if isinstance(hand.get("turn_up"), str) else None,
        discard=hand.get("discard") if isinstance(hand.get("discard"), str) else None,
        holdings=holdings(hand, _trump_of(hand, game)),
    )


def _tally(rows: Sequence[HandRow]) -> tuple[dict[str, Tally], dict[str, Tally]]:
    """Calls and their outcomes. Every called hand counts once: made, euchred or reneged, so
    ``called == made + euchred + reneged`` and a team's points add up to its score."""
    teams: dict[str, Tally] = {t: Tally() for t in TEAMS}
    players: dict[str, Tally] = {s: Tally() for s in SEATS}
    for row in rows:
        if row.result == "renege" and row.renege:
            teams[OTHER_TEAM[TEAM_OF[row.renege["seat"]]]].points_reneges += max(
                row.points.values())
        makers = row.makers if row.makers in TEAMS else (
            TEAM_OF[row.caller] if row.caller in TEAM_OF else None)
        if makers is None or row.result == "passed":
            continue
        defenders = OTHER_TEAM[makers]
        tallies = [teams[makers]]
        if row.caller in players:
            tallies.append(players[row.caller])
        for tally in tallies:
            tally.called += 1
            tally.loners += row.alone
            if row.result == "renege":
                tally.reneged += 1
            elif row.result in MADE:
                tally.made += 1
                tally.marches += row.result in MARCH
                tally.loners_made += row.alone
                tally.points_made += row.points[makers]
            elif row.result == "euchred":
                tally.euchred += 1
        if row.result == "euchred":
            teams[defenders].points_defending += row.points[defenders]
    return teams, players


def _whist_totals(rows: Sequence[HandRow]) -> dict[str, dict[str, int]]:
    totals: dict[str, dict[str, int]] = {
        t: {"tricks": 0, "deals_won": 0, "points": 0, "revokes": 0} for t in TEAMS
    }
    for row in rows:
        for team in TEAMS:
            taken = (row.tricks or {}).get(team, 0)
            totals[team]["tricks"] += taken
            totals[team]["deals_won"] += taken >= 7
            totals[team]["points"] += row.points.get(team, 0)
        if row.revoke and row.revoke.get("by") in TEAMS:
            totals[row.revoke["by"]]["revokes"] += 1
    return totals


def _mark_games(rows: Sequence[HandRow], state: Mapping[str, Any], target: int | None
                ) -> list[GameEnd]:
    """Attach each finished game of a rubber to the deal that ended it (the engine says which)."""
    ends = game_breaks(state.get("hands") or [], state.get("games"), target)
    out: list[GameEnd] = []
    for row in rows:
        end = ends.get(row.no)
        if end:
            row.game_end = GameEnd(end["no"], end["winner"], end["value"], end["score"])
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
    state: Mapping[str, Any],
    history: Sequence[Mapping[str, Any]] = (),
    started: datetime | None = None,
) -> Sheet:
    """The whole score sheet of a match, ready for a template."""
    game = str(match.get("game", "euchre"))
    rules, _problems = resolve_rules(game, match.get("rules"))
    seats = match.get("seats") or {}
    players: dict[str, Player] = {s: Player(s, clip(seats.get(s, s))) for s in SEATS}
    names = match.get("teams") or {}
    score = dict(state.get("score") or {"NS": 0, "EW": 0})
    rubber = state.get("rubber")
    winner = state.get("winner")
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
    states = list(state.get("hands") or [])
    rows = [_row(game, h, s, rules) for h, s in zip(hands, states, strict=False)]
    sheet = Sheet(
        game=game,
        rules=rule_items(game, rules),
        target=rules.get("target"),
        deals=rules.get("deals"),
        players=players,
        teams=teams,
        rows=rows,
        over=bool(state.get("over")),
        winner=winner,
        tied=bool(state.get("tied")),
        score=score,
        next_dealer=state.get("next_dealer"),
        rubber=rubber if isinstance(rubber, dict) else None,
        changes=_changes(history),
        started=started,
        title=clip(match["title"]) if isinstance(match.get("title"), str) else None,
        played=match["played"] if isinstance(match.get("played"), str) else None,
    )
    if game == "euchre":
        sheet.team_tally, sheet.player_tally = _tally(rows)
    else:
        sheet.whist_totals = _whist_totals(rows)
        sheet.games = _mark_games(rows, state, sheet.target)
        parts = replay(game, rules, hands, str(match.get("first_dealer") or "N"),
                       match.get("start_score")).parts
        for row in rows:
            split = parts.get(row.no)
            if split:
                row.trick_points, row.honour_points = split["tricks"], split["honours"]
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
