"""How a service result is said at the edge: its HTTP status, a sentence, the API's errors.

The service layer (:mod:`scorekeeper.service.results`) knows no HTTP and no language; the
pages and the JSON API turn its results into status codes and translated words here.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ..engine.games import GAMES
from ..engine.parts.words import HAND_WORDS
from ..i18n.messages import problem_json, problem_message
from ..service.results import ServiceResult, Status

HTTP_STATUS: dict[Status, int] = {
    Status.CREATED: 201,
    Status.RECORDED: 201,
    Status.DUPLICATE: 201,
    Status.CORRECTED: 200,
    Status.UNDONE: 200,
    Status.REDONE: 200,
    Status.KEY_REUSED: 422,
    Status.WRONG_NO: 409,
    Status.OVER: 409,
    Status.NOT_OVER: 409,
    Status.ILLEGAL: 422,
    Status.CONFLICT: 409,
    Status.NOT_LAST: 409,
    Status.NO_SUCH_HAND: 404,
    Status.NOT_FOUND: 404,
}


def http_status(outcome: ServiceResult) -> int:
    """The API's HTTP status for this outcome."""
    return HTTP_STATUS[outcome.status]


def message(outcome: ServiceResult) -> str:
    """A sentence for the person at the table (translated), empty on success."""
    s, no = outcome.status, outcome.no
    if s is Status.WRONG_NO:
        recorded = len(outcome.state.hands) if outcome.state is not None else None
        if recorded and no is not None and no <= recorded:
            game = GAMES.get(outcome.state.game) if outcome.state is not None else None
            return _(game.words.taken if game else HAND_WORDS.taken, no=no)
        if no is not None and no == (recorded or 0) + 1:
            return _("The match was changed on another phone meanwhile (a hand undone or "
                     "corrected): check the score, then save again.")
        return _("The next hand is hand %(next)s.", next=(recorded or 0) + 1)
    if s is Status.OVER:
        return _("The match is over: it takes no more hands.")
    if s is Status.NOT_OVER:
        return _("The match is not over (a hand may have been undone): a rematch starts only "
                 "once it is finished.")
    if s is Status.KEY_REUSED:
        return _("This submission key was already used for a different hand.")
    if s is Status.CONFLICT:
        return _("Hand %(no)s was changed by someone else meanwhile; check it and try "
                 "again.", no=no)
    if s is Status.NOT_LAST:
        return _("Only the last hand can be undone.")
    if s is Status.NO_SUCH_HAND:
        return _("There is no hand %(no)s.", no=no)
    if s is Status.NOT_FOUND:
        return _("There is no such match.")
    if s is Status.ILLEGAL:
        if outcome.problems:
            return problem_message(outcome.problems[0])
        return _("This hand is not legal.")
    return ""


def errors(outcome: ServiceResult) -> list[dict[str, Any]]:
    """The API's ``errors`` list: the engine's problems, or one entry for the status."""
    if outcome.problems:
        return [problem_json(p) for p in outcome.problems]
    hand = outcome.no if outcome.status in (Status.CONFLICT, Status.NO_SUCH_HAND) else None
    fld = "no" if outcome.status in (Status.WRONG_NO, Status.NOT_LAST) else None
    return [{"hand": hand, "field": fld, "message": message(outcome)}]
