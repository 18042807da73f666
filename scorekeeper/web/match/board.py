"""What the table pages show, worked out from a match and its replayed state.

Pure presentation: names, labels and history rows. No rules live here: results, points,
dealers and game ends all come from the engine's typed state (``MatchState``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext, pgettext

from ...engine.cards import SUIT_SYMBOLS, TEAM_OF, TEAMS
from ...engine.game import Game
from ...engine.numbers import pair_sides, points_text, sides_pair
from ...engine.parts.words import TagWords
from ...engine.problems import Problem
from ...engine.state import HandState, MatchState
from ...i18n.labels import SEAT_LABELS
from ...i18n.messages import problem_message
from ...service.match import HandChange, Match
from ...service.results import LoadedMatch
from .matchview import Correction, Dealer, Gain, HistoryRow, LastHand, MatchView, Team


def problem_text(problem: Problem) -> str:
    """The engine's message in the user's language, starting with a capital."""
    text = problem_message(problem)
    return text[:1].upper() + text[1:]


def team_names(match: Match) -> dict[str, str]:
    """Each side's display name: its team name, else its two players."""
    seats, teams = match.seats, match.teams
    pairs = {"NS": ("N", "S"), "EW": ("E", "W")}
    return {
        t: teams.get(t) or f"{seats[pairs[t][0]]} & {seats[pairs[t][1]]}" for t in TEAMS
    }


def short_names(match: Match) -> dict[str, str]:
    """Each side's name in a label: the name the board uses (team name, else "Ann & Cai")."""
    return team_names(match)


def join_words(parts: list[str]) -> str:
    """Parts of a label joined the reader's way ("A, B" in English, "A，B" in Chinese)."""
    return pgettext("list separator", ", ").join(p for p in parts if p)


def gain_text(names: dict[str, str], points: dict[str, int] | None,
              said: str | None = None) -> str:
    """Every side's points of a hand: "Ann & Cai +4, Bo & Dee +2", or "no score".

    ``said``: the side the label has just named ("Ann & Cai took 8 → +2"): its points go first,
    without its name again (issue 24)."""
    parts = []
    order = sorted(TEAMS, key=lambda t: t != said)
    for team in order:
        n = (points or {}).get(team) or 0
        if team == said and n:
            parts.append(points_text(n))
        elif n > 0:
            parts.append(_("%(team)s +%(n)s", team=names[team], n=n))
        elif n < 0:
            parts.append(_("%(team)s −%(n)s", team=names[team], n=-n))
    return join_words(parts) or _("no score")


def end_text(match: Match, state: MatchState, no: int) -> str:
    """What hand ``no`` ended, if anything: a game of a rubber, the rubber, or the match."""
    names = team_names(match)
    last = no == len(state.hands)
    rubber = state.rubber
    ended = state.game_ends().get(no)
    if ended and rubber and last and state.over:
        return _("rubber to %(team)s, %(n)s points", team=names[rubber["winner"]],
                 n=rubber["points"])
    if ended:
        return _("game %(no)s to %(team)s, worth %(n)s", no=ended.no,
                 team=names[ended.winner], n=ended.value)
    if last and state.over:
        # A round of fixed hands may end on a hand the losers scored (issue 26).
        if state.tied:
            return _("the match ends level")
        scored = {team for team, n in state.hands[-1].points.items() if n > 0}
        if state.winner and state.winner not in scored:
            return _("%(team)s win the match", team=names[state.winner])
        return _("game!")
    return ""


def outcome_label(match: Match, hand: Mapping[str, Any], out: HandState,
                  state: MatchState | None = None) -> str:
    """What a hand did, in table language, with the game's words (``History.outcome``):
    "Bo & Dee … → Ann & Cai +2 · game!".

    Every side that scores is named (a Whist deal may score both), with the names the board
    uses; given the replayed ``state``, the end of a game, a rubber or the match is added.
    """
    text = _outcome_words(match, hand, out)
    ended = end_text(match, state, out.no) if state is not None else ""
    return f"{text} · {ended}" if ended else text


# A game's words name sides and seats by code (engine/game.py's ``OutcomeWords``): these
# params are a side's code, turned into its name.
SIDE_PARAMS = ("team", "side")


def _common(match: Match, hand: Mapping[str, Any], trump: str, caller: str) -> dict[str, str]:
    """The params every clause of a game's words gets: the sides' names, the caller (``caller``
    when the hand names none), the caller's side (the makers) and the trump's symbol."""
    names, seats = team_names(match), match.seats
    seat = hand.get("caller")
    makers = TEAM_OF.get(seat) if isinstance(seat, str) else None
    return {**names, "caller": seats.get(seat, caller) if isinstance(seat, str) else caller,
            "makers": names.get(makers or "", ""), "trump": SUIT_SYMBOLS.get(trump, trump)}


def _game_words(match: Match, clauses: TagWords, common: Mapping[str, str],
                points: dict[str, int] | None = None) -> list[str]:
    """A game's clauses in the reader's language, with their params named; empty ones left
    out. ``points``: the hand's, for ``said`` (that side's points first, unnamed)."""
    names, seats = team_names(match), match.seats
    parts = []
    for text, params in clauses:
        if not text:
            continue
        values: dict[str, Any] = {**common, **params}
        for key in SIDE_PARAMS:
            if key in params:
                values[key] = names.get(params[key] or "", "")
        if "seat" in params:
            values["seat"] = seats.get(params["seat"] or "", "")
        if "said" in params:
            values["gain"] = gain_text(names, points, params["said"])
        parts.append((_(text) % values).strip())
    return [p for p in parts if p]


def _outcome_words(match: Match, hand: Mapping[str, Any], out: HandState) -> str:
    """The game's words for what the hand did ("NS make 7 + 2 bags → +72; S nil made +100");
    a game with none: the hand's points."""
    gain = gain_text(team_names(match), out.points)
    common = {**_common(match, hand, _trump(match.game, match, hand, out.no) or "", ""),
              "gain": gain}
    makers = out.outcome.makers
    if makers:  # the side that played the hand, from the engine (the caller may be missing)
        common["makers"] = team_names(match).get(makers, common["makers"])
    clauses = match.game.history.outcome(hand, out.outcome, match.rules)
    words = _game_words(match, clauses, common, out.points)
    return pgettext("clause separator", "; ").join(words) or gain


def undo_what(match: Match, hand: Mapping[str, Any], out: HandState) -> str:
    """The short description in "Undo hand 11 (…)": the game's few words of the hand
    (``History.short``), else its points."""
    gain = gain_text(team_names(match), out.points)
    common = {**_common(match, hand, _trump(match.game, match, hand, out.no) or "", "?"),
              "gain": gain}
    if out.outcome.makers:
        common["makers"] = team_names(match).get(out.outcome.makers, common["makers"])
    clauses = match.game.history.short(hand, out.outcome, match.rules)
    return join_words(_game_words(match, clauses, common, out.points)) or gain


def _trump(game: Game, match: Match, hand: Mapping[str, Any], no: int) -> str | None:
    """The trump of hand ``no``: the rotation's, else the one recorded."""
    return game.recording.deal_trump(dict(match.rules), no) or game.history.trump(hand)


def history_rows(match: Match, state: MatchState) -> list[HistoryRow]:
    """One row per hand, newest first; in a rubber, a row above each deal that ended a game."""
    seats, rows, names = match.seats, [], team_names(match)
    game, rules = match.game, match.rules
    breaks = state.game_ends()
    for recorded, out in zip(match.hands, state.hands, strict=False):
        hand = recorded.data
        result = out.result
        points = out.points
        tricks = out.outcome.tricks or {}
        if game.history.makers:  # the makers' tricks
            makers = out.outcome.makers
            shown = str(tricks.get(makers, "")) if makers and tricks else ""
        else:
            shown = f"{tricks.get('NS', '')}–{tricks.get('EW', '')}" if tricks else ""
        tags = (*(_(text, **{k: names.get(v, v) if k in SIDE_PARAMS else v
                             for k, v in params.items()})
                  for text, params in game.history.tags(hand, rules)),  # sides by name
                *_game_words(match, game.history.scored(hand, out.outcome, rules), {}))
        label = game.history.results.get(result, "")
        rows.append(HistoryRow(
            no=out.no,
            dealer=seats.get(out.dealer, ""),
            caller=seats.get(hand.get(game.history.seat) or "", ""),
            trump=_trump(game, match, hand, out.no),
            tags=tags,
            tricks=shown,
            gains=tuple(Gain(t, names[t], points_text(points[t]))
                        for t in TEAMS if points.get(t)),
            result=_(label) if label else "",
            result_cls=game.history.classes.get(result, result),
            cls=result,
            score=sides_pair(out.score, wrap=True),  # a narrow column
            note=recorded.note,
            cards=recorded.cards,
        ))
        ended = breaks.get(out.no)
        if ended:
            a, b = pair_sides(*ended.pair)
            rows.append(HistoryRow(game_end=_(
                "Game %(no)s to %(team)s, %(a)s–%(b)s, worth %(n)s", no=ended.no,
                team=names[ended.winner], a=a, b=b, n=ended.value)))
    rows.reverse()
    return rows


def correction_lines(match: Match, entries: list[HandChange]) -> list[Correction]:
    """The history of corrections and undos, newest first."""
    lines = []
    for e in reversed(entries or []):
        at = e.at or ""
        if e.action == "undo":
            text = _("hand %(no)s undone", no=e.no)
        elif e.action == "redo":
            text = _("hand %(no)s put back", no=e.no)
        else:
            text = _("hand %(no)s corrected (was: %(old)s)", no=e.no,
                     old=describe_hand(match, e.old or {}))
        lines.append(Correction(at, at[11:16], text))
    return lines


def describe_hand(match: Match, hand: Mapping[str, Any]) -> str:
    """A hand as recorded, in a few words (for the corrections list): the game's words
    (``History.recorded``), else the seat its call column names."""
    history = match.game.history
    trump = history.trump(hand) or ""
    common = {**_common(match, hand, trump, "?"), "trump": SUIT_SYMBOLS.get(trump, "")}
    parts = _game_words(match, history.recorded(hand, match.rules), common)
    if not parts:
        seat = hand.get(history.seat)
        return match.seats.get(seat, "?") if isinstance(seat, str) else "?"
    return " ".join(parts)


def rubber_line(names: dict[str, str], state: MatchState) -> str:
    """A decided rubber's result in words, the same wherever it is said (the board's banner,
    the home page's list): its games won and its points."""
    rubber = state.rubber
    if not rubber:
        return ""
    won = state.tally()
    other = "EW" if rubber["winner"] == "NS" else "NS"
    return _("%(team)s won the rubber %(a)s–%(b)s, %(n)s points", team=names[rubber["winner"]],
             a=won[rubber["winner"]], b=won[other], n=rubber["points"])


def _game_news(match: Match, state: MatchState) -> str:
    """Said on the board right after a deal ends a game of a rubber (not the last one)."""
    if not state.hands or state.over:
        return ""
    ended = state.game_ends().get(state.hands[-1].no)
    if not ended:
        return ""
    a, b = pair_sides(*ended.pair)
    return _("Game %(no)s to %(team)s, %(a)s–%(b)s, worth %(n)s. Game %(next)s starts at 0–0.",
             no=ended.no, team=team_names(match)[ended.winner], a=a, b=b, n=ended.value,
             next=ended.no + 1)


def board(loaded: LoadedMatch, editor: bool) -> MatchView:
    """Everything the match page shows, for the templates.

    A match whose stored hands no longer replay (``loaded.state`` None) shows an empty board
    and its problems."""
    match = loaded.match
    game = match.game
    state = loaded.state if loaded.state is not None else MatchState(
        game.name, {"NS": 0, "EW": 0}, next_dealer=match.first_dealer)
    seats, rules = match.seats, dict(match.rules)
    names, score = team_names(match), state.match_points()
    target, deals = rules.get("target"), rules.get("deals")
    if target is None and deals is None:
        target = game.default_target
    has_teams = bool(match.teams)
    pairs = {"NS": ("N", "S"), "EW": ("E", "W")}
    winner = state.winner
    # a game that ends otherwise (a bridge rubber) has neither a target nor a number of hands
    goal_label = (_("to %(n)s", n=target) if target
                  else ngettext("%(num)d hand", "%(num)d hands", deals) if deals else "")
    big = score
    if state.rubber:  # decided: the big numbers are its games won, as everywhere else
        big, target, goal_label = state.tally(), None, _("games won")
    teams = [Team(t, names[t], f"{seats[pairs[t][0]]} & {seats[pairs[t][1]]}" if has_teams
                  else "", big.get(t, 0), winner == t) for t in TEAMS]
    dealer = state.next_dealer
    hands = match.hands
    last = None
    if hands and state.hands:
        last = LastHand(len(hands), undo_what(match, hands[-1].data, state.hands[-1]))
    cycle = list(game.recording.trumps(rules) or ())
    games = ""
    if state.games is not None:
        won = {t: state.games_won(t) for t in TEAMS}
        games = _("Games won: %(a)s %(x)s – %(y)s %(b)s",
                  a=names["NS"], x=won["NS"], y=won["EW"], b=names["EW"])
        if state.rubber:
            games += " · " + _("rubber to %(team)s, %(n)s points",
                               team=names[state.rubber["winner"]], n=state.rubber["points"])
    return MatchView(
        id=loaded.id,
        game=game.name,
        words=game.words,
        call_heading=game.history.call,
        tricks=game.tricks,
        hand_fields=game.templates.hand_fields,
        rules=rules,
        title=" – ".join(names[t] for t in TEAMS),
        teams=teams,
        goal=target,
        goal_label=goal_label,
        over=state.over,
        tied=state.tied,
        winner_name=names.get(winner or "", ""),
        rubber_line=rubber_line(names, state),
        headline=sides_pair(state.tally()),
        game_news=_game_news(match, state),
        win_score=score.get(winner or "NS", 0),
        lose_score=score.get("EW" if winner == "NS" else "NS", 0),
        dealer=Dealer(dealer, seats[dealer], str(SEAT_LABELS[dealer])),
        next_no=len(hands) + 1,
        trump_cycle=cycle,
        deal_trump=game.recording.deal_trump(rules, len(hands) + 1) if not state.over else None,
        editor=editor,
        last=last,
        seat_letters={s: str(SEAT_LABELS[s]) for s in seats},
        seat_cols="two" if max(len(n) for n in seats.values()) > 7 else "four",
        games=games,
        problems=[problem_text(p) for p in loaded.problems],
        board_part=game.templates.board,
        running=running_view(state),
    )


def running_view(state: MatchState) -> dict[str, Any]:
    """The game's carry as its board part reads it: ``board()`` when the carry has one (what
    the table needs that `check` does not print: a rubber's vulnerability), else its JSON."""
    running = state.running
    if running is None:
        return {}
    board = getattr(running, "board", None)
    return board() if callable(board) else running.as_json()


def evening_words(ev: Any, names: dict[str, str]) -> tuple[str, str] | None:
    """The evening's line ("Tonight: Ann & Bo 2 – 1 Cai & Dee") and each game's score, for the
    match page and its score sheet alike; None for a match that is the evening's only game.
    The "…" of a game under way keeps to its score (a no-break space) at a phone's width.
    ``names``: each side's name as the page shows it (:func:`team_names`)."""
    if len(ev.games) < 2:
        return None
    line = _("Tonight: %(a)s %(x)s – %(y)s %(b)s", a=names["NS"], x=ev.won["NS"],
             y=ev.won["EW"], b=names["EW"])
    games = join_words([sides_pair(g.score)
                        + ("" if g.over else "\u00a0…") for g in ev.games])
    return line, games
