"""The templates part: the Jinja names of a game's own templates, in its folder's
``templates/`` (reached as ``game/<name>/<file>``). A game without a template leaves its name
None and the core's generic one is used (or, for the hand form, none: files and the API only).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Templates:
    """The game's templates (Jinja names), for the pages and the printouts."""

    hand_fields: str | None = None  # the hand form's fields (table/_hand_form.html wraps them)
    sheet_hands: str | None = None  # the printed sheet's hand-by-hand table
    blank: str | None = None  # a blank score sheet to fill in by hand
    board: str | None = None  # the board's own part (given ``v.running``: Spades' bags)
    hand_facts: str | None = None  # the hand page's own facts, list items (given ``v.row``)


NO_TEMPLATES = Templates()  # the core's generic templates throughout
