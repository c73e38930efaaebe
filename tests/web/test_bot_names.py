"""Bot names nobody can take for a person's: a mark, no demo player's or test persona's name, short
enough never to be cut off, and the whole name (with the bot's level) for a `title`."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from accounts.models import Profile
from ddmau_site.management.commands import load_demo
from games.models import BOT_MARK, BOT_NAMES, Game, Seat
from tests.support.personas import PERSONAS
from tests.support.tables import make_table

pytestmark = pytest.mark.django_db


def test_it_names_no_bot_like_a_demo_player_or_a_persona() -> None:
    people = {name.lower() for pair in (*load_demo.PLAYERS, load_demo.ADMIN) for name in pair}
    people |= {name.lower() for pair in PERSONAS.items() for name in pair}
    assert {name.lower() for name in BOT_NAMES} & people == set()
    assert len(set(BOT_NAMES)) == len(BOT_NAMES)


def test_it_marks_every_bot_seat_with_a_short_whole_name_and_its_level_on_hover(alice: Any) -> None:
    game = make_table(alice, seats=10, bots=9, bot_level=Seat.Bot.RANDOM)
    bots = list(game.seats.exclude(user=alice))
    assert len({seat.name for seat in bots}) == 9
    for seat in bots:
        assert seat.name.startswith(f"{BOT_MARK} ")
        assert len(seat.name) <= 12  # "🤖 Sprocket": nothing to cut off
        assert "(" not in seat.name
        assert seat.full_name == f"{seat.name}, random bot"
    assert game.seats.get(user=alice).full_name == "Alice"
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING


def test_it_gives_the_demo_bots_the_mark_and_renames_old_ones(capsys: Any) -> None:
    call_command("load_demo")
    bots = get_user_model().objects.filter(profile__is_bot=True).select_related("profile")
    Profile.objects.filter(user__username="bot-greedy").update(display_name="Greedy Bot")  # as an older run named it
    call_command("load_demo")  # safe to run again, and it brings an older bot's name up to date
    names = sorted(user.profile.name for user in bots.all())
    assert names == [f"{BOT_MARK} Greedy", f"{BOT_MARK} Random"]
