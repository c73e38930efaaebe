"""The game mails, rendered: plain text and HTML from templates/emails/, in the reader's time zone.

Every mail about a table is rendered from `table_state(game, reader)`: the same per-viewer state
the table page uses, so a mail can only show what the reader may see at the table (their own hand,
never another's or the draw pile). `Mail` is plain data: games.tasks sends it, with retries, so a
retry sends exactly what was rendered.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from accounts import unsubscribe
from games import engine, rendering
from games.engine.events import events_in_words
from games.models import Game, describe_seconds
from games.presenters import presenter_for
from games.table_state import LogLine, TableState, table_state

LAST_PLAYS = 6
# Inline colours (mail clients drop style sheets) by a card's colour key, as each game's card faces
# name them (engine.CardFace.colour: red, yellow, blue, green; clubs, spades, hearts, diamonds,
# purple); every card also carries its name in words.
INK = {
    "R": "#b71c1c",
    "Y": "#8a6d00",
    "B": "#0d47a1",
    "G": "#1b5e20",
    "C": "#263238",
    "S": "#263238",
    "H": "#b71c1c",
    "D": "#b71c1c",
    "P": "#6a1b9a",
    "": "#37474f",
}


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    text: str
    html: str
    headers: dict[str, str] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        """JSON for the Celery task that sends it."""
        return asdict(self)

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Mail:
        return cls(**payload)


def send(mail: Mail) -> int:
    message = EmailMultiAlternatives(subject=mail.subject, body=mail.text, to=[mail.to], headers=mail.headers)
    message.attach_alternative(mail.html, "text/html")
    return message.send()


# --- the table at a glance ---------------------------------------------------------------------


@dataclass(frozen=True)
class CardText:
    code: str
    name: str  # in the game's words: "red 7", "Penal T, red, 20 points", "Queen of spades"
    ink: str


@dataclass(frozen=True)
class SeatLine:
    name: str
    cards: int | None
    total: int | None
    to_act: bool
    away: bool
    is_reader: bool


@dataclass(frozen=True)
class Glance:
    """What a mail shows of a table: only what `state` (the reader's own view) holds."""

    title: str
    url: str
    hand_number: int | None
    top: CardText | None
    top_note: str  # "played as Penal T, now green"
    hand: tuple[CardText, ...]
    plays: tuple[str, ...]  # the last public log lines, with names
    seats: tuple[SeatLine, ...]
    hit: str
    deadline: datetime | None
    time_control: str


def card_text(code: str, variant: str) -> CardText:
    presenter = presenter_for(variant)
    colour = presenter.face(code).colour or ""
    return CardText(code=code, name=presenter.card_words(code), ink=INK.get(colour, INK[""]))


def table_url(game: Game) -> str:
    return f"{settings.SITE_URL}{game.get_absolute_url()}"


def _line(line: LogLine, names: Mapping[int, str], variant: str) -> str:
    """A move in words for a reader away from the table, from its events: "Ana plays red 7, red 8"."""
    if not line.events:  # a move stored before moves kept their events: its notation, in words
        seat, _, body = line.text.partition(": ")
        words = presenter_for(variant).notation_words(body if seat.isdigit() and body else line.text)
        return f"{names.get(line.seat or 0, '?')}: {words}"
    return events_in_words(line.events, names, lambda code: engine.card_info(variant, code).name)


def glance(state: TableState, url: str) -> Glance:
    """The table at a glance, in the words of its game's presenter."""
    view: Mapping[str, Any] = state.view or {}
    names = {seat.index: seat.name for seat in state.seats}
    presenter = presenter_for(state.variant)
    top = view.get("top")
    pending = view.get("pending")
    return Glance(
        title=f"Table {state.game_id} · {state.title}" if presenter.named_in_titles else f"Table {state.game_id}",
        url=url,
        hand_number=view.get("hand"),
        top=card_text(top["card"], state.variant) if top else None,
        top_note=presenter.top_note(view),
        hand=tuple(card_text(code, state.variant) for code in presenter.sort(state.hand)),
        plays=tuple(_line(line, names, state.variant) for line in state.log[-LAST_PLAYS:]),
        seats=tuple(
            SeatLine(seat.name, seat.cards, seat.total, seat.to_act, seat.away, seat.is_viewer) for seat in state.seats
        ),
        hit=presenter.pending_words(pending, names, state.viewer_seat) + "." if pending else "",
        deadline=state.deadline,
        time_control=f"{describe_seconds(state.move_seconds)} per move",
    )


# --- rendering ---------------------------------------------------------------------------------


def _render(
    reader: Any, template: str, subject: str, context: Mapping[str, Any], *, scope: str | None, to: str = ""
) -> Mail:
    """A mail to `reader` (a user); `scope` is what its unsubscribe link turns off (None: no link)."""
    zone = reader.profile.time_zone if reader is not None else "UTC"
    unsubscribe_url = unsubscribe.unsubscribe_url(reader, scope) if reader is not None and scope else ""
    full = {
        **context,
        "reader": reader,
        "zone": zone,
        "site_url": settings.SITE_URL,
        "preferences_url": f"{settings.SITE_URL}{reverse('accounts:profile')}",
        "unsubscribe_url": unsubscribe_url,
        "unsubscribe_what": unsubscribe.SCOPES[scope].label if scope else "",
    }
    with timezone.override(zoneinfo.ZoneInfo(zone)):
        text = render_to_string(f"emails/{template}.txt", full)
        html = render_to_string(f"emails/{template}.html", full)
    headers = {}
    if unsubscribe_url:
        # RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to the URL.
        headers = {"List-Unsubscribe": f"<{unsubscribe_url}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
    return Mail(
        to=to or reader.email,
        subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}{subject}",
        text=text,
        html=html,
        headers=headers,
    )


def _table_mail(game: Game, reader: Any, template: str, subject: str, scope: str, **context: Any) -> Mail:
    state = table_state(game, reader)
    return _render(
        reader, template, subject, {"game": game, "glance": glance(state, table_url(game)), **context}, scope=scope
    )


def _others(game: Game, reader: Any) -> str:
    names = [seat.name for seat in game.seats.select_related("user__profile") if seat.user_id != reader.pk]
    return ", ".join(names)


def your_turn(game: Game, reader: Any) -> Mail:
    return _table_mail(
        game, reader, "your_turn", f"Your turn at table {game.pk} (with {_others(game, reader)})", "turns"
    )


def reminder(game: Game, reader: Any, left_seconds: float) -> Mail:
    left = describe_left(left_seconds)
    return _table_mail(game, reader, "reminder", f"{left} left for your move at table {game.pk}", "turns", left=left)


def seat_away(game: Game, reader: Any) -> Mail:
    return _table_mail(game, reader, "away", f"A bot is playing your seat at table {game.pk}", "turns")


def hand_result(game: Game, reader: Any) -> Mail:
    state = table_state(game, reader)
    summary = _hand_summary(state)
    number = summary.number if summary else None
    out = summary.out_name if summary else "Someone"
    subject = f"Hand {number} at table {game.pk}: {out} went out"
    return _table_mail(game, reader, "hand_result", subject, "results", summary=summary)


def _hand_summary(state: TableState) -> Any:
    return presenter_for(state.variant).hand_summary(state, state.view or {})


def game_result(game: Game, reader: Any) -> Mail:
    state = table_state(game, reader)
    rows = rendering.standings(state)
    winners = rendering.winners_text(rows, state.teams)
    summary = _hand_summary(state)
    context = {"standings": rows, "winners": winners, "summary": summary, "seed": state.seed}
    return _table_mail(game, reader, "game_result", f"Table {game.pk} is over: {winners}", "results", **context)


@dataclass(frozen=True)
class Waiting:
    game_id: int
    url: str
    others: str
    deadline: datetime | None


def digest(reader: Any, games: Iterable[Game]) -> Mail:
    waiting = [Waiting(game.pk, table_url(game), _others(game, reader), game.deadline) for game in games]
    count = len(waiting)
    subject = f"{count} game{'s are' if count != 1 else ' is'} waiting for your move"
    return _render(reader, "digest", subject, {"waiting": waiting}, scope="turns")


def invitation(game: Game, inviter: Any, to: str, reader: Any | None) -> Mail:
    """An invitation to `to` (an address; `reader` when it belongs to a player), from `inviter`."""
    path = game.invite_path() if game.is_private else game.get_absolute_url()
    context = {
        "game": game,
        "inviter_name": inviter.profile.name,
        "url": f"{settings.SITE_URL}{path}",
        "seats": game.seat_count,
        "time_control": game.time_control_label,
        "others": ", ".join(seat.name for seat in game.seats.select_related("user__profile") if not seat.is_free),
    }
    subject = f"{inviter.profile.name} invites you to a table of {game.title}"
    return _render(reader, "invitation", subject, context, scope=None, to=to)


def describe_left(seconds: float) -> str:
    """ "2 hours", "40 minutes": roughly how much move time is left."""
    seconds = max(0, int(seconds))
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = round(seconds / size)
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return "Less than a minute"
