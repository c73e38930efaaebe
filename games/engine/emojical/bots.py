"""Bots that play emojical seeing only their seat's view and legal list, and a game driver.

A bot has `name`, `choose(view, legal) -> action` (its turn, or an action aimed at it) and
`react(view, legal) -> action | None` (any moment: a late Mau call or a jump-in). `BOTS` builds
one by name from a seed. `play_game(rules, bots, seed)` plays a whole game: before every action
each seat in turn order may react (the first act returned is applied, then the round starts
over); then an open window is closed, or the seat the game waits for chooses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..rules import Rules
from .cards import CARDS, DONATE, GAMBLE, KIND, SKIP, SWAP, TAKE2, TAKE4, fits

View = Mapping[str, Any]
Act = dict[str, Any]
OUT_OF_TURN = frozenset({"jump_in", "mau"})
# What an action card does to the next player, as a rough number of cards it costs them.
ATTACK: Mapping[str, int] = {TAKE2: 14, TAKE4: 24, SKIP: 10, GAMBLE: 12}


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal: list[Act]) -> Act: ...

    def react(self, view: View, legal: list[Act]) -> Act | None: ...


class RandomBot:
    """Any legal action, uniformly; an out-of-turn act half the time one is there. Seeded."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Act]) -> Act:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)

    def react(self, view: View, legal: list[Act]) -> Act | None:
        chances = [a for a in legal if a["act"] in OUT_OF_TURN]
        if chances and self.rng.random() < 0.5:
            return self.rng.choice(chances)
        return None


class GreedyBot:
    """Sheds its most valuable and most hurtful cards first, names the colour it holds most, answers
    hits with a roll-over or a block, swaps only into a smaller hand, plays safe on a Gambling,
    always calls Mau, and jumps in whenever it holds the very same card."""

    name = "greedy"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Act]) -> Act:
        if not legal:
            raise ValueError("no legal action to choose from")
        for action in legal:
            if action["act"] == "mau":
                return action
        return max(legal, key=lambda a: self.score(view, a))

    def react(self, view: View, legal: list[Act]) -> Act | None:
        best: Act | None = None
        best_score = 0.0
        for action in legal:
            if action["act"] == "mau":
                return action
            if action["act"] == "jump_in":
                score = self.score(view, action)
                if score > best_score:
                    best, best_score = action, score
        return best

    def score(self, view: View, action: Act) -> float:
        act = action["act"]
        hand = _own_hand(view)
        if act in ("play", "jump_in"):
            if act == "play" and view.get("pending"):
                return 500.0  # a roll-over passes the whole hit on
            return self.put_down(view, hand, action) + (5 if act == "jump_in" else 0)
        if act == "block":
            if action.get("maumau"):
                return 1000.0
            return 60.0
        if act == "take":
            return -10.0 * int((view.get("pending") or {}).get("cards", 2))
        if act == "accept":
            return self.accept(view, hand)
        if act == "safe":
            return -40.0
        if act == "gamble":
            return -51.0
        if act == "donate_pick":
            return -float(action.get("index", 0)) / 100  # any face-down card is as good as another
        if act == "draw":
            return -30.0
        if act == "pass":
            return -35.0
        return -100.0

    def accept(self, view: View, hand: list[str]) -> float:
        pending = view.get("pending") or {}
        if pending.get("kind") == "SW":
            theirs = _count(view, int(pending["from"]))
            return 100.0 if theirs < len(hand) else -100.0
        return -20.0  # a Skip or a random Donating: a block would shed a card instead

    def put_down(self, view: View, hand: list[str], action: Act) -> float:
        card: str = action["cards"][0]
        if action.get("maumau"):
            return 1000.0
        info = CARDS[card]
        kind = KIND[card]
        rest = list(hand)
        rest.remove(card)
        seats = len(view["hands"])
        me = _me(view)
        nxt = (me + 1) % seats
        danger = max(0, 6 - _count(view, nxt))  # the next player close to going out: hurt them now
        score = float(info.points)
        if kind in ATTACK:
            score += ATTACK[kind] + 4 * danger
        elif kind == DONATE:
            score += 15
        elif kind == SWAP:
            target = int(action["target"])
            gain = len(rest) - _count(view, target)
            score += 12 * gain - (40 if gain <= 0 else 0)
        top_colour = info.colour
        if info.wild:
            top_colour = action.get("color")
            score += 4 * sum(1 for c in rest if CARDS[c].colour == top_colour)
            # a card that fits anything is worth keeping for a turn when nothing else does
            score -= 60 if kind == TAKE4 else 80
        # cards left that will still fit on our next turn, if the colour holds
        score += 2 * sum(1 for c in rest if fits(c, card, top_colour))
        return score


def _own_hand(view: View) -> list[str]:
    for hand in view["hands"]:
        if isinstance(hand, list):
            return hand
    return []


def _me(view: View) -> int:
    for seat, hand in enumerate(view["hands"]):
        if isinstance(hand, list):
            return seat
    return 0


def _count(view: View, seat: int) -> int:
    hand = view["hands"][seat]
    return len(hand) if isinstance(hand, list) else int(hand)


BOTS: dict[str, Callable[[int | str | None], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def get_bot(name: str, seed: int | str | None = None) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}") from None


def play_game(
    rules: Rules[Any, Any], bots: Sequence[Bot], seed: int | str, max_actions: int = 50_000
) -> dict[str, Any]:
    """Play a whole game with `bots` (one per seat) and return the final position."""
    n = len(bots)
    position = rules.write(rules.new_game(n, seed=seed))
    for _ in range(max_actions):
        if position.get("over"):
            return position
        state = rules.read(position)
        action = _reaction(rules, bots, position, state)
        if action is None:
            if rules.window(position):
                action = {"seat": None, "act": "close"}
            else:
                seat = rules.to_act(position)[0]
                legal = [rules.write_action(a) for a in rules.legal(state, seat)]
                action = bots[seat].choose(rules.view(position, seat), legal)
        state, _ = rules.step(state, rules.read_action(state, action))
        position = rules.write(state)
    raise RuntimeError(f"the game did not end within {max_actions} actions")


def _reaction(rules: Rules[Any, Any], bots: Sequence[Bot], position: dict[str, Any], state: Any) -> Act | None:
    """The first out-of-turn act a seat returns, asking in turn order from the seat to act."""
    n = len(bots)
    window = position.get("window")
    waiting = rules.to_act(position)
    start = (window["seat"] + 1) % n if window else (waiting[0] if waiting else 0)
    for k in range(n):
        seat = (start + k) % n
        legal = [rules.write_action(a) for a in rules.legal(state, seat)]
        if any(a["act"] in OUT_OF_TURN for a in legal):
            action = bots[seat].react(rules.view(position, seat), legal)
            if action is not None:
                return action
    return None


def match(rules: Rules[Any, Any], games: int, seats: int = 4, hero: str = "greedy", seed: int = 0) -> tuple[int, int]:
    """`hero` against `seats - 1` random bots, its seat rotating game by game: (wins, games)."""
    wins = 0
    for g in range(games):
        at = g % seats
        bots = [get_bot(hero if s == at else "random", f"{seed}:{g}:{s}") for s in range(seats)]
        final = play_game(rules, bots, f"{seed}:{g}")
        wins += at in (final.get("winners") or ())
    return wins, games
