"""Translation catalogs at run time: compiled when missing, and WTForms' messages per locale.

``.ci/setup`` compiles the catalogs (``pybabel compile -d scorekeeper/translations``); the
``.mo`` files are git-ignored. :func:`ensure_compiled` makes a fresh checkout that skipped
set-up work anyway: at app start it compiles each ``.po`` whose ``.mo`` is missing or older.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from babel import support
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"
DOMAIN = "messages"
# WTForms ships its own catalogs under other names: ours -> theirs.
WTFORMS_LOCALES = {"zh_Hant": "zh_TW", "zh_Hans": "zh", "en": "en"}

log = logging.getLogger(__name__)


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
    directories: str | os.PathLike[str] | Iterable[str | os.PathLike[str]] = TRANSLATIONS,
) -> list[Path]:
    """Compile every catalog whose ``.mo`` is missing or older than its ``.po``.

    Returns the ``.mo`` files written (none when set-up already compiled them). A folder that
    cannot be written (a read-only install) is logged and skipped: the app then shows English
    for that language instead of failing to start.
    """
    written = []
    for folder in _directories(directories):
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
