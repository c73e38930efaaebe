"""Classic Mau-Mau (`maumau`, VARIANTS.md MM1-MM16 and the Settled points) for the engine.

`get_rules("maumau", rules)` returns a `game.MauMau` with the house rule options applied
(`deck` 32/52, `mode` solo/points, `target`, `jack_on_jack`). Modules: `cards` (the pack),
`options` (house rules), `state` (types), `convert` (the dict boundary), `moves` (the turn flow
and the one fit check), `legal` (the move list), `notation` (faces, notation, button words),
`game` (the `Rules` subclass), `bots` (random and greedy, and `play_game`), `bench` (speed).

Decisions (where VARIANTS.md is silent):
- Hand h is dealt one card at a time from the seat left of its dealer, 6 each; the next card is
  turned up, the rest is the draw pile. Hand 1 is dealt by seat 0, hand h by seat (h-1) mod n.
- A turned seven aimed at a first player without a seven is taken at once (C12), so the turn
  starts with the seat after them; a turned card's events are not returned by `new_game`.
- A draw that finds nothing (C4) ends the turn at once (C10), so `drawn` is back to null for the
  next seat; a position read with `drawn: true` lets its seat only `pass`.
- A Jack played as the last card stands for its own suit (it wishes nothing); `color` on a card
  that is not a Jack is ignored, but a `color` that is not a suit letter is refused (MM9).
- A `mau` from a seat that was caught is refused at no cost (C6) until that seat next acts on its
  own (play, draw, pass, take, automatic takes included); the engine keeps these seats in the
  public key `caught`. Afterwards a call from a seat that is not open costs a card as MM11 says.
- A `mau` from an empty-handed seat (one that went out on a seven, MM13) is not open either: it
  costs a card like any other overzealous call, and that seat no longer counts as out.
- When several seats emptied their hand (MM13), the hand goes to the first in `emptied` that
  still holds no cards after the take; a seat that empties its hand a second time in a hand (it
  took a hit back in between) moves to the end of `emptied`.
- `last_hand.points` is, per seat, the cards it still held (0 for the winner), in the solo game too;
  in the point game the winner's total gains their sum. `target` is accepted but unused in a solo game.
- Open seats (`must_call`) are listed in the order they opened; a catch penalty card never counts
  as the caught seat's draw, and a seat's own penalty cards never change its `drawn` card.
- `legal` lists a play that leaves one card twice (with and without the call); it does not list
  overzealous calls (a `"mau": true` that leaves other than one card, or `mau` from a seat that is
  not open), which `step` accepts with their penalty. The random bot chooses among turn acts and
  leaves calls and catches to `react`.
- `normalize_action` keeps `mau` only when true and `color` only on a Jack (where it matters).
- `describe` has no position, so a take reads "Take the cards of the sevens" without the count.
"""

from __future__ import annotations

from ..rules import register
from .game import MauMau, factory

register("maumau", factory)

__all__ = ["MauMau", "factory"]
