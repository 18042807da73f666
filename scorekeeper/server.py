"""Running the app from ``scorekeeper serve``: gunicorn manages the worker processes (start,
restart, graceful stop, TLS); each worker runs uvicorn's event loop with the app's front
(:mod:`scorekeeper.front`: polls answered in the loop, the rest on threads)."""

from __future__ import annotations

import os
from typing import Any, ClassVar

from gunicorn.app.base import BaseApplication
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn_worker import UvicornWorker

from scorekeeper import instance_folder, lane

HEAD_LIMIT = 64 * 1024  # bytes of request line and headers
FIELDS_LIMIT = 100  # header fields (gunicorn's own limit)


class _HeadTooLarge(Exception):
    """Raised in a parser callback to stop parsing a refused request."""


class LimitedHttp(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools, in C) with a limit on the request head: a
    request line and headers longer than ``HEAD_LIMIT`` bytes or more than ``FIELDS_LIMIT``
    fields are answered 431 and the connection closed, so nobody can grow a worker's memory
    with an endless header. Counted twice: the head's parsed size (a whole head in one read)
    and the bytes received while a head is incomplete (one endless header, sent slowly)."""

    _head = 0  # bytes received since the request began, while its head is incomplete
    _parsed = 0  # bytes of the request line and the header fields parsed
    _in_head = False
    _refused = False

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head = self._parsed = 0
        self._in_head = True

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)
        if len(self.headers) > FIELDS_LIMIT:
            self._refuse()

    def on_headers_complete(self) -> None:
        self._in_head = False
        super().on_headers_complete()

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        super().data_received(data)
        if self._in_head and not self._refused:
            self._head += len(data)
            if self._head > HEAD_LIMIT:
                self._refuse(stop=False)

    def send_400_response(self, msg: str) -> None:
        if not self._refused:  # not after our own 431 (the parser reports the stop as an error)
            super().send_400_response(msg)

    def _count(self, size: int) -> None:
        self._parsed += size
        if self._parsed > HEAD_LIMIT:
            self._refuse()

    def _refuse(self, stop: bool = True) -> None:
        self._refused, self._in_head = True, False
        message = b"Request header fields too large."
        self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                             b"content-type: text/plain; charset=utf-8\r\n"
                             b"content-length: " + str(len(message)).encode() + b"\r\n"
                             b"connection: close\r\n\r\n" + message)
        self.transport.close()
        if stop:
            raise _HeadTooLarge


class FrontWorker(UvicornWorker):
    """uvicorn in a gunicorn worker, with our settings: the fast loop where installed
    (uvloop), httptools with a limit on request heads (:class:`LimitedHttp`), no
    X-Forwarded-* trusted unless the app says so (``TRUSTED_PROXIES``, through ProxyFix:
    never uvicorn's own default of trusting the loopback), no ``Server`` header."""

    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        "loop": "auto",
        "http": LimitedHttp,
        "proxy_headers": False,
        "server_header": False,
        "lifespan": "on",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Past this many connections and requests at once a worker answers 503 at once.
        self.config.limit_concurrency = self.cfg.worker_connections


class ScorekeeperServer(BaseApplication):
    """Gunicorn with our settings; each worker builds its own app after the fork."""

    def __init__(self, options: dict[str, Any]):
        self.options = options
        super().__init__()
        lane.share_across_processes()  # before the workers are forked

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key.lower(), value)

    def load(self):
        from scorekeeper.front import create_front

        return create_front(threads=int(self.cfg.threads))


def default_workers() -> int:
    """Worker processes: one a core, at least 2 (a spare while one restarts). On 2 cores, 2
    workers passed both the capacity benchmark (1,000 tables) and the hostile one; 3 did no
    better at capacity, and 4 failed the hostile one (more processes run more strangers'
    requests beside a save)."""
    return max(2, os.cpu_count() or 1)


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
        "worker_class": "scorekeeper.server.FrontWorker",
        "threads": threads,
        "timeout": 60,
        # A phone polls every 2 s: a kept-alive connection outlives the pause, so a poll costs
        # no new TCP connection (about 40% of a 304's server time). Idle connections wait in
        # the worker's selector, not in a thread; each worker holds up to 4096 of them.
        "keepalive": 5,
        "worker_connections": 4096,
        "graceful_timeout": 20,
        "preload_app": False,  # never share a SQLite connection across fork()
        "pidfile": str(instance_folder() / "serve.pid"),  # restore refuses while it names us
        "child_exit": lane.forget_worker,  # a dead worker's running scorers no longer count
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
