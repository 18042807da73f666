"""Club nights: creating an event, starting its rounds, changing the evening, and what it looks
like now.

No Flask: answers are plain data and problem codes (the web layer words them). Each round's
table is an ordinary match (``matches``/``hands``) whose edit key is the table's key
(:mod:`..event_keys`: derived from the app's secret, the event, the table number and how often
its key was replaced). The director's key is random. Only the keys' hashes are stored.

This package's names are its interface; its modules hold the parts: :mod:`.checks` (settings
checked before anything is stored), :mod:`.starting`, :mod:`.changes`, :mod:`.reading`,
:mod:`.results` (statuses, problems, limits).
"""

from __future__ import annotations

from .changes import add_player, end_round, player_leaves, swap_players
from .checks import validate
from .reading import event_of_match, load_event
from .results import EventProblem, EventResult, EventStatus, check_director_key
from .starting import create_event, decide, start_round

__all__ = [
    "EventProblem", "EventResult", "EventStatus", "add_player", "check_director_key",
    "create_event", "decide", "end_round", "event_of_match",
    "load_event", "player_leaves", "start_round", "swap_players", "validate",
]
