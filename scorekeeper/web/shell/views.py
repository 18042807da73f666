"""The small things around the pages: a fresh CSRF token for the offline queue, the language
switch, the web app manifest, the service worker and the favicon, and the page's language for
every template. Views of the ``shell`` blueprint (routes in :mod:`scorekeeper.web.shell`).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from flask import current_app, jsonify, redirect, request, send_from_directory, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from ...i18n import LANGUAGE_NAMES, LOCALES
from .. import bundles, game_static
from ..security import local_path

THEME_COLOUR = "#1d5c45"  # as <meta name="theme-color"> in base.html
BACKGROUND_COLOUR = "#f3f0e8"  # the page background (app.css --bg)
# a path on this site (no "//", "/\\", spaces), with its query if any (a language switch on the
# merge question keeps which player was chosen)
GAME_URLS = "var GAME_URLS = [];"  # in sw.js: where the games' files go
SAFE_NEXT = re.compile(r"/(?![/\\])[\w\-./]*(\?[\w\-.~%=&+,:@/]*)?")



def _static_folder() -> str:
    folder = current_app.static_folder
    assert folder is not None  # the app serves its static folder (create_app)
    return folder


def csrf_token() -> Response:
    """A fresh CSRF token for this session: the queue's replay after the page's one expired."""
    resp = jsonify(token=generate_csrf())
    resp.headers["Cache-Control"] = "no-store"
    return resp


def set_lang(code: str) -> Response:
    """Remember the chosen language in a cookie and go back to the page."""
    target = request.args.get("next") or "/"
    if not SAFE_NEXT.fullmatch(target) or local_path(target) is None:  # never off-site
        target = "/"
    resp = redirect(target, 303)
    if code in LOCALES:
        resp.set_cookie("lang", code, max_age=400 * 86400, samesite="Lax",
                        secure=request.is_secure)
    return resp


def manifest() -> Response:
    """The web app manifest: install to the home screen, standalone, the app's colours."""
    icons = [{"src": url_for("static", filename=f"icons/icon-{n}.png"), "sizes": f"{n}x{n}",
              "type": "image/png", "purpose": "any maskable"} for n in (192, 512)]
    icons.append({"src": url_for("static", filename="icons/favicon.svg"), "sizes": "any",
                  "type": "image/svg+xml"})
    resp = jsonify(name=_("Scorekeeper"), short_name=_("Scorekeeper"),
                   description=_("Score keeper for card games played with real cards"),
                   start_url="/", scope="/", display="standalone", theme_color=THEME_COLOUR,
                   background_color=BACKGROUND_COLOUR, icons=icons,
                   lang=str(get_locale() or "en").replace("_", "-"))
    resp.mimetype = "application/manifest+json"
    resp.headers["Cache-Control"] = "no-cache"
    return resp


def service_worker() -> Response:
    """The service worker, from the root so that its scope is the whole site, with the
    registered games' own files and the joined scripts in the list it keeps for offline use
    (``GAME_URLS``)."""
    script = (Path(current_app.static_folder or "static") / "js" / "sw.js").read_text("utf-8")
    games = json.dumps(game_static.shell_urls() + bundles.shell_urls())
    resp = current_app.response_class(script.replace(GAME_URLS, f"var GAME_URLS = {games};", 1),
                                      mimetype="text/javascript")
    resp.set_etag(hashlib.sha256(resp.get_data()).hexdigest()[:20])
    resp.headers["Cache-Control"] = "no-cache"
    return resp.make_conditional(request)


def favicon() -> Response:
    """The icon browsers ask for at the root."""
    return send_from_directory(_static_folder() + "/icons", "favicon.svg",
                               mimetype="image/svg+xml")


def page_language() -> dict[str, Any]:
    """``page_lang``: the page's language tag for ``<html lang>``; ``languages``: the footer's
    (code, name) pairs."""
    locale = get_locale()
    return {"page_lang": str(locale).replace("_", "-") if locale else "en",
            "languages": LANGUAGE_NAMES.items()}
