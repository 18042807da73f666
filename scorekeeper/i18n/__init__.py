"""Translations: Flask-Babel and the choice of language for a request."""

from __future__ import annotations

import os
import re
from datetime import datetime
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from babel.dates import format_date, format_time
from flask import Flask, has_request_context, request, session
from flask_babel import Babel, get_locale, to_user_timezone
from markupsafe import Markup, escape
from werkzeug.datastructures import LanguageAccept

# Our languages, each named in itself (the footer's links), in the order offered.
LANGUAGE_NAMES = {"en": "English", "zh_Hant": "繁體中文", "zh_Hans": "简体中文"}
LOCALES = tuple(LANGUAGE_NAMES)
LANG_COOKIE = "lang"
# the reader's time zone, an IANA name that static/js/app.js sets from the browser
TZ_COOKIE = "tz"

# Chinese tags by region or script: Traditional for Taiwan, Hong Kong and Macau.
_HANT = ("zh-hant", "zh-tw", "zh-hk", "zh-mo")


def init_app(app: Flask) -> None:
    """Initialise Flask-Babel with our locale selector (compiling any missing catalog first:
    Flask-Babel caches translations for the life of the process). Unless configured, it reads
    the core's catalogs and every registered game's, each in its own folder."""
    from .catalogs import ensure_compiled, translation_folders

    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES",
                          ";".join(str(folder) for folder in translation_folders()))
    ensure_compiled(app.config["BABEL_TRANSLATION_DIRECTORIES"])
    app.config["BABEL_DEFAULT_TIMEZONE"] = event_timezone(
        app.config.get("TIMEZONE") or app.config.get("BABEL_DEFAULT_TIMEZONE"))
    # One Babel per app: its domain caches the translations it read, so an app built later in
    # the same process (tests) reads its own folders, not the first app's.
    Babel(app, locale_selector=select_locale, timezone_selector=select_timezone)
    app.add_template_global(sentences)


# Characters after which Chinese sets no space: full-width punctuation and the Han script.
_NO_SPACE_AFTER = re.compile(r"[\u3000-\u303f\uff00-\uffef\u3400-\u9fff]$")


def sentences(*parts: object) -> Markup:
    """Translated sentences joined as the language writes them: a space after "." in English,
    none after "。" in Chinese (a space there shows as a stray gap). Empty parts are left out;
    text that is not already markup is escaped."""
    out = Markup("")
    for part in (escape(p).strip() for p in parts):
        if part:
            out += part if not out or _NO_SPACE_AFTER.search(out) else Markup(" ") + part
    return out


def local_zone_name() -> str:
    """The server's own time zone as an IANA name (``TZ``, ``/etc/localtime``, else UTC)."""
    names = [os.environ.get("TZ", "").lstrip(":")]
    localtime = Path("/etc/localtime")
    if localtime.is_symlink():
        names.append(str(localtime.resolve()).split("zoneinfo/", 1)[-1])
    timezone_file = Path("/etc/timezone")
    if timezone_file.is_file():
        names.append(timezone_file.read_text(encoding="utf-8").strip())
    for name in names:
        if name and name in available_timezones():
            return name
    return "UTC"


def event_timezone(configured: str | None) -> str:
    """The time zone the event's times are shown in: ``SCOREKEEPER_TIMEZONE`` (or
    ``BABEL_DEFAULT_TIMEZONE``) when set, else the server's local zone. A name that is no
    time zone stops the app with a message that says so."""
    name = (configured or "").strip() or local_zone_name()
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"SCOREKEEPER_TIMEZONE={name!r} is not a time zone; use a name such "
                         "as Europe/London or Asia/Taipei") from error
    return name


def format_when(when: datetime) -> str:
    """A moment in the event's time zone, one format per language, with the zone:
    "Nov 30, 2026 9:05 PM GMT", "2026年11月30日 下午9:05 CST"."""
    local = to_user_timezone(when)
    locale = get_locale() or "en"
    return f"{format_date(local.date(), 'medium', locale=locale)} " \
        f"{format_time(local.time(), 'short', locale=locale)} {local.tzname()}"


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


def sessionless() -> bool:
    """Whether this request's answer is the same for every phone (the JSON API, a match's live
    part): its language comes from the ``lang`` cookie and Accept-Language alone (what the
    answer's ``Vary`` names, so a proxy may keep it), never from the session."""
    return request.path.startswith("/api/") or request.endpoint == "match.live"


def select_locale() -> str:
    """The ``lang`` cookie or session value, else the best Accept-Language match, else en."""
    if not has_request_context():
        return "en"
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen not in LOCALES and not sessionless():
        chosen = session.get(LANG_COOKIE)
    return locale_from(chosen, request.accept_languages)


def select_timezone() -> str | None:
    """The reader's own time zone (the ``tz`` cookie the browser's script sets) when it is a
    real zone name, so pages and PDFs print the times the phone shows; else None: the
    configured zone (``SCOREKEEPER_TIMEZONE`` or the server's own)."""
    if not has_request_context():
        return None
    name = request.cookies.get(TZ_COOKIE, "")
    return name if name in _zone_names() else None


@cache
def _zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


def locale_from(chosen: str | None, accept: LanguageAccept) -> str:
    """``chosen`` (a cookie's value) if it is one of ours, else the best Accept-Language match,
    else en."""
    if chosen in LOCALES:
        return chosen
    for tag, _quality in accept:  # best first
        locale = normalise(tag)
        if locale:
            return locale
    return "en"
