"""Small factories for tables, moves that are legal right now, and a scan for hidden cards in text."""

from __future__ import annotations

import html
import re
import uuid
from collections.abc import Iterable
from typing import Any

from games import actions, engine
from games.engine.ddmau.cards import CARDS
from games.models import Game, Move
from games.templatetags.ddmau_cards import label

# Short games for tests that play to the end: past 50 points the game is over (R31 options).
SHORT_GAME = {"target": 50, "net_low": 45, "net_reset": 20}


def make_table(creator: Any, *others: Any, seats: int | None = None, start: bool = True, **options: Any) -> Game:
    """A table created by `creator`, joined by `others` in order, started unless start=False."""
    options.setdefault("move_seconds", 60)
    game = actions.do_create_game(creator, seat_count=seats or 1 + len(others), **options)
    for player in others:
        actions.do_join(game.pk, player)
    if start:
        actions.do_start(game.pk, creator, fill_with_bots=True)
    game.refresh_from_db()
    return game


def legal(game: Game, seat: int) -> list[dict[str, Any]]:
    assert game.position is not None
    return list(engine.legal_actions(game.position, seat))


def simple_move(game: Game) -> dict[str, Any]:
    """A legal move for the seat to act that is not a play: a draw, else take, else pass."""
    seat = game.turn
    assert seat is not None
    options = legal(game, seat)
    for act in ("draw", "take", "pass"):
        for action in options:
            if action["act"] == act:
                return action
    return options[0]


def player_at(game: Game, seat: int) -> Any:
    return game.seats.get(index=seat).user


def play(game: Game, action: dict[str, Any] | None = None, **kwargs: Any) -> actions.MoveResult:
    """The seat to act makes `action` (default: simple_move) through the action layer."""
    game.refresh_from_db()
    action = action or simple_move(game)
    kwargs.setdefault("client_move_id", uuid.uuid4().hex)
    return actions.do_move(game.pk, player_at(game, action["seat"]), action, game.seq, **kwargs)


def actor_for(game: Game, seat: int) -> Any:
    """The seat's player, or its bot."""
    row = game.seats.get(index=seat)
    return actions.SeatActor(seat, Move.Source.BOT) if row.bot else row.user


def play_to_the_end(game: Game, *, limit: int = 5000) -> Game:
    """Every seat plays its first legal action (a play when there is one) until the game ends."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            return game
        seat = game.turn
        assert seat is not None
        options = legal(game, seat)
        plays = [action for action in options if action["act"] == "play"]
        action = max(plays, key=lambda a: len(a["cards"])) if plays else options[0]
        result = actions.do_move(game.pk, actor_for(game, seat), action, game.seq)
        assert result.ok, result.message
    raise AssertionError(f"the game did not end within {limit} moves")


# --- hidden information -------------------------------------------------------------------------

UNIQUE_CODES = frozenset(code for code, info in CARDS.items() if info.colour)  # one copy each in the deck


def _codes(cards: Iterable[Any]) -> set[str]:
    return {card for card in cards if isinstance(card, str)}


def hidden_cards(game: Game, seat: int | None) -> set[str]:
    """Cards `seat` may not know of: other hands and the draw pile, less anything shown to everyone.

    Only cards with a single copy count: a second copy of a colourless card could be the viewer's own.
    """
    game.refresh_from_db()
    position = game.position
    assert position is not None
    secret: set[str] = set(position["draw"])
    for index, hand in enumerate(position["hands"]):
        if index != seat:
            secret |= _codes(hand)
    shown = {card for pile_play in position["pile"] for card in pile_play["cards"]}
    for action in game.moves.values_list("action", flat=True):
        shown |= _codes(action.get("cards") or ())
    if seat is not None:
        shown |= _codes(position["hands"][seat])
    return (secret - shown) & UNIQUE_CODES


def _patterns(code: str) -> list[str]:
    names = (CARDS[code].name, label(code))
    # A code stands alone, not inside a word ("R90", "xR9abc").
    by_name = [rf"(?i)\b{re.escape(name)}(?![0-9])" for name in names]
    return [rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])", *by_name]


# Random tokens on a page (CSRF tokens, a tournament's url-safe seed "xK3-OY_9...", hashes) can hold a
# card code between dashes or underscores by chance. Nothing that names a card is this long unbroken.
RANDOM_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,}")


def leaked(text: str, cards: Iterable[str]) -> set[str]:
    """The cards of `cards` that `text` names, by code ("R7") or by name ("red 7", "Penal T, red")."""
    plain = RANDOM_TOKEN.sub(" ", html.unescape(text))
    return {code for code in cards if any(re.search(pattern, plain) for pattern in _patterns(code))}
