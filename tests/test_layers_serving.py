"""Where the SQLite module and the serving code may be imported (issue 21): one SQLite module,
the store's (``scorekeeper.store.db.sqlite3``, the pysqlite3 wheel's when installed: its
exceptions are not the standard module's), and the serving package only from the command."""

from __future__ import annotations

import ast
from pathlib import Path

from scorekeeper import PACKAGE
from scorekeeper.store import db

TESTS = Path(__file__).resolve().parent


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_sqlite3_comes_from_the_store():
    """Take the module from the store: ``from scorekeeper.store.db import sqlite3``."""
    offenders = [str(p) for p in [*PACKAGE.rglob("*.py"), *TESTS.rglob("*.py")]
                 if p.parent != PACKAGE / "store" and {"sqlite3", "pysqlite3"} & imports(p)]
    assert offenders == []


def test_the_store_hands_out_a_sqlite_with_the_wal_fix():
    import sqlite_utils.utils

    assert db.sqlite3 is sqlite_utils.utils.sqlite3  # the module sqlite-utils resolved
    assert db.sqlite3.__name__ == "pysqlite3"
    assert db.wal_is_safe()


def test_nothing_but_the_command_imports_the_serving_package():
    offenders = [str(p) for p in PACKAGE.rglob("*.py")
                 if p.parent.name not in ("serving", "cli")
                 and any(name.startswith("scorekeeper.serving") for name in imports(p))]
    assert offenders == []
