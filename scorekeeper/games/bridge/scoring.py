"""Scoring one bridge contract, as the Laws set it (``spec/bridge.md``): the same table serves
rubber, Chicago and duplicate; each keeps its own bonuses for games and partscores.

Everything is worded from the declaring side: what it scores below the line (trick points of
the contract bid and made) and above it (overtricks, the insult, slams), and what the defenders
score for undertricks. Nothing here knows rubbers or boards beyond the board's vulnerability.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Strain = Literal["C", "D", "H", "S", "NT"]
STRAINS: tuple[Strain, ...] = ("C", "D", "H", "S", "NT")
_STRAIN: dict[str, Strain] = {s: s for s in STRAINS}
SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT)(XX|X)?")
# a side's vulnerability on a board: which sides are vulnerable, by board number 1..16
_VULNERABLE = ("none", "NS", "EW", "both", "NS", "EW", "both", "none",
               "EW", "both", "none", "NS", "both", "none", "NS", "EW")
# the first three undertricks doubled, not vulnerable and vulnerable; 300 each after those
_UNDER_DOUBLED_NV = (100, 200, 200)
_UNDER_DOUBLED_V = (200, 300, 300)


@dataclass(frozen=True, slots=True)
class Contract:
    """A level (1–7, tricks over six), a strain and how far it was doubled (0, 1 X, 2 XX)."""

    level: int
    strain: Strain
    doubled: int = 0

    @property
    def needed(self) -> int:
        """The tricks declarer's side must take."""
        return 6 + self.level

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.doubled}"


def parse_contract(text: str) -> Contract | None:
    """``"4HX"`` as a contract, or None when the text is not one (``"8S"``, ``"4N"``)."""
    match = CONTRACT.fullmatch(text.strip().upper()) if isinstance(text, str) else None
    if match is None:
        return None
    level, strain, doubled = match.groups()
    return Contract(int(level), _STRAIN[strain], len(doubled or ""))


def side_of(seat: str) -> str:
    """The side a seat sits on ("N" -> "NS")."""
    return "NS" if seat in ("N", "S") else "EW"


def vulnerable_on_board(board: int) -> str:
    """Who is vulnerable on a duplicate board: "none", "NS", "EW" or "both" (every 16 boards)."""
    return _VULNERABLE[(board - 1) % 16]


def dealer_of_board(board: int) -> str:
    """The dealer of a duplicate board: N, E, S, W in turn from board 1."""
    return SEATS[(board - 1) % 4]


def is_vulnerable(vulnerable: str, side: str) -> bool:
    """Whether ``side`` is vulnerable when ``vulnerable`` ("none", "NS", "EW", "both") are."""
    return vulnerable in ("both", side)


def trick_points(contract: Contract, tricks_over: int | None = None) -> int:
    """Trick points for ``tricks_over`` tricks over six in the contract's strain (the level when
    None), doubled or redoubled: what counts towards game."""
    n = contract.level if tricks_over is None else tricks_over
    if n <= 0:
        return 0
    per = 20 if contract.strain in ("C", "D") else 30
    points = per * n + (10 if contract.strain == "NT" else 0)
    return points * (1, 2, 4)[contract.doubled]


@dataclass(frozen=True, slots=True)
class ContractScore:
    """What one played contract scores, by kind, each side's points never negative.

    ``below``: declarer's trick points (made contracts only); ``overtricks``, ``insult`` and
    ``slam``: declarer's above the line; ``undertricks``: the defenders'. Game and partscore
    bonuses are not here: rubber, Chicago and duplicate each add their own.
    """

    below: int = 0
    overtricks: int = 0
    insult: int = 0
    slam: int = 0
    undertricks: int = 0

    @property
    def made(self) -> bool:
        return self.undertricks == 0

    @property
    def above(self) -> int:
        """Declarer's points above the line."""
        return self.overtricks + self.insult + self.slam


def undertrick_points(down: int, doubled: int, vulnerable: bool) -> int:
    """What the defenders score for ``down`` undertricks."""
    if down <= 0:
        return 0
    if doubled == 0:
        return down * (100 if vulnerable else 50)
    steps = _UNDER_DOUBLED_V if vulnerable else _UNDER_DOUBLED_NV
    doubled_points = sum(steps[i] if i < 3 else 300 for i in range(down))
    return doubled_points * (1 if doubled == 1 else 2)


def score_contract(contract: Contract, tricks: int, vulnerable: bool) -> ContractScore:
    """Score a contract from declarer's side's ``tricks`` (0–13) and its vulnerability."""
    over = tricks - contract.needed
    if over < 0:
        return ContractScore(undertricks=undertrick_points(-over, contract.doubled, vulnerable))
    if contract.doubled:
        overtricks = over * (100 if not vulnerable else 200) * contract.doubled
    else:
        # an undoubled overtrick is worth a trick of its strain (30 at no trumps: no first 40)
        overtricks = over * (20 if contract.strain in ("C", "D") else 30)
    slam = {6: (500, 750), 7: (1000, 1500)}.get(contract.level, (0, 0))[int(vulnerable)]
    return ContractScore(below=trick_points(contract), overtricks=overtricks,
                         insult=50 * contract.doubled, slam=slam)


def game_bonus(trick_points_below: int, vulnerable: bool) -> int:
    """Duplicate's (and Chicago's) bonus for a made contract: a game (100 trick points or more)
    300 not vulnerable, 500 vulnerable; a partscore 50."""
    if trick_points_below >= 100:
        return 500 if vulnerable else 300
    return 50


def duplicate_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """A deal's duplicate score for declarer's side: positive when made, negative when down
    (+620 for 4♥ made vulnerable, −100 for one down vulnerable undoubled)."""
    score = score_contract(contract, tricks, vulnerable)
    if not score.made:
        return -score.undertricks
    return score.below + score.above + game_bonus(score.below, vulnerable)


# the IMP scale: the smallest difference that earns each IMP from 1 to 24
_IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
              1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int) -> int:
    """IMPs for a score difference, by the standard scale, with its sign."""
    size = abs(difference)
    won = sum(1 for step in _IMP_STEPS if size >= step)
    return won if difference >= 0 else -won
