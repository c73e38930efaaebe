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
from games.presenters.base import describe_events
from games.presenters.ddmau import PlayedCard, PlayView, TopView, effective_top, last_play, notation_html
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
    words: SafeString  # what happened, from the move's events
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
    ddmau = variant == "ddmau"
    seats = tuple(
        ReplaySeat(
            name=names[index] if index < len(names) else f"seat {index}",
            cards=tuple(sort_hand(hand) if ddmau else presenter.sort(hand)) if isinstance(hand, list) else (),
            total=(position.get("totals") or [0] * len(names))[index],
            to_act=index in presenter.rules.to_act(position) if not ddmau else position.get("turn") == index,
            dealer=position.get("dealer") == index,
        )
        for index, hand in enumerate(position.get("hands") or ())
    )
    draw = position.get("draw")
    return StepView(
        number=number,
        line=line,
        words=describe_events(presenter, events, by_index),
        actor=actor,
        seats=seats,
        top=effective_top(position) if ddmau else _top(position),
        last_play=last_play(position, by_index) if ddmau else _last_play(position, by_index),
        pending=position.get("pending"),
        direction=position.get("direction", 1),
        draw_count=len(draw) if isinstance(draw, list) else int(draw or 0),
    )


def _top(position: Mapping[str, Any]) -> TopView | None:
    top = position.get("top")
    return TopView(code=top["card"], colour=top.get("color") or "", declared="") if top else None


def _last_play(position: Mapping[str, Any], names: Mapping[int, str]) -> PlayView | None:
    pile = position.get("pile") or ()
    if not pile:
        return None
    play = pile[-1]
    cards = tuple(PlayedCard(code, "") for code in play.get("cards") or ())
    return PlayView(seat_name=names.get(play.get("seat", -1), "?"), cards=cards, colour=None, block=False)


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
        previous=numbers[at - 1] if at > 0 else None,
        next=numbers[at + 1] if at + 1 < len(numbers) else None,
        numbers=numbers,
    )
