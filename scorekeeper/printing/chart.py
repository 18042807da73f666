"""The score-progression chart: geometry, then a small server-side SVG.

Only simple shapes (lines, polylines, circles, text of digits) so that WeasyPrint's SVG subset
and every browser draw it alike. No names go into the SVG: the legend is HTML, where the
print font stack covers every script.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from ..engine.numbers import score_text

Point = tuple[int, int, int]  # (hand number, NS running score, EW running score)

WIDTH, HEIGHT = 720, 220
LEFT, RIGHT, TOP, BOTTOM = 34, 12, 10, 26
NS_COLOUR = "#1d4e89"
EW_COLOUR = "#a34a00"
TARGET_COLOUR = "#7a7a7a"
GRID_COLOUR = "#dddddd"


@dataclass(frozen=True, slots=True)
class ChartGeometry:
    """Coordinates in the SVG's own units (viewBox 0 0 WIDTH HEIGHT)."""

    ns_lines: tuple[str, ...]  # polyline "points" attributes, one per game
    ew_lines: tuple[str, ...]
    target_y: float | None
    y_ticks: tuple[tuple[float, int], ...]
    x_ticks: tuple[tuple[float, int], ...]
    hands: int
    top: int  # the highest score on the axis
    breaks: tuple[tuple[float, int], ...] = ()  # (x, game no) where a game of a rubber ended
    zero_y: float | None = None  # the 0 line of a lead-margin chart, or of scores below it


def _step(span: int, most: int) -> int:
    """A round tick step so that at most ``most`` ticks cover ``span``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        if span / step <= most:
            return step
    return max(1, span // most)


PLOT_W = WIDTH - LEFT - RIGHT
PLOT_H = HEIGHT - TOP - BOTTOM


def _x_axis(hands: int) -> tuple[Callable[[int], float], tuple[tuple[float, int], ...]]:
    """Hand numbers across the plot: where hand ``x`` stands, and the labelled ticks (each
    label is text WeasyPrint lays out: a dozen at most)."""
    span = max(hands, 1)

    def x_of(x: int) -> float:
        return round(LEFT + PLOT_W * x / span, 1)

    return x_of, tuple((x_of(v), v) for v in range(0, hands + 1, _step(span, 12)))


def margin_geometry(points: Sequence[Point]) -> ChartGeometry:
    """The lead margin (NS minus EW) by hand, around a 0 line: one line for a long match,
    where two rising lines say less. ``ns_lines`` holds the margin; ``ew_lines`` is empty."""
    hands = max((p[0] for p in points), default=0)
    reach = max((abs(p[1] - p[2]) for p in points), default=0)
    y_step = _step(max(2 * reach, 1), 6)
    top = max(-(-reach // y_step) * y_step, y_step)
    x_of, x_ticks = _x_axis(hands)

    def y_of(y: int) -> float:
        return round(TOP + PLOT_H * (top - y) / (2 * top), 1)

    line = " ".join(f"{x_of(p[0])},{y_of(p[1] - p[2])}" for p in points)
    return ChartGeometry(
        ns_lines=(line,) if points else (),
        ew_lines=(),
        target_y=None,
        y_ticks=tuple((y_of(v), v) for v in range(-top, top + 1, y_step)),
        x_ticks=x_ticks,
        hands=hands,
        top=top,
        zero_y=y_of(0),
    )


def chart_geometry(segments: Sequence[Sequence[Point]], target: int | None) -> ChartGeometry:
    """Scale the running scores of each game into the chart's box; where a rubber's game
    ended (a new segment starts), a numbered break."""
    points = [p for segment in segments for p in segment]
    hands = max((p[0] for p in points), default=0)
    highest = max((max(p[1], p[2]) for p in points), default=0)
    # a score below zero (Five Hundred, Spades) takes the axis below the 0 line with it
    lowest = min((min(p[1], p[2]) for p in points), default=0)
    top = max(highest, target or 0, 1)
    y_step = _step(top - min(lowest, 0), 6)
    top = -(-top // y_step) * y_step  # round up to a whole tick
    bottom = min(lowest, 0) // y_step * y_step  # and down
    x_of, x_ticks = _x_axis(hands)

    def y_of(y: int) -> float:
        return round(TOP + PLOT_H * (top - y) / (top - bottom), 1)

    def line(segment: Sequence[Point], index: int) -> str:
        return " ".join(f"{x_of(p[0])},{y_of(p[index])}" for p in segment)

    return ChartGeometry(
        ns_lines=tuple(line(s, 1) for s in segments if s),
        ew_lines=tuple(line(s, 2) for s in segments if s),
        target_y=y_of(target) if target else None,
        y_ticks=tuple((y_of(v), v) for v in range(bottom, top + 1, y_step)),
        x_ticks=x_ticks,
        hands=hands,
        top=top,
        zero_y=y_of(0) if bottom < 0 else None,
        breaks=tuple((x_of(s[0][0]), n) for n, s in enumerate(segments[1:], 1) if s),
    )


def render_svg(chart: ChartGeometry, title: str = "") -> str:
    """The chart as an inline ``<svg>`` element (markup built only from numbers and ``title``)."""
    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}"'
        ' preserveAspectRatio="xMidYMid meet">'
    ]
    base = HEIGHT - BOTTOM
    # Few elements: one path for the grid, one for the ticks (each element costs layout time).
    grid = "".join(f"M{LEFT} {y}H{WIDTH - RIGHT}" for y, _label in chart.y_ticks)
    ticks = "".join(f"M{x} {base}v4" for x, _label in chart.x_ticks)
    parts.append(
        f'<path d="{grid}" stroke="{GRID_COLOUR}" stroke-width="0.8" fill="none"/>'
        f'<path d="{ticks}M{LEFT} {base}H{WIDTH - RIGHT}" stroke="#555555" stroke-width="0.8"'
        ' fill="none"/>'
    )
    for y, label in chart.y_ticks:
        parts.append(
            f'<text x="{LEFT - 5}" y="{y + 3.5}" font-size="10" text-anchor="end"'
            f' fill="#555555">{score_text(label)}</text>'
        )
    for x, label in chart.x_ticks:
        parts.append(
            f'<text x="{x}" y="{base + 15}" font-size="10" text-anchor="middle"'
            f' fill="#555555">{label}</text>'
        )
    for x, number in chart.breaks:  # the end of game 1, 2 of a rubber: a line and its number
        parts.append(
            f'<path d="M{x} {TOP}V{base}" stroke="#555555" stroke-width="0.8"'
            f' stroke-dasharray="1 2" fill="none"/><circle cx="{x}" cy="{TOP + 7}" r="7"'
            f' fill="#ffffff" stroke="#555555" stroke-width="0.8"/><text x="{x}" y="{TOP + 10.5}"'
            f' font-size="10" text-anchor="middle" fill="#1b1b1b">{number}</text>'
        )
    if chart.zero_y is not None:
        parts.append(
            f'<path d="M{LEFT} {chart.zero_y}H{WIDTH - RIGHT}" stroke="#1b1b1b"'
            ' stroke-width="1" fill="none"/>'
        )
    if chart.target_y is not None:
        parts.append(
            f'<line class="target" x1="{LEFT}" y1="{chart.target_y}" x2="{WIDTH - RIGHT}"'
            f' y2="{chart.target_y}" stroke="{TARGET_COLOUR}" stroke-width="1.2"'
            ' stroke-dasharray="2 3"/>'
        )
    width = 2.2 if chart.hands <= 40 else 1.6
    for lines, colour, dash in (
        (chart.ns_lines, NS_COLOUR, ""),
        (chart.ew_lines, EW_COLOUR, ' stroke-dasharray="6 3"'),
    ):
        for points in lines:
            parts.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}"'
                f' stroke-width="{width}" stroke-linejoin="round"{dash}/>'
            )
        if lines:
            end_x, end_y = lines[-1].split(" ")[-1].split(",")
            parts.append(f'<circle cx="{end_x}" cy="{end_y}" r="3.2" fill="{colour}"/>')
    parts.append("</svg>")
    return "".join(parts)
