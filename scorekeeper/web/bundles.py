"""The core scripts of a page with many of them, sent as one file.

A browser opens at most six connections to a host over HTTP/1.1 (the embedded server's, and
nginx's to a phone without HTTP/2): the match page's eight core scripts, with its stylesheets
and the game's script, came in two waves, and on Slow 4G the second wave cost 0.6 s of a cold
load (docs/performance.md, "What the phone sees"). Joined, the page asks for four files at once.

The bytes are the files as the static view serves them (minified, with their comments in debug
mode), joined in memory in the order the page ran them, each ended so the next starts a new
statement. webassets (Flask-Assets) does the same by writing the joined file into the static
folder when a page first asks, from every worker; nothing is written here. The address carries
the joined file's digest (``assets``), so a phone keeps it a year and asks again only when a
script changed. The service worker keeps it by its path for offline use (``shell_urls``).

The files stay separate on disk, and a page with few scripts links them one by one.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import abort, current_app, url_for
from werkzeug.wrappers import Response

from .compress import MINIFIERS, answer_minified

ENDPOINT = "shell.bundle"
# Each page's core scripts, in the order they run (a game's own script runs before them).
BUNDLES: dict[str, tuple[str, ...]] = {
    "match": ("js/app.js", "js/stream.js", "js/table.js", "js/keep.js", "js/cards.js",
              "js/share.js", "js/queue.js", "js/wake.js"),
    "hand": ("js/app.js", "js/table.js", "js/keep.js", "js/cards.js"),
}


def _joined(folder: Path, names: tuple[str, ...], small: bool) -> bytes:
    parts = []
    for name in names:
        source = (folder / name).read_text(encoding="utf-8")
        parts.append(MINIFIERS[".js"](source) if small else f"// {name}\n{source}")
    return "\n;\n".join(parts).encode("utf-8") + b"\n"


@lru_cache(maxsize=len(BUNDLES))
def _kept(folder: str, name: str) -> bytes:
    return _joined(Path(folder), BUNDLES[name], small=True)


def content(name: str) -> bytes | None:
    """The bundle ``name``'s bytes (None: no such bundle). Joined once per process; in debug
    mode from the files as they are now, with their comments."""
    if name not in BUNDLES:
        return None
    folder = current_app.static_folder or "static"
    if current_app.debug:
        return _joined(Path(folder), BUNDLES[name], small=False)
    return _kept(folder, name)


def _digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


@lru_cache(maxsize=len(BUNDLES))
def _kept_digest(folder: str, name: str) -> str:
    return _digest_of(_kept(folder, name))


def digest(name: str) -> str | None:
    """The first 12 hex digits of the bundle's SHA-256 (its address's ``v``). Worked out once
    per process, as ``assets`` reads a file's (every page links the bundle); in debug mode
    from the files as they are now."""
    if name not in BUNDLES:
        return None
    if current_app.debug:
        data = content(name)
        return None if data is None else _digest_of(data)
    return _kept_digest(current_app.static_folder or "static", name)


def bundle(name: str) -> Response:
    """``/bundles/<name>.js``: the joined scripts; 404 for a name there is no bundle of."""
    data = content(name)
    if data is None:
        abort(404)
    return answer_minified(f"{name}.js", data)


def shell_urls() -> list[str]:
    """The bundles' paths, for the service worker to keep for offline use."""
    return [url_for(ENDPOINT, name=name).split("?", 1)[0] for name in sorted(BUNDLES)]
