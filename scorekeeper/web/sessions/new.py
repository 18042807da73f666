"""The "Duplicate session" page: the director's form starts a session (the pairs pasted, or
ticked among the pairs of the club's last sessions; the boards, the movement with what each
guarantees, the scoring, the hand records) and opens the
director's page with the session's edit right remembered on this phone."""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...engine.games import GAMES
from ...service import session_start
from ...service.session_start import StartForm
from ...store import sessions as session_store
from ...store.db import get_db
from ..errors import refuse_if_storage_full
from ..ratelimit import spend_creations
from ..security import remember_key_hash
from .words import file_problem, guarantee, movement_name, session_problem, start_problem

MAX_FILE = 500_000


def _games() -> list[tuple[str, str]]:
    return [(g.name, _(g.label)) for g in GAMES.values() if g.session is not None]


def session_games() -> dict[str, bool]:
    """For the home and club-night pages: whether any game here keeps duplicate sessions
    (then they link to this page)."""
    return {"session_games": any(g.session is not None for g in GAMES.values())}


def _number(name: str, default: int) -> int:
    text = request.form.get(name, "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 6 else default


def _file() -> str | None:
    upload = request.files.get("boards_file")
    if upload is None or not upload.filename:
        return None
    raw: bytes = upload.read(MAX_FILE + 1)[:MAX_FILE]
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # older dealing programs write Latin-1


def _with_known(pasted: str, ticked: list[str]) -> str:
    """The pasted pairs, then the known pairs ticked that are not among them (a line each)."""
    lines = [line for line in pasted.splitlines() if line.strip()]
    have = {" ".join(line.split()).casefold() for line in lines}
    return "\n".join(lines + [pair for pair in dict.fromkeys(ticked)
                              if " ".join(pair.split()).casefold() not in have])


def _page(values: dict[str, Any], problems: list[str], status: int = 200) -> tuple[str, int]:
    games = _games()
    game = values.get("game") or (games[0][0] if games else "")
    known = [f"{a} & {b}" for a, b in session_store.recent_pairs(get_db())]
    pairs, _found = session_start.read_pairs(_with_known(values.get("pairs", ""),
                                                         values.get("known", [])))
    offers = [(name, movement_name(name), guarantee(name, g))
              for name, g in session_start.choices(len(pairs), values.get("boards", 24))]
    part = GAMES[game].session if game in GAMES else None
    return render_template("sessions/new.html", games=games, values=values,
                           problems=problems, offers=offers, pair_count=len(pairs),
                           known=known,
                           boards_file=part.boards_file if part else ""), status


def new_session() -> ResponseReturnValue:
    """GET: the form; POST "check": the form again with the movements for these pairs;
    POST: start the session (nothing stored when anything is wrong)."""
    given = request.form
    values: dict[str, Any] = {
        "name": given.get("name", ""), "date": given.get("date", ""),
        "game": given.get("game", ""), "pairs": given.get("pairs", ""),
        "boards": _number("boards", 24), "movement": given.get("movement", ""),
        "scoring": given.get("scoring", "matchpoints"),
        "known": [k[:200] for k in given.getlist("known")[:200]]}
    if request.method == "GET" or "check" in request.form:
        values["movement"] = ""  # the movements offered change with the pairs: the first
        return _page(values, [])
    games = dict(_games())
    game = values["game"] if values["game"] in games else next(iter(games), "")
    form = StartForm(game, values["name"][:100], values["date"],
                     _with_known(values["pairs"], values["known"]),
                     values["boards"], values["movement"] or "none", values["scoring"],
                     _file())
    refuse_if_storage_full(get_db())
    outcome, problems, file_problems = session_start.start_session(get_db(), form,
                                                                   spend_creations)
    part = GAMES[game].session if game in GAMES else None
    words = [start_problem(p) for p in problems]
    words += [file_problem(p, dict(part.messages) if part else {}) for p in file_problems]
    if outcome is not None and outcome.problems:
        words += [session_problem(p) for p in outcome.problems]
    if outcome is None or outcome.session is None:
        return _page(values, words, 422)
    stored = outcome.session.stored
    remember_key_hash(f"session:{stored.id}", stored.edit_key_hash)
    return redirect(url_for("sessions.director", session_id=stored.id))
