"""One WebSocket per open table page: live updates rendered for this viewer, and moves sent back.

Group messages carry the new seq and the public log line (games.broadcast); each consumer renders
its own viewer's table from the database, so a hand is only ever sent to the socket of the player
holding it. A socket is sent the whole table when it connects, asks for it ("resync") or the seats
change; after a move, only what changed since the table it was sent last (a "patch": the seats, the
board, the new log lines), which the page applies to that table or, holding another, answers with a
resync.

Every frame the client sends gets an answer: a table, a refusal, an "error" for a frame that cannot
be read (read with limits, games.wire: never a traceback), or "here" for the page's minutely word.
Group messages go through Redis publish/subscribe: one message per move and process, not queued, so
a message published while Redis restarts is lost. The page's minutely "here" is answered with the
table when the socket holds an older one, and a patch on another base makes the page ask for the
whole table: a lost push is made good by the next one, or within a minute. A socket whose own write
to the channel layer fails (Redis unreachable) is closed with 4012, so the page connects again at
once and is sent the table as it stands.
"""

from __future__ import annotations

import contextlib
import logging
from datetime import tzinfo
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.core.exceptions import SynchronousOnlyOperation
from django.utils import timezone
from django.utils.functional import LazyObject, empty
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from accounts.middleware import own_time_zone
from ddmau_site import json_text
from games import actions, chat, move_batches, notifications, wire
from games.access import may_watch
from games.broadcast import GroupMessage, game_group, send_all
from games.broadcast import held as held_broadcasts
from games.models import Game, Seat
from games.rendering import render_table_fragment, render_table_patch
from games.table_state import LOG_LINES, LogLine, TableState, load_log, load_seats, newest_rows, table_state

log = logging.getLogger(__name__)

NO_ACCESS = 4404
# The channel layer is gone: the page connects again and resynchronises. (1012, "service restart", would
# say it too, but daphne's autobahn sends no close codes below 3000 other than 1000.)
SERVICE_RESTART = 4012
LAYER_LOST = (RedisConnectionError, RedisTimeoutError, ConnectionError)


def in_thread(function: Any) -> Any:
    """Run ORM work in the thread pool. database_sync_to_async's default, one thread shared by every
    consumer of the process, would queue all tables' pushes behind each other's queries."""
    return database_sync_to_async(function, thread_sensitive=False)


class TableConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    game_id: int
    group: str
    seats: list[Seat]
    log: list[LogLine] | None = None  # the public log, kept up to date from the group messages
    time_zone: tzinfo  # the viewer's, read when the socket connects
    sent_seq = -1

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = _unwrapped(self.scope.get("user"))
        if not await self._may_watch():
            await self.close(code=NO_ACCESS)
            return
        # The viewer's own time zone, as the page's (accounts.middleware), for every table this socket
        # sends: set once, in this socket's own context, which its handlers and threads share.
        timezone.activate(self.time_zone)
        self.group = game_group(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._mark_here()
        await self._send_table(reload_seats=True)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        except LAYER_LOST as problem:
            # Redis went away (a restart): the group messages of this socket went with it. No traceback:
            # the page connects again, and its first message is the table as it stands.
            log.warning("Table socket closed: the channel layer is unreachable (%s).", problem)
            with contextlib.suppress(Exception):
                await self.close(code=SERVICE_RESTART)

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        return json_text.dumps(content)  # four frames or more a move, each several kilobytes of HTML

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its database clean-up before every message: that hops to the
        process's one thread-sensitive thread, where this consumer never queries, so every push of
        every table would queue there. The ORM runs in in_thread, which cleans up around each call."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        """A frame from the page: JSON text, read with limits; anything else is answered with an error."""
        try:
            content = wire.read_json(text_data)
        except wire.Unreadable as problem:
            await self.send_json({"type": "error", "message": problem.message})
            return
        try:
            await self.receive_json(content)
        except LAYER_LOST:
            raise
        except Exception:
            log.exception("Table %s: a message from the page failed", self.game_id)
            await self.send_json({"type": "error", "message": "Something went wrong; please try again."})

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "move":
            await self._move(content)
        elif kind == "resync":
            await self._send_table(reload_seats=True)
        elif kind == "here":
            newest = await in_thread(self._here_sync)()
            await self.send_json({"type": "here"})
            if newest is not None and newest > self.sent_seq:
                await self._send_table(reload_seats=True)
        elif kind in CHAT_FRAMES:
            await self._chat(kind, content)
        else:
            await self.send_json({"type": "error", "message": "Unknown message type."})

    async def game_moved(self, event: dict[str, Any]) -> None:
        seq, seat, text, source, *rest = event["line"]
        line = LogLine(seq, seat, text, source, tuple(rest[0]) if rest else ())
        if self.log is not None and self._log_seq() == line.seq - 1:
            self.log = [*self.log[1 - LOG_LINES :], line]
        if event["seq"] > self.sent_seq:  # several quick moves: the first render already showed the later ones
            await self._send_table(reload_seats=False, seq=event["seq"])

    async def game_changed(self, event: dict[str, Any]) -> None:
        await self._send_table(reload_seats=True)

    async def _send_table(self, *, reload_seats: bool, seq: int | None = None) -> None:
        """Render for this viewer the table at `seq` or later (None: read it fresh, and whole) and send
        it: after a move, only what changed since the table this socket sent last (a patch)."""
        frame = None if reload_seats else self._render_at_hand(seq)
        if frame is None:
            frame = await self._render(reload_seats, seq)
        if frame is None:
            await self.close(code=NO_ACCESS)
            return
        self.sent_seq = frame["seq"]
        await self.send_json(frame)

    async def _move(self, content: dict[str, Any]) -> None:
        client_move_id = wire.move_id(content.get("client_move_id"))
        answer = await self._do_move(content.get("action"), content.get("expected_seq"), client_move_id)
        if answer is None:
            return  # applied: the move comes back to this socket, too, through the group
        outcome, seq, message, html = answer
        if html is None:
            await self.close(code=NO_ACCESS)
        elif outcome == "duplicate":  # applied before: the table as it stands is the answer
            self.sent_seq = seq
            await self.send_json({"type": "table", "seq": seq, "html": html})
        else:
            self.sent_seq = seq  # the page swaps in the table that comes with the refusal
            await self.send_json(
                {"type": "refused", "seq": seq, "client_move_id": client_move_id, "message": message, "html": html}
            )

    async def _mark_here(self) -> None:
        if self._signed_in():  # an anonymous spectator gets no mail: no hop to a thread
            await in_thread(self._mark_here_sync)()

    async def _may_watch(self) -> bool:
        allowed: bool = await in_thread(self._may_watch_sync)()
        return allowed

    async def _render(self, reload_seats: bool, seq: int | None) -> Frame | None:
        rendered: Frame | None = await in_thread(self._render_sync)(reload_seats, seq)
        return rendered

    async def _do_move(self, raw: Any, expected_seq: Any, client_move_id: str | None) -> MoveAnswer | None:
        """None once the move is applied; else what to answer. The move goes to this process's
        writer (games.move_batches), which writes it with the other moves of the moment."""
        try:
            action = actions.parse_action(raw)
            seq = wire.whole_number(expected_seq)
            if seq is None:  # true is no seq 1
                raise actions.ActionRefused("The move carries no table state.")
            request = actions.MoveRequest(self.game_id, self.user, action, seq, client_move_id)
            result = await move_batches.writer(self.channel_layer).write(request)
        except actions.ActionRefused as refusal:  # unreadable, or the table is gone
            refused: MoveAnswer | None = await in_thread(self._refusal_sync)(refusal.message)
            return refused
        if result.outcome == "applied":
            return None
        answer: MoveAnswer = await in_thread(self._answer_sync)(result)
        return answer

    async def _in_thread_held(self, function: Any, *args: Any) -> Any:
        """Run `function` (ORM work) in a pool thread with the group messages it sends held, then send
        them from this coroutine: sending from the thread would hop back to the event loop and block
        it until Redis answers. What was committed is told, whatever came after."""
        messages: list[GroupMessage] = []

        def held() -> Any:
            with held_broadcasts(messages):
                return function(*args)

        try:
            return await in_thread(held)()
        finally:
            await send_all(self.channel_layer, messages)

    def _log_seq(self) -> int:
        return self.log[-1].seq if self.log else 0

    # The ORM runs in a pool thread (database_sync_to_async closes stale connections around it).

    def _here_sync(self) -> int | None:
        """The page's minutely word: the player is here (no turn mail), and the table's seq, so a push this
        socket never heard of (group messages are not queued: one sent while Redis restarted is gone) is
        made good within a minute."""
        self._mark_here_sync()
        seq: int | None = Game.objects.filter(pk=self.game_id).values_list("seq", flat=True).first()
        return seq

    def _mark_here_sync(self) -> None:
        """The player has the table open (the page says so every minute): no "your turn" mail."""
        if self._signed_in():
            notifications.mark_table_open(self.game_id, self.user.pk)

    def _may_watch_sync(self) -> bool:
        game = Game.objects.filter(pk=self.game_id).first()
        allowed = game is not None and may_watch(game, self.user, self.scope.get("session"))
        if allowed:
            self.time_zone = own_time_zone(self.user) or timezone.get_default_timezone()
        return allowed

    def _render_sync(self, reload_seats: bool, seq: int | None) -> Frame | None:
        game = newest_rows.get(self.game_id, seq)
        if game is None:
            return None
        if reload_seats or not hasattr(self, "seats"):
            self.seats = load_seats(game)
        if self.log is None or self._log_seq() != game.seq:  # moves this socket has not heard of yet
            self.log = load_log(game)
        return self._frame(table_state(game, self.user, seats=self.seats, log=self.log), whole=reload_seats)

    def _render_at_hand(self, seq: int | None) -> Frame | None:
        """The table rendered right here in the event loop when everything it shows is already in
        this process (the row a move committed here, the seats and the log): no hop to a thread and
        back for each viewer of each move. None when something must be read from the database."""
        game = newest_rows.peek(self.game_id, seq)
        if game is None or not hasattr(self, "seats") or self.log is None or self._log_seq() != game.seq:
            return None
        try:
            return self._frame(table_state(game, self.user, seats=self.seats, log=self.log), whole=False)
        except SynchronousOnlyOperation:  # something unusual wanted a query after all: the thread reads it
            return None

    def _frame(self, state: TableState, *, whole: bool) -> Frame:
        """The table for this socket's page: the changes since the table it holds when they can say it
        all (static/js/table.js applies them to that table, or asks for the whole one), else whole."""
        patch = None if whole or self.sent_seq <= 0 else render_table_patch(state, self.sent_seq)
        return patch or {"type": "table", "seq": state.seq, "html": render_table_fragment(state)}

    def _refusal_sync(self, message: str) -> MoveAnswer:
        game = Game.objects.select_related("league").filter(pk=self.game_id).first()
        if game is None:
            return "missing", 0, message, None
        state = table_state(game, self.user, message=message)
        return "illegal", state.seq, state.message, render_table_fragment(state)

    def _answer_sync(self, result: actions.MoveResult) -> MoveAnswer:
        """(outcome, seq, message, html) for a move that was not applied: the table as it stands."""
        state = table_state(result.game, self.user, seats=result.seats, message=result.message)
        return result.outcome, state.seq, state.message, render_table_fragment(state)

    # --- chat (games.chat): lines, mutes and removals; each viewer reads only the rooms it may --------

    chat_muted: set[int] | None = None  # the people this viewer muted, read when first needed

    async def _chat(self, kind: str, content: dict[str, Any]) -> None:
        """A chat frame: a refusal or a mute is answered here; a line or a removal comes back to this
        socket, as to every other, through the group."""
        answer: dict[str, Any] | None = await self._in_thread_held(self._chat_answer, kind, content)
        if answer is not None:
            await self.send_json(answer)

    async def game_chat(self, event: dict[str, Any]) -> None:
        if event["room"] == "players" and not (self._seated() or chat.is_staff(self.user)):
            return
        if self.chat_muted is None:
            self.chat_muted = await in_thread(chat.muted_ids)(self.user)
        if event["author_id"] in self.chat_muted:
            return
        await self.send_json({"type": "chat", **{key: event[key] for key in CHAT_LINE_KEYS}})

    async def game_chat_removed(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "chat_removed", "id": event["id"]})

    async def game_chat_mute(self, event: dict[str, Any]) -> None:
        """The viewer muted or unmuted someone, perhaps in another tab: this socket follows."""
        if self.chat_muted is None or not self._signed_in() or event["user_id"] != self.user.pk:
            return
        if event["muted"]:
            self.chat_muted.add(event["muted_id"])
        else:
            self.chat_muted.discard(event["muted_id"])

    def _signed_in(self) -> bool:
        return self.user is not None and bool(self.user.is_authenticated)

    def _seated(self) -> bool:
        return self._signed_in() and any(seat.user_id == self.user.pk for seat in getattr(self, "seats", ()))

    def _chat_answer(self, kind: str, content: dict[str, Any]) -> dict[str, Any] | None:
        try:
            return self._chat_sync(kind, content)
        except chat.ChatRefused as refusal:
            return {"type": "chat_refused", "message": refusal.message}

    def _chat_sync(self, kind: str, content: dict[str, Any]) -> dict[str, Any] | None:
        if kind == "chat_history":  # a page that was away from the table (its socket reconnected) catches up
            return chat.history_frame(self.game_id, self.user)
        if kind == "chat":
            chat.do_say(self.game_id, self.user, content.get("room"), content.get("text"), self.scope.get("session"))
            return None
        if kind == "chat_mute":
            mute = content.get("mute", True) is not False
            other = chat.do_mute(self.user, content.get("user"), mute=mute, game_id=self.game_id)
            self.chat_muted = chat.muted_ids(self.user)
            return {"type": "chat_muted", "user": other.get_username(), "muted": mute}
        chat.do_remove(content.get("id"), self.user, self.game_id)
        return None


def _unwrapped(user: Any) -> Any:
    """The scope's user itself: AuthMiddleware hands it over inside a lazy object, resolved before the
    consumer runs, and every push reads it several times (each read through the wrapper)."""
    wrapped = getattr(user, "_wrapped", empty) if isinstance(user, LazyObject) else user
    return user if wrapped is empty else wrapped


MoveAnswer = tuple[str, int, str, str | None]
Frame = dict[str, Any]  # a "table" message (the whole fragment) or a "patch" (games.rendering.render_table_patch)
CHAT_FRAMES = ("chat", "chat_mute", "chat_remove", "chat_history")
CHAT_LINE_KEYS = ("id", "room", "author", "username", "text", "at")
