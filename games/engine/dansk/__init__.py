"""Danish Mau Mau (`dansk`): VARIANTS.md DK1-DK15, C1-C12 and the settled points, as a `Rules` object.

`games.engine.rules.get_rules("dansk", rules)` returns `factory(rules)`: the rules with those house
rule options applied (`rounds`, `first_card`, `draw_when_able`, `mau_catch`; one cached instance per
set). State-level API: `read`/`write` at the boundary, `step(state, action) -> (state, events)`,
`legal(state, seat)`, with the immutable `state.State` and `state.Action`.

Modules: `cards` (the deck, points, the fit table), `options` (house rules), `state` (types),
`convert` (dicts <-> states and actions), `moves` (legal actions), `game` (the turn flow, the deal,
scoring), `notation` (notation and button words), `bots` (random and greedy bots, `play_game`),
`bench` (`python -m games.engine.dansk.bench`: actions/s and the greedy bot's win rate).

Position keys: `variant`, `rules`, `hands`, `draw`, `pile` (one entry per card, C2), `top`,
`pending` (kind "T2"), `turn`, `window` (always null), `direction`, `drawn`, `must_call`, `dealer`, `totals`, `seed`,
`hand` (the round), `over`, `winners`, `last_hand` `{"out", "points"}`, and the engine's own
`reshuffles` (draw pile rebuilds this round, mixed into the next rebuild's shuffle; holds no cards).
Shuffles: the deal of round h is `shuffled(DECK, "dansk", seed, "hand", h)` (`cards.DECK` order), the
n-th rebuild `shuffled(pile cards bottom first, "dansk", seed, "hand", h, "reshuffle", n)`.

Decisions (where VARIANTS.md is silent):
- The turned card's pile entry carries the dealer's seat (it acts as the dealer's play, DK3); a
  turned Colour change has `color` null in the pile and on top, so any card may follow.
- Cards are dealt one at a time, starting at the dealer's left.
- There are no reaction windows: `window` is always null (C9 names the key), `legal(state, None)`
  is empty and a `close` is refused (C5).
- `must_call` is always written (`[]` with `mau_catch: auto`, where nobody is ever open).
- `drawn` stays null: a draw ends the turn at once (DK5), so no drawn card is ever playable (C10).
- A play leaving one card is listed with and without `"mau": true` (the outcomes differ); other plays
  only without it; the last card once, and a last Colour change without a colour.
- `color` on a card other than a Colour change is ignored (it must still be a colour letter or
  null); a non-boolean `mau` is refused (DK12); a field an act does not have is refused (C7).
- A catch may come from any seat but the caught one, the seat to act included; the caught seat draws
  1 card (from a rebuilt pile if need be) and play goes on; the caught seat leaves `must_call`.
- `mau_catch: catch`: a missed Mau is announced as a public `no_mau` event (everyone can see the
  seat holds one card and said nothing).
- With 2 players a Stop or a Draw 4 gives its player the next turn (the only other seat is skipped).
- A draw or take that finds too few cards even after a rebuild gives what there is (C4); the event
  says how many were drawn.
- `rounds` may be 1 to 20. At the game's end the hands, pile and top stay as the last round left
  them; `winners` lists every seat with the lowest total, in seat order.
- The pile read from a position is kept unread until a rebuild needs it and copied when written
  (speed), so a position must not be changed while a state read from it is in use. `read` checks
  the hands and the top; a card code in the draw pile (or the pile below the top) is checked when
  it is drawn: a malformed position raises ValueError either way, never IllegalAction.
- `describe` of `take` cannot know the total (it gets only the action): "Take the cards of the Draw
  2 hit".
"""

from __future__ import annotations

from games.engine.rules import register

from .game import DANSK, Dansk, factory

register(Dansk.key, factory)

__all__ = ["DANSK", "Dansk", "factory"]
