"""The web layer's shape (issue 37): each package of ``scorekeeper/web`` owns its blueprints and
adds their routes in its ``__init__``; nothing is imported only for what importing it does (a
module that attaches views to a blueprint it imports), and no modules or packages import each
other in a circle. import-linter checks the contracts in pyproject.toml; the rest is read here
from the source."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Blueprint

import scorekeeper
from scorekeeper import create_app

PACKAGE = Path(scorekeeper.__file__).resolve().parent  # the package under test, wherever it is
ROOT = PACKAGE.parent
WEB = PACKAGE / "web"


def web_sources() -> list[Path]:
    """create_app's module and every module of the web layer."""
    return [PACKAGE / "__init__.py", *sorted(WEB.rglob("*.py"))]


def bound_names(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The names an import of one of our own modules binds (none for outside packages)."""
    if isinstance(node, ast.ImportFrom):
        if not node.level and not (node.module or "").startswith("scorekeeper"):
            return []
        return [alias.asname or alias.name for alias in node.names]
    return [(alias.asname or alias.name).split(".")[0] for alias in node.names
            if alias.name.startswith("scorekeeper")]


def unused_imports(source: str) -> list[str]:
    """Names imported from our own modules and never read: an import kept for its side effect."""
    tree = ast.parse(source)
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    return sorted(name for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                  for name in bound_names(node) if name not in read)


@pytest.mark.parametrize(("source", "unused"), [
    ("from .web import api, hands  # noqa: F401\napi.bp\n", ["hands"]),
    ("def f():\n    from . import live\n", ["live"]),
    ("import scorekeeper.web.match\n", ["scorekeeper"]),
    ("from .page import home\nbp.add_url_rule('/', view_func=home)\n", []),
    ("from flask import Blueprint\n", []),  # outside packages are ruff's to judge
])
def test_an_import_kept_for_its_side_effect_is_found(source: str, unused: list[str]) -> None:
    assert unused_imports(source) == unused


def test_no_module_of_the_web_layer_is_imported_for_its_side_effect() -> None:
    found = {path.relative_to(ROOT).as_posix(): names for path in web_sources()
             if (names := unused_imports(path.read_text(encoding="utf-8")))}
    assert found == {}


def test_only_a_package_init_makes_a_blueprint() -> None:
    """Routes are added where the blueprint is made, so no view module needs to import it."""
    makers = sorted(path.relative_to(WEB).as_posix() for path in WEB.rglob("*.py")
                    if "Blueprint(" in path.read_text(encoding="utf-8"))
    assert makers
    assert all(name.count("/") == 1 and name.endswith("/__init__.py") for name in makers), makers


def test_create_app_registers_every_blueprint_of_the_packages(tmp_path: Path) -> None:
    import importlib

    made = {}
    for init in sorted(WEB.glob("*/__init__.py")):
        module = importlib.import_module(f"scorekeeper.web.{init.parent.name}")
        made.update({bp.name: bp for bp in vars(module).values() if isinstance(bp, Blueprint)})
    app = create_app(instance_path=tmp_path)
    assert app.blueprints == made
    assert "table" not in app.blueprints  # "table" names a club night's table alone
    assert {rule.endpoint.partition(".")[0] for rule in app.url_map.iter_rules()} == {
        *made, "static"}


def test_the_import_contracts_hold() -> None:
    """import-linter's contracts in pyproject.toml: no cycles among the web layer's siblings
    (at every level), the blueprint packages import the plumbing, never the reverse, and no
    module outside ``scorekeeper.games`` imports a game (tests/test_game_registry.py)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()",
         "--no-cache", str(Path(__file__).resolve().parents[1] / "pyproject.toml")],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "0 broken" in proc.stdout
