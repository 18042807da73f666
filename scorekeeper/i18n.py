"""Translations: Flask-Babel and the choice of language for a request."""

from __future__ import annotations

from flask import Flask, has_request_context, request, session
from flask_babel import Babel
from werkzeug.datastructures import LanguageAccept

LOCALES = ("en", "zh_Hant", "zh_Hans")
LANG_COOKIE = "lang"

# Chinese tags by region or script: Traditional for Taiwan, Hong Kong and Macau.
_HANT = ("zh-hant", "zh-tw", "zh-hk", "zh-mo")

babel = Babel()


def init_app(app: Flask) -> None:
    """Initialise Flask-Babel with our locale selector (compiling any missing catalog first:
    Flask-Babel caches translations for the life of the process)."""
    from .catalogs import ensure_compiled

    ensure_compiled(app.config["BABEL_TRANSLATION_DIRECTORIES"])
    babel.init_app(app, locale_selector=select_locale)


def normalise(tag: str | None) -> str | None:
    """Our locale for a language tag (``zh-TW`` -> ``zh_Hant``), or None if we have none."""
    if not tag:
        return None
    t = tag.strip().replace("_", "-").lower()
    if t == "en" or t.startswith("en-"):
        return "en"
    if t.startswith(_HANT):
        return "zh_Hant"
    if t == "zh" or t.startswith("zh-"):
        return "zh_Hans"
    return None


def select_locale() -> str:
    """The ``lang`` cookie or session value, else the best Accept-Language match, else en."""
    if not has_request_context():
        return "en"
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen not in LOCALES and not request.path.startswith("/api/"):
        chosen = session.get(LANG_COOKIE)
    return locale_from(chosen, request.accept_languages)


def locale_from(chosen: str | None, accept: LanguageAccept) -> str:
    """``chosen`` (a cookie's value) if it is one of ours, else the best Accept-Language match,
    else en. The same rule serves the poll fast path (``scorekeeper.poll``), outside Flask."""
    if chosen in LOCALES:
        return chosen
    for tag, _quality in accept:  # best first
        locale = normalise(tag)
        if locale:
            return locale
    return "en"
