"""The home page's view model: the recent matches of this device, one row per match."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from flask_babel import gettext as _

from .. import service
from ..engine.games import GAMES
from ..i18n import format_when
from ..store.db import get_db
from . import security, tableview


@dataclass(frozen=True, slots=True)
class RecentMatch:
    """One row of "Recent matches on this device"."""

    id: str
    title: str  # the two sides ("Ann & Bo – Cai & Dee")
    game: str  # the game's name in the reader's language
    score: str  # "8–3"
    started: str  # when the match was created, in the reader's time zone
    over: bool  # finished (else under way)
    scorer: bool  # this browser holds the edit key


def recent_matches(ids: list[str]) -> list[RecentMatch]:
    """The matches among ``ids`` (newest first), each once (service.recent skips repeats)."""
    rows = []
    for loaded in service.recent(get_db(), ids):
        score = loaded.state.score if loaded.state is not None else {}
        rows.append(RecentMatch(
            id=loaded.id,
            title=" – ".join(tableview.team_names(loaded.match).values()),
            game=_(GAMES[loaded.game].label),
            score=f"{score.get('NS', 0)}–{score.get('EW', 0)}",
            started=_started(loaded.created),
            over=loaded.over,
            scorer=security.rights_match(loaded.id, loaded.key_hash),
        ))
    return rows


def _started(stamp: str) -> str:
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return ""
    return format_when(when if when.tzinfo else when.replace(tzinfo=UTC))


def blank_sheets() -> list[tuple[str, str]]:
    """(name, game label) of each playable game that has a blank sheet."""
    return [(g.name, _(g.label)) for g in GAMES.values()
            if g.playable and g.templates.blank is not None]
