"""QR codes for the share panel: inline SVG made on the server with segno (no other host).

The SVG uses attributes only (no ``style``), so the page's Content-Security-Policy
(``style-src 'self'``) holds; its size comes from the stylesheet (``svg.segno``).

Making one takes about 11 ms (segno tries the eight masks and keeps the best, as the QR
standard asks), as long as the rest of a page. So each is made once: kept in memory per
process, and a public one (the view link: no secret in it) also kept as a file in the
instance folder (``qr/``), shared by every server process and kept across restarts, so a club
night's thousand tables cost one QR each, not one per process and restart. A scorer link holds
the scorer's key and is never written anywhere.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import lru_cache
from pathlib import Path

import segno
from flask import current_app
from markupsafe import Markup


@lru_cache(maxsize=4096)  # a club night: two links per table, up to 2,000 tables
def _svg(text: str, title: str) -> str:
    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True,
                           title=title)  # segno escapes the title


def qr_svg(text: str, title: str, public: bool = False) -> Markup:
    """An inline ``<svg class="segno">`` QR code of ``text`` with an accessible ``<title>``;
    ``public``: ``text`` holds no secret, so the SVG may be kept on disk."""
    if public:
        return Markup(_public_svg(text, title, current_app.instance_path))
    return Markup(_svg(text, title))  # segno's own markup


@lru_cache(maxsize=4096)
def _public_svg(text: str, title: str, folder: str) -> str:
    name = hashlib.sha256(f"{text}\x1f{title}".encode()).hexdigest()
    path = Path(folder) / "qr" / f"{name}.svg"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        pass
    svg = _svg(text, title)
    try:  # written whole or not at all: a second process may be writing the same file
        path.parent.mkdir(exist_ok=True)
        fd, part = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    except OSError:
        return svg  # a read-only or full disk: the QR is still shown, made again next time
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(svg)
        os.replace(part, path)
    except OSError:
        Path(part).unlink(missing_ok=True)
    return svg
