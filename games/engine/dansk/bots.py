"""Bots for Danish Mau Mau, seeing only their seat's view and legal actions, and a game driver.

A bot has `name`, `choose(view, legal) -> action` (its turn, or a Draw 2 hit aimed at it) and
`react(view, legal) -> action | None` (any moment: an out-of-turn act from `legal`, or None).

- `random`: any legal action, uniformly (seeded); catches a missed Mau half the time.
- `greedy`: goes out when it can, always says Mau and catches every missed Mau; answers a Draw 2
  hit with a Draw 2; sheds points (specials are 10, twice the weight when an opponent is close to
  going out) and aims Draw 4, Draw 2 and Stop at a next player who is close to going out; turns
  play away from a next player holding fewer cards than the previous one; keeps a Colour change
  for when nothing else fits unless an opponent is close to going out; names the colour it holds
  most of; prefers plays after which more of its cards still fit and that keep many colours;
  prefers the cards left that fit on the most tops it may meet (a kept Colour change fits on all);
  and, when the seat that acts next has one or two cards (or a later one has one), plays what that
  seat is least likely to follow, judged from the cards it cannot see (the deck less its hand and
  the discard pile).

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

from .cards import CARDS, CHANGE, COLOURS, DECK, DRAW2, DRAW4, FITS, POINTS, REVERSE, STOP, fits

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
    fit_weight = 80.0  # per share of the tops it may meet that some card left fits on
    block = (0.0, 160.0, 40.0)  # by the next actor's hand size: per chance it can follow the card played
    block_later = 100.0  # per chance that a later seat with one card can follow it

    def react(self, view: View, legal: list[ActionDict]) -> ActionDict | None:
        for action in legal:
            if action["act"] == "catch":
                return action  # a missed Mau is a free card for its owner: always catch
        return None

    def choose(self, view: View, legal: list[ActionDict]) -> ActionDict:
        if not legal:
            raise ValueError("no legal action to choose from")
        in_turn = [a for a in legal if a["act"] != "catch"] or legal
        if len(in_turn) == 1:
            return in_turn[0]
        me = own_seat(view)
        hand: list[str] = view["hands"][me]
        counts: list[int | list[str]] = view["hands"]
        seats = len(counts)
        direction = -1 if view.get("direction") == -1 else 1
        sizes = [len(h) if isinstance(h, list) else int(h) for h in counts]
        danger = any(sizes[s] <= self.close_at for s in range(seats) if s != me)
        pending = view.get("pending")
        hit = pending is not None and pending["target"] == me
        turn = _Turn(view, hand, sizes, me, direction, danger, hit)
        best, best_score = in_turn[0], float("-inf")
        for action in in_turn:
            score = self._score(action, turn)
            if score > best_score:
                best, best_score = action, score
        return best

    def _score(self, action: ActionDict, turn: _Turn) -> float:
        act = action["act"]
        if act == "take":
            return -30.0
        if act == "draw":
            return -20.0
        card: str = action["cards"][0]
        rest = list(turn.hand)
        rest.remove(card)
        if not rest:
            return GOING_OUT
        if len(rest) == 1 and not action.get("mau"):
            return MISSED_MAU
        sizes, nxt, prev = turn.sizes, turn.nxt, turn.prev
        kind = CARDS[card].kind
        score = float(POINTS[card]) * self.points_weight * (self.danger_weight if turn.danger else 1.0)
        close = sizes[nxt] <= self.close_at
        a = self.attack
        if kind == DRAW2:
            score += ANSWER_HIT if turn.hit else a * (8 + (10 if close else 0))
        elif kind == DRAW4:
            score += a * (12 + (12 if close else 0))
        elif kind == STOP:
            score += a * (5 + (10 if close else 0))
        elif kind == REVERSE:
            score += a * (3 if sizes[nxt] < sizes[prev] else -3)
        elif kind == CHANGE and not turn.danger:
            score -= self.keep_change
        colour: str | None = action.get("color") if kind == CHANGE else CARDS[card].colour
        if kind == CHANGE:
            score += 2 * _colour_counts(rest)[colour or ""]
        if not turn.hit:
            # the seat that acts next, about to go out: the less likely it can follow, the better
            seats = len(sizes)
            actor = prev if kind == REVERSE else (nxt + turn.direction) % seats if kind in (STOP, DRAW4) else nxt
            held = sizes[actor]
            weight = self.block[held] if actor != turn.me and held < len(self.block) else 0.0
            if weight:
                score -= weight * turn.follows(card, colour, kind == DRAW2, held)
            if kind != DRAW2:
                # a seat with one card that acts later meets this colour too, if the seats between follow it
                for s in range(seats):
                    skipped = kind in (STOP, DRAW4) and s == nxt
                    if sizes[s] == 1 and s not in (actor, turn.me) and not skipped:
                        score -= self.block_later * turn.follows(card, colour, False, 1)
        # the share of the tops it may meet that a card left fits on: fewer draws, out sooner
        score += self.fit_weight * _cover(rest)
        # how many of the cards left would still fit on this card: the next turn is easier
        score += self.flex * sum(1 for c in rest if c != CHANGE and fits(c, card, colour))
        # cards of many colours (and Colour changes) leave fewer tops it cannot follow
        covered = {CARDS[c].colour for c in rest if c != CHANGE}
        score += self.cover * (len(covered) + 2 * rest.count(CHANGE))
        return score


class _Turn:
    """What one choice looks at: the seat's hand, the hand sizes, who plays next; the unseen cards
    (the deck less its hand and the discard pile: the other hands and the draw pile), counted once
    and only when asked."""

    __slots__ = ("_unseen", "_view", "danger", "direction", "hand", "hit", "me", "nxt", "prev", "sizes")

    def __init__(
        self, view: View, hand: list[str], sizes: list[int], me: int, direction: int, danger: bool, hit: bool
    ) -> None:
        seats = len(sizes)
        self._view = view
        self.hand, self.sizes, self.me, self.direction = hand, sizes, me, direction
        self.nxt = (me + direction) % seats
        self.prev = (me - direction) % seats
        self.danger, self.hit = danger, hit
        self._unseen: tuple[dict[str, int], int] | None = None

    def unseen(self) -> tuple[dict[str, int], int]:
        if self._unseen is None:
            counts = dict(_DECK_COUNTS)
            for c in self.hand:
                counts[c] -= 1
            for entry in self._view.get("pile") or ():
                for c in entry["cards"]:
                    counts[c] -= 1
            self._unseen = (counts, max(1, sum(n for n in counts.values() if n > 0)))
        return self._unseen

    def follows(self, card: str, colour: str | None, draw2: bool, held: int) -> float:
        """The chance that a hand of `held` unseen cards can follow `card` in `colour` (a Draw 2:
        only with a Draw 2 of its own)."""
        counts, total = self.unseen()
        allowed = _DRAW2_CODES if draw2 else FITS.get((card, colour), FITS[(None, None)])
        fit = sum(n for c, n in counts.items() if n > 0 and c in allowed)
        return 1.0 - (1.0 - min(1.0, fit / total)) ** held


_DECK_COUNTS: dict[str, int] = dict(Counter(DECK))
_DRAW2_CODES: frozenset[str] = frozenset(c for c, info in CARDS.items() if info.kind == DRAW2)


def _tops() -> list[tuple[str, str, float]]:
    """Every top a seat may meet (a coloured card, or a Colour change naming a colour), weighted
    by its copies in the deck."""
    copies = Counter(DECK)
    tops = [(code, info.colour, float(copies[code])) for code, info in CARDS.items() if info.colour is not None]
    tops += [(CHANGE, colour, copies[CHANGE] / len(COLOURS)) for colour in COLOURS]
    return tops


_TOPS = _tops()
# card -> the bit mask of the tops it fits on; the share of the tops, by byte of a mask
_TOP_MASK: dict[str, int] = {
    code: sum(1 << i for i, (top, colour, _) in enumerate(_TOPS) if fits(code, top, colour)) for code in CARDS
}
_TOP_BYTES = (len(_TOPS) + 7) // 8
_SHARE_BY_BYTE: list[list[float]] = [
    [
        sum(_TOPS[8 * b + i][2] for i in range(8) if value >> i & 1 and 8 * b + i < len(_TOPS))
        / sum(w for _, _, w in _TOPS)
        for value in range(256)
    ]
    for b in range(_TOP_BYTES)
]


def _cover(cards: Sequence[str]) -> float:
    """The share of the tops a seat may meet (by copies in the deck) that some card of `cards` fits on."""
    mask = 0
    for c in cards:
        mask |= _TOP_MASK[c]
    return sum(_SHARE_BY_BYTE[b][(mask >> (8 * b)) & 0xFF] for b in range(_TOP_BYTES))


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
