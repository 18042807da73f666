"""Writers take turns before they ask SQLite for its write lock.

SQLite lets one writer in at a time; the others wait in its busy handler, which sleeps and looks
again after 1, 2, 5, 10 ... up to 100 ms. When a club night's tables save a hand every few
milliseconds, a waiting writer sleeps through the moments the lock was free, and an unlucky one
loses every turn until its busy timeout ends in "busy, try again" while later ones pass.

Here a writer first waits in line: within a process on a lock (a thread waiting holds no GIL),
across the server's processes on a file lock beside the database (``<database>-gate``), looked at
every half millisecond. So when SQLite is asked, its lock is free or about to be, and writers
pass in about the order they came. The line is kept for at most the connection's busy timeout;
then the writer gets the same "database is locked" error SQLite would give (the app answers 503
in words). SQLite's lock stays the real one: a writer that does not come through here (another
program, the command line) is still kept out by SQLite.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

LOOK_EVERY = 0.0005  # seconds between looks at another process's file lock


class Gate:
    """The line of writers to one database file."""

    def __init__(self, database: str):
        self.path = f"{database}-gate"
        self.lock = threading.Lock()  # this process's writers, one at a time

    @contextmanager
    def turn(self, timeout: float) -> Iterator[None]:
        """Wait (at most ``timeout`` seconds) until no other writer through this gate is in."""
        deadline = time.monotonic() + timeout
        if not self.lock.acquire(timeout=max(0.0, timeout)):
            raise sqlite3.OperationalError("database is locked")
        try:
            try:  # opened for each turn: nothing is left open, nor shared with a forked child
                fd: int | None = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC,
                                         0o600)
            except OSError:
                fd = None  # e.g. a read-only folder: only this process's writers take turns
            try:
                while fd is not None:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() >= deadline:
                            raise sqlite3.OperationalError("database is locked") from None
                        time.sleep(LOOK_EVERY)
                yield
            finally:
                if fd is not None:
                    os.close(fd)  # lets go of the file lock too
        finally:
            self.lock.release()


_gates: dict[str, Gate] = {}
_gates_lock = threading.Lock()


def gate_for(database: str) -> Gate:
    """The one gate of this process for ``database`` (a file path)."""
    with _gates_lock:
        found = _gates.get(database)
        if found is None:
            found = _gates[database] = Gate(database)
        return found
