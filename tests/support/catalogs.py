"""The translation catalogs read with Babel: the core's and every registered game's (each in its
own folder, ``scorekeeper.i18n.catalogs.translation_folders``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from scorekeeper import ROOT
from scorekeeper.i18n.catalogs import translation_folders

TRANSLATIONS = ROOT / "scorekeeper" / "translations"  # the core's, and the glossary
LANGUAGES = ("en", "zh_Hant", "zh_Hans")


def catalog_files(lang: str) -> list[Path]:
    """Every catalog of a language, the core's first."""
    found = (folder / lang / "LC_MESSAGES" / "messages.po" for folder in translation_folders())
    return [path for path in found if path.is_file()]


def all_catalog_files() -> list[Path]:
    return [path for lang in LANGUAGES for path in catalog_files(lang)]


def label(path: Path) -> str:
    """A catalog's name in a test's id: ``zh_Hant``, ``euchre/zh_Hant``."""
    rel = path.relative_to(ROOT).parts
    return path.parent.parent.name if rel[1] == "translations" else f"{rel[-5]}/{rel[-3]}"


def read(path: Path, locale: str | None = None) -> Any:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def messages(lang: str) -> list[Any]:
    """The messages of every catalog of a language."""
    return [m for path in catalog_files(lang) for m in read(path, lang) if m.id]


def strings(lang: str) -> list[tuple[str, str]]:
    """(msgid, translation) of every translated string of a language, in every catalog."""
    out = []
    for m in messages(lang):
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        texts = [m.string] if isinstance(m.string, str) else list(m.string)
        out += [(ids[0], t) for t in texts if t]
    return out
