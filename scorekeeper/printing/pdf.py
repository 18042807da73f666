"""HTML to PDF with WeasyPrint: the only module that imports it (lazily).

WeasyPrint may read only the app's own static files, straight from disk: the URL fetcher here
refuses ``file://``, ``data:`` and every other host, and never makes an HTTP request (not even
back to our own server, which could deadlock a single worker).
"""

from __future__ import annotations

import mimetypes
import re
import shutil
import subprocess
import threading
import unicodedata
from datetime import date
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

# Pango and fontconfig are not safe to drive from several threads at once (GLib reports
# "corrupted double-linked list" under a threaded server), so one render at a time per process.
_RENDER_LOCK = threading.Lock()


class RefusedURL(ValueError):
    """A document asked for something outside the app's static files."""


def static_file_for(url: str, origin: str, static_url: str, static_dir: Path) -> Path:
    """The file under ``static_dir`` that ``url`` names, or RefusedURL.

    :param origin: ``scheme://host[:port]`` the document was rendered for.
    :param static_url: the static URL path, e.g. ``/static``.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or f"{parts.scheme}://{parts.netloc}" != origin:
        raise RefusedURL(f"not an app asset: {url[:200]}")
    prefix = static_url.rstrip("/") + "/"
    path = unquote(parts.path)
    if not path.startswith(prefix):
        raise RefusedURL(f"not under {prefix}: {url[:200]}")
    root = static_dir.resolve()
    target = (root / path[len(prefix):]).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        raise RefusedURL(f"no such static file: {url[:200]}")
    return target


def make_url_fetcher(origin: str, static_url: str, static_dir: Path) -> Any:
    """A WeasyPrint URL fetcher that serves ``static_dir`` from disk and refuses the rest."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticOnlyFetcher(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
            target = static_file_for(url, origin.rstrip("/"), static_url, static_dir)
            content_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
            return URLFetcherResponse(
                url, target.read_bytes(), headers={"Content-Type": content_type}
            )

    return StaticOnlyFetcher(allowed_protocols=("http", "https"))


def load() -> None:
    """Import WeasyPrint and make the fonts' configuration, as the first render would."""
    from weasyprint import HTML  # noqa: F401

    font_config()


@cache
def font_config() -> Any:
    """One FontConfiguration for the process, shared by every CSS() and write_pdf()."""
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


@lru_cache(maxsize=16)  # the shared sheets and the games' own
def _stylesheet(path: Path, mtime_ns: int) -> Any:
    """A parsed stylesheet, kept while its file is unchanged (parsing costs ~30 ms)."""
    from weasyprint import CSS

    del mtime_ns  # part of the cache key only
    return CSS(string=inline_vars(path.read_text(encoding="utf-8")), font_config=font_config())


_VAR_DECLARATION = re.compile(r"(--[\w-]+)\s*:\s*([^;{}]+);")


def inline_vars(css: str) -> str:
    """``css`` with each ``var(--x)`` whose ``--x`` is declared once only replaced by its
    value: the same page, but WeasyPrint resolves no variable per element (a few per cent of
    a render). Variables declared more than once (the font stack per language) stay."""
    declared: dict[str, list[str]] = {}
    for name, value in _VAR_DECLARATION.findall(css):
        declared.setdefault(name, []).append(value.strip())
    once = {name: values[0] for name, values in declared.items() if len(values) == 1}
    return re.sub(r"var\((--[\w-]+)\)", lambda m: once.get(m.group(1), m.group(0)), css)


# Tags around which white space never shows (it collapses away at the start or end of a
# block or cell, and the table builder drops it between rows and cells).
_BLOCK_TAGS = ("html|head|meta|title|body|main|header|footer|section|div|p|h[1-6]|figure|"
               "figcaption|table|colgroup|col|thead|tbody|tfoot|tr|td|th|svg|path|polyline|"
               "circle|line|rect|text|g")
_SPACE_AFTER_BLOCK = re.compile(rf"(<(?:/?)(?:{_BLOCK_TAGS})\b[^>]*>)\s+(?=<)")
_SPACE_BEFORE_BLOCK = re.compile(rf">\s+(?=</?(?:{_BLOCK_TAGS})\b)")


def compact_html(html: str) -> str:
    """``html`` without the white space between tags that WeasyPrint would only parse, box
    and drop again (the pages look the same; a 30-hand sheet loses a tenth of its nodes)."""
    return _SPACE_BEFORE_BLOCK.sub(">", _SPACE_AFTER_BLOCK.sub(r"\1", html))


def render_pdf(
    html: str,
    base_url: str,
    static_url: str,
    static_dir: Path,
    stylesheets: tuple[str, ...] = (),
) -> bytes:
    """Render a whole HTML document to PDF bytes.

    :param stylesheets: files under ``static_dir`` (or a game's own, by its whole path: it
        lives in the game's folder) applied as parsed once and cached (the template leaves
        their ``<link>`` out of the PDF's HTML); other assets the document links go through
        the static-only URL fetcher.
    """
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
    fetcher = make_url_fetcher(origin, static_url, static_dir)
    sheets = []
    for name in stylesheets:
        path = Path(name) if Path(name).is_absolute() else static_file_for(
            f"{origin}{static_url.rstrip('/')}/{name}", origin, static_url, static_dir)
        with _RENDER_LOCK:  # parsing a stylesheet also loads fonts
            sheets.append(_stylesheet(path, path.stat().st_mtime_ns))
    from weasyprint import HTML

    with _RENDER_LOCK:
        document = HTML(string=compact_html(html), base_url=base_url, url_fetcher=fetcher,
                        media_type="print")
        pdf = document.write_pdf(stylesheets=sheets, font_config=font_config(), cache={})
    assert pdf is not None
    return bytes(pdf)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether some installed font draws ``char`` (asks fontconfig; True if it cannot ask)."""
    code = ord(char)
    if code < 0x2000 or 0x4E00 <= code <= 0x9FFF or 0x3000 <= code <= 0x30FF:
        return True  # Latin, Greek, Cyrillic, CJK: DejaVu Sans and Noto Sans CJK
    if unicodedata.category(char) in ("Cc", "Cf", "Mn", "Me", "Zs", "Zl", "Zp"):
        return True  # joiners, variation selectors, marks, spaces: not drawn on their own
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return True
    try:
        done = subprocess.run(
            [fc_list, f":charset={code:x}", "family"], capture_output=True, timeout=5, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return True
    return bool(done.stdout.strip())


def printable(text: str) -> str:
    """``text`` without the characters no installed font draws (an emoji newer than the
    fonts), so that the PDF never shows a missing-glyph box."""
    return "".join(c for c in text if has_glyph(c))


def ascii_name(text: str) -> str:
    """``text`` reduced to a safe ASCII file-name part (accents dropped, other scripts gone)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-")[:60]


def _visible(text: str) -> str:
    """``text`` without invisible format characters: no right-to-left override (U+202E) or
    other direction mark can make a download name read differently (``fdp.exe``)."""
    return "".join(c for c in text if unicodedata.category(c) not in ("Cf", "Cs", "Co", "Cn"))


def download_name(parts: list[str], day: date | None, suffix: str = ".pdf") -> tuple[str, str]:
    """An ASCII file name and its UTF-8 form, e.g. ``Home-vs-Visitors-2026-11-30.pdf``."""
    stamp = [day.isoformat()] if day else []
    unicode_parts = [re.sub(r'[\\/:*?"<>|\x00-\x1f]+', "-", _visible(p)).strip() for p in parts]
    full = "-vs-".join(p for p in unicode_parts if p)
    ascii_parts = [ascii_name(p) for p in parts]
    plain = "-vs-".join(p for p in ascii_parts if p) or "scoresheet"
    return (
        "-".join([plain, *stamp]) + suffix,
        "-".join([full or plain, *stamp]) + suffix,
    )


def content_disposition(ascii_filename: str, utf8_filename: str) -> str:
    """An attachment header with an ASCII ``filename`` and an RFC 5987 ``filename*``."""
    header = f'attachment; filename="{ascii_filename}"'
    if utf8_filename != ascii_filename:
        header += f"; filename*=UTF-8''{quote(utf8_filename, safe='')}"
    return header
