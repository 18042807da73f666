"""gunicorn as ``scorekeeper serve`` runs it: its master supervises the worker processes
(restarts a dead one, graceful stop, TLS, the pid file); each worker is gunicorn's own ASGI
worker (an asyncio loop: idle and kept-alive connections cost no thread) with the Flask app on
a2wsgi's threads (:mod:`.app`). A worker whose master is gone (even ``kill -9``) is told
to quit at once by the kernel (:func:`worker_started`). docs/running.md ("Running in production")
says why this worker and what it does not bound (a slow first request head: the nginx profile
does)."""

from __future__ import annotations

import ctypes
import gc
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gunicorn.app.base import BaseApplication

if TYPE_CHECKING:  # the app is built in each worker, after the fork, not in the master
    from .app import ASGIApp

PID_FILE = "serve.pid"  # in the instance folder: `scorekeeper restore` refuses while it's alive


class ScorekeeperServer(BaseApplication):
    """gunicorn with :func:`options`; each worker builds its own app after the fork."""

    def __init__(self, settings: dict[str, Any], threads: int):
        self.settings, self.threads = settings, threads
        super().__init__()  # type: ignore[no-untyped-call]  # gunicorn has no type hints

    def load_config(self) -> None:
        assert self.cfg is not None  # gunicorn made it (load_default_config) before calling this
        for key, value in self.settings.items():
            if value is not None:
                self.cfg.set(key, value)

    def load(self) -> ASGIApp:
        from .app import create

        return create(self.threads)


PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
M_MMAP_THRESHOLD = -3  # <malloc.h>
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value, kept


RUNNING: dict[str, Any] = {}  # in a worker: "worker", gunicorn's worker (its ``alive``)


def worker_started(_arbiter: Any, worker: Any) -> None:
    """gunicorn's ``post_fork`` hook, in each new worker: two settings of the kernel and the C
    library, made through the C library itself (Linux only; elsewhere the worker's own check of
    its parent, within a second, stays the only one).

    - It ends the moment its master dies, however the master died (``PR_SET_PDEATHSIG``,
      SIGQUIT, which :func:`worker_quit` answers). The ASGI worker's own check of its
      parent notices within a second but then stops gracefully, serving its open
      connections up to ``graceful_timeout`` (20 s) with nobody supervising it; a master
      killed with ``kill -9`` owes nobody a graceful stop. Not SIGKILL: that can land
      between a commit's frames reaching the WAL and their being published in its index,
      and Litestream copies such frames, which SQLite never checkpoints, as committed: the
      replica then restores to a malformed database (issue 36, docs/backup.md). The
      worker's render processes follow it (they watch their parent's pidfd).
    - Memory of 128 KiB and more is given back when it is freed (``M_MMAP_THRESHOLD`` fixed at
      glibc's starting value). Otherwise glibc raises that threshold to the largest block freed
      so far, and then keeps every later socket read of a request body (up to 256 KiB each) in
      its heap, where the blocks of open connections pin it: 150 uploads stalled near their end
      kept 33 MB more of two workers than with the threshold fixed (3-4.5 MB; issue 36).

    The worker is kept in ``RUNNING``: its live streams end when it stops (:mod:`.streams`)."""
    RUNNING["worker"] = worker
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGQUIT, 0, 0, 0) != 0:
        worker.log.warning("prctl(PR_SET_PDEATHSIG) failed: errno %s", ctypes.get_errno())
    elif os.getppid() != worker.ppid:
        os._exit(1)  # the master died between fork() and prctl(): nobody would send the signal
    mallopt = getattr(libc, "mallopt", None)  # glibc's; musl's does nothing
    if mallopt is not None:
        mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)


# Python's cyclic collector runs its first generation every 700 new objects and, every 100 of
# those, scans every object the worker holds. A 1,000-table session kept in a worker is a
# million objects: a save's answer (2,000 pairs' lines) then spent 0.15 s of 0.2 s in the
# collector. Few objects here form cycles, so it runs every 50,000 (issue 41).
GC_THRESHOLDS = (50_000, 20, 10)


def worker_ready(worker: Any) -> None:
    """gunicorn's ``post_worker_init`` hook, once the app is loaded: what the worker holds
    from its start (modules, templates, the games) is left out of the collector's scans
    (``gc.freeze``), and the collector runs less often (:data:`GC_THRESHOLDS`)."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


ORPHAN_LOCK_WAIT_MS = 10_000  # a save in flight finishes well within this


def worker_quit(worker: Any) -> None:
    """gunicorn's ``worker_int`` hook, in a worker told to quit at once (SIGQUIT or SIGINT).

    With its master alive this is the master's quick stop: gunicorn's own. With its master
    gone (the kernel's SIGQUIT, :func:`worker_started`) the worker takes the database's
    write lock, so that none of its threads is between a commit's first WAL frame and the
    WAL index (it waits for the one that is: a save is milliseconds), and ends there with
    ``os._exit``. Not Python's own exit: that joins the render processes' pool, whose
    processes wait for this one to end (measured: 5 of 20 crash runs left workers for more
    than 30 s). A save that had not begun is not made, and its phone, unanswered, sends it
    again."""
    if os.getppid() == worker.ppid:
        return
    database = RUNNING.get("database")
    if database is not None:
        from scorekeeper.store.db import hold_write_lock

        held = hold_write_lock(database, ORPHAN_LOCK_WAIT_MS)
        if held is None:
            worker.log.warning("quitting without the write lock of %s", database)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(0)


def worker_done(_arbiter: Any, worker: Any) -> None:
    """gunicorn's ``worker_exit`` hook, in a worker that has stopped serving (and in the
    master for a worker it found gone: nothing to do there): its render processes end now.
    Python's exit would join their pool, which waits for a render nobody is waiting for, or
    for the warm-up's load of WeasyPrint at niceness 19: a stop then took 3 s, and up to
    gunicorn's ``graceful_timeout`` on a busy machine (20.5 s measured), against 1.6 s. A
    render process returns its PDF to the worker, which writes the shared files: ending one
    leaves no half-written PDF (:func:`scorekeeper.printing.pdf_render.end_now`)."""
    if os.getpid() != worker.pid:
        return
    from scorekeeper.printing import pdf_render

    pdf_render.end_now()


def default_workers() -> int:
    """Worker processes: four a core, 2 to 16. Each has its own GIL, and with fewer requests
    in flight in each the tail is shorter (docs/performance.md: 8 x 64 on 2 cores answered a
    500-table night with a p99 of 26-39 ms, 2 x 128 351 ms)."""
    return min(16, max(2, 4 * (os.cpu_count() or 1)))


def options(host: str, port: int, instance: Path, workers: int = 2,
            tls: tuple[str, str] | None = None) -> dict[str, Any]:
    """The gunicorn settings of ``scorekeeper serve`` (the documented gunicorn command's);
    ``tls``: (certfile, keyfile) for gunicorn's own HTTPS."""
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "bind": bind,
        "workers": workers,
        "worker_class": "asgi",
        "asgi_lifespan": "off",  # a WSGI app has no lifespan
        "certfile": tls[0] if tls else None,
        "keyfile": tls[1] if tls else None,
        "pidfile": str(instance / PID_FILE),
        # A phone polls every 2 s: a kept-alive connection outlives the pause, so a poll costs
        # no new TCP connection; idle ones wait in the worker's event loop, not in a thread.
        "keepalive": 5,
        # gunicorn's watchdog: a worker whose event loop has not beaten (once a second) for
        # this long is killed and replaced. A worker stopped (SIGSTOP, a frozen VM) while
        # holding SQLite's write lock holds every save of the others too: they answer 503
        # after the 5 s busy timeout, and the connections it holds hang until it is killed,
        # within this plus 2 s (issue 36: 30 s let a 20 s stop hold saves the whole 20 s).
        # Also the wait for each piece of a request body (then 408).
        "timeout": 10,
        "graceful_timeout": 20,
        "preload_app": False,  # never share a SQLite connection across fork()
        "post_fork": worker_started,
        "post_worker_init": worker_ready,
        "worker_int": worker_quit,
        "worker_exit": worker_done,
        # Request heads: gunicorn's own limits (line, fields, field size) answer 400/431.
        "limit_request_line": 8190,
        "limit_request_fields": 100,
        "limit_request_field_size": 8190,
        "forwarded_allow_ips": "",  # trust no X-Forwarded-*: the app's ProxyFix decides
        "control_socket_disable": True,  # no control socket in $HOME shared by every server
        "proc_name": "scorekeeper",
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


def run(host: str, port: int, instance: Path, workers: int, threads: int,
        tls: tuple[str, str] | None = None) -> int:
    """Serve until stopped (SIGTERM or SIGINT: a graceful stop); return the exit status."""
    raise_open_files_limit()
    server = ScorekeeperServer(options(host, port, instance, workers, tls), threads)
    server.run()  # type: ignore[no-untyped-call]  # gunicorn has no type hints
    return 0
