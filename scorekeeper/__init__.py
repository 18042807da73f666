"""Scorekeeper: score keeping and hand records for Euchre and Whist played with real cards.

``create_app()`` is the only place things get wired up: configuration, the instance folder,
the database, security, translations, blueprints and error pages.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

ROOT = Path(__file__).resolve().parent.parent  # the project root: templates/, static/, instance/
PACKAGE = Path(__file__).resolve().parent
MAX_CONTENT_LENGTH = 1024 * 1024  # a match file of hundreds of hands is well under this


def instance_folder(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The instance folder: ``explicit``, else ``$SCOREKEEPER_INSTANCE``, else ``instance/``."""
    chosen = explicit or os.environ.get("SCOREKEEPER_INSTANCE") or ROOT / "instance"
    return Path(chosen).expanduser().resolve()


def create_app(
    test_config: Mapping[str, Any] | None = None,
    instance_path: str | os.PathLike[str] | None = None,
) -> Flask:
    """Build the Flask app.

    Configuration, later wins: defaults, ``instance/config.py``, ``SCOREKEEPER_*`` environment
    variables (``SCOREKEEPER_TRUSTED_PROXIES=1`` behind a TLS proxy,
    ``SCOREKEEPER_WRITE_LIMIT_PER_MINUTE``, ``SCOREKEEPER_CREATE_LIMIT``, ``..._PDF_LIMIT``,
    ``..._DATABASE_MAX_MB``: see docs/running.md "Limits"), then ``test_config``.
    The secret key is generated into ``instance/secret_key`` on first run.
    """
    folder = instance_folder(instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=str(folder),
        instance_relative_config=True,
    )
    app.config.from_mapping(
        DATABASE=str(folder / "scorekeeper.db"),
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        BABEL_DEFAULT_LOCALE="en",
        TRUSTED_PROXIES=0,
        DATABASE_MAX_MB=2048,  # the database's size cap (new matches stop at 90%)
        DISK_RESERVE_MB=200,  # new matches stop when the disk has less free
        DB_BUSY_TIMEOUT_MS=5000,  # a request waits this long for a lock, then 503
        PDF_WORKERS=1,  # render processes per server process
        PDF_QUEUE=2,  # requests waiting beyond those before 503 (keep it below the threads)
        PDF_TIMEOUT=60,  # seconds one render may take (a 300-hand sheet: 2-15 s)
        PDF_CACHE=64,  # rendered PDFs kept per process (0: none kept, not on disk either)
        PDF_DISK_CACHE_MB=256,  # match PDFs kept in instance/pdf-cache for every process
        PDF_WARM=True,  # the server starts each worker's render processes with the worker
        TEMPLATE_CACHE=True,  # compiled templates kept in instance/template-cache
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)
    assert isinstance(app.json, DefaultJSONProvider)  # Flask's own, whose one setting we change
    app.json.sort_keys = False  # keep match files in their natural order

    from . import i18n
    from .engine import numbers
    from .printing import pdf_render
    from .store import db
    from .web import assets, compress, errors, game_templates, ratelimit, security

    game_templates.init_app(app)  # game/<name>/<file>: each game's templates, in its folder
    if app.config["TEMPLATE_CACHE"] and not app.debug:
        # Jinja's own cache of compiled templates, in files every worker reads (written whole,
        # then renamed; a changed template is compiled again): a worker's first page or sheet
        # does not compile its templates (a sheet's first render: 0.12 s, then 0.02 s)
        from jinja2 import FileSystemBytecodeCache

        cache = folder / "template-cache"
        cache.mkdir(exist_ok=True)
        app.jinja_env.bytecode_cache = FileSystemBytecodeCache(str(cache))
    # scores as text, one way on every page and print: a true minus below zero (issue 35)
    app.add_template_filter(numbers.score_text, "score")
    app.add_template_filter(numbers.points_text, "points")
    app.add_template_filter(numbers.decimal_text, "decimal")
    app.add_template_global(numbers.score_pair, "score_pair")
    app.add_template_global(numbers.pair_sides, "pair_sides")
    compress.init_app(app)  # first registered, so it runs last, on the finished response
    assets.init_app(app)  # static files' addresses carry their digest: kept a year
    security.init_app(app)
    i18n.init_app(app)
    db.init_app(app)
    errors.init_app(app)
    register_blueprints(app)
    ratelimit.init_app(app)  # wraps views of the blueprints
    pdf_render.init_app(app)
    return app


def register_blueprints(app: Flask) -> None:
    """The pages, the JSON API and the printing routes: each package of ``web`` owns its
    blueprints (docs/architecture.md), and each is registered here, by name."""
    from .web import api, events, match, players, prints, sessions, shell
    from .web.security import csrf

    app.register_blueprint(match.bp)
    app.register_blueprint(match.hand_bp)
    app.register_blueprint(shell.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(prints.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(api.events_bp)
    csrf.exempt(api.bp)  # the API checks CSRF itself when a cookie, not a bearer key, authorises
    app.register_blueprint(players.bp)
    app.register_blueprint(players.organiser_bp)
    app.register_blueprint(api.players_bp)
    csrf.exempt(api.events_bp)  # the events API takes bearer keys only
    csrf.exempt(api.players_bp)  # JSON only (a cross-site form can't send it); rate-limited
    app.register_blueprint(sessions.bp)
    app.register_blueprint(api.sessions_bp)
    csrf.exempt(api.sessions_bp)  # the sessions API takes bearer keys only
