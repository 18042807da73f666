"""Fixtures for the reliability tests (helpers live in ``tests/support/reliability.py``).

- ``serve``: a factory ``serve(instance=None, **env) -> ServeProcess`` starting
  ``scorekeeper serve`` (gunicorn, its own process group); every server is stopped at teardown.
- ``server``: one such server shared by a test module, write limit off (create your own
  matches).
- ``phones``: ``phones(base) -> Phone``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from support.reliability import Phone, ServeProcess


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """``serve(instance=None, **env)``: start a real server; all are stopped at teardown."""
    started: list[Any] = []

    def start(instance: Path | None = None, **env: str):
        proc = ServeProcess(instance or tmp_path / "instance", env=env,
                            log=tmp_path / f"serve-{len(started)}.log")
        started.append(proc)
        proc.start()
        return proc

    yield start
    for proc in started:
        proc.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One real server for a test module (write limit off: the tests hammer single matches)."""
    tmp = tmp_path_factory.mktemp("served")
    proc = ServeProcess(tmp / "instance", env={"SCOREKEEPER_WRITE_LIMIT_PER_MINUTE": "0"},
                        log=tmp / "serve.log")
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture
def phones() -> Iterator[Callable[[str], Phone]]:
    """``phones(base)``: a new phone; all are closed at teardown."""
    made: list[Phone] = []

    def make(base: str) -> Phone:
        phone = Phone(base)
        made.append(phone)
        return phone

    yield make
    for phone in made:
        phone.close()


