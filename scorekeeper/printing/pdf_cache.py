"""Finished PDFs kept as files in the instance folder, shared by every server process.

Each gunicorn worker used to keep its own PDFs in memory, so the same match PDF was rendered
once per worker (up to 8 times, 1.8-2.3 s each). Here a render's result is written once to
``instance/pdf-cache/<sha256 of the key>.pdf`` and every worker reads it from there:

- Written whole or not at all: a temporary file in the same folder, then ``os.replace``. A
  reader sees the old file, the new one or none, never half of one.
- Bounded: past ``max_bytes`` the least recently used files go (a hit touches its file's
  time). A full disk, a read-only folder or a file in the folder's place: the PDF is still
  answered, just not kept (every error here is an ``OSError`` swallowed: the cache is an aid).
- Rendered once across processes: the process about to render holds an ``flock`` on one of
  ``STRIPES`` lock files (chosen by the key); another process about to render the same PDF
  waits for it, then finds the file. A stopped or killed holder lets go when the kernel closes
  its file (gunicorn's watchdog kills a stopped worker within seconds).

The key must name only what the document shows and nothing a request chooses freely (issue
36: no file per request from a header): the callers leave the request's address out when the
document prints no link (:mod:`scorekeeper.web.prints.sheets`), and keep documents that
print links or keys in memory only.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import tempfile
import time
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

STRIPES = 64  # lock files: two PDFs render together unless their keys share a stripe
POLL = 0.05  # seconds between tries of a held lock (a render takes 0.3-2 s)
STALE_TEMP = 600  # seconds after which a temporary file is a dead writer's leftover


@dataclass(frozen=True)
class DiskCache:
    """The PDF files of one instance folder."""

    folder: Path
    max_bytes: int

    def path(self, key: Hashable) -> Path:
        digest = hashlib.sha256(repr(key).encode("utf-8", "backslashreplace")).hexdigest()
        return self.folder / f"{digest}.pdf"

    def get(self, key: Hashable) -> bytes | None:
        """The kept PDF of ``key``, or None (none kept, or it cannot be read)."""
        path = self.path(key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        try:
            os.utime(path)  # recently used: pruned last
        except OSError:
            pass
        return data if data.startswith(b"%PDF") else None

    def put(self, key: Hashable, data: bytes) -> bool:
        """Keep ``data`` for ``key`` (whole or not at all), then prune; False if not kept."""
        if len(data) > self.max_bytes:
            return False
        part: str | None = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, part = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(part, self.path(key))
            part = None
        except OSError:
            return False
        finally:
            if part is not None:
                try:
                    os.unlink(part)
                except OSError:
                    pass
        self.prune()
        return True

    def prune(self) -> None:
        """Drop the least recently used files until the rest fit in ``max_bytes``, and the
        temporary files a killed writer left."""
        now = time.time()
        kept: list[tuple[float, int, Path]] = []
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
                if entry.name.endswith(".tmp") and now - info.st_mtime > STALE_TEMP:
                    os.unlink(entry.path)
                elif entry.name.endswith(".pdf"):
                    kept.append((info.st_mtime, info.st_size, Path(entry.path)))
            except OSError:
                continue  # another process pruned it first
        total = sum(size for _when, size, _path in kept)
        for _when, size, path in sorted(kept):
            if total <= self.max_bytes:
                break
            try:
                path.unlink()
            except OSError:
                pass
            total -= size

    def lock(self, key: Hashable, wait: float) -> RenderLock | None:
        """The lock of ``key``'s stripe, waited for up to ``wait`` seconds; None when it could
        not be had in that time (then no process renders it twice for lack of this one: the
        caller answers busy). A folder that cannot hold the lock files gives a lock that locks
        nothing: the PDF is rendered, maybe twice."""
        stripe = int(self.path(key).stem[:8], 16) % STRIPES
        try:
            (self.folder / "locks").mkdir(parents=True, exist_ok=True)
            fd = os.open(self.folder / "locks" / f"{stripe:02d}.lock", os.O_RDWR | os.O_CREAT,
                         0o600)
        except OSError:
            return RenderLock(None)
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return RenderLock(fd)
            except OSError as error:
                if error.errno not in (errno.EAGAIN, errno.EACCES):
                    os.close(fd)
                    return RenderLock(None)
            if time.monotonic() >= deadline:
                os.close(fd)
                return None
            time.sleep(POLL)


class RenderLock:
    """A held stripe lock (or none, ``fd`` None); :meth:`release` may be called from any
    thread, once or more."""

    def __init__(self, fd: int | None):
        self._fd = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing the file lets the flock go
