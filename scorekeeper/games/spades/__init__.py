"""Spades, one folder: its rules (``rules.py``), its words at the table (``words.py``), its facts
(``facts.py``), its hand form (``form.py``, reached only through ``Game.hand_form``) and its
templates (``templates/``, reached as ``game/spades/<file>``)."""

from .rules import GAME

__all__ = ["GAME"]
