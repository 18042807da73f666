"""Wake the live streams' watcher when the database's files are written: the kernel's inotify
(Linux, through the C library as :mod:`.config` does for ``prctl``) on the instance folder,
read in the event loop. A commit writes the WAL (or, without WAL, the database file), so a
worker whose streams are all quiet does nothing at all until a write; the watcher then asks
SQLite's ``PRAGMA data_version`` what it means (:mod:`.streams`). Elsewhere, or if inotify is
refused (no more watches), :func:`watch` returns None and the watcher asks SQLite every tick.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import struct
import sys
from pathlib import Path

IN_MODIFY, IN_MOVED_TO, IN_CREATE = 0x2, 0x80, 0x100
HEADER = struct.Struct("iIII")  # struct inotify_event: wd, mask, cookie, len (then the name)


class Writes:
    """Writes to the files of one database (``<name>``, ``<name>-wal``, ``<name>-journal``):
    :meth:`wait` returns once there has been one since the last wait."""

    def __init__(self, fd: int, name: str):
        self.fd, self.name = fd, name.encode()
        self.written = asyncio.Event()
        asyncio.get_running_loop().add_reader(fd, self._read)

    def _read(self) -> None:
        try:
            data = os.read(self.fd, 64 * 1024)
        except BlockingIOError:
            return
        at = 0
        while at + HEADER.size <= len(data):
            _wd, _mask, _cookie, size = HEADER.unpack_from(data, at)
            name = data[at + HEADER.size:at + HEADER.size + size].rstrip(b"\0")
            at += HEADER.size + size
            if name == self.name or name.startswith(self.name + b"-"):
                self.written.set()

    async def wait(self) -> None:
        await self.written.wait()
        self.written.clear()

    def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.fd)
        os.close(self.fd)


def watch(database: Path) -> Writes | None:
    """Writes to ``database``'s files from now on, or None where inotify is not to be had."""
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
    if fd < 0:
        return None
    folder = str(database.resolve().parent).encode()
    if libc.inotify_add_watch(fd, folder, IN_MODIFY | IN_MOVED_TO | IN_CREATE) < 0:
        os.close(fd)
        return None
    return Writes(fd, database.name)
