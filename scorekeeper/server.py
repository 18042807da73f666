"""Running the app under gunicorn (threaded workers) from ``scorekeeper serve``."""

from __future__ import annotations

from typing import Any

from gunicorn.app.base import BaseApplication


class ScorekeeperServer(BaseApplication):
    """Gunicorn with our settings; each worker builds its own app after the fork."""

    def __init__(self, options: dict[str, Any]):
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key.lower(), value)

    def load(self):
        from scorekeeper import create_app

        return create_app()


def gunicorn_options(host: str, port: int, workers: int = 2, threads: int = 8,
                     tls: tuple[str, str] | None = None) -> dict[str, Any]:
    """The settings ``scorekeeper serve`` uses (the same as the documented gunicorn command);
    ``tls``: (certfile, keyfile) for gunicorn's own HTTPS."""
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "certfile": tls[0] if tls else None,
        "keyfile": tls[1] if tls else None,
        "bind": bind,
        "workers": workers,
        "worker_class": "gthread",
        "threads": threads,
        "timeout": 60,
        "graceful_timeout": 20,
        "preload_app": False,  # never share a SQLite connection across fork()
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
    }


def run_gunicorn(host: str, port: int, workers: int = 2, threads: int = 8,
                 tls: tuple[str, str] | None = None) -> int:
    """Serve until interrupted; return the exit status."""
    ScorekeeperServer(gunicorn_options(host, port, workers, threads, tls)).run()
    return 0
