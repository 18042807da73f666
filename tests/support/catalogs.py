"""The translation catalogs read with Babel."""

from __future__ import annotations

from babel.messages.pofile import read_po

from scorekeeper import ROOT

TRANSLATIONS = ROOT / "scorekeeper" / "translations"


def strings(lang: str) -> list[tuple[str, str]]:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        texts = [m.string] if isinstance(m.string, str) else list(m.string)
        out += [(ids[0], t) for t in texts if t]
    return out
