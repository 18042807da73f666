"""What the table pages show, worked out from a match and its replayed state.

Pure presentation: names, labels and history rows. No rules live here: results, points,
dealers and game ends all come from the engine's typed state (``MatchState``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext

from ..engine.cards import SUIT_SYMBOLS, TEAMS
from ..engine.game import Game
from ..engine.problems import Problem
from ..engine.state import HandState, MatchState
from ..i18n.labels import RESULT_LABELS, SEAT_LABELS
from ..i18n.messages import problem_message
from ..service.match import HandChange, Match
from ..service.results import LoadedMatch
from .matchview import Correction, Dealer, Gain, HistoryRow, LastHand, MatchView, Team

# Engine field -> form field, where they differ; fields not on a form are shown at the top.
FORM_FIELD = {"revoke": "revoke_by"}


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

    ``said``: the side the label has just named ("Ann & Cai march → +2"): its points go first,
    without its name again (issue 24)."""
    parts = []
    order = sorted(TEAMS, key=lambda t: t != said)
    for team in order:
        n = (points or {}).get(team) or 0
        if team == said and n:
            parts.append(f"{n:+d}".replace("-", "−"))
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
    """What a hand did, in table language: "Bo & Dee euchred → Ann & Cai +2 · game!".

    Every side that scores is named (a Whist deal may score both), with the names the board
    uses; given the replayed ``state``, the end of a game, a rubber or the match is added.
    """
    text = _outcome_words(match, hand, out)
    ended = end_text(match, state, out.no) if state is not None else ""
    return f"{text} · {ended}" if ended else text


def _outcome_words(match: Match, hand: Mapping[str, Any], out: HandState) -> str:
    names, seats = team_names(match), match.seats
    result = out.result
    gain = gain_text(names, out.points)
    caller = seats.get(hand.get("caller") or "", "")
    makers = names.get(out.outcome.makers or "", "")
    own = match.game.history.outcome
    clauses = own(hand, out.outcome, match.rules) if own is not None else None
    if clauses is not None:  # the game's own words: "NS make 7 + 2 bags → +72; S nil made +100"
        common = {**names, "gain": gain, "caller": caller, "makers": makers}
        return pgettext("clause separator", "; ").join(
            _(text) % {**common, **params,
                       **({"team": names[params["team"]]} if "team" in params else {}),
                       **({"seat": seats[params["seat"]]} if "seat" in params else {})}
            for text, params in clauses) or gain
    if result == "passed":
        return _("all passed → no score")
    if result == "made":
        return gain
    if result in ("alone_made", "alone_march"):
        return f"{caller} {RESULT_LABELS[result]} → {gain}"
    if result in ("march", "euchred"):
        said = gain_text(names, out.points, out.outcome.makers)
        return f"{makers} {RESULT_LABELS[result]} → {said}"
    if result == "renege":
        by = (out.outcome.renege or {}).get("seat") or hand.get("renege")
        return _("%(who)s %(what)s → %(gain)s", who=seats.get(by, "") if by else "",
                 what=RESULT_LABELS[result], gain=gain)
    tricks = (out.outcome.tricks or {}).get("NS")
    if tricks is None:  # a game that counts no tricks by side: the points say it
        return gain
    words = _("%(team)s %(n)s tricks → %(gain)s", team=names["NS"], n=tricks,
              gain=gain_text(names, out.points, "NS"))
    if result == "revoke":
        by = (hand.get("revoke") or {}).get("by") or (out.revoke or {}).get("by")
        words = join_words([_("%(who)s %(what)s", who=names.get(by or "", ""),
                              what=RESULT_LABELS["revoke"]), words])
    return words


def undo_what(match: Match, hand: Mapping[str, Any], out: HandState) -> str:
    """The short description in "Undo hand 11 (Bo, march)"."""
    result = out.result
    if result == "passed":
        return str(RESULT_LABELS["passed"])
    game = match.game
    if not game.history.makers:  # the trump and North–South's tricks: "♠ Ann & Cai 7"
        tricks = (out.outcome.tricks or {}).get("NS")
        trump = _trump(game, match, hand, out.no) or ""
        suit = SUIT_SYMBOLS.get(trump, trump)  # a rotation's no-trump deal: NT
        return f"{suit} {short_names(match)['NS']} {'' if tricks is None else tricks}".strip()
    caller = match.seats.get(hand.get("caller") or "", "?")
    label = RESULT_LABELS.get(result, "")
    return join_words([caller, str(label)]) if label else caller


def _trump(game: Game, match: Match, hand: Mapping[str, Any], no: int) -> str | None:
    """The trump of hand ``no``: the rotation's, else the one recorded."""
    return game.deal_trump(dict(match.rules), no) or game.history.trump(hand)


def _pair(score: dict[str, int]) -> str:
    return f"{score.get('NS', 0)}–{score.get('EW', 0)}"


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
        tags = tuple(_(text, **params) for text, params in game.history.tags(hand, rules))
        label = "" if result in ("made", "scored", "alone_made") else RESULT_LABELS.get(result, "")
        rows.append(HistoryRow(
            no=out.no,
            dealer=seats.get(out.dealer, ""),
            caller=seats.get(hand.get(game.history.seat) or "", ""),
            trump=_trump(game, match, hand, out.no),
            tags=tags,
            tricks=shown,
            gains=tuple(Gain(t, names[t], f"{points[t]:+d}".replace("-", "−"))
                        for t in TEAMS if points.get(t)),
            result=str(label),
            result_cls=result.replace("alone_", ""),
            cls=result,
            score=_pair(out.score),
            note=recorded.note,
            cards=recorded.cards,
        ))
        ended = breaks.get(out.no)
        if ended:
            a, b = ended.pair
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
    """A hand as recorded, in a few words (for the corrections list)."""
    if hand.get("passed"):
        return str(RESULT_LABELS["passed"])
    suit = SUIT_SYMBOLS.get(match.game.history.trump(hand) or "", "")
    if not match.game.history.makers:
        return f"{suit} {team_names(match)['NS']} {hand.get('tricks_NS', '?')}".strip()
    parts = [match.seats.get(hand.get("caller") or "", "?"), suit]
    if hand.get("alone"):
        parts.append(str(_l("alone")))
    if hand.get("makers_tricks") is not None:
        parts.append(_("%(n)s tricks", n=hand["makers_tricks"]))
    return " ".join(p for p in parts if p)


def _rubber_line(names: dict[str, str], state: MatchState) -> str:
    """The final banner of a rubber: its result in games and its points."""
    rubber = state.rubber
    if not rubber:
        return ""
    won: dict[str, int] = {t: state.games_won(t) for t in TEAMS}
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
    a, b = ended.pair
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
    names, score = team_names(match), state.score
    target, deals = rules.get("target"), rules.get("deals")
    if target is None and deals is None:
        target = game.default_target
    has_teams = bool(match.teams)
    pairs = {"NS": ("N", "S"), "EW": ("E", "W")}
    winner = state.winner
    teams = [Team(t, names[t], f"{seats[pairs[t][0]]} & {seats[pairs[t][1]]}" if has_teams
                  else "", score.get(t, 0), winner == t) for t in TEAMS]
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
        goal_label=_("to %(n)s", n=target) if target else _("%(n)s hands", n=deals),
        over=state.over,
        tied=state.tied,
        winner_name=names.get(winner or "", ""),
        rubber_line=_rubber_line(names, state),
        game_news=_game_news(match, state),
        win_score=score.get(winner or "NS", 0),
        lose_score=score.get("EW" if winner == "NS" else "NS", 0),
        dealer=Dealer(dealer, seats[dealer], str(SEAT_LABELS[dealer])),
        next_no=len(hands) + 1,
        trump_cycle=cycle,
        deal_trump=game.deal_trump(rules, len(hands) + 1) if not state.over else None,
        editor=editor,
        last=last,
        rows=history_rows(match, state),
        seat_letters={s: str(SEAT_LABELS[s]) for s in seats},
        seat_cols="two" if max(len(n) for n in seats.values()) > 7 else "four",
        games=games,
        problems=[problem_text(p) for p in loaded.problems],
        board_part=game.templates.board,
        running=state.running.as_json() if state.running is not None else {},
    )


def evening_words(ev: Any, names: dict[str, str]) -> tuple[str, str] | None:
    """The evening's line ("Tonight: Ann & Bo 2 – 1 Cai & Dee") and each game's score, for the
    match page and its score sheet alike; None for a match that is the evening's only game.
    The "…" of a game under way keeps to its score (a no-break space) at a phone's width.
    ``names``: each side's name as the page shows it (:func:`team_names`)."""
    if len(ev.games) < 2:
        return None
    line = _("Tonight: %(a)s %(x)s – %(y)s %(b)s", a=names["NS"], x=ev.won["NS"],
             y=ev.won["EW"], b=names["EW"])
    games = join_words([f"{g.score.get('NS', 0)}–{g.score.get('EW', 0)}"
                        + ("" if g.over else "\u00a0…") for g in ev.games])
    return line, games
