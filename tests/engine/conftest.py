"""Fixtures of the engine tests (their helpers, a match built around some hands and checked,
are in tests/support/engine_matches.py)."""

from __future__ import annotations

import pytest
from support.helpers import SEATS


@pytest.fixture
def seats() -> dict[str, str]:
    return dict(SEATS)
