"""Chat at a table: two rooms, limits, mutes and staff removal (issue 12).

Rooms: "players" is read and written by the seated players (and read by staff, who may remove a
line); "spectators" is read by everyone who may watch the table and written by the signed-in
watchers who hold no seat (the players read it). A line is plain text of at most CHAT_MAX_LENGTH
characters, at most RATE_COUNT lines per RATE_SECONDS per person and table; it is kept with the
game (ChatMessage), never in its moves, so no replay shows it, and it never carries game state.

check_* functions raise ChatRefused with a message for the person; do_* functions check, write,
and tell the table's sockets after the commit (games.consumers.TableConsumer.game_chat decides
per viewer who reads what). Muting is the viewer's own and holds at every table: the muted
person's lines are left out of the page and of the socket for the muter only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import broadcast
from games.access import may_watch
from games.models import CHAT_MAX_LENGTH, ChatMessage, ChatMute, Game, Seat

ROOMS = (ChatMessage.Room.PLAYERS.value, ChatMessage.Room.SPECTATORS.value)
RATE_COUNT = 5
RATE_SECONDS = 10
PAGE_LINES = 50
QUICK_PHRASES = ("Good game!", "Well played", "Oops", "Thanks", "Your turn, please")


class ChatRefused(Exception):
    """A line, mute or removal the site does not allow; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Line:
    """A chat line as a viewer gets it: plain text, escaped by whoever shows it."""

    id: int
    room: str
    author: str  # the display name
    username: str  # for muting
    author_id: int
    text: str
    at: datetime

    def frame(self) -> dict[str, Any]:
        """The socket's {"type": "chat"} frame (the client inserts the text as text)."""
        return {
            "type": "chat",
            "id": self.id,
            "room": self.room,
            "author": self.author,
            "username": self.username,
            "text": self.text,
            "at": self.at.isoformat(),
        }


def _line(message: ChatMessage) -> Line:
    user = message.user
    profile = getattr(user, "profile", None)
    name = profile.name if profile is not None else user.get_username()
    return Line(message.pk, message.room, name, user.get_username(), user.pk, message.text, message.created)


# --- who reads and writes what ------------------------------------------------------------------


def is_player(game_id: int, user: Any) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return Seat.objects.filter(game_id=game_id, user_id=user.pk).exists()


def readable_rooms(seated: bool, staff: bool = False) -> tuple[str, ...]:
    """The players read both rooms; so do staff, who keep the players' room civil (they never write
    in it); everyone else reads the spectators' room."""
    return ROOMS if seated or staff else (ChatMessage.Room.SPECTATORS.value,)


def is_staff(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_staff)


def writable_room(user: Any, seated: bool) -> str | None:
    if user is None or not user.is_authenticated:
        return None
    return ChatMessage.Room.PLAYERS.value if seated else ChatMessage.Room.SPECTATORS.value


def muted_ids(user: Any) -> set[int]:
    if user is None or not user.is_authenticated:
        return set()
    return set(ChatMute.objects.filter(user_id=user.pk).values_list("muted_user_id", flat=True))


# --- checks -------------------------------------------------------------------------------------


def check_text(raw: Any) -> str:
    if not isinstance(raw, str):
        raise ChatRefused("A chat message is text.")
    # One line of printable text: whitespace runs become one space; other control characters, and
    # halves of characters that could never be stored (a lone surrogate), are dropped.
    text = " ".join("".join(char for char in raw if char.isprintable() or char.isspace()).split())
    if not text:
        raise ChatRefused("Write something first.")
    if len(text) > CHAT_MAX_LENGTH:
        raise ChatRefused(f"A chat message has at most {CHAT_MAX_LENGTH} characters (this one has {len(text)}).")
    return text


def check_room(game: Game, user: Any, room: Any, session: Any = None) -> None:
    if user is None or not user.is_authenticated:
        raise ChatRefused("Sign in to chat.")
    if room not in ROOMS:
        raise ChatRefused("There is no such chat room.")
    if not may_watch(game, user, session):
        raise ChatRefused("You may not watch this table.")
    seated = is_player(game.pk, user)
    if room == ChatMessage.Room.PLAYERS and not seated:
        raise ChatRefused("Only the players at this table can write in the players' chat.")
    if room == ChatMessage.Room.SPECTATORS and seated:
        raise ChatRefused("Players read the spectators' chat but write in the players' chat.")


def check_rate(game_id: int, user: Any) -> None:
    since = timezone.now() - timedelta(seconds=RATE_SECONDS)
    recent = ChatMessage.objects.filter(game_id=game_id, user_id=user.pk, created__gte=since).count()
    if recent >= RATE_COUNT:
        raise ChatRefused(f"Slow down: at most {RATE_COUNT} messages in {RATE_SECONDS} seconds. Try again in a moment.")


# --- writes -------------------------------------------------------------------------------------


def _game(game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise ChatRefused("There is no such table.")
    return game


def do_say(game_id: int, user: Any, room: Any, raw: Any, session: Any = None) -> ChatMessage:
    """Check and store a line, and tell the table's sockets once it is committed."""
    text = check_text(raw)
    with transaction.atomic():
        game = _game(game_id)
        check_room(game, user, room, session)
        check_rate(game_id, user)
        message = ChatMessage.objects.create(game=game, user_id=user.pk, room=room, text=text)
        message = ChatMessage.objects.select_related("user__profile").get(pk=message.pk)
        line = _line(message)
        event = {**line.frame(), "type": "game.chat", "author_id": line.author_id}
        transaction.on_commit(lambda: broadcast.table_event(game_id, event))
    return message


def do_mute(user: Any, username: Any, *, mute: bool = True, game_id: int | None = None) -> Any:
    """Mute (or unmute) a person for `user`; the muted person is not told. Returns them."""
    if user is None or not user.is_authenticated:
        raise ChatRefused("Sign in to mute someone.")
    if not isinstance(username, str) or not username:
        raise ChatRefused("Whom to mute?")
    other = get_user_model().objects.filter(username=username).first()
    if other is None:
        raise ChatRefused("There is no such player.")
    if other.pk == user.pk:
        raise ChatRefused("You cannot mute yourself.")
    with transaction.atomic():
        if mute:
            ChatMute.objects.get_or_create(user_id=user.pk, muted_user=other)  # twice is once
        else:
            ChatMute.objects.filter(user_id=user.pk, muted_user=other).delete()
        if game_id is not None:  # the muter's other sockets at this table learn it too
            event = {"type": "game.chat_mute", "user_id": user.pk, "muted_id": other.pk, "muted": mute}
            transaction.on_commit(lambda: broadcast.table_event(game_id, event))
    return other


def do_remove(message_id: Any, staff: Any, game_id: int | None = None) -> ChatMessage:
    """Staff take a line down: marked removed, and gone from every open page of its table."""
    if staff is None or not getattr(staff, "is_staff", False):
        raise ChatRefused("Only staff can remove chat messages.")
    if not isinstance(message_id, int) or isinstance(message_id, bool):
        raise ChatRefused("Which message?")
    with transaction.atomic():
        message = ChatMessage.objects.select_for_update().filter(pk=message_id).first()
        if message is None or (game_id is not None and message.game_id != game_id):
            raise ChatRefused("There is no such message at this table.")
        if not message.removed:
            message.removed = True
            message.removed_by_id = staff.pk
            message.save(update_fields=["removed", "removed_by"])
        event = {"type": "game.chat_removed", "id": message.pk}
        table = message.game_id
        transaction.on_commit(lambda: broadcast.table_event(table, event))
    return message


# --- the page -----------------------------------------------------------------------------------


def recent_lines(game_id: int, rooms: tuple[str, ...], muted: set[int], limit: int = PAGE_LINES) -> list[Line]:
    messages = (
        ChatMessage.objects.filter(game_id=game_id, room__in=rooms, removed=False)
        .exclude(user_id__in=muted)
        .select_related("user__profile")
        .order_by("-created", "-pk")[:limit]
    )
    return [_line(message) for message in reversed(list(messages))]


def history_frame(game_id: int, user: Any) -> dict[str, Any]:
    """The recent lines this viewer may read, for a page whose socket came back after a gap."""
    lines = recent_lines(game_id, readable_rooms(is_player(game_id, user), is_staff(user)), muted_ids(user))
    return {"type": "chat_history", "lines": [line.frame() for line in lines]}


def page_context(game_id: int, user: Any) -> dict[str, Any]:
    """What the table page's chat panel shows this viewer (templates/games/_chat.html)."""
    seated = is_player(game_id, user)
    muted = muted_ids(user)
    signed_in = user is not None and user.is_authenticated
    muted_people = (
        list(
            get_user_model()
            .objects.filter(pk__in=muted)
            .select_related("profile")
            .order_by("username")
            .values_list("username", flat=True)
        )
        if muted
        else []
    )
    return {
        "lines": recent_lines(game_id, readable_rooms(seated, is_staff(user)), muted),
        "room": writable_room(user, seated),
        "seated": seated,
        "signed_in": signed_in,
        "username": user.get_username() if signed_in else "",
        "staff": bool(signed_in and user.is_staff),
        "max_length": CHAT_MAX_LENGTH,
        "phrases": QUICK_PHRASES,
        "muted": muted_people,
    }
