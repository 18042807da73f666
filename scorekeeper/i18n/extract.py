"""Extract the messages and update every catalog: the core's and each registered game's.

    python -m scorekeeper.i18n.extract            # write what changed, then compile
    python -m scorekeeper.i18n.extract --check    # exit 1 if a catalog would change

One extraction over the project, as ``pybabel extract -F scorekeeper/babel.cfg`` makes it, is
split by where each message is used: a message whose every use is in one game's files goes to
that game's catalogs (``translations/`` in its package, ``Game.folder``), any other (the core's
code, or two games) to the core's (``scorekeeper/translations``). Each catalog is then
updated as ``pybabel update --no-fuzzy-matching --ignore-obsolete`` does, and a translation
follows its message from one catalog to another. A new message comes with an empty ``msgstr``
(translate it, ``GLOSSARY.md``). A file is written only when its text changes, and a template's
creation date only moves when its messages do: a second run writes nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po
from babel.util import LOCALTZ

from .. import PACKAGE, ROOT
from ..engine.game import Game
from ..engine.games import GAMES
from .catalogs import DOMAIN, TRANSLATIONS, ensure_compiled, package_translations

MAPPING = PACKAGE / "babel.cfg"
# pybabel's keywords, and ours: N_ (the engine's templates), _l and lazy_gettext (labels)
KEYWORDS: dict[str, Any] = {**DEFAULT_KEYWORDS, "N_": None, "_l": None, "lazy_gettext": None}
WIDTH = 76  # pybabel's line width
Key = tuple[str | None, str]  # (context, msgid)


@dataclass(frozen=True)
class Part:
    """The owner of a set of catalogs: the core (``game`` None) or a game, with its files."""

    folder: Path  # its translations folder: <locale>/LC_MESSAGES/messages.po, messages.pot
    game: str | None = None
    files: tuple[str, ...] = ()  # paths from the project root, posix
    prefixes: tuple[str, ...] = ()  # and folders or name stems

    def owns(self, path: str) -> bool:
        return path in self.files or path.startswith(self.prefixes)


def owned(name: str, package: Path, root: Path = ROOT) -> Part:
    """A game's part: everything in its package's folder (its catalogs in ``translations/``)."""
    prefixes = (package.relative_to(root).as_posix() + "/",) if package.is_relative_to(root) else ()
    return Part(package / "translations", name, (), prefixes)


def parts(games: Mapping[str, Game] = GAMES, root: Path = ROOT) -> list[Part]:
    """The core's part, then each registered game's that has a package (``Game.folder``)."""
    found = [(g, package_translations(g.folder) if g.folder else None) for g in games.values()]
    return [Part(TRANSLATIONS), *(owned(g.name, folder.parent, root)
                                  for g, folder in found if folder is not None)]


# --- extraction and the split ------------------------------------------------------------------


def extract(root: Path = ROOT, mapping: Path = MAPPING) -> list[tuple[str, int, Any, Any, Any]]:
    """Every use of a message, in ``pybabel extract``'s order: (path, line, message, comments,
    context)."""
    with mapping.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(mapping))
    return [(Path(path).as_posix(), line, message, comments, context)
            for path, line, message, comments, context
            in extract_from_dir(str(root), method_map, options_map, keywords=KEYWORDS)]


def _key(message: Any, context: str | None) -> Key:
    return context, message if isinstance(message, str) else message[0]


def split(found: Iterable[tuple[str, int, Any, Any, Any]], owners: list[Part]
          ) -> dict[Path, Catalog]:
    """A template per part: a message goes to the one game whose files hold every use of it,
    else to the core (``owners[0]``)."""
    found = list(found)
    games = owners[1:]
    places: dict[Key, set[Path]] = {}
    for path, _line, message, _comments, context in found:
        owner = next((p.folder for p in games if p.owns(path)), owners[0].folder)
        places.setdefault(_key(message, context), set()).add(owner)
    templates = {p.folder: new_template() for p in owners}
    for path, line, message, comments, context in found:
        held = places[_key(message, context)]
        folder = next(iter(held)) if len(held) == 1 else owners[0].folder
        templates[folder].add(message, None, [(path, line)], auto_comments=comments,
                              context=context)
    return templates


def new_template() -> Catalog:
    """An empty template with pybabel extract's header (its creation date set when written)."""
    return Catalog()  # pybabel extract's defaults: PROJECT VERSION, fuzzy header


# --- writing -----------------------------------------------------------------------------------


def render(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=WIDTH, ignore_obsolete=True)
    return out.getvalue()


def _read(path: Path, locale: str | None = None) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def template_text(template: Catalog, pot: Path, now: datetime) -> bytes:
    """The template's text, keeping the creation date of the file there if nothing else
    changed (so a second run writes nothing)."""
    old = _read(pot)
    if old is not None:
        template.creation_date = old.creation_date
        if pot.read_bytes() == render(template):
            return render(template)
    template.creation_date = now
    return render(template)


def _catalogs(owners: list[Part], locale: str) -> Iterator[tuple[Path, Catalog]]:
    for part in owners:
        po = part.folder / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
        catalog = _read(po, locale)
        if catalog is not None:
            yield po, catalog


def translations(owners: list[Part], locales: Iterable[str]) -> dict[str, dict[Key, Message]]:
    """Every translation in any part's catalog, per locale: a message keeps its ``msgstr``
    (and translator's comments) when it moves from one catalog to another. Where two catalogs
    translate it, the first (the core's, then the games' in order) that does."""
    pool: dict[str, dict[Key, Message]] = {}
    for locale in locales:
        known = pool.setdefault(locale, {})
        for _po, catalog in _catalogs(owners, locale):
            for m in catalog:
                key = _key(m.id, m.context)
                if m.id and (key not in known or (_filled(m) and not _filled(known[key]))):
                    known[key] = m
    return pool


def disagreements(owners: list[Part], texts: Mapping[Path, bytes]) -> list[str]:
    """Messages that two catalogs translated differently before this run (a merge that kept a
    moved message in its old catalog too, edited): the translation kept, and the other."""
    notes = []
    for locale in locales_of(owners[0].folder):
        said: dict[Key, dict[Any, Path]] = {}
        for po, catalog in _catalogs(owners, locale):
            for m in catalog:
                if m.id and _filled(m):
                    said.setdefault(_key(m.id, m.context), {}).setdefault(m.string, po)
        for po, text in texts.items():
            if po.suffix != ".po" or po.parent.parent.name != locale:
                continue
            for m in read_po(BytesIO(text), locale=locale):
                others = said.get(_key(m.id, m.context), {}) if m.id else {}
                for string, where in others.items():
                    if string != m.string:
                        notes.append(f"{_rel(po)}: kept {m.string!r} for {m.id!r}; "
                                     f"{_rel(where)} said {string!r}")
    return notes


def _rel(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def _filled(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


def catalog_text(template: Catalog, po: Path, locale: str, pool: Mapping[Key, Message],
                 now: datetime) -> bytes:
    """A locale's catalog updated from the template (``pybabel update``, or ``init`` for a new
    one), each empty ``msgstr`` filled from the pool when the message was translated
    elsewhere."""
    catalog = _read(po, locale)
    if catalog is None:  # as pybabel init makes it, with the locale's plural forms
        catalog = Catalog(locale=Locale.parse(locale), domain=DOMAIN, revision_date=now,
                          fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    for message in catalog:
        known = pool.get(_key(message.id, message.context)) if message.id else None
        if known is None or _filled(message) or message.fuzzy:
            continue
        if isinstance(known.string, tuple) == isinstance(message.id, tuple | list):
            message.string = known.string
            message.user_comments = message.user_comments or known.user_comments
    return render(catalog)


def locales_of(folder: Path) -> list[str]:
    """The languages with a catalog in a folder (the core's: every language we speak)."""
    return sorted(p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def plan(root: Path = ROOT, owners: list[Part] | None = None, mapping: Path = MAPPING
         ) -> dict[Path, bytes]:
    """Every catalog file's new text (the template and the catalog of every language, of the
    core, ``owners[0]``, and of each game)."""
    owners = parts(GAMES, root) if owners is None else owners
    core = owners[0].folder
    locales = locales_of(core)
    now = datetime.now(LOCALTZ)
    pool = translations(owners, locales)
    out: dict[Path, bytes] = {}
    for folder, found in split(extract(root, mapping), owners).items():
        if folder != core and not len(found) and not folder.is_dir():
            continue  # a game without words of its own needs no catalogs
        pot = folder / f"{DOMAIN}.pot"
        out[pot] = template_text(found, pot, now)
        for locale in locales:
            # read as pybabel update reads it; afresh for each catalog, which takes its
            # new messages as they are (not copies)
            template = read_po(BytesIO(out[pot]))
            po = folder / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
            out[po] = catalog_text(template, po, locale, pool[locale], now)
    return out


def changed(texts: Mapping[Path, bytes]) -> list[Path]:
    """The files whose text would change (or that do not exist yet)."""
    return [path for path, text in texts.items()
            if not path.is_file() or path.read_bytes() != text]


def write(texts: Mapping[Path, bytes]) -> list[Path]:
    """Write the files whose text changed; return them."""
    paths = changed(texts)
    for path in paths:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(texts[path])
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.i18n.extract",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a catalog would change")
    args = parser.parse_args(argv)
    texts = plan()
    for note in disagreements(parts(), texts):  # before writing: what the catalogs said
        sys.stderr.write(f"two translations: {note}\n")
    paths = changed(texts) if args.check else write(texts)
    for path in paths:
        sys.stdout.write(f"{'would change' if args.check else 'wrote'} {_rel(path)}\n")
    if args.check:
        return 1 if paths else 0
    ensure_compiled()
    return 0


if __name__ == "__main__":
    sys.exit(main())
