"""The docs a newcomer follows lead somewhere: every relative link in the README, docs/, the
CHANGELOG and each game folder's page names a file (or folder) that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md"),
                *(ROOT / "scorekeeper" / "games").glob("*/README.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")


def relative_links(page: Path) -> list[str]:
    """The links of a page that point into the tree (not a web address, not an anchor)."""
    found = LINK.findall(page.read_text(encoding="utf-8"))
    return [link for link in found if not re.match(r"[a-z]+:|#", link)]


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_relative_link_resolves(page: Path) -> None:
    broken = [link for link in relative_links(page)
              if not (page.parent / link.split("#")[0]).exists()]
    assert broken == []


def test_every_game_folder_has_its_page() -> None:
    from scorekeeper.engine.games import GAMES

    for name in GAMES:
        assert (ROOT / "scorekeeper" / "games" / name / "README.md").is_file(), name
