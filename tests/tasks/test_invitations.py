"""Inviting someone to an open table from its waiting room: by player name or email, once each."""

from __future__ import annotations

from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.urls import reverse

from games.models import Game, SentMail
from tests.support.leagues import make_league
from tests.support.personas import make_player, signed_in
from tests.support.tables import SHORT_GAME, make_table, play_to_the_end
from tests.tasks.helpers import DAY
from tests.tasks.test_notifications import Outbox, mails_to, settle, wait_for_mail, wait_for_outbox

pytestmark = pytest.mark.postgres


def invite(user: Any, game: Game, to: str) -> str:
    """Send the waiting room's invitation form; the page the player lands on, with its message."""
    response = signed_in(user).post(reverse("games:invite", args=[game.pk]), {"to": to}, follow=True)
    return str(response.content.decode())


def test_it_mails_an_invitation_to_a_player_by_name_and_to_an_address_from_the_waiting_room(
    clock_worker: Any, alice: Any, bob: Any, carol: Any, mailoutbox: Outbox
) -> None:
    game = make_table(alice, seats=3, start=False)
    assert reverse("games:invite", args=[game.pk]) in signed_in(alice).get(game.get_absolute_url()).content.decode()

    assert "Invitation sent to Bob." in invite(alice, game, "BOB")
    assert "Invitation sent to friend@example.org." in invite(alice, game, " friend@example.org ")
    # An address is answered with the address, even a player's: nobody learns whose it is.
    assert "Invitation sent to carol@example.com." in invite(alice, game, "carol@example.com")

    wait_for_outbox(mailoutbox, 3)
    addresses = sorted(message.to[0] for message in mailoutbox)
    assert addresses == ["bob@example.com", "carol@example.com", "friend@example.org"]
    for message in mailoutbox:
        assert message.subject == "[DD MAU] Alice invites you to a table of DD MAU"
        assert f"{settings.SITE_URL}/games/{game.pk}/" in message.body


def test_it_refuses_an_invitation_that_cannot_or_should_not_go_out_and_mails_nothing(
    clock_worker: Any, alice: Any, bob: Any, carol: Any, mailoutbox: Outbox
) -> None:
    game = make_table(alice, bob, seats=3, start=False)
    assert "Invitation sent to Carol." in invite(alice, game, "carol")

    refusals = [
        (carol, "dave", "Only the players at this table can invite others to it."),
        (alice, "nobody here", "No player is called “nobody here”. To invite someone new, give their email address."),
        (alice, "not@an address", "“not@an address” is not an email address."),
        (alice, "bob", "Bob already sits at this table."),
        (alice, "", "Whom shall we invite?"),
    ]
    for inviter, to, message in refusals:
        assert message in invite(inviter, game, to), to
    settle()
    assert [message.to for message in mailoutbox] == [["carol@example.com"]]
    assert SentMail.objects.filter(kind=SentMail.Kind.INVITE).count() == 1


def test_it_answers_an_invitation_by_name_and_one_by_address_apart_and_mails_the_person_once(
    clock_worker: Any, alice: Any, bob: Any, carol: Any, mailoutbox: Outbox
) -> None:
    """Were the name and the address one key, "already invited" would tell whose address it is."""
    EmailAddress.objects.create(user=bob, email="robert@example.net", verified=True)
    game = make_table(alice, seats=3, start=False)
    # By name, then by the player's addresses; by address, then by name: each a fresh invitation.
    assert "Invitation sent to Bob." in invite(alice, game, "bob")
    assert "Invitation sent to bob@example.com." in invite(alice, game, "bob@example.com")
    assert "Invitation sent to robert@example.net." in invite(alice, game, "robert@example.net")
    assert "Invitation sent to carol@example.com." in invite(alice, game, "carol@example.com")
    assert "Invitation sent to Carol." in invite(alice, game, "carol")
    # Each name and each address still once, said only of what was typed.
    assert "Bob has already been invited to this table." in invite(alice, game, "bob")
    assert "Carol@Example.com has already been invited to this table." in invite(alice, game, "Carol@Example.com")

    wait_for_outbox(mailoutbox, 2)
    settle()
    assert sorted(message.to[0] for message in mailoutbox) == ["bob@example.com", "carol@example.com"]
    assert SentMail.objects.filter(game=game, kind=SentMail.Kind.INVITE).count() == 5


def test_it_answers_an_address_alike_whoever_holds_it_and_mails_no_one_already_seated(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = make_table(alice, bob, seats=3, start=False)
    for address in ("bob@example.com", "nobody@example.org"):  # a seated player's, and nobody's
        assert f"Invitation sent to {address}." in invite(alice, game, address)
        assert f"{address} has already been invited to this table." in invite(alice, game, address)
    wait_for_outbox(mailoutbox, 1)
    settle()
    assert [message.to for message in mailoutbox] == [["nobody@example.org"]]


def test_it_invites_only_members_to_a_league_table_and_not_to_a_table_in_play(
    clock_worker: Any, alice: Any, bob: Any, carol: Any, mailoutbox: Outbox
) -> None:
    league = make_league(alice, members=[bob])
    table = make_table(alice, seats=3, start=False, league=league)
    assert "Carol is not a member of Tuesday Club, whose table this is." in invite(alice, table, "carol")
    refused = "Only the league&#x27;s members sit here: invite them by their player name."
    assert refused in invite(alice, table, "friend@example.org")
    assert "Invitation sent to Bob." in invite(alice, table, "bob")

    playing = make_table(alice, make_player("dave"))
    assert "This table has already started or ended." in invite(alice, playing, "carol")
    settle()
    assert [message.to for message in mailoutbox] == [["bob@example.com"]]


def test_it_invites_the_other_players_of_a_turn_by_turn_game_to_its_rematch(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Outbox
) -> None:
    game = play_to_the_end(make_table(alice, bob, move_seconds=DAY, rules=SHORT_GAME))
    signed_in(alice).post(reverse("games:rematch", args=[game.pk]))
    game.refresh_from_db()
    assert game.rematch is not None

    [invitation] = wait_for_mail(mailoutbox, bob, "invites you")
    assert f"{settings.SITE_URL}/games/{game.rematch.pk}/" in invitation.body
    settle()
    assert not mails_to(mailoutbox, alice, "invites you")  # not to the one who asked
