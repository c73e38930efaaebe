"""The replay page's view of one hand: `{% replay_hand replay number as hand %}`.

A finished game hides nothing, so every step shows every hand; the positions come from
games.replay (which rebuilds them from the stored moves).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.safestring import SafeString

from games.rendering import PlayView, TopView, effective_top, last_play, notation_html
from games.templatetags.cards import sort_hand

register = template.Library()


@dataclass(frozen=True)
class ReplaySeat:
    name: str
    cards: tuple[str, ...]
    total: int
    to_act: bool
    dealer: bool


@dataclass(frozen=True)
class StepView:
    number: int  # 0 is the deal
    line: str  # the notation line; "" for the deal
    actor: str
    seats: tuple[ReplaySeat, ...]
    top: TopView | None
    last_play: PlayView | None
    pending: Mapping[str, Any] | None
    direction: int
    draw_count: int


@dataclass(frozen=True)
class ResultRow:
    name: str
    points: int
    went_out: bool


@dataclass(frozen=True)
class HandView:
    number: int
    steps: tuple[StepView, ...]
    result: Mapping[str, Any] | None
    result_rows: tuple[ResultRow, ...]
    previous: int | None
    next: int | None
    numbers: tuple[int, ...]


def _step(number: int, line: str, actor: str, position: Mapping[str, Any], names: Sequence[str]) -> StepView:
    by_index = dict(enumerate(names))
    seats = tuple(
        ReplaySeat(
            name=names[index] if index < len(names) else f"seat {index}",
            cards=tuple(sort_hand(hand)) if isinstance(hand, list) else (),
            total=(position.get("totals") or [0] * len(names))[index],
            to_act=position.get("turn") == index,
            dealer=position.get("dealer") == index,
        )
        for index, hand in enumerate(position.get("hands") or ())
    )
    draw = position.get("draw")
    return StepView(
        number=number,
        line=line,
        actor=actor,
        seats=seats,
        top=effective_top(position),
        last_play=last_play(position, by_index),
        pending=position.get("pending"),
        direction=position.get("direction", 1),
        draw_count=len(draw) if isinstance(draw, list) else int(draw or 0),
    )


@register.filter
def notation(line: str) -> SafeString:
    """A notation line with its card codes drawn as coloured chips."""
    return notation_html(line)


@register.simple_tag
def replay_hand(replay: Any, number: Any = None, request: Any = None) -> HandView | None:
    """The hand `number` (else the request's `?hand=`; else the first) of the replay, step by step."""
    numbers = tuple(hand.number for hand in replay.hands)
    if not numbers:
        return None
    if not number and request is not None:
        number = request.GET.get("hand")
    try:
        wanted = int(number)
    except (TypeError, ValueError):
        wanted = numbers[0]
    hand = replay.hand(wanted) or replay.hands[0]
    names = list(replay.seat_names)
    steps = [_step(0, "", "", hand.deal, names)]
    for n, step in enumerate(hand.steps, start=1):
        actor = names[step.seat] if step.seat is not None and step.seat < len(names) else ""
        line = step.notation.partition(":")[2].strip() if ":" in step.notation else step.notation
        steps.append(_step(n, line, actor, step.position, names))
    at = numbers.index(hand.number)
    result = hand.result or {}
    rows = tuple(
        ResultRow(names[seat] if seat < len(names) else f"seat {seat}", points, seat == result.get("out"))
        for seat, points in enumerate(result.get("points") or ())
    )
    return HandView(
        number=hand.number,
        steps=tuple(steps),
        result=hand.result,
        result_rows=rows,
        previous=numbers[at - 1] if at > 0 else None,
        next=numbers[at + 1] if at + 1 < len(numbers) else None,
        numbers=numbers,
    )
