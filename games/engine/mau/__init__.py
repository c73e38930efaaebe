"""`mau`: the campus game of calls and SPAM (VARIANTS.md `mau`, MA1-MA18, with C1-C12 and the
Settled points), registered as `get_rules("mau", rules)`.

Modules: `cards` (codes and the one `fits` test), `options` (house rules), `state` (types),
`convert` (the dict boundary), `calls` (MA13's calls and the offences they leave), `moves` (what
each act does), `legal` (every act a seat may take), `notation` (faces, notation, button words),
`game` (the `Rules` class and the deal), `bots` (random and greedy bots, `play_game`).

Decisions where VARIANTS.md is silent:
1. The deal goes one card at a time from the dealer's left; the card after the hands is turned up.
   A deal must leave the turned card and at least one card to draw (`hand_size` x seats + 2 <= deck),
   so `seat_counts()` shrinks with big hands or one deck. Option limits: `decks` 1-4, `hand_size`
   1-20, `slow_s` 0-600.
2. `drawn` is always null: a draw ends the turn (MA3), so no drawn card ever waits to be played.
   With extra turns (MA18) the next turn may play any card that fits, the drawn one included.
3. Eight skips are counted seat by seat around the table in the current direction, the Eight's own
   player included when the count comes round to it (three skips at a 3-player table land on the
   seat after the spammer).
4. The joker window's `seats` are [left neighbour, right neighbour] (seat+1, seat-1). A Joker
   SPAMmed while a window is open replaces it with one around the spammer.
5. Offences of the card that emptied a hand end when its `final` window closes, however it closes:
   a correct penalty that reopens the hand ends the others too (MA14 "until the final window closes").
   The kept effect's events (hit, window, turn) are told when the hand reopens, not before.
6. A penalty for `slow` at a table with `slow_s` 0 is refused at no cost (the reason does not exist
   there). A server `slow` mark on a seat already marked is refused; a new mark after a penalised one
   is a new offence. `legal(state, None)` lists `slow` for each seat the game waits for (not yet
   marked) when `slow_s` > 0, besides `close` while a window is open.
7. Calling a penalty is an act of the caller (it clears the caller's own `slow` mark) but not one of
   the acts that end the caller's own offences (MA14 lists play, spam, draw, take).
8. The game is one hand (MA17); `last_hand.points` are the cards each seat still holds, 0 for the
   winner, as the outcome places the others by cards held. Cards are worth no points.
9. A `color` on anything but a Jack is refused (MA7), and so is a call list naming a call twice (MA13);
   calls are kept in the canonical order spade, last_card, mau, mau_mau, oom_papa_mau_mau,
   wonderful_spam. A missing `calls` is an empty list.
10. The dealer's `start` can be due only `spade`: the turned card does not leave the dealer's hand.
11. A position without `started` is taken as started; without `skips`, an Eight on top counts 1.
12. Legal lists each card with its true calls and, where calls are due, once more with none (a
   forgotten call); penalties only for open offences (see `legal.py`).
13. The site's `out_of_turn_acts` include `play` and `draw`: a neighbour takes the turn after a Joker
   with them while no seat is on turn.
"""

from __future__ import annotations

from ..rules import register
from .game import Mau, factory
from .options import OPTION_SPECS, Options
from .state import Action, State

register("mau", factory)

__all__ = ["OPTION_SPECS", "Action", "Mau", "Options", "State", "factory"]
