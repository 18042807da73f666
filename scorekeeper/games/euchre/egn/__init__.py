"""Euchre Game Notation (EGN) and Euchre Match Notation (EMN), Euchre's notation: ``read``
(the match level) and ``deals`` (deal by deal) import, ``write`` (hands with cards) and
``export`` (any Euchre match, GET /m/<id>.egn) write; ``values``, ``annotations`` and
``messages`` are theirs. The core reaches it only through ``Game.notation`` (``notation.py``)."""
