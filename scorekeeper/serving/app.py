"""The app as gunicorn's ASGI worker serves it: the Flask app (WSGI) on a2wsgi's threads.

``gunicorn -k asgi 'scorekeeper.serving.app:create()'`` builds it in each worker after the fork
(never ``--preload``: a SQLite connection must not cross a ``fork()``).
"""

from __future__ import annotations

import os

from a2wsgi import WSGIMiddleware

THREADS = 128  # the app's threads per worker: a request waiting on its client holds one


def create(threads: int | None = None) -> WSGIMiddleware:
    """The Flask app behind a2wsgi's pool of ``threads`` (``$SCOREKEEPER_THREADS``, else 128)."""
    from scorekeeper import create_app

    count = threads or int(os.environ.get("SCOREKEEPER_THREADS") or THREADS)
    return WSGIMiddleware(create_app(), workers=count)  # type: ignore[arg-type]
