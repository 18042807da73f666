"""Modules stay small (BRIEF: < 400 lines, named after what they hold; issue 23): a module
that grows past the limit is split by what it holds, not let through."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 400


def test_no_module_in_the_package_is_over_400_lines() -> None:
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in (ROOT / "scorekeeper").rglob("*.py")}
    assert sizes, "no modules found"
    over = {rel: n for rel, n in sorted(sizes.items()) if n > LIMIT}
    assert not over, over
