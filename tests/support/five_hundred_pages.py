"""Five Hundred through the test client: a match started from the start form."""

from __future__ import annotations

from support.pages import Table


def start(table: Table, **fields: str) -> str:
    # a browser sends the boxes ticked by default; the test client sends what it is given
    defaults = {"five_hundred_misere": "y", "five_hundred_slam": "y"}
    return table.start(**{"game": "five_hundred", "team_NS": "", "team_EW": "", **defaults,
                          **fields})
