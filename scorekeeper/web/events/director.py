"""Club nights on the web: the director's page and what it changes (start a round, decide a
tie, players joining and leaving, a swap, the end), a table's page, the banner on a table's
match page and the club's words for the templates.

Views are thin: :mod:`scorekeeper.service.events` does the work; here are the HTTP statuses,
the words and the keys. A table's edit key is derived (``service.event_keys``), so the
director's answers can show it again; the director's key is shown once, at creation.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import werkzeug
from flask import (
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import format_time
from flask_babel import gettext as _

from ... import service
from ...service import event_keys, events
from ...service.events.model import EventRound
from ...service.events.reading import club_scoring
from ...store.db import get_db
from ..errors import refuse_if_storage_full
from ..ratelimit import spend_creations
from ..security import (
    director_token,
    remember_key_hash,
    rights_match,
)
from .access import _after, _director_post, _form_int, _ref, event_or_404
from .live import banner_values, director_values, template_values
from .paths import app_secret, director_link
from .words import status_text

if TYPE_CHECKING:  # the page loads the players' store only for a director
    from ...store.players import KnownPlayer

# --- pages -----------------------------------------------------------------------------------


def _take_key(event_id: str) -> werkzeug.wrappers.Response | None:
    """``?key=`` on the director's page (the director key, or the director link's token):
    remember the rights on this phone, drop the key from the address."""
    key = request.args.get("key")
    if key is None:
        return None
    from ...store import events as event_store

    row = event_store.get_event(get_db(), event_id)
    token = director_token(event_id, row.director_key_hash) if row is not None else ""
    if row is not None and (events.check_director_key(get_db(), event_id, key)
                            or hmac.compare_digest(key.encode(), token.encode())):
        remember_key_hash(_ref(event_id), row.director_key_hash)
    else:
        flash(_("That director link is not valid (any more): this page is view only."), "error")
    return redirect(url_for("events.director", event_id=event_id))


def director(event_id: str) -> ResponseReturnValue:
    """The director's page: rounds and tables, live standings and prizes, the next round."""
    taken = _take_key(event_id)
    if taken is not None:
        return taken
    values = director_values(event_id)
    known: list[KnownPlayer] = []
    link = qr = None
    if values.director:
        from ...store import players as players_store
        from ..qr import qr_svg

        known = players_store.recent_players(get_db())
        link = director_link(event_id)
        qr = qr_svg(link, _("Director’s link QR code"))
    response = make_response(render_template("events/director.html", known_players=known,
                                              director_link=link, director_qr=qr,
                                              **template_values(values)))
    response.headers["Cache-Control"] = "no-store"  # the director's link: never kept
    return response


def start(event_id: str) -> ResponseReturnValue:
    """The director's "Start round n" button."""
    _director_post(event_id)
    refuse_if_storage_full(get_db())  # a round's matches: the budget and limit of new ones
    result = events.start_round(get_db(), event_id, _form_int("no") or 0, app_secret(),
                                spend_creations)
    return _after(event_id, result, status_text(result))


def decide_page(event_id: str) -> ResponseReturnValue:
    """The director records who won a tied table's extra hand."""
    _director_post(event_id)
    no, table_no = _form_int("round"), _form_int("table")
    if no is None or table_no is None:
        no = table_no = 0
    result = events.decide(get_db(), event_id, no, table_no, request.form.get("winner"))
    return _after(event_id, result, None)


def add_player_page(event_id: str) -> ResponseReturnValue:
    """The director adds a late arrival (a name typed or chosen from the players list)."""
    _director_post(event_id)
    name = request.form.get("name", "")
    from ...store import players as players_store

    known = players_store.find_by_name(get_db(), name.strip()) if name.strip() else None
    body: dict[str, Any] = {"name": name} if known is None else {"name": name, "player": known}
    result = events.add_player(get_db(), event_id, body)
    return _after(event_id, result, _("%(name)s joins from round %(n)s.", name=name.strip(),
                                      n=result.round))


def leave_page(event_id: str) -> ResponseReturnValue:
    """The director marks a player as gone from a round on."""
    _director_post(event_id)
    number = _form_int("player") or 0
    result = events.player_leaves(get_db(), event_id, number, _form_int("gone_from"))
    found = event_or_404(event_id)
    name = found.players[number - 1] if 1 <= number <= len(found.players) else ""
    return _after(event_id, result, _("%(name)s leaves: rounds from %(n)s are planned again.",
                                      name=name, n=result.round))


def swap_page(event_id: str) -> ResponseReturnValue:
    """The director moves a player: two players of a round not started change places."""
    _director_post(event_id)
    no = _form_int("round") or 0
    result = events.swap_players(get_db(), event_id, no, _form_int("first"),
                                 _form_int("second"))
    return _after(event_id, result, _("Round %(n)s: the two players changed places.", n=no))


def end_page(event_id: str) -> ResponseReturnValue:
    """The director ends the round being played."""
    _director_post(event_id)
    no = _form_int("round") or 0
    if request.form.get("confirmed") != "1":  # asked first (events/end.html)
        return redirect(url_for("events.end_ask", event_id=event_id, round=no))
    result = events.end_round(get_db(), event_id, no)
    return _after(event_id, result, _("Round %(n)s ended: the tables keep the hands played.",
                                      n=no))


def table(event_id: str, table_no: int) -> ResponseReturnValue:
    """A table's link (on its tent card): the current round's match at this table.

    With ``?key=`` (the table's key) this phone becomes the table's scorer for every round.
    A phone that scored an earlier round here keeps scoring: every round at a table has the
    same key. Between rounds it shows where everyone goes next.
    """
    found = event_or_404(event_id)
    mine = [(r, t) for r in found.rounds for t in r.tables if t.table == table_no]
    if not mine:
        abort(404, description=_("This event has no such table."))
    key = request.args.get("key")
    current = event_keys.current_keys(get_db(), app_secret(), event_id).get(table_no, "")
    key_hash = service.hash_key(current)
    # Only the matches holding the table's current key: a replaced key gives no rights.
    started = [(r, t, t.match) for r, t in mine if t.match]
    held = [m for _r, _t, m in started if service.check_edit_key(get_db(), m, current)]
    if key is not None:
        if hmac.compare_digest(key.encode(), current.encode()):
            for match_id in held:
                remember_key_hash(match_id, key_hash)
        else:
            flash(_("That table link is not valid: this phone follows the score only."), "error")
        return redirect(url_for("events.table", event_id=event_id, table_no=table_no))
    if not started:
        abort(404, description=_("This event has no such table."))
    if scores_table([m for _r, _t, m in started], key_hash):
        for match_id in held:
            if not rights_match(match_id, key_hash):
                remember_key_hash(match_id, key_hash)
    rnd, now, match_id = started[-1]
    if now.over and not found.over:
            return render_template("events/between.html", e=found, t=now,
                               event_banner=banner_values(found, rnd.no, now.table))
    return redirect(url_for("match.match", match_id=match_id))


def scores_table(matches: list[str], key_hash: str) -> bool:
    """Whether this phone scores the table whose rounds' matches are ``matches``: its reference
    for one of them names the table's current key (``key_hash``). The reference, not the
    match's key, decides: a confirmed round's match takes a key no one holds (it is locked),
    yet the phone that scored it keeps the table for the rounds that follow; a new scorer link
    makes the table's next key, which no old reference names."""
    return any(rights_match(m, key_hash) for m in matches)


def club_marks(game: str) -> list[tuple[str, str]]:
    """The game's marks at a club night with their column headings, in the reader's language."""
    scoring = club_scoring(game)
    return [(name, _(label)) for name, label in zip(scoring.marks, scoring.labels, strict=True)]


def club_prize(game: str, kind: str) -> str:
    """A prize for the most of one of the game's marks, in the reader's language."""
    scoring = club_scoring(game)
    labels = dict(zip((f"most_{m}" for m in scoring.marks), scoring.prize_labels, strict=True))
    return _(labels[kind]) if kind in labels else kind


def club_tally_note(game: str) -> str:
    """The tally card's footnote on writing the game's marks."""
    note = club_scoring(game).tally_note
    return _(note) if note else _("The opponents initial each round.")


@dataclass(frozen=True, slots=True)
class Clock:
    """A timed round's clock: when it ends (ISO, for the countdown script), the no-script
    words ("Ends at 21:40") and the script's words."""

    ends: str
    text: str
    left: str
    done: str


def round_clock(rnd: EventRound) -> Clock | None:
    """A timed round's clock for the templates; None for an untimed round or one that is
    over."""
    ends = rnd.ends_at
    if not ends or rnd.over or rnd.ended_early:
        return None
    when = datetime.fromisoformat(ends.replace("Z", "+00:00"))
    return Clock(ends=ends, text=_("Ends at %(time)s", time=format_time(when, "HH:mm")),
                 left=_("%(time)s left", time="%(time)s"), done=_("Finish this hand."))


def event_banner() -> dict[str, Any]:
    """On a club night's match page: this round's players and, once it is over, where they go
    (``templates/events/_banner.html``, included by the match page)."""
    if request.endpoint not in ("match.match", "match.live", "match.record", "match.undo"):
        return {}
    match_id = (request.view_args or {}).get("match_id")
    if not match_id:
        return {}
    where = events.event_of_match(get_db(), match_id)
    if where is None:
        return {}
    event_id, no, table_no = where
    found = events.load_event(get_db(), event_id)
    if found is None:
        return {}
    values = banner_values(found, no, table_no)
    return {} if values is None else {"event_banner": values}
