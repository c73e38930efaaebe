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

from games.presenters import presenter_for
from games.presenters.base import PlayView, TopView, describe_events

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
    words: SafeString  # what happened, from the move's events
    actor: str
    said: SafeString  # the step in one line, as the game's presenter puts it (words or notation)
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
    multiplier_words: str  # the result's multiplier in the game's words ("" when it counts once)
    previous: int | None
    next: int | None
    numbers: tuple[int, ...]


def _step(
    variant: str,
    number: int,
    line: str,
    actor: str,
    position: Mapping[str, Any],
    names: Sequence[str],
    events: Sequence[Mapping[str, Any]] = (),
) -> StepView:
    by_index = dict(enumerate(names))
    presenter = presenter_for(variant)
    waiting = presenter.rules.to_act(position)
    seats = tuple(
        ReplaySeat(
            name=names[index] if index < len(names) else f"seat {index}",
            cards=tuple(presenter.sort(hand)) if isinstance(hand, list) else (),
            total=(position.get("totals") or [0] * len(names))[index],
            to_act=index in waiting,
            dealer=position.get("dealer") == index,
        )
        for index, hand in enumerate(position.get("hands") or ())
    )
    draw = position.get("draw")
    words = describe_events(presenter, events, by_index)
    return StepView(
        number=number,
        line=line,
        words=words,
        actor=actor,
        said=presenter.replay_line(actor, line, words),
        seats=seats,
        top=presenter.top_view(position),
        last_play=presenter.last_play_view(position, by_index),
        pending=position.get("pending"),
        direction=position.get("direction", 1),
        draw_count=len(draw) if isinstance(draw, list) else int(draw or 0),
    )


@register.filter
def game_named(variant: str) -> bool:
    """Does a title of this game's tables name the game ("Replay of table 12 · mau")?"""
    return presenter_for(variant).named_in_titles


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
    steps = [_step(replay.variant, 0, "", "", hand.deal, names)]
    for n, step in enumerate(hand.steps, start=1):
        actor = names[step.seat] if step.seat is not None and step.seat < len(names) else ""
        line = step.notation.partition(":")[2].strip() if ":" in step.notation else step.notation
        steps.append(_step(replay.variant, n, line, actor, step.position, names, step.events))
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
        multiplier_words=presenter_for(replay.variant).multiplier_words(int(result.get("multiplier") or 1)),
        previous=numbers[at - 1] if at > 0 else None,
        next=numbers[at + 1] if at + 1 < len(numbers) else None,
        numbers=numbers,
    )
