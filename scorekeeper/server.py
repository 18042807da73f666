"""Running the app under gunicorn (threaded workers) from ``scorekeeper serve``."""

from __future__ import annotations

from typing import Any

from gunicorn.app.base import BaseApplication

# How long a thread may keep the GIL while another waits for it (Python's default: 5 ms). A
# hand save gives it up at each SQLite call and each socket read or write; with a stranger's
# request busy in the same process, each of those turns would cost the save up to the whole
# interval (a "convoy": 20 calls, 100 ms). Measured under the hostile benchmark: save p99
# 146 ms at 5 ms, 75-85 ms at 0.5-1 ms.
SWITCH_INTERVAL = 0.0005


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
        import sys

        from scorekeeper import create_app

        sys.setswitchinterval(SWITCH_INTERVAL)
        return create_app()


def gunicorn_options(host: str, port: int, workers: int = 2, threads: int = 128,
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
        # A phone polls every 2 s: a kept-alive connection outlives the pause, so a poll costs
        # no new TCP connection (about 40% of a 304's server time). Idle connections wait in
        # the worker's selector, not in a thread; each worker holds up to 4096 of them.
        "keepalive": 5,
        "worker_connections": 4096,
        "graceful_timeout": 20,
        "preload_app": False,  # never share a SQLite connection across fork()
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
    }


def raise_open_files_limit(wanted: int = 65536) -> int:
    """Raise the soft limit on open files towards ``wanted`` (within the hard limit): every
    phone of a club night holds a connection. Returns the limit now in force."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


def run_gunicorn(host: str, port: int, workers: int = 2, threads: int = 128,
                 tls: tuple[str, str] | None = None) -> int:
    """Serve until interrupted; return the exit status."""
    raise_open_files_limit()
    ScorekeeperServer(gunicorn_options(host, port, workers, threads, tls)).run()
    return 0
