"""The rate-limit counts' storage (scorekeeper/web/limits_store.py): fixed windows in a SQLite
file that two storages (as two server processes) share; through the ``limits`` library, as
Flask-Limiter uses it. (Through the real server with several workers:
tests/reliability/test_hostile.py, the per-address PDF limit counted once.)"""

from __future__ import annotations

import time

from limits import parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from scorekeeper.web.limits_store import SQLiteStorage


def test_two_processes_share_one_count(tmp_path):
    uri = f"sqlite://{tmp_path / 'limits.db'}"
    first, second = storage_from_string(uri), storage_from_string(uri)
    assert isinstance(first, SQLiteStorage) and first.check()
    item = parse("3 per minute")
    one, two = FixedWindowRateLimiter(first), FixedWindowRateLimiter(second)
    assert [one.hit(item, "pdf", "1.2.3.4"), two.hit(item, "pdf", "1.2.3.4"),
            one.hit(item, "pdf", "1.2.3.4"), two.hit(item, "pdf", "1.2.3.4")] == [
        True, True, True, False]
    assert two.hit(item, "pdf", "5.6.7.8")  # another address has its own count
    reset, remaining = one.get_window_stats(item, "pdf", "1.2.3.4")
    assert remaining == 0
    assert time.time() < reset <= time.time() + 60


def test_a_window_ends_and_a_new_one_starts(tmp_path):
    storage = SQLiteStorage(f"sqlite://{tmp_path / 'limits.db'}")
    assert storage.incr("k", 0.2) == 1
    assert storage.incr("k", 0.2) == 2
    assert storage.get("k") == 2
    time.sleep(0.25)
    assert storage.get("k") == 0  # the window is over
    assert storage.incr("k", 60, amount=2) == 2  # a new one, counted from its start
    assert storage.get_expiry("k") > time.time() + 59
    storage.clear("k")
    assert storage.get("k") == 0
    storage.incr("a", 60)
    storage.incr("b", 60)
    assert storage.reset() == 2
