"""Bridge's double dummy, PBN and statistics modules are pure and typed: nothing of the web,
the store or the PDF is loaded from them (every import followed), and mypy --strict passes."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = ROOT / "scorekeeper" / "games" / "bridge"
MODULES = ["analysis", "analysis_words", "deal_cards", "endplay_types", "notation", "pbn",
           "pbn_auction", "pbn_export", "pbn_games", "pbn_words", "stats"]
FORBIDDEN = {"flask", "flask_babel", "flask_wtf", "sqlite3", "sqlite_utils", "pysqlite3",
             "weasyprint", "werkzeug", "jinja2"}


def _imports(path: Path) -> set[str]:
    """The modules a file imports, its relative imports made absolute."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = node.module or ""
            names.add(f"{base}.{module}".strip(".") if node.level else module)
    return names


def _loaded(name: str) -> set[str]:
    """Every top-level outside package the repository module ``name`` loads, followed."""
    seen, outside, todo = set(), set(), [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        base = ROOT.joinpath(*current.split("."))
        path = next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()),
                    None)
        if path is None:
            continue
        for imported in _imports(path):
            if imported.split(".")[0] == "scorekeeper":
                parts = imported.split(".")
                todo.extend(".".join(parts[:i]) for i in range(2, len(parts) + 1))
            else:
                outside.add(imported.split(".")[0])
    return outside


@pytest.mark.parametrize("module", MODULES)
def test_loads_nothing_of_the_web_the_store_or_the_pdf(module: str) -> None:
    outside = _loaded(f"scorekeeper.games.bridge.{module}")
    assert "endplay" in outside or module in ("pbn_auction", "pbn_games", "pbn_words",
                                              "analysis_words", "deal_cards", "notation")
    assert not outside & FORBIDDEN


def test_mypy_strict() -> None:
    files = [str(BRIDGE / f"{name}.py") for name in MODULES]
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--no-error-summary", *files],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_check_finds_a_web_import() -> None:
    """The same walk from a module of the web finds Flask (the test can fail)."""
    assert "flask" in _loaded("scorekeeper.web.match.hand_analysis")


def test_loading_the_game_or_the_app_loads_no_solver() -> None:
    """endplay (DDS, numpy: some 60 MB a process) loads when a deal is analysed or a PBN file
    read, never with the game: every worker and every ``scorekeeper check`` loads the games."""
    code = ("import sys, tempfile\n"
            "from scorekeeper import create_app\n"
            "from scorekeeper.engine.games import GAMES\n"
            "GAMES['bridge']\n"
            "create_app(instance_path=tempfile.mkdtemp())\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'endplay'))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
