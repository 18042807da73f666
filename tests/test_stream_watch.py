"""The streams' watcher (``serving/streams.Hub``) tells a change that its write's wake-up
missed: a commit's WAL frames are written (inotify wakes the watcher), synced, and only then
does SQLite's index of the WAL (a memory map inotify does not see) show it. On a busy disk the
sync outlasted the watcher's looks, and the change waited for the next write (a table's phone
told seconds late, issue 41). Now a sleeping watcher looks at every ``ALIVE`` wake too."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from support import table_session

from scorekeeper.service import session_tables as tables
from scorekeeper.serving import streams


class Unheard:
    """Writes the kernel never reports (the commit became visible after the last look)."""

    async def wait(self) -> None:
        await asyncio.Event().wait()

    def close(self) -> None:
        pass


def test_a_change_the_wake_up_missed_is_told_at_the_next_alive_look(
        app: Any, db: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sid, _key = table_session.start(db)
    monkeypatch.setattr(streams, "watch_writes", lambda database: Unheard())
    monkeypatch.setattr(streams, "ALIVE", 0.05)
    monkeypatch.setattr(streams, "TICK", 0.01)
    original = streams.Hub._written

    async def follow() -> tuple[streams.Key, str] | None:
        asleep = asyncio.Event()

        async def written(hub: streams.Hub, writes: Any) -> bool | None:
            asleep.set()  # the looks are over: only the ALIVE wakes look now
            return await original(hub, writes)

        monkeypatch.setattr(streams.Hub, "_written", written)
        hub = streams.Hub(Path(app.config["DATABASE"]))
        queue: streams.Inbox = asyncio.Queue()
        key = ("s", sid)
        hub.join(hub.read([key]), queue)
        await asyncio.wait_for(asleep.wait(), timeout=30)
        await asyncio.to_thread(next_round, app, sid)  # another connection commits
        told = await asyncio.wait_for(queue.get(), timeout=30)  # a condition, not a clock
        hub.leave([key], queue)
        assert hub.watcher is not None
        hub.watcher.cancel()
        return told

    told: list[tuple[streams.Key, str] | None] = []
    # its own thread: a browser test before it in this process may hold a running loop here
    runner = threading.Thread(target=lambda: told.append(asyncio.run(follow())))
    runner.start()
    runner.join()
    assert told == [(("s", sid), "2")]


def next_round(app: Any, sid: str) -> None:
    from scorekeeper.store.db import connect

    other = connect(app.config["DATABASE"])
    try:
        assert tables.next_round(other, sid) is tables.RoundStatus.CHANGED
    finally:
        other.conn.close()
