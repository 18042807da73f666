"""Our seats, strains and hands as endplay's types, for DDS (analysis.py): apart from
notation.py, so that reading, scoring and wording a deal never loads endplay (and numpy) into a
process; only an analysis does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from endplay.types import Deal, Denom, Player

from .notation import pbn_deal

PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
SEAT_OF = {player: seat for seat, player in PLAYERS.items()}
DENOMS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
          "NT": Denom.nt}
STRAIN_OF = {denom: strain for strain, denom in DENOMS.items()}


def endplay_deal(hands: Mapping[str, Sequence[str]], leader: str = "N",
                 strain: str = "NT") -> Deal:
    """endplay's ``Deal`` of the four hands with ``leader`` to lead and ``strain`` trumps."""
    return Deal(pbn_deal(hands), first=PLAYERS[leader], trump=DENOMS[strain])
