"""QR codes for the share panel: inline SVG made on the server with segno (no other host).

The SVG uses attributes only (no ``style``), so the page's Content-Security-Policy
(``style-src 'self'``) holds; its size comes from the stylesheet (``svg.segno``).
"""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup


@lru_cache(maxsize=4096)  # a club night: two links per table, up to 2,000 tables
def _svg(text: str, title: str) -> str:
    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True,
                           title=title)  # segno escapes the title


def qr_svg(text: str, title: str) -> Markup:
    """An inline ``<svg class="segno">`` QR code of ``text`` with an accessible ``<title>``."""
    return Markup(_svg(text, title))  # segno's own markup
