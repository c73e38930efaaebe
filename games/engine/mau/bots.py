"""Bots for `mau`, seeing only their seat's view and legal actions, and the game loop that runs them.

A bot has `name`, `choose(view, legal) -> action` for the seat the game waits for, and
`react(view, legal) -> action | None`, asked at any moment, also off turn, for an out-of-turn act:
a `spam`, a `penalty`, or taking the turn after a neighbour's Joker (`play` or `draw` while the
`joker` window is open). `legal` is the seat's whole legal list as dicts; what a bot returns is one
of its entries.

- "random": any legal action, uniformly (seeded); reacts to a chance a third of the time.
- "greedy": calls every call it owes; penalises every open offence at once; SPAMs whenever it
  can; takes the turn after a neighbour's Joker with its best card; answers a seven with a seven;
  sheds hits and skips when the next player runs low, keeps Jacks and Jokers for when nothing else
  fits (or for going out), names the suit it holds most of, and draws only when it must.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..rules import get_rules
from .cards import JOKER, RANK, SUIT
from .game import Mau
from .moves import to_act

View = Mapping[str, Any]
Action = dict[str, Any]
MAX_ACTIONS = 50_000


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal: list[Action]) -> Action: ...

    def react(self, view: View, legal: list[Action]) -> Action | None: ...


def reactions(view: View, legal: list[Action]) -> list[Action]:
    """The out-of-turn acts among `legal`: SPAM, penalties, and taking the turn after a Joker."""
    window = view.get("window")
    joker = window is not None and window.get("kind") == "joker"
    return [a for a in legal if a["act"] in ("spam", "penalty") or (joker and a["act"] in ("play", "draw"))]


def own_seat(view: View) -> int:
    for seat, hand in enumerate(view["hands"]):
        if isinstance(hand, list):
            return seat
    raise ValueError("a bot needs a seat's view, not a spectator's")


class RandomBot:
    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)

    def react(self, view: View, legal: list[Action]) -> Action | None:
        chances = reactions(view, legal)
        if chances and self.rng.random() < 1 / 3:
            return self.rng.choice(chances)
        return None


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | str | None = None) -> None:
        del seed  # greedy plays the same every time

    def choose(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return max(legal, key=lambda a: self.score(view, a, legal))

    def react(self, view: View, legal: list[Action]) -> Action | None:
        chances = reactions(view, legal)
        if not chances:
            return None
        best = max(chances, key=lambda a: self.score(view, a, legal))
        return best

    def score(self, view: View, action: Action, legal: list[Action]) -> float:
        act = action["act"]
        if act == "penalty":
            return 10_000.0  # a free card for an opponent
        if act == "draw":
            return -1_000.0
        if act == "take":
            return -900.0
        me = own_seat(view)
        hand: list[str] = view["hands"][me]
        if act == "start":
            return self._calls_score(action, legal) + self._suit_score(hand, action.get("color"), None)
        card = action["cards"][0]
        rest = list(hand)
        rest.remove(card)
        value = 100.0 + self._calls_score(action, legal)
        if not rest:
            return value + 5_000.0  # going out
        if act == "spam":
            value += 400.0  # a card shed and the turn taken, seats passed over
        counts = view["hands"]
        seats = len(counts)
        direction = view.get("direction", 1)
        after = (me + direction) % seats
        behind = (me - direction) % seats
        short = min(_count(counts[after]), 10)
        rank = RANK[card]
        two_again = bool((view.get("rules") or {}).get("two_again"))
        if rank == "7":
            value += 30 + 6 * (10 - short)
        elif rank == "8":
            value += 20 + 5 * (10 - short)
        elif rank == "A":
            value += 4 * (_count(counts[behind]) - _count(counts[after]))
        elif rank == "2" and two_again:
            value += 60
        elif rank == JOKER:
            value -= 0 if len(rest) <= 2 or short <= 2 else 80
        elif rank == "J":
            value -= 0 if len(rest) <= 2 or short <= 2 else 60
        return value + self._suit_score(rest, action.get("color") or SUIT[card], card)

    @staticmethod
    def _calls_score(action: Action, legal: list[Action]) -> float:
        """Never leave a call out: the variant with the most calls is the true one."""
        twins = [
            len(a.get("calls") or ())
            for a in legal
            if a["act"] == action["act"]
            and a.get("cards") == action.get("cards")
            and a.get("color") == action.get("color")
        ]
        return -3_000.0 if len(action.get("calls") or ()) < max(twins, default=0) else 0.0

    @staticmethod
    def _suit_score(rest: Sequence[str], suit: str | None, card: str | None) -> float:
        """Leave a suit on top that the hand can follow, and shed the suit held most."""
        if suit is None:
            return 0.0
        held = Counter(SUIT[c] for c in rest if RANK[c] not in ("J", JOKER))
        ranks = sum(1 for c in rest if card is not None and RANK[c] == RANK[card])
        return 8.0 * held[suit] + 4.0 * ranks


def _count(hand: Any) -> int:
    return hand if isinstance(hand, int) else len(hand)


BOTS: dict[str, Callable[[int | str | None], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def get_bot(name: str, seed: int | str | None = None) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: {', '.join(BOTS)}") from None


class BotError(RuntimeError):
    """A bot returned an action that was not among its legal actions."""


def play_game(
    rules: Mapping[str, Any] | None,
    bots: Sequence[Bot],
    seed: int | str,
    observe: Callable[[dict[str, Any], Action, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play one game with `bots[i]` in seat i to its end; the final position.

    Each round every seat, in turn order from the seat to act, may `react` (the first act returned is
    applied and the round starts over); then an open window is closed (the server's `close`), or
    the seat the game waits for must `choose`. `observe(before, action, after)` sees every action."""
    game = get_rules("mau", rules)
    assert isinstance(game, Mau)
    seats = len(bots)
    state = game.new_game(seats, seed=seed)
    position = game.write(state)
    for _ in range(MAX_ACTIONS):
        if state.over:
            return position
        action = _reaction(game, state, position, bots)
        if action is None:
            waiting = to_act(state)
            if not waiting:
                action = {"seat": None, "act": "close"}
            else:
                seat = waiting[0]
                legal = [game.write_action(a) for a in game.legal(state, seat)]
                action = _checked(bots[seat], bots[seat].choose(game.view(position, seat), legal), legal)
        state, _ = game.step(state, game.read_action(state, action))
        after = game.write(state)
        if observe is not None:
            observe(position, action, after)
        position = after
    raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions (seed {seed!r})")


def greedy_rate(games: int, seats: int = 4, rules: Mapping[str, Any] | None = None) -> float:
    """The share of `games` won by one greedy bot against randoms, its seat rotating game by game."""
    wins = 0
    for g in range(games):
        seat = g % seats
        bots: list[Bot] = [GreedyBot() if s == seat else RandomBot(f"{g}-{s}") for s in range(seats)]
        wins += play_game(rules, bots, g)["winners"] == [seat]
    return wins / games


def _reaction(game: Mau, state: Any, position: dict[str, Any], bots: Sequence[Bot]) -> Action | None:
    seats = len(bots)
    start = state.turn if state.turn is not None else (state.window.origin if state.window else 0)
    direction = state.direction
    window = state.window
    for step in range(seats):
        seat = (start + direction * step) % seats
        legal = game.legal(state, seat)
        if not any(a.act in ("spam", "penalty") or (window is not None and a.act in ("play", "draw")) for a in legal):
            continue  # nothing a bot could do out of turn: no need to ask
        dicts = [game.write_action(a) for a in legal]
        choice = bots[seat].react(game.view(position, seat), dicts)
        if choice is not None:
            return _checked(bots[seat], choice, dicts)
    return None


def _checked(bot: Bot, choice: Action | None, legal: list[Action]) -> Action:
    if choice is None or choice not in legal:
        raise BotError(f"bot {bot.name!r} chose {choice!r}, which is not a legal action")
    return choice


if __name__ == "__main__":  # .venv/bin/python -m games.engine.mau.bots [games]
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"greedy against 3 randoms, seat rotating: won {greedy_rate(count):.1%} of {count} games")
