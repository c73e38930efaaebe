"""Server-rendered SVG charts: no script, no chart library, readable by screen readers."""

from __future__ import annotations

import math
from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 14, 36
# Presentation attributes, so the chart looks right on pages that do not load leagues.css.
GRID = 'stroke="#dedbd3" stroke-width="1"'
AXIS = 'stroke="#6b6b70" stroke-width="1"'
TEXT = 'fill="#6b6b70" font-size="11" font-family="system-ui, sans-serif"'
LINE = 'stroke="#1f6f5c" stroke-width="2"'
DOT = 'fill="#1f6f5c"'


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high]: steps of 1, 2 or 5 times a power of ten."""
    if high <= low:
        low, high = low - 1, high + 1
    rough = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step * 0.999:
        ticks.append(round(value, 6))
        value += step
    return ticks


def _label(value: float) -> str:
    return f"{value:g}" if abs(value) >= 1 or value == 0 else f"{value:.1f}"


def rating_history_svg(values: Sequence[float], *, title: str, desc: str, chart_id: str = "rating-chart") -> SafeString:
    """A line of the rating (ordinal, mu - 3 sigma) after each game: game number across, rating up."""
    if not values:
        return mark_safe("")
    ticks = nice_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(values)

    def x(index: int) -> float:
        return LEFT + (plot_w / 2 if count == 1 else plot_w * index / (count - 1))

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        f' aria-labelledby="{chart_id}-title {chart_id}-desc">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(desc)}</desc>',
    ]
    for tick in ticks:
        ty = y(tick)
        parts.append(f'<line class="grid" {GRID} x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{ty:.1f}" y2="{ty:.1f}"/>')
        parts.append(_text("tick", LEFT - 6, ty + 4, "end", _label(tick)))
    for index in _game_ticks(count):
        parts.append(_text("tick", x(index), HEIGHT - BOTTOM + 16, "middle", str(index + 1)))
    parts.append(f'<line class="axis" {AXIS} x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{HEIGHT - BOTTOM}"/>')
    parts.append(
        f'<line class="axis" {AXIS} x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{HEIGHT - BOTTOM}" y2="{HEIGHT - BOTTOM}"/>'
    )
    parts.append(_text("axis-label", LEFT + plot_w / 2, HEIGHT - 4, "middle", "Games"))
    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline class="line" {LINE} fill="none" points="{points}"/>')
    for i, v in enumerate(values):
        tip = f"<title>Game {i + 1}: {v:.1f}</title>"
        parts.append(f'<circle class="dot" {DOT} cx="{x(i):.1f}" cy="{y(v):.1f}" r="3">{tip}</circle>')
    parts.append("</svg>")
    # Safe: every piece above is a number we formatted or text passed through escape().
    return mark_safe("".join(parts))


def _text(kind: str, x: float, y: float, anchor: str, content: str) -> str:
    return f'<text class="{kind}" {TEXT} x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">{escape(content)}</text>'


def _game_ticks(count: int, most: int = 10) -> list[int]:
    """Indexes of the games labelled on the x axis: all of them when few, else an even spread with the last."""
    if count <= most:
        return list(range(count))
    step = math.ceil(count / most)
    marks = list(range(0, count, step))
    if marks[-1] != count - 1:
        marks.append(count - 1)
    return marks
