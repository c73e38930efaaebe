"""Chat at a table over real WebSockets (games.chat, TableConsumer.game_chat): two rooms, limits,
escaping, mutes and staff removal, against daphne, channels-redis and the test database."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from django.urls import reverse
from websockets.sync.client import ClientConnection

from games import chat
from games.chat import RATE_COUNT
from games.models import CHAT_MAX_LENGTH, ChatMessage, ChatMute, Game, Move
from tests.support.live import Browser, receive, table_socket
from tests.support.personas import signed_in
from tests.support.servers import LiveServer
from tests.support.tables import make_table

pytestmark = pytest.mark.slow
QUIET = 0.5  # how long a socket that should get nothing is watched


def say(socket: ClientConnection, text: str, room: str = "players") -> None:
    socket.send(json.dumps({"type": "chat", "room": room, "text": text}))


def next_chat(socket: ClientConnection) -> dict[str, Any]:
    """The next chat frame (tables pushed meanwhile are skipped)."""
    while True:
        message = receive(socket)
        if message["type"] != "table":
            return message


def assert_no_chat(socket: ClientConnection) -> None:
    """Nothing but (perhaps) a table arrives for a while."""
    while True:
        try:
            message = json.loads(socket.recv(timeout=QUIET))
        except TimeoutError:
            return
        assert message["type"] == "table", message


def open_sockets(stack: ExitStack, live: LiveServer, game: Game, *users: Any) -> list[ClientConnection]:
    sockets = [stack.enter_context(table_socket(live, game, user)) for user in users]
    for socket in sockets:
        assert receive(socket)["type"] == "table"
    return sockets


def page(live: LiveServer, game: Game, user: Any) -> str:
    return Browser(live, user).get(game.get_absolute_url())


def test_it_carries_the_players_chat_to_both_players_and_keeps_it_out_of_the_moves(
    live_site: LiveServer, alice: Any, bob: Any
) -> None:
    game = make_table(alice, bob)
    moves = Move.objects.filter(game=game).count()
    with ExitStack() as stack:
        a, b = open_sockets(stack, live_site, game, alice, bob)
        say(a, "Good luck!")
        for socket in (a, b):
            line = next_chat(socket)
            assert line["type"] == "chat"
            assert (line["room"], line["author"], line["username"], line["text"]) == (
                "players",
                "Alice",
                "alice",
                "Good luck!",
            )
            assert set(line) == {"type", "id", "room", "author", "username", "text", "at"}
        say(b, "  Thanks,\n you too  ")
        assert next_chat(a)["text"] == "Thanks, you too"
        assert next_chat(b)["author"] == "Bob"
    stored = ChatMessage.objects.filter(game=game).order_by("pk")
    assert [(m.user, m.room, m.text) for m in stored] == [
        (alice, "players", "Good luck!"),
        (bob, "players", "Thanks, you too"),
    ]
    game.refresh_from_db()
    assert Move.objects.filter(game=game).count() == moves  # the replay of hands knows nothing of it
    assert "Good luck!" in page(live_site, game, bob)


def test_it_keeps_the_players_room_to_the_players_and_gives_spectators_their_own(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    game = make_table(alice, bob)
    with ExitStack() as stack:
        a, b, c = open_sockets(stack, live_site, game, alice, bob, carol)
        anonymous = open_sockets(stack, live_site, game, None)[0]

        say(a, "between us players")
        assert next_chat(a)["text"] == "between us players"
        assert next_chat(b)["text"] == "between us players"
        assert_no_chat(c)
        assert_no_chat(anonymous)

        say(c, "let me in", room="players")
        refusal = next_chat(c)
        assert refusal["type"] == "chat_refused"
        assert "players" in refusal["message"]

        say(c, "nice game to watch", room="spectators")
        for socket in (a, b, c, anonymous):  # everyone watching reads the spectators' room, players too
            line = next_chat(socket)
            assert (line["room"], line["text"]) == ("spectators", "nice game to watch")

        say(a, "hello watchers", room="spectators")
        assert next_chat(a)["type"] == "chat_refused"
        say(anonymous, "hi", room="spectators")
        assert next_chat(anonymous) == {"type": "chat_refused", "message": "Sign in to chat."}
        for socket in (a, b, c, anonymous):
            assert_no_chat(socket)

    assert ChatMessage.objects.filter(game=game).count() == 2
    watched = page(live_site, game, carol)
    assert "nice game to watch" in watched
    assert "between us players" not in watched
    played = page(live_site, game, bob)
    assert "nice game to watch" in played
    assert "between us players" in played


def test_it_refuses_a_long_message_and_a_burst_and_stores_neither(live_site: LiveServer, alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    with ExitStack() as stack:
        a, b = open_sockets(stack, live_site, game, alice, bob)
        say(a, "x" * (CHAT_MAX_LENGTH + 1))
        refusal = next_chat(a)
        assert refusal["type"] == "chat_refused"
        assert str(CHAT_MAX_LENGTH) in refusal["message"]
        assert_no_chat(b)
        assert not ChatMessage.objects.filter(game=game).exists()

        for n in range(RATE_COUNT + 1):
            say(a, f"spam {n}")
        for n in range(RATE_COUNT):
            assert next_chat(b)["text"] == f"spam {n}"
        # The refusal is answered at once; the lines come back through the group: in either order.
        answers = [next_chat(a) for _ in range(RATE_COUNT + 1)]
        assert [m["text"] for m in answers if m["type"] == "chat"] == [f"spam {n}" for n in range(RATE_COUNT)]
        (refusal,) = [m for m in answers if m["type"] == "chat_refused"]
        assert refusal["message"].startswith("Slow down")
        assert_no_chat(a)
        assert_no_chat(b)
    assert list(ChatMessage.objects.filter(game=game).order_by("pk").values_list("text", flat=True)) == [
        f"spam {n}" for n in range(RATE_COUNT)
    ]


def test_it_sends_markup_as_text_and_escapes_it_in_the_page(live_site: LiveServer, alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    text = '<b>bold</b> & <script>alert("x")</script>'
    with ExitStack() as stack:
        a, b = open_sockets(stack, live_site, game, alice, bob)
        say(a, text)
        assert next_chat(a)["text"] == text
        assert next_chat(b)["text"] == text
    shown = page(live_site, game, bob)
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in shown
    assert "<b>bold</b>" not in shown
    assert 'alert("x")' not in shown


def test_it_hides_a_muted_authors_later_messages_from_the_muter_only(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    game = make_table(alice, bob, carol)
    with ExitStack() as stack:
        a, b, c = open_sockets(stack, live_site, game, alice, bob, carol)
        say(a, "before the mute")
        for socket in (a, b, c):
            assert next_chat(socket)["text"] == "before the mute"

        b.send(json.dumps({"type": "chat_mute", "user": "alice"}))
        assert next_chat(b) == {"type": "chat_muted", "user": "alice", "muted": True}
        b.send(json.dumps({"type": "chat_mute", "user": "bob"}))
        assert next_chat(b)["type"] == "chat_refused"

        say(a, "after the mute")
        assert next_chat(a)["text"] == "after the mute"
        assert next_chat(c)["text"] == "after the mute"
        assert_no_chat(b)
        say(c, "carol still heard")
        for socket in (a, b, c):
            assert next_chat(socket)["text"] == "carol still heard"

        # Bob reloads: the mute holds for his new socket and his page.
        again = open_sockets(stack, live_site, game, bob)[0]
        say(a, "after the reload")
        assert next_chat(c)["text"] == "after the reload"
        assert_no_chat(again)
        assert_no_chat(b)

    assert ChatMute.objects.filter(user=bob, muted_user=alice).exists()
    bobs = page(live_site, game, bob)
    assert "carol still heard" in bobs
    assert "before the mute" not in bobs
    assert "after the mute" not in bobs
    carols = page(live_site, game, carol)
    assert "before the mute" in carols
    assert "after the reload" in carols


def test_it_lets_staff_remove_a_message_from_every_socket_and_the_page(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any, staff_sam: Any
) -> None:
    game = make_table(alice, bob)
    with ExitStack() as stack:
        a, b, c, s = open_sockets(stack, live_site, game, alice, bob, carol, staff_sam)
        say(c, "something rude", room="spectators")
        lines = [next_chat(socket) for socket in (a, b, c, s)]
        message_id = lines[0]["id"]
        assert {line["text"] for line in lines} == {"something rude"}
        assert "something rude" in page(live_site, game, alice)

        c.send(json.dumps({"type": "chat_remove", "id": message_id}))
        assert next_chat(c) == {"type": "chat_refused", "message": "Only staff can remove chat messages."}

        s.send(json.dumps({"type": "chat_remove", "id": message_id}))
        for socket in (a, b, c, s):
            assert next_chat(socket) == {"type": "chat_removed", "id": message_id}

    message = ChatMessage.objects.get(pk=message_id)
    assert message.removed
    assert message.removed_by == staff_sam
    for user in (alice, carol, staff_sam):
        assert "something rude" not in page(live_site, game, user)


def test_it_lets_staff_see_and_remove_messages_in_the_admin(alice: Any, bob: Any, staff_sam: Any) -> None:
    game = make_table(alice, bob)
    message = ChatMessage.objects.create(game=game, user=alice, room="players", text="mind your language")
    admin = signed_in(staff_sam)
    listing = admin.get(reverse("admin:games_chatmessage_changelist"))
    assert listing.status_code == 200
    assert "mind your language" in listing.content.decode()
    answer = admin.post(
        reverse("admin:games_chatmessage_changelist"),
        {"action": "remove_messages", "_selected_action": [message.pk]},
    )
    assert answer.status_code == 302
    message.refresh_from_db()
    assert message.removed
    assert message.removed_by == staff_sam
    assert "mind your language" not in signed_in(bob).get(game.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("  good\n\tgame  ", "good game"),
        ("nul\x00 and bell\x07 gone", "nul and bell gone"),
        ("half a pair \ud800 dropped", "half a pair dropped"),
        ("émoji 🂡 stay", "émoji 🂡 stay"),
    ],
)
def test_it_keeps_a_chat_line_to_one_line_of_printable_text(sent: str, kept: str) -> None:
    assert chat.check_text(sent) == kept


def test_it_refuses_a_chat_line_of_nothing_printable() -> None:
    with pytest.raises(chat.ChatRefused):
        chat.check_text("\x00\x01 \n")


def test_it_gives_a_page_whose_socket_was_away_the_lines_it_missed_and_only_those_it_may_read(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    game = make_table(alice, bob)
    chat.do_say(game.pk, alice, "players", "while you were away")
    chat.do_say(game.pk, carol, "spectators", "hello from the rail")
    with ExitStack() as stack:
        bobs, carols = open_sockets(stack, live_site, game, bob, carol)
        bobs.send(json.dumps({"type": "chat_history"}))
        carols.send(json.dumps({"type": "chat_history"}))
        seen_by_bob = next_chat(bobs)
        seen_by_carol = next_chat(carols)
    assert seen_by_bob["type"] == seen_by_carol["type"] == "chat_history"
    assert [line["text"] for line in seen_by_bob["lines"]] == ["while you were away", "hello from the rail"]
    assert [line["text"] for line in seen_by_carol["lines"]] == ["hello from the rail"]  # not the players' room


def test_it_lets_staff_read_the_players_room_to_keep_it_civil(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any, staff_sam: Any
) -> None:
    game = make_table(alice, bob)
    with ExitStack() as stack:
        a, _, c, s = open_sockets(stack, live_site, game, alice, bob, carol, staff_sam)
        say(a, "between us players")
        assert next_chat(s)["text"] == "between us players"
        assert_no_chat(c)  # a spectator does not read the players' room
    assert "between us players" in page(live_site, game, staff_sam)
    assert "between us players" not in page(live_site, game, carol)
