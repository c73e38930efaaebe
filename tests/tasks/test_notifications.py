"""Game mail sent by the real worker: the right mail to the right people, honouring their choices.

The worker runs in this process, so Django's test mail outbox (`mailoutbox`) collects what it sends.
"""

from __future__ import annotations

import uuid
import zoneinfo
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core import mail as django_mail
from django.core import signing
from django.test import Client
from django.urls import reverse
from django.utils import dateformat, timezone

from accounts import unsubscribe
from ddmau_site.tasks import healthcheck
from games import actions, emails, notifications, tasks
from games.models import DeferredTurnMail, Game, Move, SentMail
from games.templatetags.ddmau_cards import label
from tests.support.mail import link_in
from tests.support.table_play import advance, hand_multipliers, seed_where, seeded_table
from tests.support.tables import SHORT_GAME, hidden_cards, leaked, legal, make_table, play, player_at
from tests.tasks.helpers import (
    DAY,
    end_turn,
    fresh,
    move_deadline,
    play_until_turn_of,
    time_out,
    wait_until,
)

pytestmark = pytest.mark.postgres

Outbox = list[django_mail.EmailMultiAlternatives]


def html_of(message: Any) -> str:
    [(html, mimetype)] = message.alternatives
    assert mimetype == "text/html"
    return str(html)


def unsubscribe_link(message: Any) -> str:
    return str(message.extra_headers["List-Unsubscribe"]).strip("<>")


def readable(message: Any) -> str:
    """Both parts of a mail without its unsubscribe link, whose signed token is random letters (a
    "Y3" in it is no yellow 3)."""
    text = f"{message.body}{html_of(message)}"
    return text.replace(unsubscribe_link(message), "")


def mails_to(outbox: Outbox, user: Any, subject_part: str = "") -> list[Any]:
    return [m for m in outbox if m.to == [user.email] and subject_part in m.subject]


def wait_for_mail(outbox: Outbox, user: Any, subject_part: str = "", count: int = 1) -> list[Any]:
    """The mails to `user` (with `subject_part` in the subject), once there are `count` of them."""

    def arrived() -> list[Any] | None:
        found = mails_to(outbox, user, subject_part)
        return found if len(found) >= count else None

    return wait_until(arrived, f"{count} mail(s) to {user} about {subject_part!r}")


def wait_for_outbox(outbox: Outbox, count: int) -> None:
    wait_until(lambda: len(outbox) >= count, f"{count} mail(s)")


def settle() -> None:
    """Wait until the worker has done everything queued so far (the solo worker takes tasks in order).

    Two probes: the first runs after every task queued before it; the second after the mails those
    tasks queued.
    """
    for _ in range(2):
        healthcheck.delay(uuid.uuid4().hex).get(timeout=30)


def turn_by_turn(*players: Any, **options: Any) -> Game:
    return make_table(*players, move_seconds=DAY, **options)


def test_it_mails_the_player_to_act_the_table_at_a_glance_with_only_their_own_cards(
    clock_worker: Any, alice: Any, bob: Any, carol: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob, carol)
    first = player_at(game, game.turn or 0)
    wait_for_mail(mailoutbox, first)
    game = end_turn(game)
    seat = game.turn or 0
    reader = player_at(game, seat)

    [message] = wait_for_mail(mailoutbox, reader)

    settle()
    assert sorted(m.to[0] for m in mailoutbox) == sorted([first.email, reader.email])  # nobody else
    assert message.subject.startswith(f"[DD MAU] Your turn at table {game.pk}")
    text, html = message.body, html_of(message)
    url = f"{settings.SITE_URL}/games/{game.pk}/"
    assert url in text
    assert f'href="{url}"' in html
    position = game.dealt_position()
    for body in (text, html):
        if position["top"]:
            assert label(position["top"]["card"]) in body
        for code in position["hands"][seat]:
            assert label(code) in body
        for other in game.seats.exclude(index=seat):
            assert other.name in body
        assert leaked(body.replace(unsubscribe_link(message), ""), hidden_cards(game, seat)) == set()
    last_line = game.moves.order_by("-seq").first()
    assert last_line is not None
    assert last_line.seat is not None
    assert last_line.events
    mover = player_at(game, last_line.seat).profile.name
    said = last_line.events[0]["text"].replace(f"{{p{last_line.seat}}}", mover).split("{")[0]
    assert said in text  # the last move, in words, with the player's name
    assert game.deadline is not None
    local_deadline = game.deadline.astimezone(zoneinfo.ZoneInfo(reader.profile.time_zone))
    assert dateformat.format(local_deadline, "l j F, H:i") in text
    assert "total 0" in text


def test_it_never_sends_two_turn_mails_for_the_same_turn(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob)
    reader = player_at(game, game.turn or 0)
    wait_for_mail(mailoutbox, reader)

    for _ in range(2):  # the same turn announced again: a retried task, a second worker
        tasks.turn_changed.delay(game.pk, game.seq)
    draw = next(action for action in legal(game, game.turn or 0) if action["act"] == "draw")
    assert play(game, draw).ok  # a draw: a new seq, the same turn
    settle()

    assert len(mails_to(mailoutbox, reader)) == 1


def test_it_sends_no_turn_mail_at_a_live_table(clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox) -> None:
    make_table(alice, bob, move_seconds=60)
    settle()

    assert mailoutbox == []


def test_it_sends_no_turn_mail_to_a_player_who_has_the_table_open(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob, start=False)
    for player in (alice, bob):
        notifications.mark_table_open(game.pk, player.pk)
    actions.do_start(game.pk, alice)
    settle()

    assert mailoutbox == []


def test_it_sends_a_held_turn_mail_once_the_player_has_left_the_table_for_the_grace_period(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob, start=False)
    for player in (alice, bob):
        notifications.mark_table_open(game.pk, player.pk, seconds=2)  # they leave: the mark runs out
    game = actions.do_start(game.pk, alice)
    reader = player_at(game, game.turn or 0)
    settle()
    assert mailoutbox == []  # still at the table

    [message] = wait_for_mail(mailoutbox, reader, "Your turn")

    tasks.sweep_clock.delay().get(timeout=30)  # the sweep finds nothing left to send
    settle()
    assert message.subject.startswith(f"[DD MAU] Your turn at table {game.pk}")
    assert [m.to for m in mailoutbox] == [[reader.email]]
    assert not DeferredTurnMail.objects.exists()


def test_it_holds_the_mail_while_the_player_stays_and_drops_it_once_they_have_moved(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob, start=False)
    for player in (alice, bob):
        notifications.mark_table_open(game.pk, player.pk, seconds=3)
    game = actions.do_start(game.pk, alice)
    first = player_at(game, game.turn or 0)
    settle()
    notifications.mark_table_open(game.pk, first.pk, seconds=6)  # the page says "here" again
    wait_until(lambda: DeferredTurnMail.objects.filter(user=first).exists(), "the held mail")
    end_turn(game)  # they play before leaving

    wait_until(lambda: not DeferredTurnMail.objects.filter(user=first).exists(), "the held mail to go", 30)
    settle()
    assert mails_to(mailoutbox, first) == []


def test_it_sends_a_held_turn_mail_from_the_sweep_when_its_message_was_lost_and_only_once(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob)
    reader = player_at(game, game.turn or 0)
    wait_for_mail(mailoutbox, reader)
    game = end_turn(game)
    other = player_at(game, game.turn or 0)
    wait_for_mail(mailoutbox, other)
    mailoutbox.clear()
    SentMail.objects.filter(user=other, kind=SentMail.Kind.TURN).delete()
    # Held while they were at the table; its own task never came.
    DeferredTurnMail.objects.create(
        user=other, game=game, key=notifications.turn_key(game), due=timezone.now() - timedelta(minutes=5)
    )

    for _ in range(2):
        tasks.sweep_clock.delay().get(timeout=30)
    [_message] = wait_for_mail(mailoutbox, other, "Your turn")
    for _ in range(2):
        tasks.sweep_clock.delay().get(timeout=30)
    settle()

    assert len(mailoutbox) == 1
    assert notifications.send_deferred_turn_mail(0) == "gone"
    assert not DeferredTurnMail.objects.exists()


def test_it_sends_no_turn_mail_to_a_player_who_wants_none(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    for player in (alice, bob):
        player.profile.turn_mail = "none"
        player.profile.save()
    game = turn_by_turn(alice, bob)
    end_turn(game)
    settle()

    assert mailoutbox == []


def test_it_sends_a_digest_player_one_mail_a_day_listing_the_games_waiting_for_them(
    clock_worker: Any, alice: Any, bob: Any, carol: Any, mailoutbox: Outbox
) -> None:
    bob.profile.turn_mail = "digest"
    bob.profile.time_zone = "Europe/Berlin"
    bob.profile.save()
    waiting = [play_until_turn_of(turn_by_turn(alice, bob), 1), play_until_turn_of(turn_by_turn(carol, bob), 1)]
    not_yet = play_until_turn_of(turn_by_turn(bob, carol), 1)  # Carol's move there
    seven_in_berlin = datetime(2026, 11, 23, 6, 20, tzinfo=UTC)

    assert notifications.send_digests(now=seven_in_berlin - timedelta(hours=1)) == 0  # not his hour yet
    assert notifications.send_digests(now=seven_in_berlin) == 1
    assert notifications.send_digests(now=seven_in_berlin + timedelta(minutes=15)) == 0  # once a day

    [digest] = wait_for_mail(mailoutbox, bob)
    assert "2 games are waiting for your move" in digest.subject
    for game in waiting:
        assert f"{settings.SITE_URL}/games/{game.pk}/" in digest.body
    assert f"/games/{not_yet.pk}/" not in digest.body
    settle()
    assert mails_to(mailoutbox, bob, "Your turn") == []  # no mail per turn for a digest reader


def test_it_reminds_a_player_once_when_most_of_the_move_time_is_gone(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob)
    reader = player_at(game, game.turn or 0)
    assert notifications.send_reminders() == 0  # the turn has only begun

    move_deadline(game, DAY * 0.15)  # 85% of the day is gone
    assert tasks.send_reminders.delay().get(timeout=30) == 1
    assert tasks.send_reminders.delay().get(timeout=30) == 0

    [reminder] = wait_for_mail(mailoutbox, reader, "left for your move")
    assert reminder.subject == f"[DD MAU] 4 hours left for your move at table {game.pk}"
    assert f"{settings.SITE_URL}/games/{game.pk}/" in reminder.body


def test_it_sends_no_reminder_to_a_player_who_turned_reminders_off(alice: Any, bob: Any) -> None:
    for player in (alice, bob):
        player.profile.reminders = False
        player.profile.save()
    move_deadline(turn_by_turn(alice, bob), DAY * 0.1)

    assert notifications.send_reminders() == 0


def test_it_sends_hand_and_game_results_to_the_players_who_want_them(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    bob.profile.result_mail = False
    bob.profile.save()
    for player in (alice, bob):
        player.profile.turn_mail = "none"
        player.profile.save()
    game = turn_by_turn(alice, bob, rules=SHORT_GAME)

    for _ in range(3000):
        game = fresh(game)
        if game.status != Game.Status.PLAYING:
            break
        hand = game.dealt_position()["hand"]
        options = legal(game, game.turn or 0)
        plays = [action for action in options if action["act"] == "play"]
        assert play(game, max(plays, key=lambda a: len(a["cards"])) if plays else options[0]).ok
        game = fresh(game)
        if game.status == Game.Status.PLAYING and game.dealt_position()["hand"] != hand:
            [hand_mail] = wait_for_mail(mailoutbox, alice, f"Hand {hand} at")
            assert "went out" in hand_mail.subject
            assert leaked(readable(hand_mail), hidden_cards(game, 0)) == set()

    assert game.status == Game.Status.FINISHED
    [result] = wait_for_mail(mailoutbox, alice, "is over")
    winners = [player_at(game, seat).profile.name for seat in game.dealt_position()["winners"]]
    assert all(name in result.subject for name in winners)
    assert game.seed in result.body  # the shuffle can be checked now
    settle()
    assert mails_to(mailoutbox, bob) == []


def test_it_tells_a_player_marked_away_how_to_come_back(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob)
    for _ in range(3):
        game = time_out(play_until_turn_of(game, 0))

    [away] = wait_for_mail(mailoutbox, alice, "A bot is playing your seat")
    assert "I'm back" in away.body
    assert f"{settings.SITE_URL}/games/{game.pk}/" in away.body


def test_it_sends_an_invitation_to_a_player_or_an_address_with_the_link_that_lets_them_in(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, start=False, seats=3, visibility=Game.Visibility.PRIVATE)

    notifications.send_invitation(game, bob, alice)
    notifications.send_invitation(game, "newcomer@example.org", alice)

    wait_for_outbox(mailoutbox, 2)
    for message in mailoutbox:
        assert message.subject == "[DD MAU] Alice invites you to a table of DD MAU"
        assert f"{settings.SITE_URL}/games/{game.pk}/?invite={game.invite_token}" in message.body
        assert "List-Unsubscribe" not in message.extra_headers
    assert sorted(m.to[0] for m in mailoutbox) == ["bob@example.com", "newcomer@example.org"]
    assert "Hello Bob" in mails_to(mailoutbox, bob)[0].body


def test_it_shows_no_card_the_reader_may_not_see_in_a_turn_mail(
    clock_worker: Any, alice: Any, bob: Any, carol: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob, carol)
    for turn in range(1, 7):  # six turns, each announced to its player by one mail
        seat = game.turn or 0
        wait_for_outbox(mailoutbox, turn)
        message = mails_to(mailoutbox, player_at(game, seat))[-1]
        secret = hidden_cards(game, seat)
        assert secret, "other hands and the draw pile hold cards the reader may not see"
        assert leaked(readable(message), secret) == set()
        game = end_turn(game)


def test_it_writes_a_move_stored_without_its_events_from_its_notation_in_words(alice: Any, bob: Any) -> None:
    """Moves stored before moves kept their events: DD MAU's presenter reads their notation out."""
    game = make_table(alice, bob)
    seat = game.turn
    assert seat is not None
    lines = {
        "0: LM G7 G8 G9 DD MAU": "Link Master, green 7, green 8, green 9, calling DD MAU",
        "1: MM=S>R": "Master Mau as Skip naming red",
        "0: draw": "draw",
    }
    for seq, line in enumerate(lines, start=game.seq + 1):
        Move.objects.create(
            game=game, seq=seq, seat=int(line[0]), action={}, notation=line, public_line=line, events=[]
        )
    text = emails.your_turn(game, player_at(game, seat)).text
    for line, words in lines.items():
        assert f"{player_at(game, int(line[0])).profile.name}: {words}" in text


TIMES = "\N{MULTIPLICATION SIGN}"


def test_it_names_the_shadow_masters_a_hand_was_won_on_in_the_result_mails(alice: Any, bob: Any) -> None:
    """DD MAU's presenter says the multiplier (an "x" in the plain text, a times sign in the HTML); a
    hand that counts once says nothing more."""
    rules = {"target": 40, "net_low": 35, "net_reset": 20}
    for shadow in (True, False):

        def last_hand_as_wanted(position: dict[str, Any], shadow: bool = shadow) -> bool:
            return (hand_multipliers(position)[-1] > 1) is shadow

        game = seeded_table(seed_where(last_hand_as_wanted, rules=rules), alice, bob, rules=rules)
        last = advance(game, lambda p: bool(p.get("over")), limit=400)["last_hand"]
        game.refresh_from_db()
        out = player_at(game, last["out"]).profile.name
        plain, html = ((f" (Shadow Master {times}{last['multiplier']})" if shadow else "") for times in ("x", TIMES))

        hand = emails.hand_result(game, alice)
        over = emails.game_result(game, alice)

        assert f"is over: {out} went out{plain}.\n" in hand.text
        assert f"is over: <strong>{out}</strong> went out{html}.</p>" in hand.html
        assert f"The last hand: {out} went out{plain}.\n" in over.text
        assert f"The last hand: {out} went out{html}.</p>" in over.html


# --- unsubscribing ------------------------------------------------------------------------------

ONE_CLICK = "List-Unsubscribe=One-Click"


def sent_your_turn(game: Game, reader: Any, outbox: Outbox) -> Any:
    """A "your turn" mail to `reader`, rendered and delivered to the outbox as the worker would."""
    emails.send(emails.your_turn(game, reader))
    return outbox[-1]


def header_link(message: Any) -> str:
    value = message.message()["List-Unsubscribe"]
    assert value[0] + value[-1] == "<>"
    return str(value[1:-1]).removeprefix(settings.SITE_URL)


def test_it_unsubscribes_in_one_click_from_the_mail_header_without_logging_in(
    alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = turn_by_turn(alice, bob)
    message = sent_your_turn(game, bob, mailoutbox)
    assert message.message()["List-Unsubscribe-Post"] == ONE_CLICK
    mail_client = Client(enforce_csrf_checks=True)  # no session, no CSRF token: a mail provider's request

    response = mail_client.post(header_link(message), ONE_CLICK, content_type="application/x-www-form-urlencoded")

    assert response.status_code == 200
    bob.profile.refresh_from_db()
    assert bob.profile.turn_mail == "none"
    assert bob.profile.reminders is False
    assert bob.profile.result_mail is True  # only what this kind of mail is about


def test_it_asks_first_then_unsubscribes_from_the_unsubscribe_link(alice: Any, bob: Any, mailoutbox: Outbox) -> None:
    game = turn_by_turn(alice, bob)
    message = sent_your_turn(game, bob, mailoutbox)
    link = link_in(message.body, "/unsubscribe/").removeprefix(settings.SITE_URL)
    assert link == header_link(message)
    browser = Client(enforce_csrf_checks=True)

    page = browser.get(link)

    assert page.status_code == 200
    assert "Stop these emails?" in page.content.decode()
    bob.profile.refresh_from_db()
    assert bob.profile.turn_mail == "every"  # looking is not unsubscribing

    done = browser.post(link)

    assert done.status_code == 200
    assert "You are unsubscribed" in done.content.decode()
    bob.profile.refresh_from_db()
    assert bob.profile.turn_mail == "none"


def test_it_unsubscribes_from_results_only_from_a_result_mail(alice: Any, bob: Any, mailoutbox: Outbox) -> None:
    game = turn_by_turn(alice, bob)
    emails.send(emails.hand_result(game, alice))

    Client().post(header_link(mailoutbox[-1]), ONE_CLICK, content_type="application/x-www-form-urlencoded")

    alice.profile.refresh_from_db()
    assert alice.profile.result_mail is False
    assert alice.profile.turn_mail == "every"


def test_it_changes_nothing_for_a_forged_or_damaged_unsubscribe_link(alice: Any, bob: Any, mailoutbox: Outbox) -> None:
    game = turn_by_turn(alice, bob)
    link = header_link(sent_your_turn(game, bob, mailoutbox))
    signed_elsewhere = signing.dumps({"u": alice.pk, "s": "turns"}, key="not-our-key", salt=unsubscribe.SALT)
    forged = reverse("accounts:unsubscribe", args=[signed_elsewhere])

    for bad in (link[:-6] + "/", forged, "/unsubscribe/nonsense/"):
        assert Client().post(bad, ONE_CLICK, content_type="application/x-www-form-urlencoded").status_code == 404

    for player in (alice, bob):
        player.profile.refresh_from_db()
        assert player.profile.turn_mail == "every"
