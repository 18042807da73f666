"""The table page's deal form fields, kept as HTML (issue 41).

A table's page is asked again after each change of its table, and by every table at once
when a round starts: at 1,000 tables, 1,000 pages within seconds. WTForms renders each
contract button and option through its widgets, each label a lazy translation: half of the
page. A fresh form holds no answer and no error, and shows only the game's fields with the
table's four players and two pairs on them, so it is rendered once per game, language, mount
point and those names, and kept (cachetools' LRU, one per process, as the match page's fields
are: ``web/match/kept.py``). The per-request parts (the CSRF token, the submission id, the
round, the boards to choose from) stay in ``sessions/table.html``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from cachetools import LRUCache
from flask import render_template, request
from flask_babel import get_locale
from markupsafe import Markup

from ...engine.games import GAMES
from ..match.handforms import HandForm

# A 1,000-table session's tables in a language or two: an entry is 10-15 kB.
MAX_ENTRIES = 2048

_kept: LRUCache[tuple[Hashable, ...], tuple[object, Markup]] = LRUCache(maxsize=MAX_ENTRIES)
_lock = threading.Lock()


def deal_fields(game: str, names: tuple[str, ...], fresh: Callable[[], HandForm | None],
                **context: object) -> Markup | None:
    """The fields of a fresh deal form of ``game`` with these ``names`` on it (the four
    players and the two pairs), made by ``fresh`` only when not kept; None: no form."""
    key = (game, names, str(get_locale()), request.script_root)
    found = GAMES.get(game)
    with _lock:
        kept = _kept.get(key)
    if kept is not None and kept[0] is found:  # a game registered anew is rendered anew
        return kept[1]
    form = fresh()
    if form is None:
        return None
    html = Markup(render_template(f"game/{game}/session/table_fields.html", form=form,
                                  **context))
    with _lock:
        _kept[key] = (found, html)
    return html
