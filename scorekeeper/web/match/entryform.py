"""A fresh hand form's fields as HTML, made once per match version and language.

The scorer's match page is the one page rendered again and again while nothing changes (every
reload, every return to the tab), and the hand form's fields were half its time: WTForms
renders each choice button and list option through its widgets, and each label is a lazy
translation. What they show is decided by the match alone (the game, its rules and pack, the
players' names, the teams, the hand number for a game whose trump follows the deal) and by the
page's language; a fresh form holds no answer and no error. So ``table/_hand_fields.html``
(the game's fields and the card recorder) is rendered once for a (match, version, hand number,
language, game) and the HTML kept. The per-request parts stay outside it, in
``table/_hand_form.html``: the CSRF token, the submission id, the expected hand number and
version, the Save button's words.

A form with the scorer's answers or the engine's refusal in it is never kept: it is rendered
as before. Every change of a match bumps its version (a renamed player too) and a restore
lifts every version above the database's before (store/backup.py); as the state cache does,
an entry is used only if the match it was made from is the one asked about, and with the same
game object (a game registered anew is rendered anew).
"""

from __future__ import annotations

import threading

from cachetools import LRUCache
from flask import render_template
from flask_babel import get_locale
from markupsafe import Markup

from ...engine.game import Game
from ...service.results import LoadedMatch
from .handforms import HandForm
from .matchview import MatchView

# A club night has a few dozen matches going, each in a language or two; an entry is 3-8 kB.
MAX_ENTRIES = 256

_Key = tuple[str, int, int, str, str]
_kept: LRUCache[_Key, tuple[dict[str, object], Game, Markup]] = LRUCache(maxsize=MAX_ENTRIES)
_lock = threading.Lock()


def fresh_fields(loaded: LoadedMatch, v: MatchView, form: HandForm) -> Markup:
    """The fields and card recorder of ``form`` (a fresh form: no data, no errors) as the match
    page shows them, from the kept HTML when this version was rendered before."""
    match = loaded.match
    key = (match.id, match.version, v.next_no, str(get_locale()), match.game.name)
    with _lock:
        kept = _kept.get(key)  # a hit counts as a use
    if kept is not None and kept[0] == match.stored and kept[1] is match.game:
        return kept[2]
    html = Markup(render_template("table/_hand_fields.html", v=v, form=form, more_open=False))
    with _lock:
        _kept[key] = (match.stored, match.game, html)
    return html
