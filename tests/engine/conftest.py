"""Helpers for engine tests: build a match around some hands and check it."""

from __future__ import annotations

import pytest
from support.helpers import SEATS


@pytest.fixture
def seats() -> dict[str, str]:
    return dict(SEATS)
