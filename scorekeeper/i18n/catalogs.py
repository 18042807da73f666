"""Translation catalogs at run time: where they are, compiled when missing, and WTForms'
messages per locale.

The core's catalogs live in ``scorekeeper/translations``; each registered game's words in
``translations/`` in its own package (``Game.folder``), written by
``python -m scorekeeper.i18n.extract``. Flask-Babel reads them all (its translation
directories, :func:`translation_folders`), merged into one catalog per language.

``.ci/setup`` compiles the catalogs; the ``.mo`` files are git-ignored. :func:`ensure_compiled`
makes a fresh checkout that skipped set-up work anyway: at app start it compiles each ``.po``
whose ``.mo`` is missing or older.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

from babel import support
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ..engine.games import GAMES

TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"
DOMAIN = "messages"
# WTForms ships its own catalogs under other names: ours -> theirs.
WTFORMS_LOCALES = {"zh_Hant": "zh_TW", "zh_Hans": "zh", "en": "en"}

log = logging.getLogger(__name__)


def package_translations(package: str) -> Path | None:
    """The ``translations`` folder of a package (a game's ``Game.folder``), found without
    importing the package itself; None when the package cannot be found."""
    try:
        spec = find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "translations"


def translation_folders() -> list[Path]:
    """The core's catalogs, then each registered game's that has a ``translations`` folder (a
    game without one is fine: its words, if any, are the core's)."""
    folders = [TRANSLATIONS]
    for game in GAMES.values():
        found = package_translations(game.folder) if game.folder else None
        if found is not None and found.is_dir():
            folders.append(found)
    return folders


def _directories(directories: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]
                 ) -> list[Path]:
    """Folders from a path, a list, or Flask-Babel's ``"a;b"`` configuration string."""
    if isinstance(directories, str):
        return [Path(d) for d in directories.split(";") if d.strip()]
    if isinstance(directories, os.PathLike):
        return [Path(directories)]
    return [Path(d) for d in directories]


def compile_catalog(po: Path) -> Path:
    """Compile one ``.po`` into the ``.mo`` beside it (written atomically); return the ``.mo``."""
    mo = po.with_suffix(".mo")
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name, domain=DOMAIN)
    tmp = mo.with_name(f".{mo.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        os.replace(tmp, mo)  # other workers never read half a file
    finally:
        tmp.unlink(missing_ok=True)
    return mo


def ensure_compiled(
    directories: str | os.PathLike[str] | Iterable[str | os.PathLike[str]] | None = None,
) -> list[Path]:
    """Compile every catalog whose ``.mo`` is missing or older than its ``.po`` (in the given
    folders; by default the core's and every registered game's).

    Returns the ``.mo`` files written (none when set-up already compiled them). A folder that
    cannot be written (a read-only install) is logged and skipped: the app then shows English
    for that language instead of failing to start.
    """
    written = []
    chosen = translation_folders() if directories is None else _directories(directories)
    for folder in chosen:
        for po in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            mo = po.with_suffix(".mo")
            try:
                if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
                    continue
                written.append(compile_catalog(po))
            except (OSError, ValueError) as error:
                log.warning("could not compile %s: %s", po, error)
    return written


@lru_cache(maxsize=8)
def _wtforms_catalog(name: str) -> support.NullTranslations:
    from wtforms.i18n import messages_path

    return support.Translations.load(messages_path(), [name], domain="wtforms")


class WTFormsTranslations:
    """WTForms' built-in messages ("This field is required.") in the page's language.

    Flask-WTF looks them up by our locale name, and ``zh_Hant`` then falls back to WTForms'
    ``zh`` catalog, which is Simplified. This maps ``zh_Hant`` to ``zh_TW`` and ``zh_Hans`` to
    ``zh``. Use it from a form's ``Meta.get_translations``.
    """

    def _catalog(self) -> support.NullTranslations:
        from flask import has_request_context
        from flask_babel import get_locale

        locale = str(get_locale() or "en") if has_request_context() else "en"
        return _wtforms_catalog(WTFORMS_LOCALES.get(locale, locale))

    def gettext(self, string: str) -> str:
        return self._catalog().ugettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog().ungettext(singular, plural, n)


wtforms_translations = WTFormsTranslations()
