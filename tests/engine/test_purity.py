"""The engine stays pure (no Flask, SQLite or WeasyPrint) and fully typed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PURE = [ROOT / "scorekeeper" / "engine", ROOT / "scorekeeper" / "formats"]
FORBIDDEN = {"flask", "flask_babel", "flask_wtf", "sqlite3", "sqlite_utils", "weasyprint",
             "werkzeug", "jinja2"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_and_formats_import_nothing_of_the_web_store_or_pdf():
    for folder in PURE:
        for path in folder.glob("*.py"):
            assert not imported_modules(path) & FORBIDDEN, path


def test_engine_is_fully_typed():
    files = [str(p) for folder in PURE for p in sorted(folder.glob("*.py"))]
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--no-error-summary", *files, str(ROOT / "scorekeeper" / "check.py")],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
