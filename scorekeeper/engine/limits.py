"""The match file's fixed words and sizes, defined once (engine, formats and forms)."""

from __future__ import annotations

MATCH_FORMAT = "scorekeeper-match/1"  # a match file's "format"
NAME_MAX = 40  # match-format.md: a seat's or a team's name is 1 to 40 characters
TITLE_MAX = 80  # a match's own title, e.g. "VWEC Finals"
NOTE_MAX = 500  # a hand's note (hand.bad_note beyond this)
# What the hand form takes: a note that fits its line on the printed sheet. Imports and the API
# keep up to NOTE_MAX (an imported EGN annotation is cut there).
NOTE_FORM_MAX = 200
