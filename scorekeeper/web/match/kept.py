"""Parts of the match page kept as HTML per match version and language: the fresh hand
form's fields, the history and the offline queue's words.

The match page is rendered again and again while nothing changes (a scorer's reload, a
return to the tab, a watching phone's live part after each hand), and two of its parts were
most of its time while they depend on the match alone:

- the hand form's fields and the card recorder (``table/_hand_fields.html``): WTForms renders
  each choice button and list option through its widgets, each label a lazy translation. A
  fresh form holds no answer and no error; what it shows is decided by the game, its rules
  and pack, the players' names, the teams and, for a game whose trump follows the deal, the
  hand number. The per-request parts stay outside it, in ``table/_hand_form.html``: the CSRF
  token, the submission id, the expected hand number and version, the Save button's words. A
  form with the scorer's answers or the engine's refusal in it is never kept.
- the history (``table/_history.html``): a row per hand and the corrections, the same for
  every phone of a language, but for the scorer's links to correct a hand.
- the offline queue's words (``table/_queue_words.html``): sixteen sentences, each a
  translation looked up through Jinja's and Flask-Babel's layers (about 10 µs each).

Each is rendered once per (part, match, version, language, game, the app's mount point, and
what else it names) and kept (cachetools' LRU, one per process, as the replayed states are).
Every change of a match bumps its version (a hand, a correction, an undo, a renamed player)
and a restore lifts every version above the database's before (store/backup.py); as the state
cache does, an entry is used only if the stored match it was made from is the one asked
about, and with the same game object (a game registered anew is rendered anew).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from cachetools import LRUCache
from flask import render_template, request
from flask_babel import get_locale
from markupsafe import Markup

from ... import service
from ...engine.game import Game
from ...service.results import LoadedMatch
from ...store.db import get_db
from . import board
from .handforms import HandForm
from .matchview import MatchView

# A club night has a few dozen matches going, each seen in a language or two, by its scorer
# and by phones that watch: four parts each. An entry is 2-10 kB (a 150-hand history 40 kB).
MAX_ENTRIES = 512

_Key = tuple[Hashable, ...]
_kept: LRUCache[_Key, tuple[dict[str, object], Game, Markup]] = LRUCache(maxsize=MAX_ENTRIES)
_lock = threading.Lock()


def _html(loaded: LoadedMatch, part: tuple[Hashable, ...], render: Callable[[], str]
          ) -> Markup:
    """The HTML ``render`` makes for this version of the match, in the page's language, made
    once and then kept; ``part`` names the part and what else its HTML depends on."""
    match = loaded.match
    # the links in them are the app's own paths, below where it is mounted (SCRIPT_NAME)
    key = (*part, match.id, match.version, str(get_locale()), match.game.name,
           request.script_root)
    with _lock:
        kept = _kept.get(key)  # a hit counts as a use
    if kept is not None and kept[0] == match.stored and kept[1] is match.game:
        return kept[2]
    html = Markup(render())
    with _lock:
        _kept[key] = (match.stored, match.game, html)
    return html


def fresh_fields(loaded: LoadedMatch, v: MatchView, fresh: Callable[[], HandForm]) -> Markup:
    """The fields and card recorder of a fresh form as the match page shows them; ``fresh``
    makes the game's form (no data, no errors) and the recorder's data (``v.recorder``),
    called only when they are made."""
    return _html(loaded, ("fields", v.next_no), lambda: render_template(
        "table/_hand_fields.html", v=v, form=fresh(), more_open=False))


def history(loaded: LoadedMatch, v: MatchView) -> Markup:
    """The history of hands and corrections, for the scorer (``v.editor``: a link to correct
    each hand) or for a phone that watches. Its rows are worked out only when it is made."""

    def render() -> str:
        v.rows = board.history_rows(loaded.match, loaded.state) \
            if loaded.state is not None else []
        entries = service.history(get_db(), loaded.id) or []  # corrections are no secret
        v.corrections = board.correction_lines(loaded.match, entries)
        return render_template("table/_history.html", v=v)

    return _html(loaded, ("history", v.editor), render)


def queue_words(loaded: LoadedMatch, v: MatchView) -> Markup:
    """The offline queue's words in the game's phrasing (the page's ``#qtext``)."""
    return _html(loaded, ("queue words",), lambda: render_template(
        "table/_queue_words.html", v=v))
