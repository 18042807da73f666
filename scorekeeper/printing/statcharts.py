"""Small server-drawn SVG charts of the statistics pages and the season report.

Only rectangles, polylines and digits, in colours that read on a light page, a dark page and
paper; the words (suits, months, legends) stay in the HTML beside the chart, and every chart
has a table or a sentence with the same numbers for those who cannot see it. The SVG is
``aria-hidden``: the text alternative is what a screen reader reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..engine.numbers import score_text

FOR_COLOUR = "#2f8f6b"  # our side: green that reads on white and on the dark card
AGAINST_COLOUR = "#c0703a"  # the other side: orange
GRID_COLOUR = "#8a8a8a"
SUIT_COLOURS = {"S": "#5b6470", "H": "#c2414b", "D": "#c2414b", "C": "#5b6470"}


def _svg(width: int, height: int, body: list[str], label: str) -> str:
    return (f'<svg class="chart" viewBox="0 0 {width} {height}" width="100%" role="img"'
            f' aria-label="{escape(label)}" preserveAspectRatio="xMidYMid meet"'
            f' xmlns="http://www.w3.org/2000/svg">{"".join(body)}</svg>')


def rate_bar(code: str, made: int, called: int) -> str:
    """One suit's bar: made of called, as a share of the width (an empty frame for none).
    The suit, the per cent and the counts are written beside it in the HTML."""
    width, height = 200, 18
    body = [f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" fill="none"'
            f' stroke="{GRID_COLOUR}" stroke-width="1"/>']
    if called:
        w = round((width - 2) * made / called, 1)
        body.append(f'<rect x="1" y="1" width="{w}" height="{height - 2}"'
                    f' fill="{SUIT_COLOURS.get(code, FOR_COLOUR)}"/>')
    return (f'<svg class="bar" viewBox="0 0 {width} {height}" width="100%" height="{height}"'
            f' aria-hidden="true" preserveAspectRatio="none"'
            f' xmlns="http://www.w3.org/2000/svg">{"".join(body)}</svg>')


def month_bars(months: Sequence[tuple[str, int, int]], label: str) -> str:
    """Two bars a month (points for, points against); month numbers under them."""
    months = list(months)[-12:]
    width, height, bottom, top = 320, 150, 20, 14
    top_value = max([1, *(max(f, a) for _m, f, a in months)])
    # a month below zero (Five Hundred's and Spades' sets) hangs its bar under the 0 line
    low_value = min([0, *(min(f, a) for _m, f, a in months)])
    slot = (width - 8) / max(len(months), 1)
    bar = max(2.0, min(14.0, slot / 2 - 2))
    plot_h = height - bottom - top
    zero = round(height - bottom - plot_h * -low_value / (top_value - low_value), 1) \
        if low_value < 0 else height - bottom
    body = [f'<line x1="4" y1="{zero}" x2="{width - 4}" y2="{zero}"'
            f' stroke="{GRID_COLOUR}" stroke-width="1"/>',
            f'<text x="4" y="11" font-size="11" fill="currentColor">{top_value}</text>']
    if low_value < 0:
        body.append(f'<text x="4" y="{height - bottom - 3}" font-size="11"'
                    f' fill="currentColor">{score_text(low_value)}</text>')
    for n, (month, scored, against) in enumerate(months):
        x = 4 + n * slot + slot / 2
        for value, colour, dx in ((scored, FOR_COLOUR, -bar), (against, AGAINST_COLOUR, 0.0)):
            h = round(plot_h * value / (top_value - low_value), 1)
            body.append(f'<rect x="{round(x + dx, 1)}" y="{round(zero - max(h, 0), 1)}"'
                        f' width="{round(bar, 1)}" height="{abs(h)}" fill="{colour}"/>')
        body.append(f'<text x="{round(x, 1)}" y="{height - 5}" font-size="11"'
                    f' text-anchor="middle" fill="currentColor">{escape(month[5:7])}</text>')
    return _svg(width, height, body, label)


def progression(points: Sequence[tuple[int, int]], label: str,
                breaks: Sequence[int] = ()) -> str:
    """A small line chart of one match: our side's running score (green) and theirs. In a
    rubber, ``breaks`` are the hands (counted from 1) that ended a game: a thin upright line
    there, and the next game's lines start again from 0."""
    width, height, pad = 160, 70, 6
    top_value = max([1, *(max(p) for p in points)])
    low_value = min([0, *(min(p) for p in points)])  # a score below zero stays in the box
    span = max(len(points), 1)
    starts = [0, *sorted(b for b in breaks if 0 < b < len(points))]

    def x_at(n: int) -> float:
        return round(pad + (width - 2 * pad) * n / span, 1)

    def y_of(v: int) -> float:
        return round(height - pad - (height - 2 * pad) * (v - low_value)
                     / (top_value - low_value), 1)

    base = y_of(0) if low_value < 0 else height - pad  # the 0 line

    def line(values: list[int], colour: str) -> str:
        out = []
        for first, end in zip(starts, [*starts[1:], len(values)], strict=True):
            coords: list[tuple[float, float]] = [(x_at(first), base)]
            coords.extend((x_at(n + 1), y_of(values[n])) for n in range(first, end))
            text = " ".join(f"{x},{y}" for x, y in coords)
            out.append(f'<polyline points="{text}" fill="none" stroke="{colour}"'
                       f' stroke-width="2.5" stroke-linejoin="round"/>')
        return "".join(out)

    body = [f'<line x1="{pad}" y1="{base}" x2="{width - pad}" y2="{base}"'
            f' stroke="{GRID_COLOUR}" stroke-width="1"/>',
            *(f'<line x1="{x_at(n)}" y1="{pad}" x2="{x_at(n)}" y2="{height - pad}"'
              f' stroke="{GRID_COLOUR}" stroke-width="1"/>' for n in starts[1:]),
            line([p[1] for p in points], AGAINST_COLOUR),
            line([p[0] for p in points], FOR_COLOUR)]
    return _svg(width, height, body, label)
