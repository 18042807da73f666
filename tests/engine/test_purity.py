"""The layers stay apart: the engine, the formats and a game's rule modules (everything in its
folder but its hand form) import nothing of the web, the store or the PDF (relative imports
resolved, every import followed), a game imports the core and its own folder alone, the service
layer knows no Flask, and the whole package is typed (mypy --strict)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"
PURE = [PACKAGE / "engine", PACKAGE / "formats"]
GAMES = PACKAGE / "games"
# a game's hand form is its web side, reached only through ``Game.hand_form``'s string
WEB_SIDE = {"form.py"}
FORBIDDEN = {"flask", "flask_babel", "flask_wtf", "sqlite3", "sqlite_utils", "weasyprint",
             "werkzeug", "jinja2"}
WEB_ONLY = {"flask", "flask_babel", "flask_wtf", "werkzeug", "jinja2", "weasyprint"}
# What each pure package may import of the scorekeeper package.
ALLOWED_INSIDE = {
    "scorekeeper.engine": ("scorekeeper.engine",),
    "scorekeeper.formats": ("scorekeeper.engine", "scorekeeper.formats"),
    "scorekeeper.games": ("scorekeeper.engine", "scorekeeper.formats"),
}


def pure_files() -> list[Path]:
    """The modules that must stay pure: the engine's, the formats' and each game's rules."""
    games = [p for p in sorted(GAMES.rglob("*.py")) if p.name not in WEB_SIDE]
    return [*(p for folder in PURE for p in sorted(folder.rglob("*.py"))), *games]


def module_name(path: Path) -> str:
    """``scorekeeper/engine/match.py`` -> ``scorekeeper.engine.match``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


# The service layer may use SQLite (it stores), never the web: no requests, no words, no HTTP.
# Every module of the folder: the web imports some (service.stats, service.events) directly, so
# following the imports of service/__init__.py alone would miss them.
SERVICE = [module_name(p) for p in sorted((PACKAGE / "service").rglob("*.py"))]


def module_path(name: str) -> Path | None:
    """The file of a module of the repository, or None (a third-party or missing module)."""
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imported_modules(source: str, name: str, is_package: bool = False) -> set[str]:
    """Every module ``source`` (the module ``name``) imports, relative imports made absolute.

    ``from . import store`` gives ``scorekeeper.store`` when that is a module, else the
    package; imports inside functions count as much as those at the top.
    """
    package = name if is_package else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base_parts = parts[: len(parts) - (node.level - 1)]
                if node.level - 1 > len(parts) - 1:
                    base_parts = []
                base = ".".join([*base_parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                names.add(sub if module_path(sub) is not None else base)
    return names


def imports_of(path: Path) -> set[str]:
    return imported_modules(path.read_text(encoding="utf-8"), module_name(path),
                            path.name == "__init__.py")


def reachable(start: str) -> tuple[set[str], set[str]]:
    """The repository's modules ``start`` loads, following every import, and the top-level
    names of the outside modules they import."""
    seen: set[str] = set()
    outside: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = module_path(name)
        if path is None:
            continue
        for imported in imports_of(path):
            if imported.split(".")[0] == "scorekeeper":
                todo.append(imported)
                # importing a.b.c runs a/__init__ and a/b/__init__ first
                parts = imported.split(".")
                todo.extend(".".join(parts[:i]) for i in range(2, len(parts)))
            else:
                outside.add(imported.split(".")[0])
    return seen, outside


def test_relative_imports_are_resolved():
    name = "scorekeeper.engine.match"
    assert imported_modules("from ..outcome import Outcome\n", name) == {"scorekeeper.outcome"}
    assert imported_modules("from . import cards\n", name) == {"scorekeeper.engine.cards"}
    assert imported_modules("from .cards import SEATS\n", name) == {"scorekeeper.engine.cards"}
    assert imported_modules("from .. import service\n", name) == {"scorekeeper.service"}
    assert imported_modules("def f():\n    from ..db import get_db\n", name) == {"scorekeeper.db"}
    assert imported_modules("from .match import replay\n", "scorekeeper.engine", True) == {
        "scorekeeper.engine.match"}


def test_a_relative_import_out_of_the_engine_is_caught():
    """The hole this test once had: ``from ..outcome import X`` passed and loaded Flask-Babel."""
    imported = imported_modules("from ..web import outcomes\n", "scorekeeper.engine.match")
    assert imported == {"scorekeeper.web.outcomes"}
    assert not imported_inside_allowed("scorekeeper.engine.match", imported)
    _, outside = reachable("scorekeeper.web.outcomes")
    assert outside & FORBIDDEN


def imported_inside_allowed(name: str, imported: set[str]) -> bool:
    """Whether every ``scorekeeper`` module ``name`` imports is in its own layer (or below)."""
    layer = ".".join(name.split(".")[:2])
    allowed = ALLOWED_INSIDE[layer]
    if layer == "scorekeeper.games" and name != layer:  # a game: the core and its own folder
        allowed = (*allowed, ".".join(name.split(".")[:3]))
    return all(any(m == a or m.startswith(a + ".") for a in allowed)
               for m in imported if m.split(".")[0] == "scorekeeper")


def test_engine_and_formats_import_nothing_of_the_web_store_or_pdf():
    files = pure_files()
    assert len(files) > len([p for f in PURE for p in f.rglob("*.py")])  # the games are in
    for path in files:
        name = module_name(path)
        imported = imports_of(path)
        assert imported_inside_allowed(name, imported), (path, sorted(imported))
        loaded, outside = reachable(name)
        assert not outside & FORBIDDEN, (path, sorted(outside & FORBIDDEN), sorted(loaded))


def test_a_game_importing_another_game_is_caught():
    own = imported_modules("from ...engine.cards import SEATS\nfrom .words import X\n",
                           "scorekeeper.games.euchre.rules")
    assert imported_inside_allowed("scorekeeper.games.euchre.rules", own)
    other = imported_modules("from ..whist.rules import GAME\n", "scorekeeper.games.euchre.rules")
    assert not imported_inside_allowed("scorekeeper.games.euchre.rules", other)


def test_the_service_layer_knows_no_flask_and_no_http():
    assert {"scorekeeper.service.stats", "scorekeeper.service.events",
            "scorekeeper.service.writing"} <= set(SERVICE)
    for name in SERVICE:
        loaded, outside = reachable(name)
        assert not outside & WEB_ONLY, (name, sorted(outside & WEB_ONLY), sorted(loaded))
        assert not any(m.startswith("scorekeeper.web") for m in loaded), (name, sorted(loaded))
        source = module_path(name).read_text(encoding="utf-8")  # type: ignore[union-attr]
        for word in ("http_status", "HTTP_STATUS", "gettext"):
            assert word not in source, (name, word)


def test_the_whole_package_is_typed():
    """mypy --strict over every module of the package, with pyproject.toml's settings (its
    ``[tool.mypy]``: strict, and the untyped libraries it reads as they are)."""
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--no-incremental"],
        capture_output=True, text=True, cwd=ROOT, timeout=600, check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
