"""The game author's guide (docs/games.md) is held to the real ``Game``: its field table names
every field of the dataclass and nothing else, and its parts table names, for each part, the
field, the class the field holds and the module that class lives in, each as it is; every part
module of ``engine/parts/`` is in it."""

from __future__ import annotations

import dataclasses
import importlib
import re
import typing
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.engine.game import Game

ROOT = Path(scorekeeper.__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "games.md"
CODE = re.compile(r"`([^`]+)`")


def section(text: str, heading: str) -> str:
    """The text under a ``## heading`` up to the next one."""
    start = text.index(f"\n## {heading}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]


def table_rows(text: str) -> list[list[str]]:
    """The cells of a Markdown table's rows, heading and rule left out."""
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in text.splitlines() if line.startswith("| ")]
    return [row for row in rows[1:] if not set(row[0]) <= {"-", " "}]


def guide_fields(text: str) -> set[str]:
    """The fields the guide's field table names (a row may name several: `a`, `b`)."""
    rows = table_rows(section(text, "The `Game`, field by field"))
    return {name for row in rows for name in CODE.findall(row[0])}


def guide_parts(text: str) -> list[tuple[str, str, str]]:
    """(field, class, module path) of each row of the guide's parts table."""
    rows = table_rows(section(text, "The parts"))
    return [(CODE.findall(r[0])[0], CODE.findall(r[1])[0], CODE.findall(r[2])[0]) for r in rows]


TEXT = GUIDE.read_text(encoding="utf-8")
FIELDS = {f.name for f in dataclasses.fields(Game)}
HINTS = typing.get_type_hints(Game)


def test_the_field_table_is_the_dataclass() -> None:
    named = guide_fields(TEXT)
    assert named - FIELDS == set(), "named in docs/games.md but not a field of Game"
    assert FIELDS - named == set(), "fields of Game docs/games.md does not describe"


@pytest.mark.parametrize(("field", "cls", "module"), guide_parts(TEXT))
def test_each_part_is_what_the_guide_says(field: str, cls: str, module: str) -> None:
    assert field in FIELDS
    assert (ROOT / "scorekeeper" / module).is_file(), module
    found = getattr(importlib.import_module(
        "scorekeeper." + module.removesuffix(".py").replace("/", ".")), cls)
    assert dataclasses.is_dataclass(found)
    held = typing.get_args(HINTS[field]) or (HINTS[field],)
    assert found in held, (field, HINTS[field])


def test_every_part_module_is_in_the_guide() -> None:
    modules = {module for _field, _cls, module in guide_parts(TEXT)}
    parts = {p.relative_to(ROOT / "scorekeeper").as_posix()
             for p in (ROOT / "scorekeeper" / "engine" / "parts").glob("*.py")
             if p.name != "__init__.py"}
    assert parts <= modules, parts - modules
    assert len(guide_parts(TEXT)) >= 9


@pytest.mark.parametrize(("text", "fields"), [
    ("\n## The `Game`, field by field\n\n| Field | What |\n| --- | --- |\n"
     "| `name` | x |\n| `label`, `rules_label` | y |\n\n## Next\n",
     {"name", "label", "rules_label"}),
])
def test_the_guide_is_read_as_written(text: str, fields: set[str]) -> None:
    assert guide_fields(text) == fields


def test_the_architecture_links_the_guide_and_keeps_no_copy() -> None:
    architecture = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    adding = section(architecture, "Adding a game")
    assert "(games.md)" in adding
    assert "evaluate(hand" not in architecture and "`hand_form`" not in architecture
