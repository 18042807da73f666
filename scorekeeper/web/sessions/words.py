"""The words of starting a session and of what a movement guarantees (codes from
``service.session_start``), in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from ...engine.messages import fill
from ...engine.pair_movements import Guarantee
from ...service.session_start import StartProblem
from ...service.sessions import SessionProblemText


def start_problem(p: StartProblem) -> str:
    words = {
        "start.pair_line": lambda: _("Line %(line)s, “%(text)s”: write the pair's two names "
                                     "with & between them, like “Ann & Bo”.", **p.params),
        "start.too_many_pairs": lambda: _("A session can have at most %(most)s pairs.",
                                          **p.params),
        "start.few_pairs": lambda: _("Write at least two pairs, one a line."),
        "start.boards": lambda: _("The number of boards must be 1 to %(most)s.", **p.params),
        "start.scoring": lambda: _("Choose matchpoints or IMPs."),
        "start.no_mitchell": lambda: _("A Mitchell needs at least 5 pairs (3 tables): "
                                       "%(pairs)s pairs can't play one.", **p.params),
        "start.no_howell": lambda: _("There is no published Howell for %(pairs)s pairs: "
                                     "choose a Mitchell, or results as they come.", **p.params),
        "start.no_none": lambda: _("Write at least two pairs, one a line."),
        "start.no_game": lambda: _("This game keeps no duplicate sessions."),
    }
    return words.get(p.code, lambda: p.code)()


def file_problem(p: Any, templates: dict[str, str]) -> str:
    """A hand-record file's problem, in the reader's language, with the deal it is in."""
    template = templates.get(p.code)
    message = fill(_(template), dict(p.params)) if template else p.message
    if "{" in message:
        message = p.message
    hand = getattr(p, "hand", None)
    return _("Deal %(n)s: %(what)s", n=hand, what=message) if hand else message


def session_problem(p: SessionProblemText) -> str:
    template = fill(_(p.template), dict(p.params)) if p.template else p.message
    return template if "{" not in template else p.message


def movement_name(name: str) -> str:
    return {"mitchell": _("Mitchell"), "mitchell-relay": _("Mitchell with a relay"),
            "mitchell-sections": _("Mitchell in sections"),
            "howell": _("Howell"), "none": _("No movement")}.get(name, name)


def plan_name(plan: Mapping[str, Any]) -> str:
    """The form's name of the movement a session's plan holds."""
    if plan.get("sections", 1) > 1:
        return "mitchell-sections"
    return "mitchell-relay" if plan.get("way") == "relay" else str(plan.get("kind", "none"))


def guarantee(name: str, g: Guarantee | None) -> list[str]:
    """What a movement guarantees, a sentence each."""
    if g is None:
        return [_("Results are entered as they come, board by board; nobody's seating is "
                  "planned.")]
    out = [_("Tables: %(tables)s · Rounds: %(rounds)s · Boards a round: %(per_round)s · "
             "Boards: %(boards)s, each played %(plays)s times.", tables=g.tables,
             rounds=g.rounds, per_round=g.per_round, boards=g.boards, plays=g.plays)]
    if name.startswith("mitchell"):
        if g.sections > 1:
            out.append(_("%(sections)s sections of %(tables)s tables play the same boards; "
                         "every result is compared across the field.", sections=g.sections,
                         tables=g.tables // g.sections))
        out.append(_("North–South pairs stay at their table; East–West pairs move up a table "
                     "and the boards down a table each round."))
        if g.sections > 1:
            out.append(_("Every North–South pair meets every East–West pair of its section.")
                       if g.meets_all else
                       _("Each East–West pair misses one North–South pair of its section."))
        else:
            out.append(_("Every North–South pair meets every East–West pair.") if g.meets_all
                       else _("Each East–West pair misses one North–South pair."))
        if name == "mitchell-relay":
            out.append(_("The first and last tables share boards; a relay stand between the "
                         "middle tables holds a set each round."))
    else:
        out.append(_("Every pair meets every other pair (a published Howell schedule).")
                   if g.meets_all else _("Not every pair meets every other pair."))
    if g.sit_out:
        out.append(_("One pair sits out each round."))
    return out


def round_said(done: str, number: int | None, minutes: int | None) -> str:
    """What the director's round controls did, or why not (codes from
    ``service.session_live.change_round``)."""
    words = {
        "round": lambda: _("Round %(n)s has started.", n=number),
        "ended": lambda: _("The session has ended: the tables can't enter results now."),
        "reopened": lambda: _("The session goes on: results can be entered again."),
        "minutes": lambda: _("Each board now has %(n)s minutes.", n=minutes),
        "last": lambda: _("This is the last round: end the session when its results are in."),
        "no_movement": lambda: _("This session has no movement, so it has no rounds."),
        "is_ended": lambda: _("The session has ended: open it again first."),
        "bad_minutes": lambda: _("Write the minutes a board as a number from 1 to 30."),
    }
    return words.get(done, lambda: _("That is not something the console can do."))()
