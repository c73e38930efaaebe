"""emojical Mau-Mau (VARIANTS.md, `emojical`, seed 004): a `Rules` package registered as "emojical".

Modules: `cards` (codes, points, the EM3 fit table), `options` (house rules), `state` (immutable
types), `convert` (the dict boundary), `checks` (what `step` and `legal` both ask), `flow` (the
acts, the deal, the scoring), `moves` (legal actions), `notation` (faces, notation, words), `game`
(the `Rules` subclass), `bots` (random and greedy, and `play_game`), `bench` (speed).

Decisions where VARIANTS.md is silent:
- Seat 0 deals round 1 and the first player is its left neighbour (EM1); cards are dealt one at a
  time from the dealer's left, the next card is turned.
- A pending Skip, Card swap, Donating or Gambling has `cards` 0 (only a Take hit counts cards);
  `from` is the seat the card came from: the dealer for a turned card, the first player (the
  donor) for a turned Donating.
- A target with nothing that answers (no roll-over card, no fitting Blocking card) suffers a Take
  hit, a Skip or a Card swap at once (C6, C12), and a `random` Donating; a Gambling and an `index`
  Donating always wait for the target.
- `random` Donating takes the first card of `donate_order` (a seeded shuffle, so a uniform pick).
  The recipient's automatic take, and its `accept` in `random` mode, count as taking a card for an
  owed Mau call (EM16), like `donate_pick`. `donate_order` is shuffled from `seed`, the round and
  a counter: ("emojical", seed, "hand", h, "donate", reshuffles, pile length).
- A Donating whose player holds no card when it resolves (a missed Mau-Mau with nothing left to
  draw) does nothing; play goes on from its left.
- A card that ends the round with its Mau-Mau call needs no `color` and no `target` (EM18: its
  action is never carried out); without the call it needs them like any other card.
- A `color` on a card that names none, and a `target` on a card that is no Card swap, are ignored
  and dropped; an unknown colour letter is refused (C1), a Card swap target that is no seat (EM9).
- A draw that finds nothing (C4) ends the turn at once: the next seat acts and `drawn` is null.
  After a draw that found a card the seat ends its turn with `pass` unless it plays that card.
- A turned Extra card under `all_swap` passes the hands at the deal; `top.color` stays null.
- `target` 0 keeps no totals (`totals` null, like `maumau`'s solo game); `last_hand` still gives
  every hand's points, and the other places go by the cards still held (`Rules.outcome`). A
  hand-built position without `totals` starts from 0.
- `emoji_deck` lists the codes whose copies differ from the table and is merged onto it; the
  category totals are checked after the merge, and `rules` writes the whole merged table back.
- `direction` is always 1; `reshuffles` (a count) and `donate_order` (a length in every view) are
  the engine's private keys. A window carries `target` only for a Card swap.
- `legal` lists each card put down with the call it needs (see `moves.py`); `step` also accepts a
  missing or needless call and deals with it as EM16-EM17 say.
- Pile entries read from a position are passed on unchanged into the position written (shared,
  never modified by the engine), see `state.Pile`.

Speed: `.venv/bin/python -m games.engine.emojical.bench [seconds]` plays random games through
dicts and through states and prints actions per second.
"""

from __future__ import annotations

from ..rules import register
from .game import Emojical, factory
from .state import Action, State

register("emojical", factory)

__all__ = ["Action", "Emojical", "State", "factory"]
