"""The core's registry of games (issue 37): it imports no game, loads the installed ones by name
on first use, takes one more through ``register``, and any module may import it first. The
import-linter contract that keeps imports running from the games to the core names every
top-level module of the package but the games."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from support import one_trick

import scorekeeper
from scorekeeper.engine import games
from scorekeeper.engine.game import Game
from scorekeeper.engine.games import GAMES, Registry, problem_messages, register
from scorekeeper.engine.messages import MESSAGES
from scorekeeper.games import INSTALLED

PACKAGE = Path(scorekeeper.__file__).resolve().parent
ROOT = PACKAGE.parent


def test_the_installed_games_are_registered_in_their_order() -> None:
    assert list(GAMES)[:len(INSTALLED)] == list(INSTALLED)
    for name in INSTALLED:
        assert isinstance(GAMES[name], Game)
        assert GAMES[name].name == name


def test_a_registry_loads_nothing_until_asked() -> None:
    fresh = Registry()
    assert fresh._loaded is False
    assert "euchre" in fresh
    assert fresh._loaded is True
    assert list(fresh) == list(INSTALLED)


def test_register_adds_a_game_that_every_lookup_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = Registry()
    monkeypatch.setattr(games, "GAMES", fresh)
    assert register(one_trick.GAME) is one_trick.GAME
    assert fresh["one_trick"] is one_trick.GAME
    assert list(fresh) == [*INSTALLED, "one_trick"]  # the installed ones loaded first
    del fresh["one_trick"]
    assert "one_trick" not in fresh and len(fresh) == len(INSTALLED)


def test_a_test_may_swap_a_game_for_its_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "one_trick", one_trick.GAME)
    assert GAMES["one_trick"] is one_trick.GAME
    monkeypatch.undo()
    assert "one_trick" not in GAMES


def test_an_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        GAMES["no_such_game"]
    assert GAMES.get("no_such_game") is None


@pytest.mark.parametrize("first", [
    "scorekeeper.engine.games", "scorekeeper.engine.game", "scorekeeper.engine.messages",
    "scorekeeper.engine.problems", "scorekeeper.engine.match", "scorekeeper.games",
    "scorekeeper.games.euchre", "scorekeeper.games.five_hundred.analysis",
    "scorekeeper.games.whist.rules", "scorekeeper.i18n.messages", "scorekeeper.cli.check",
])
def test_any_module_may_be_imported_first(first: str) -> None:
    """No import cycle: a fresh interpreter imports the module, then asks the registry."""
    code = (f"import {first}\nfrom scorekeeper.engine.games import GAMES\n"
            "from scorekeeper.engine.problems import Problem\n"
            "print(sorted(GAMES), Problem('hand.bids_missing').message[:8])")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == f"{sorted(INSTALLED)} what did"


def test_a_games_problem_sentences_are_its_own() -> None:
    """Each game words the codes only it gives (and its notation's); a code is worded once, in
    one place."""
    every = problem_messages()
    owners: dict[str, str] = {}
    for game in GAMES.values():
        own = {**game.messages, **(game.notation.messages if game.notation else {})}
        for code, text in own.items():
            assert code not in MESSAGES, (game.name, code)
            assert code not in owners, (code, owners.get(code), game.name)
            owners[code] = game.name
            assert every[code] == text
    assert set(every) == {*MESSAGES, *owners}
    assert {"euchre", "whist", "five_hundred", "spades"} <= set(owners.values())


# --- the import-linter contract: imports run from the games to the core --------------------


def forbidden_contract() -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = [c for c in config["tool"]["importlinter"]["contracts"]
             if c["type"] == "forbidden" and c["forbidden_modules"] == ["scorekeeper.games"]]
    assert len(found) == 1
    return found[0]


def test_the_contract_covers_every_module_but_the_games() -> None:
    """A new top-level package or module is in the contract at once, or this fails."""
    top = {f"scorekeeper.{p.stem if p.is_file() else p.name}" for p in PACKAGE.iterdir()
           if (p.suffix == ".py" and p.name != "__init__.py")
           or (p.is_dir() and (p / "__init__.py").is_file())}
    assert set(forbidden_contract()["source_modules"]) == top - {"scorekeeper.games"}  # type: ignore[arg-type]


def test_the_package_root_imports_no_game() -> None:
    """The contract's sources cannot name the root package without its children (the games):
    its ``__init__`` is read here."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for a in node.names]
    assert imported
    assert not [m for m in imported if m.startswith(("games", "scorekeeper.games"))]



def test_the_games_load_nothing_of_the_web() -> None:
    """Every installed game and each of its modules but its hand form, in a fresh interpreter,
    load nothing the package root had not (its ``create_app`` module loads Flask): no forms,
    no translations, no PDF, no database (form.py is reached by its string alone)."""
    code = ("import pkgutil, importlib, sys\n"
            "import scorekeeper\n"
            "before = set(sys.modules)\n"
            "import scorekeeper.games as games\n"
            "for info in pkgutil.walk_packages(games.__path__, 'scorekeeper.games.'):\n"
            "    if not info.name.endswith('.form'):\n"
            "        importlib.import_module(info.name)\n"
            "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
            "web = ('flask', 'flask_babel', 'flask_wtf', 'wtforms', 'jinja2', 'werkzeug',\n"
            "       'weasyprint', 'sqlite3', 'sqlite_utils')\n"
            "print(sorted(m for m in web if m in new), 'scorekeeper' in new)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "[] True"
