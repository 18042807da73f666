"""The home page's view model: the recent matches of this device, one row per match."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask_babel import gettext as _

from ... import service
from ...engine.games import GAMES
from ...engine.numbers import sides_pair
from ...i18n import format_when
from ...i18n.labels import CHOICE_LABELS
from ...store.db import get_db
from .. import security
from . import board


@dataclass(frozen=True, slots=True)
class RecentMatch:
    """One row of "Recent matches on this device"."""

    id: str
    title: str  # the two sides ("Ann & Bo – Cai & Dee")
    game: str  # the game's name in the reader's language
    score: str  # "8–3"; a rubber's games won, "2–1"
    rubber: str  # a decided rubber's result in words (its points), else ""
    started: str  # when the match was created, in the reader's time zone
    over: bool  # finished (else under way)
    scorer: bool  # this browser holds the edit key


def recent_matches(ids: list[str]) -> list[RecentMatch]:
    """The matches among ``ids`` (newest first), each once (service.recent skips repeats)."""
    rows = []
    for loaded in service.recent(get_db(), ids):
        state = loaded.state
        score = state.tally() if state is not None else {}
        names = board.team_names(loaded.match)
        rows.append(RecentMatch(
            id=loaded.id,
            title=" – ".join(names.values()),
            game=_(loaded.match.game.label),
            score=sides_pair(score),
            rubber=board.rubber_line(names, state) if state is not None else "",
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


def preset_values(games: list[Any]) -> dict[str, dict[str, dict[str, Any]]]:
    """What each preset sets, by the start form's field ids: ``{preset field: {preset: {field:
    value}}}``. static/js/start.js shows them in "All rules" when a preset is chosen (a number as
    the empty field's placeholder, a choice's words, a box ticked), so "Short whist" says 5."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for game in games:
        if not game.presets:
            continue
        out[f"preset_{game.name}"] = {
            preset.name: {f"{game.name}_{o.name}": _shown(o, preset.rules.get(o.name, o.default))
                          for o in game.options
                          if preset.rules.get(o.name, o.default) is not None}
            for preset in game.presets}
    return out


def _shown(option: Any, value: Any) -> Any:
    """A rule's value as the form shows it: True/False for a box, words for a choice."""
    if option.kind is bool or option.kind is int:
        return value
    return str(CHOICE_LABELS.get(value, value))
