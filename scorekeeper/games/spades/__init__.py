"""Spades' web side: its hand form and its templates (``game/spades/<file>``)."""
