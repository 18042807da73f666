"""PDF renders kept away from the scorers: a bounded queue in front of a pool of render
processes, and a cache of finished PDFs.

Rendering takes a core for up to a second or two. Done in the web process it would hold the
GIL (and Pango's lock) while hand saves wait; here the web process only builds the HTML and
hands it to a render process, then waits without holding anything. So:

- At most ``PDF_WORKERS`` renders run at once (processes started with the *spawn* method: a
  clean interpreter that never inherits the web process's SQLite connections, at a lower CPU
  priority), and at most ``PDF_WORKERS + PDF_QUEUE`` requests wait for renders; past that the
  answer is 503 with ``Retry-After`` at once. So PDF requests never hold more than a few of a
  worker's threads, and the rest stay free for hand saves and pages.
- A render has ``PDF_TIMEOUT`` seconds of CPU: its process arms a CPU-time timer whose signal
  ends it (the kernel does it, even inside C code), the waiting requests get 503, and the next
  render starts a new process. CPU time, not the clock: on a busy machine a render at niceness
  19 waits for the CPU without running out its time. A request that waited ``PDF_TIMEOUT``
  seconds (by the clock) gets 503 whatever the render's state.
- A render process ends when the web process that started it ends, whatever ended it (a
  SIGKILL, the server's SIGTERM): it watches its parent through a pidfd.
- Finished PDFs are kept (``PDF_CACHE`` of them, least recently used dropped) under a key that
  names what they show: the match, its version, the language and the paper size. Identical
  requests arriving together wait for the same render: a flood of one request renders once.
- The match sheets (and club nights' PDFs with ``PUBLIC_URL`` set, but never a director's
  keyed tents) are also kept as files in the instance folder (:mod:`.pdf_cache`,
  ``PDF_DISK_CACHE_MB``), read by every process: a PDF is rendered once for all the workers,
  not once per worker; a process about to render what another is rendering waits for it.

One queue per process (every app in it shares it), so each gunicorn worker has its own small
pool, started with the worker (:func:`warm`): the first PDF finds WeasyPrint loaded.
:mod:`scorekeeper.pdf` stays the only module that imports WeasyPrint; the render processes
import it, the web process never renders.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import select
import signal
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from . import pdf
from .pdf_cache import DiskCache, RenderLock

Shared = tuple[DiskCache, Hashable]  # the instance's PDF files, and the document's key there
NO_LOCK = RenderLock(None)

RETRY_AFTER = 5  # seconds: a render takes one or two
RENDER_NICENESS = 19
# The web process waits this much longer than a render's own limit, so that on a quiet machine
# a render that ran out its time has been ended by its timer and reported before the wait ends.
WAIT_GRACE = 2.0


class RenderBusy(Exception):
    """No room in the render queue, or the render took too long (answer 503)."""


class RenderQueue:
    """A bounded pool of render processes with a cache of finished PDFs."""

    def __init__(self, workers: int = 1, queue: int = 2, timeout: float = 60.0,
                 cache_size: int = 64):
        self.workers = max(1, workers)
        self.queue = max(0, queue)
        self.timeout = timeout
        self.cache_size = max(0, cache_size)
        self._lock = threading.Lock()
        self._waiting = 0  # requests waiting for a render now
        self._executor: ProcessPoolExecutor | None = None
        self._cache: OrderedDict[Hashable, bytes] = OrderedDict()
        self._running: dict[Hashable, tuple[Future[bytes], ProcessPoolExecutor]] = {}
        self.renders = 0  # renders started (for tests and the benchmark)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_render_process_start, initargs=(os.getpid(),),
            )
        return self._executor

    def cached(self, key: Hashable) -> bytes | None:
        """A finished PDF for ``key``, or None."""
        with self._lock:
            data = self._cache.get(key)
            if data is not None:
                self._cache.move_to_end(key)
            return data

    def render(self, key: Hashable, build: Callable[[], tuple[Any, ...]]) -> bytes:
        """The PDF for ``key`` (see :meth:`render_how`)."""
        return self.render_how(key, build)[0]

    def render_how(self, key: Hashable, build: Callable[[], tuple[Any, ...]],
                   shared: Shared | None = None) -> tuple[bytes, str]:
        """The PDF for ``key`` and how it came: ``"cached"``, ``"shared"`` (a render under way
        for another request) or ``"rendered"``.

        At most ``workers + queue`` requests wait for renders at once (whether they started
        the render or share one): a web thread never queues behind more than that, so the
        threads that save hands stay free. Past it: :class:`RenderBusy` at once.

        :param build: called only when a render is needed; returns the arguments of
            :func:`scorekeeper.pdf.render_pdf` (html, base_url, static_url, static_dir,
            stylesheets).
        :param shared: the instance's PDF files and this document's key there: a PDF one
            process rendered is read by the others, and rendered once among them.
        :raises RenderBusy: too many waiting, or the render took longer than the limit.
        """
        data = self.cached(key)
        if data is not None:
            return data, "cached"
        if shared is not None:
            data = shared[0].get(shared[1])
            if data is not None:
                self._keep(key, data)
                return data, "cached"
        with self._lock:
            if self._waiting >= self.workers + self.queue:
                raise RenderBusy("the render queue is full")
            self._waiting += 1
        try:
            future, pool, how = self._future(key, build, shared)
            try:
                data = future.result(timeout=self.timeout + WAIT_GRACE)
            except FutureTimeout:
                future.cancel()  # still queued: never starts; running: its timer ends it
                raise RenderBusy("the render took too long") from None
            except BrokenProcessPool:  # a render ran out its time, or its process died
                if pool is not None:
                    self._drop_pool(pool)
                raise RenderBusy("the render process stopped") from None
        finally:
            with self._lock:
                self._waiting -= 1
        self._keep(key, data)
        return data, how

    def _keep(self, key: Hashable, data: bytes) -> None:
        with self._lock:
            if self.cache_size:
                self._cache[key] = data
                self._cache.move_to_end(key)
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)

    def _future(self, key: Hashable, build: Callable[[], tuple[Any, ...]],
                shared: Shared | None = None,
                ) -> tuple[Future[bytes], ProcessPoolExecutor | None, str]:
        """The render under way for ``key``, or a new one, and the pool it runs in; with
        ``shared``, a render another process finished while this one waited for its lock
        (no pool)."""
        with self._lock:
            running = self._running.get(key)
        if running is not None:
            return (*running, "shared")
        held = NO_LOCK
        if shared is not None:
            waited = shared[0].lock(shared[1], self.timeout + WAIT_GRACE)
            if waited is None:
                raise RenderBusy("another process is still rendering it")
            held = waited
            data = shared[0].get(shared[1])
            if data is not None:  # the process we waited for rendered it
                held.release()
                ready: Future[bytes] = Future()
                ready.set_result(data)
                return ready, None, "cached"
        try:
            future, pool, how = self._submit(key, build)
        except BaseException:
            held.release()
            raise
        if how != "rendered":
            held.release()
            return future, pool, how

        def done(finished: Future[bytes]) -> None:
            with self._lock:
                if self._running.get(key, (None,))[0] is finished:
                    del self._running[key]
            try:
                if shared is not None and not finished.cancelled() \
                        and finished.exception() is None:
                    shared[0].put(shared[1], finished.result())
            finally:
                held.release()  # after the file is there: a waiting process finds it

        future.add_done_callback(done)
        return future, pool, how

    def _submit(self, key: Hashable, build: Callable[[], tuple[Any, ...]],
                ) -> tuple[Future[bytes], ProcessPoolExecutor, str]:
        args = build()  # outside the lock: it reads the database and renders a template
        with self._lock:
            running = self._running.get(key)
            if running is not None:  # another request started the same render meanwhile
                return (*running, "shared")
            pool = self._pool()
            try:
                future = pool.submit(_render_in_process, self.timeout, *args)
            except BrokenProcessPool:  # a render process died: start afresh next time
                broken = True
            else:
                broken = False
                self._running[key] = (future, pool)
                self.renders += 1
        if broken:
            self._drop_pool(pool)
            raise RenderBusy("the render process stopped")
        return future, pool, "rendered"

    def warm(self, stylesheets: tuple[str, ...] = ()) -> None:
        """Start the render processes now and have them load WeasyPrint and the fonts (their
        initializer), so that the first PDF does not wait for that (0.6 s of CPU, 1-1.5 s on
        a busy machine; each process then holds about 60 MB). With ``stylesheets`` (whole
        paths) each also renders a line of text with them: what a first render does once
        (the sheets parsed, the faces of every script a sheet shows opened, the layout's code
        run) is then done, and the first sheet asked for takes what later ones take."""
        with self._lock:
            pool = self._pool()
            for _n in range(self.workers):
                if stylesheets:
                    pool.submit(_render_in_process, self.timeout, WARM_HTML, "http://localhost/",
                                "/static/", Path("/nonexistent"), stylesheets)
                else:
                    pool.submit(_ready)

    def _drop_pool(self, broken: ProcessPoolExecutor) -> None:
        """Let a broken pool go (its executor has already ended its processes); the next
        render starts a new one."""
        with self._lock:
            if self._executor is broken:
                self._executor = None
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """End the render processes (at exit, or in tests)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


def _render_process_start(parent: int) -> None:
    """In a render process: the lowest CPU priority (niceness 19), so that on a busy machine
    the web processes (hand saves, pages) always go first and a render gets the CPU they leave.
    (Not ``SCHED_IDLE``: on a machine busy with other work a render would then wait minutes,
    past ``PDF_TIMEOUT``.) Then watch ``parent``, the web process, and end with it, and load
WeasyPrint."""
    try:
        os.nice(RENDER_NICENESS - os.nice(0))  # to 19, whatever the server's own niceness
    except OSError:
        pass
    signal.signal(signal.SIGPROF, signal.SIG_DFL)  # a render's timer ends the process
    watch_parent(parent)
    pdf.load()  # before any render's timer runs: the limit is for the render


def watch_parent(parent: int) -> None:
    """End this process as soon as ``parent`` ends: a daemon thread waits on a pidfd of it.

    Not ``PR_SET_PDEATHSIG``: it fires when the *thread* that started the process ends, and a
    pool starts its processes from whichever request thread submits first.
    """
    if os.getppid() != parent:  # it ended before we started watching
        os._exit(0)
    try:
        pidfd = os.pidfd_open(parent)
    except OSError:  # it ended meanwhile
        os._exit(0)

    def wait() -> None:
        select.select([pidfd], [], [])
        os._exit(0)  # nothing to save: a render in flight has no one left to answer

    threading.Thread(target=wait, name="watch-parent", daemon=True).start()


# A line in each script the sheets print (Latin, both Chinese scripts, the suits, a true
# minus), in a table as the sheets' are
WARM_HTML = ('<html lang="en"><body><h1>Scorekeeper</h1><table><tr><th>Ann &amp; Bo</th>'
             '<td>計分表 记分表</td><td>♠♥♦♣ −12 3</td></tr></table></body></html>')


def _ready() -> bool:
    """A task that only makes the pool start a process (whose initializer loads WeasyPrint)."""
    return True


_rendered_once = False


def _render_in_process(limit: float, *args: Any) -> bytes:
    """:func:`scorekeeper.printing.pdf.render_pdf` in a render process, ended by SIGPROF
    (its default action) after ``limit`` seconds of CPU. After its first render
    the process's long-lived objects (WeasyPrint's modules, the fonts and parsed stylesheets
    now cached) are moved out of the garbage collector's sight (``gc.freeze``): the full
    collections that come every few renders then walk only what a render leaves behind, not
    the hundred thousand objects that stay for the process's life."""
    global _rendered_once
    signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        data = pdf.render_pdf(*args)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    if not _rendered_once:
        _rendered_once = True
        gc.collect()
        gc.freeze()
    return data


_queue: RenderQueue | None = None
_queue_lock = threading.Lock()


def queue() -> RenderQueue:
    """This process's render queue, made on first use from the app's settings."""
    global _queue
    config = current_app.config
    with _queue_lock:
        if _queue is None:
            _queue = RenderQueue(
                workers=int(config.get("PDF_WORKERS", 1)),
                queue=int(config.get("PDF_QUEUE", 2)),
                timeout=float(config.get("PDF_TIMEOUT", 60)),
                cache_size=int(config.get("PDF_CACHE", 64)),
            )
        else:  # the limits follow the app (tests build several apps in one process)
            _queue.timeout = float(config.get("PDF_TIMEOUT", _queue.timeout))
            _queue.queue = max(0, int(config.get("PDF_QUEUE", _queue.queue)))
        return _queue


def render(key: Hashable, html: Callable[[], str], base_url: str, static_dir: Path,
           static_url: str, stylesheets: tuple[str, ...], shared_key: Hashable | None = None,
           ) -> tuple[bytes, str]:
    """Render (or reuse) the PDF of ``key``; ``html`` builds the document only if needed.
    Returns the PDF and how it came (``cached``, ``shared`` or ``rendered``).

    :param shared_key: the document's key among the instance's PDF files (every process
        reads them), or None to keep it in this process only. It must hold nothing a request
        chooses freely (its ``Host``): a file per made-up value would fill the folder.
    """
    cache = disk_cache()
    return queue().render_how(
        key, lambda: (html(), base_url, static_url, static_dir, stylesheets),
        (cache, shared_key) if cache is not None and shared_key is not None else None,
    )


def disk_cache() -> DiskCache | None:
    """The app's PDF files (``instance/pdf-cache``, ``PDF_DISK_CACHE_MB``), or None if off."""
    megabytes = float(current_app.config.get("PDF_DISK_CACHE_MB", 0) or 0)
    if megabytes <= 0 or not int(current_app.config.get("PDF_CACHE", 64)):  # 0: no cache
        return None
    return DiskCache(Path(current_app.instance_path) / "pdf-cache",
                     int(megabytes * 1024 * 1024))


def warm(app: Flask, stylesheets: tuple[str, ...] = ()) -> None:
    """Start ``app``'s process's render processes now (``PDF_WARM``), each rendering a line
    with ``stylesheets`` (paths under the app's static folder): the server calls it in each
    worker as it starts, so no phone waits for WeasyPrint to load or for a first render's
    one-time work."""
    if app.config.get("PDF_WARM"):
        static = Path(app.static_folder or "static")
        with app.app_context():
            queue().warm(tuple(str(static / name) for name in stylesheets))


def end_now() -> None:
    """End this process's render processes now (a worker that stopped serving: no one waits
    for their renders) and close their pool here: left to Python's exit, the pool's wake-up
    races its own clean-up (3.11: "Bad file descriptor")."""
    with _queue_lock:
        held = _queue
    if held is None:
        return
    for child in multiprocessing.active_children():  # the pool's processes: a public list
        child.kill()
    held.close()


def init_app(app: Flask) -> None:
    """Nothing to start here: the server warms the pool (:func:`warm`), else the first PDF
    starts it."""
    del app
