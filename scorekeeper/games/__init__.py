"""The web side of each game, a package per game (``Game.folder``): its hand form (``form.py``,
``Game.hand_form``) and its templates (``templates/``, reached as ``game/<name>/<file>``)."""
