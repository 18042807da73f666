"""Fixtures for the app, the database and a live server (real SQLite files, never mocks).

- ``app``: a Flask app on a fresh instance folder under ``tmp_path``, ``TESTING`` on and CSRF
  **on**. A test changes the configuration with ``@pytest.mark.app_config(KEY=value)``, e.g.
  ``@pytest.mark.app_config(WTF_CSRF_ENABLED=False)`` for form posts without tokens.
- ``make_app(**config)``: more apps (same instance folder unless ``instance_path=`` is given).
- ``client``, ``runner``: Flask's test client and CLI runner for ``app``.
- ``matches``: helpers that create matches and record hands through the service layer.
- ``live_server``: ``app`` served by Werkzeug on 127.0.0.1 (a random port) in a thread; the
  base URL, e.g. ``http://127.0.0.1:43123``.
- ``served_app``: the real ``scorekeeper serve`` (gunicorn) in a subprocess; the base URL.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from support.helpers import euchre_match, free_port, stop_process, wait_for
from werkzeug.serving import make_server

from scorekeeper import ROOT, create_app, service
from scorekeeper.store.db import connect, get_db


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "app_config(**config): configuration for the `app` fixture"
    )


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: `-p no:xdist` still works
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject's addopts): no workers for one test file (or tests in one file),
    where starting two workers and a Chromium each would cost more than it saves; otherwise
    pytest-xdist's own count (``PYTEST_XDIST_AUTO_NUM_WORKERS``, else one worker per CPU)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    files = {str(arg).split("::", 1)[0] for arg in config.args}
    if config.args_source == pytest.Config.ArgsSource.ARGS and len(files) == 1 \
            and next(iter(files)).endswith(".py"):
        return 0
    return None


@pytest.fixture
def instance_path(tmp_path: Path) -> Path:
    """A fresh instance folder."""
    return tmp_path / "instance"


@pytest.fixture
def make_app(instance_path: Path) -> Callable[..., Any]:
    """Build an app: ``make_app(KEY=value, instance_path=...)``; TESTING is on unless given."""

    def make(instance_path: Path | str = instance_path, **config: Any):
        # Tests create many matches and PDFs from one address: the per-address limits are
        # off unless a test sets them (tests/reliability/test_hostile.py does).
        defaults = {"TESTING": True, "CREATE_LIMIT": "0", "PDF_LIMIT": "0"}
        return create_app({**defaults, **config}, instance_path=instance_path)

    return make


@pytest.fixture
def app(request: pytest.FixtureRequest, make_app: Callable[..., Any]):
    """The app under test (see the module docstring for ``app_config``)."""
    config: dict[str, Any] = {}
    for marker in reversed(list(request.node.iter_markers("app_config"))):
        config.update(marker.kwargs)
    return make_app(**config)


@pytest.fixture
def db(app):
    """The app's database, opened for the test (closed after it)."""
    database = connect(app.config["DATABASE"])
    yield database
    database.conn.close()


@pytest.fixture
def client(app):
    """A test client for ``app``."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A CLI runner for ``app``."""
    return app.test_cli_runner()


class Matches:
    """Create matches and record hands through the service layer, as the pages and API do."""

    def __init__(self, app):
        self.app = app

    def create(self, data: dict[str, Any] | None = None, **extra: Any) -> tuple[str, str]:
        """Create a match (default: Euchre, no hands); return (id, edit key)."""
        with self.app.app_context():
            outcome = service.create_match(get_db(), data or euchre_match(**extra))
        assert outcome.ok, [p.as_json() for p in outcome.problems]
        return outcome.match_id, outcome.edit_key

    def record(self, match_id: str, hand: dict[str, Any], no: int | None = None, **kw: Any):
        """Record a hand (as the next one unless ``no`` is given); return the ServiceResult."""
        with self.app.app_context():
            if no is None:
                no = service.load(get_db(), match_id).next_no
            return service.record_hand(get_db(), match_id, hand, no, **kw)

    def load(self, match_id: str):
        """The LoadedMatch."""
        with self.app.app_context():
            return service.load(get_db(), match_id)


@pytest.fixture
def matches(app) -> Matches:
    """Helpers to create matches and record hands for ``app``."""
    return Matches(app)


@pytest.fixture
def live_server(app) -> Iterator[str]:
    """``app`` served by a threaded Werkzeug server on a random loopback port."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()


@pytest.fixture(scope="session")
def served_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real ``scorekeeper serve`` (gunicorn, 2 workers) in a subprocess; the base URL.

    One server for the whole session (it takes a second or two to start): create your own
    matches rather than expect an empty database.
    """
    tmp_path = tmp_path_factory.mktemp("served")
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SCOREKEEPER_CREATE_LIMIT": "0",
           "SCOREKEEPER_PDF_LIMIT": "0"}
    env.pop("SCOREKEEPER_INSTANCE", None)
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--port", str(port),
         "--instance", str(tmp_path / "served-instance")],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/healthz", process=proc)
        yield base
    finally:
        stop_process(proc)
        log.close()
