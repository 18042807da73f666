"""The tests' own layout (issue 37): shared builders and helpers live in one place, the
``tests/support/`` package; a test module never imports another test module, and a module
that is neither a test, a conftest.py nor part of ``support`` does not sit among the tests."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# Scripts and lists that are not imported by the tests: the benchmarks (run by hand) and
# vulture's whitelist (read by tests/test_dead_code.py).
NOT_HELPERS = {TESTS / "vulture_whitelist.py"}


def python_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py")
                  if "benchmarks" not in p.relative_to(TESTS).parts)


def imported_modules(source: str) -> list[str]:
    """Every module ``source`` imports, anywhere in it (inside functions too), relative ones
    with their leading dots; ``from x import y`` counts as both ``x`` and ``x.y``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found.append(base)
            found += [f"{base.rstrip('.')}.{alias.name}" if node.module else base + alias.name
                      for alias in node.names]
    return found


def names_a_test_module(module: str) -> bool:
    """Whether an import names a test module or a conftest (any part: ``test_x``,
    ``engine.test_x``, ``.conftest``)."""
    parts = [p for p in module.split(".") if p]
    return any(p.startswith("test_") or p == "conftest" for p in parts)


def test_no_test_module_or_helper_imports_a_test_module_or_a_conftest():
    offenders = {
        path.relative_to(TESTS).as_posix(): bad
        for path in python_files()
        if (bad := [m for m in imported_modules(path.read_text(encoding="utf-8"))
                    if names_a_test_module(m)])
    }
    assert offenders == {}, "import helpers from tests/support/, not from tests: " + str(offenders)


def test_helpers_live_in_the_support_package():
    support = TESTS / "support"
    strays = [
        path.relative_to(TESTS).as_posix() for path in python_files()
        if support not in path.parents and path not in NOT_HELPERS
        and not path.name.startswith("test_") and path.name not in ("conftest.py", "__init__.py")
    ]
    assert strays == [], "move these helpers into tests/support/: " + str(strays)


def test_the_checks_see_what_they_look_for():
    """The checks above would find an offender: imports inside functions, relative ones and
    ``from . import test_x`` are read, and the test modules and the support package are found."""
    code = ("import support.pages\nfrom support import fiveplay\n"
            "def f():\n    from test_print import pdf_text\n"
            "from .conftest import SEATS\nfrom . import test_cards\nimport engine.test_whist\n")
    bad = sorted({m for m in imported_modules(code) if names_a_test_module(m)})
    assert bad == [".conftest", ".conftest.SEATS", ".test_cards", "engine.test_whist",
                   "test_print", "test_print.pdf_text"]
    files = python_files()
    assert TESTS / "test_layout.py" in files and TESTS / "support" / "__init__.py" in files
    assert TESTS / "browser" / "test_table.py" in files
