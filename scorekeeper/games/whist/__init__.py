"""Whist, one folder: its rules (``rules.py``), the trump rotation (``rotation.py``), a hand's
details (``details.py``), its words (``words.py``), its facts (``facts.py``), its hand form
(``form.py``, reached only through ``Game.hand_form``) and its templates (``templates/``)."""

from .rules import GAME

__all__ = ["GAME"]
