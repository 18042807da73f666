"""The small things around every page: a fresh CSRF token for the offline queue, the language
switch (and the page's language for the templates), the web app manifest, the service worker,
the favicon, each game's static files (:mod:`..game_static`) and the pages' joined scripts
(:mod:`..bundles`).
"""

from __future__ import annotations

from flask import Blueprint

from .. import bundles, game_static
from . import views

bp = Blueprint("shell", __name__)
bp.app_context_processor(views.page_language)
bp.add_url_rule("/csrf-token", view_func=views.csrf_token, methods=["GET"])
bp.add_url_rule("/lang/<code>", view_func=views.set_lang, methods=["GET"])
bp.add_url_rule("/manifest.webmanifest", view_func=views.manifest, methods=["GET"])
bp.add_url_rule("/sw.js", view_func=views.service_worker, methods=["GET"])
bp.add_url_rule("/favicon.ico", view_func=views.favicon, methods=["GET"])
bp.add_url_rule("/games/<game>/static/<path:filename>", view_func=game_static.game_file,
                methods=["GET"])
bp.add_url_rule("/bundles/<name>.js", view_func=bundles.bundle, methods=["GET"])
bp.app_template_global("game_static")(game_static.url_of)
