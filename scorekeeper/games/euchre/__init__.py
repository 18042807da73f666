"""Euchre, one folder: its rules (``rules.py``), its words (``words.py``), its facts
(``facts.py``), its club scoring (``club.py``), its hand form (``form.py``, reached only through
``Game.hand_form``) and its templates (``templates/``)."""

from .rules import GAME

__all__ = ["GAME"]
