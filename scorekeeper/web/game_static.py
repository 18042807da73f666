"""Each game's static files, from its own folder: ``/games/<name>/static/<file>`` is ``<file>``
in the ``static/`` folder of the package the registered game names (``Game.folder``), sent as
``/static`` sends its files: minified once (not in debug mode), compressed, revalidated.

The core links a game's files by name, when the game has them (docs/games.md):

- ``game.css``: the game's styles on its match page, a hand's page and a correction's page;
- ``game.js``: on the pages with the hand form, before the card recorder: what the game's own
  form needs, and its play facts (``window.SKPlayFacts``: trump, who sits out, read from its
  bidding) that the recorder asks for;
- ``print.css``: its score sheet, on screen and in the PDF; ``blank.css``: its blank sheet;
- ``session.css``: its duplicate session's pages; ``session-print.css``: the session's PDFs.

A game registered later (a test's) is found at once: every lookup asks the registry.
"""

from __future__ import annotations

import importlib
import os
from functools import lru_cache
from pathlib import Path

from flask import abort, current_app, send_from_directory, url_for
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

from ..engine.games import GAMES
from .compress import MINIFIERS, answer_minified

ENDPOINT = "shell.game_file"
PAGE_FILES = ("game.css", "game.js")  # what the match page loads (kept for offline use)


def static_folder(game: str) -> Path | None:
    """The ``static/`` folder of ``game``'s package, if it is registered and has one."""
    registered = GAMES.get(game)
    if registered is None or registered.folder is None:
        return None
    package = importlib.import_module(registered.folder)
    folder = Path(next(iter(package.__path__))) / "static"
    return folder if folder.is_dir() else None


def file_of(game: str, name: str) -> Path | None:
    """``game``'s file ``name`` (a path inside its static folder), if there is one."""
    folder = static_folder(game)
    joined = safe_join(str(folder), name) if folder is not None else None
    # os.path.isfile, not Path.is_file: a name too long for the disk, or with a NUL, is no file
    return Path(joined) if joined is not None and os.path.isfile(joined) else None


def with_own(game: str, own: str, *shared: str) -> tuple[str, ...]:
    """The shared stylesheets (under ``static/``), then the game's own ``own`` from its folder
    (its whole path) if it has one: a PDF's cascade in the order the page links them."""
    path = file_of(game, own)
    return (*shared, str(path)) if path is not None else shared


def url_of(game: str, name: str) -> str | None:
    """The address of ``game``'s file ``name``, or None if the game has none (templates:
    ``game_static``)."""
    return url_for(ENDPOINT, game=game, filename=name) if file_of(game, name) else None


def shell_urls() -> list[str]:
    """The registered games' files a match page loads, for the service worker to keep for
    offline use (the sheets are never offline)."""
    return [url.split("?", 1)[0] for game in sorted(GAMES) for name in PAGE_FILES
            if (url := url_of(game, name)) is not None]  # by path, without the digest


@lru_cache(maxsize=64)
def _minified(path: Path, mtime_ns: int) -> bytes:
    del mtime_ns  # part of the cache key only: an edited file is minified again
    return MINIFIERS[path.suffix](path.read_text(encoding="utf-8")).encode("utf-8")


def game_file(game: str, filename: str) -> Response:
    """A game's static file; 404 for a game or a file there is none of."""
    path = file_of(game, filename)
    if path is None:
        abort(404)
    if path.suffix in MINIFIERS and not current_app.debug:
        return answer_minified(filename, _minified(path, path.stat().st_mtime_ns))
    return send_from_directory(path.parent, path.name,
                               max_age=current_app.get_send_file_max_age(filename))
