"""Bots for Danish Mau Mau, seeing only their seat's view and legal actions, and a game driver.

A bot has `name`, `choose(view, legal) -> action` (its turn, or a Draw 2 hit aimed at it) and
`react(view, legal) -> action | None` (any moment: an out-of-turn act from `legal`, or None).

- `random`: any legal action, uniformly (seeded); catches a missed Mau half the time.
- `greedy`: goes out when it can, always says Mau and catches every missed Mau; answers a Draw 2
  hit with a Draw 2; sheds points (specials are 10, twice the weight when an opponent is close to
  going out) and aims Draw 4, Draw 2 and Stop at a next player who is close to going out; turns
  play away from a next player holding fewer cards than the previous one; keeps a Colour change
  for when nothing else fits unless an opponent is close to going out; names the colour it holds
  most of; prefers plays after which more of its cards still fit and that keep many colours.

`play_game(rules, bots, seed)` plays one game to the end (the driver loop of the brief: reactions
first, in turn order; then a reaction window's close; then the seat to act chooses).
`greedy_win_rate(games)` measures greedy against three random bots, rotating greedy's seat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from games.engine.rules import Rules, get_rules

from .cards import CARDS, CHANGE, DRAW2, DRAW4, POINTS, REVERSE, STOP, fits

View = Mapping[str, Any]
ActionDict = dict[str, Any]
Position = dict[str, Any]


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal: list[ActionDict]) -> ActionDict: ...

    def react(self, view: View, legal: list[ActionDict]) -> ActionDict | None: ...


class RandomBot:
    """Uniform among the legal actions; seeded, so a game with bots replays the same."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[ActionDict]) -> ActionDict:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)

    def react(self, view: View, legal: list[ActionDict]) -> ActionDict | None:
        catches = [a for a in legal if a["act"] == "catch"]
        if catches and self.rng.random() < 0.5:
            return self.rng.choice(catches)
        return None


def own_seat(view: View) -> int:
    """The seat whose hand the view shows as cards."""
    for seat, hand in enumerate(view["hands"]):
        if isinstance(hand, list):
            return seat
    raise ValueError("a bot needs a seat's view, not a spectator's")


GOING_OUT = 1_000_000
MISSED_MAU = -100_000
ANSWER_HIT = 500  # a Draw 2 passed on beats picking the total up
KEEP_CHANGE = 14  # a Colour change kept for when nothing fits is worth more than its points shed
CLOSE = 2  # an opponent with this many cards or fewer is about to go out


class GreedyBot:
    """One look ahead, scored by the habits in the module docstring."""

    name = "greedy"
    # the weights of its habits (tests and experiments may change them on an instance)
    flex = 1.5  # per card left that still fits on the card played
    cover = 6.0  # per colour still held, and twice that per Colour change kept: fewer draws later
    keep_change = KEEP_CHANGE
    points_weight = 1.0  # per point shed
    attack = 1.0  # the bonus of Draw 2, Draw 4, Stop and Reverse against the next player
    close_at = CLOSE
    danger_weight = 2.0  # points shed count this much more while an opponent is close to going out

    def react(self, view: View, legal: list[ActionDict]) -> ActionDict | None:
        for action in legal:
            if action["act"] == "catch":
                return action  # a missed Mau is a free card for its owner: always catch
        return None

    def choose(self, view: View, legal: list[ActionDict]) -> ActionDict:
        if not legal:
            raise ValueError("no legal action to choose from")
        me = own_seat(view)
        hand: list[str] = view["hands"][me]
        counts: list[int | list[str]] = view["hands"]
        seats = len(counts)
        direction = -1 if view.get("direction") == -1 else 1
        nxt = (me + direction) % seats
        prev = (me - direction) % seats
        sizes = [len(h) if isinstance(h, list) else int(h) for h in counts]
        danger = any(sizes[s] <= self.close_at for s in range(seats) if s != me)
        pending = view.get("pending")
        hit = pending is not None and pending["target"] == me
        in_turn = [a for a in legal if a["act"] != "catch"] or legal
        best, best_score = in_turn[0], float("-inf")
        for action in in_turn:
            score = self._score(action, hand, sizes, nxt, prev, danger, hit)
            if score > best_score:
                best, best_score = action, score
        return best

    def _score(
        self, action: ActionDict, hand: list[str], sizes: list[int], nxt: int, prev: int, danger: bool, hit: bool
    ) -> float:
        act = action["act"]
        if act == "take":
            return -30.0
        if act == "draw":
            return -20.0
        card: str = action["cards"][0]
        rest = list(hand)
        rest.remove(card)
        if not rest:
            return GOING_OUT
        if len(rest) == 1 and not action.get("mau"):
            return MISSED_MAU
        kind = CARDS[card].kind
        score = float(POINTS[card]) * self.points_weight * (self.danger_weight if danger else 1.0)
        close = sizes[nxt] <= self.close_at
        a = self.attack
        if kind == DRAW2:
            score += ANSWER_HIT if hit else a * (8 + (10 if close else 0))
        elif kind == DRAW4:
            score += a * (12 + (12 if close else 0))
        elif kind == STOP:
            score += a * (5 + (10 if close else 0))
        elif kind == REVERSE:
            score += a * (3 if sizes[nxt] < sizes[prev] else -3)
        elif kind == CHANGE and not danger:
            score -= self.keep_change
        colour: str | None = action.get("color") if kind == CHANGE else CARDS[card].colour
        if kind == CHANGE:
            score += 2 * _colour_counts(rest)[colour or ""]
        # how many of the cards left would still fit on this card: the next turn is easier
        score += self.flex * sum(1 for c in rest if c != CHANGE and fits(c, card, colour))
        # cards of many colours (and Colour changes) leave fewer tops it cannot follow
        covered = {CARDS[c].colour for c in rest if c != CHANGE}
        score += self.cover * (len(covered) + 2 * rest.count(CHANGE))
        return score


def _colour_counts(cards: Sequence[str]) -> Counter[str]:
    return Counter(CARDS[c].colour or "" for c in cards if CARDS[c].kind != CHANGE)


BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(),
}


def get_bot(name: str, *, seed: int | str | None = None) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}") from None


def play_game(rules: Rules[Any, Any], bots: Sequence[Bot], seed: int | str, *, max_steps: int = 20_000) -> Position:
    """Play one game of `rules` between `bots` (one per seat) to the end; the final position.

    Each step: every seat, in turn order from the seat to act, may `react` (the first act returned
    is applied, then the round of reactions starts over); then an open reaction window is closed;
    then the seat to act `choose`s. A seat is asked to react only when its legal list holds an
    out-of-turn act (otherwise it has nothing to react with)."""
    seats = len(bots)
    state = rules.new_game(seats, seed=seed)
    position = rules.write(state)
    for _ in range(max_steps):
        if position.get("over"):
            return position
        acting = rules.to_act(position)
        start = acting[0] if acting else 0
        direction = -1 if position.get("direction") == -1 else 1
        reaction = None
        for k in range(seats):
            seat = (start + direction * k) % seats
            legal = [rules.write_action(a) for a in rules.legal(state, seat)]
            if not any(a["act"] in rules.out_of_turn_acts for a in legal):
                continue
            reaction = bots[seat].react(rules.view(position, seat), legal)
            if reaction is not None:
                break
        if reaction is not None:
            action: ActionDict = reaction
        elif rules.window(position):
            action = {"seat": None, "act": "close"}
        else:
            seat = acting[0]
            legal = [rules.write_action(a) for a in rules.legal(state, seat)]
            action = bots[seat].choose(rules.view(position, seat), legal)
        state, _ = rules.step(state, rules.read_action(state, action))
        position = rules.write(state)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


def greedy_win_rate(games: int, *, seats: int = 4, rules: Mapping[str, Any] | None = None, seed: int = 0) -> float:
    """Greedy against random bots over `games` games, greedy's seat rotating; shared wins count
    as a share. The fraction of games greedy won."""
    game_rules = get_rules("dansk", rules)
    won = 0.0
    for g in range(games):
        greedy_seat = g % seats
        bots: list[Bot] = [GreedyBot() if s == greedy_seat else RandomBot(f"{seed}|{g}|{s}") for s in range(seats)]
        final = play_game(game_rules, bots, f"{seed}|{g}")
        winners = final["winners"]
        if greedy_seat in winners:
            won += 1 / len(winners)
    return won / games


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "get_bot", "greedy_win_rate", "play_game"]
