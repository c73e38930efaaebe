"""The "I'm back" button: a player marked away takes their seat back from the bot in one click."""

from __future__ import annotations

from games import clock
from games.views import table_post_view

# A POST like join and leave: a refusal becomes a message, and the player lands back at the table.
take_back_seat = table_post_view(lambda request, game: clock.do_take_back_seat(game.pk, request.user))
