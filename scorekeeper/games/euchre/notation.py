"""Euchre's notation part: EGN (and EMN, a match of several EGN games), read and written by the
``egn`` package. Each function imports it when first called, so the rules (which the EGN reader
uses for a deal's seating and pack) load without it."""

from __future__ import annotations

from typing import Any

from ...engine.messages import N_
from ...engine.parts.notation import Converted, Notation
from ...engine.problems import Problem
from .egn.messages import EGN_MESSAGES


def recognise(data: object, name: str) -> bool:
    from .egn.read import is_egn

    return is_egn(data, name)


def recognise_many(data: object, name: str) -> bool:
    from .egn.read import is_emn

    return is_emn(data, name)


def read(data: object) -> Converted:
    from .egn.read import egn_to_match

    return egn_to_match(data)


def read_many(data: object) -> tuple[list[Converted], list[Problem]]:
    from .egn.read import emn_to_matches

    return emn_to_matches(data)


def export(match: dict[str, Any]) -> dict[str, Any]:
    from .egn.export import export_egn

    return export_egn(match)


NOTATION = Notation(
    extension="egn",
    label=N_("EGN file"),
    only=N_("Only Euchre matches can be saved as EGN files."),
    recognise=recognise,
    read=read,
    export=export,
    recognise_many=recognise_many,
    read_many=read_many,
    messages=EGN_MESSAGES,
)
