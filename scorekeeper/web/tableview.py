"""What the table pages show, worked out from a match and its replayed state.

Pure presentation: names, labels and history rows. No rules live here: results, points and
dealers all come from the engine's state (``scorekeeper check`` object).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..engine.cards import SUIT_SYMBOLS
from ..engine.problems import Problem
from ..forms import SEAT_LABELS
from ..messages import problem_message

TEAMS = ("NS", "EW")
RESULT_LABELS = {
    "made": _l("made"),
    "march": _l("march"),
    "alone_made": _l("alone"),
    "alone_march": _l("alone march"),
    "euchred": _l("euchred"),
    "passed": _l("passed"),
    "renege": _l("renege"),
    "revoke": _l("revoke"),
    "scored": "",
}
# Engine field -> form field, where they differ; fields not on a form are shown at the top.
FORM_FIELD = {"revoke": "revoke_by"}


def problem_text(problem: Problem) -> str:
    """The engine's message in the user's language, starting with a capital."""
    text = problem_message(problem)
    return text[:1].upper() + text[1:]


def team_names(match: dict[str, Any]) -> dict[str, str]:
    """Each side's display name: its team name, else its two players."""
    seats, teams = match["seats"], match.get("teams") or {}
    pairs = {"NS": ("N", "S"), "EW": ("E", "W")}
    return {
        t: teams.get(t) or f"{seats[pairs[t][0]]} & {seats[pairs[t][1]]}" for t in TEAMS
    }


def short_names(match: dict[str, Any]) -> dict[str, str]:
    """Each side's name in a label: its team name, else NS / EW."""
    teams = match.get("teams") or {}
    return {t: teams.get(t) or t for t in TEAMS}


def _scored(hand_state: dict[str, Any]) -> tuple[str | None, int]:
    points = hand_state.get("points") or {}
    for team in TEAMS:
        if points.get(team):
            return team, points[team]
    return None, 0


def outcome_label(match: dict[str, Any], hand: dict[str, Any], out: dict[str, Any]) -> str:
    """What a hand did, in table language: "NS euchred → EW +2", "Home +1"."""
    names, seats = short_names(match), match["seats"]
    result = out.get("result")
    team, points = _scored(out)
    gain = _("%(team)s +%(n)s", team=names[team], n=points) if team else _("no score")
    caller = seats.get(hand.get("caller") or "", "")
    makers = names.get(out.get("makers") or "", "")
    if result == "passed":
        return _("all passed → no score")
    if result == "made":
        return gain
    if result in ("alone_made", "alone_march"):
        return f"{caller} {RESULT_LABELS[result]} → {gain}"
    if result in ("march", "euchred"):
        return f"{makers} {RESULT_LABELS[result]} → {gain}"
    if result in ("renege", "revoke"):
        by = (out.get("renege") or {}).get("seat") or hand.get("renege")
        who = seats.get(by, "") if by else names.get((hand.get("revoke") or {}).get("by"), "")
        return _("%(who)s %(what)s → %(gain)s", who=who, what=RESULT_LABELS[result], gain=gain)
    tricks = (out.get("tricks") or {}).get("NS")
    return _("%(team)s %(n)s tricks → %(gain)s", team=names["NS"], n=tricks, gain=gain)


def undo_what(match: dict[str, Any], hand: dict[str, Any], out: dict[str, Any]) -> str:
    """The short description in "Undo hand 11 (Bo, march)"."""
    result = out.get("result")
    if result == "passed":
        return str(RESULT_LABELS["passed"])
    if match["game"] == "whist":
        tricks = (out.get("tricks") or {}).get("NS")
        suit = SUIT_SYMBOLS.get(hand.get("trump") or "", "")
        return f"{suit} {short_names(match)['NS']} {tricks}".strip()
    caller = match["seats"].get(hand.get("caller") or "", "?")
    label = RESULT_LABELS.get(result or "", "")
    return f"{caller}, {label}" if label else caller


def _pair(score: dict[str, int]) -> str:
    return f"{score.get('NS', 0)}–{score.get('EW', 0)}"


def history_rows(match: dict[str, Any], state: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per hand, newest first."""
    seats, rows = match["seats"], []
    for hand, out in zip(match["hands"], state.get("hands", []), strict=False):
        result = out.get("result") or ""
        team, points = _scored(out)
        tricks = out.get("tricks") or {}
        tags = []
        if match["game"] == "euchre":
            makers = out.get("makers")
            shown = str(tricks.get(makers, "")) if makers and tricks else ""
            if hand.get("alone"):
                tags.append(str(_l("alone")))
        else:
            shown = f"{tricks.get('NS', '')}–{tricks.get('EW', '')}" if tricks else ""
            if hand.get("honours_NS"):
                tags.append(_("hon. %(n)s", n=hand["honours_NS"]))
        label = "" if result in ("made", "scored", "alone_made") else RESULT_LABELS.get(result, "")
        rows.append({
            "no": out.get("no"),
            "dealer": seats.get(out.get("dealer") or "", ""),
            "caller": seats.get(hand.get("caller") or "", ""),
            "trump": hand.get("trump"),
            "tags": tags,
            "tricks": shown,
            "points": f"{team} +{points}" if team else "–",
            "result": str(label),
            "result_cls": result.replace("alone_", ""),
            "cls": result,
            "score": _pair(out.get("score") or {}),
            "note": hand.get("note"),
        })
    rows.reverse()
    return rows


def correction_lines(match: dict[str, Any], entries: list[dict[str, Any]]) -> list[dict]:
    """The history of corrections and undos, newest first: ``{at, hhmm, text}`` each.

    ``at`` is the stored UTC time; the page shows ``hhmm`` (UTC) and a script makes it local.
    """
    lines = []
    for e in reversed(entries or []):
        at = e.get("at") or ""
        if e.get("action") == "undo":
            text = _("hand %(no)s undone", no=e.get("no"))
        else:
            text = _("hand %(no)s corrected (was: %(old)s)", no=e.get("no"),
                     old=describe_hand(match, e.get("old") or {}))
        lines.append({"at": at, "hhmm": at[11:16], "text": text})
    return lines


def describe_hand(match: dict[str, Any], hand: dict[str, Any]) -> str:
    """A hand as recorded, in a few words (for the corrections list)."""
    if hand.get("passed"):
        return str(RESULT_LABELS["passed"])
    suit = SUIT_SYMBOLS.get(hand.get("trump") or "", "")
    if match["game"] == "whist":
        return f"{suit} NS {hand.get('tricks_NS', '?')}".strip()
    parts = [match["seats"].get(hand.get("caller") or "", "?"), suit]
    if hand.get("alone"):
        parts.append(str(_l("alone")))
    if hand.get("makers_tricks") is not None:
        parts.append(_("%(n)s tricks", n=hand["makers_tricks"]))
    return " ".join(p for p in parts if p)


def board(loaded: Any, editor: bool) -> dict[str, Any]:
    """Everything the match page shows, as plain values for the templates."""
    match, state = loaded.match, loaded.state or {}
    seats, rules = match["seats"], dict(match.get("rules") or {})
    names, score = team_names(match), state.get("score") or {"NS": 0, "EW": 0}
    target, deals = rules.get("target"), rules.get("deals")
    if target is None and deals is None:
        target = 7 if match["game"] == "whist" else 10
    has_teams = bool(match.get("teams"))
    pairs = {"NS": ("N", "S"), "EW": ("E", "W")}
    winner = state.get("winner")
    teams = [{
        "code": t,
        "name": names[t],
        "players": f"{seats[pairs[t][0]]} & {seats[pairs[t][1]]}" if has_teams else "",
        "score": score.get(t, 0),
        "won": winner == t,
    } for t in TEAMS]
    dealer = state.get("next_dealer") or match.get("first_dealer") or "N"
    hands = match["hands"]
    last = None
    if hands and state.get("hands"):
        last = {"no": len(hands), "what": undo_what(match, hands[-1], state["hands"][-1])}
    games = ""
    if state.get("games") is not None:
        won = {t: sum(1 for g in state["games"] if g.get("winner") == t) for t in TEAMS}
        games = _("Games won: %(a)s %(x)s – %(y)s %(b)s",
                  a=names["NS"], x=won["NS"], y=won["EW"], b=names["EW"])
        if state.get("rubber"):
            games += " · " + _("rubber to %(team)s, %(n)s points",
                               team=names[state["rubber"]["winner"]],
                               n=state["rubber"]["points"])
    return {
        "id": loaded.id,
        "game": match["game"],
        "rules": rules,
        "title": " – ".join(names[t] for t in TEAMS),
        "teams": teams,
        "goal": target,
        "goal_label": _("to %(n)s", n=target) if target else _("%(n)s hands", n=deals),
        "over": bool(state.get("over")),
        "tied": bool(state.get("tied")),
        "winner_name": names.get(winner or "", ""),
        "win_score": score.get(winner or "NS", 0),
        "lose_score": score.get("EW" if winner == "NS" else "NS", 0),
        "dealer": {"seat": dealer, "name": seats[dealer], "seat_name": SEAT_LABELS[dealer]},
        "next_no": len(hands) + 1,
        "editor": editor,
        "last": last,
        "rows": history_rows(match, state),
        "seat_letters": {s: SEAT_LABELS[s] for s in seats},
        "seat_cols": "two" if max(len(n) for n in seats.values()) > 7 else "four",
        "games": games,
        "corrections": [],
        "problems": [problem_text(p) for p in loaded.problems],
    }
