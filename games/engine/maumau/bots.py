"""Bots for classic Mau-Mau that see only their seat's view and the legal list.

`BOTS[name](seed)` builds one. `choose(view, legal)` is asked when the seat must act and returns
one of `legal`; `react(view, legal)` may be asked at any moment and returns an out-of-turn act
(`mau`, `catch`) from `legal` or None. `play_game(rules, bots, seed)` plays one game through the
dict boundary, as a server would.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..rules import Rules
from .cards import JACK, RANK_OF, SEVEN, SUIT_OF

View = Mapping[str, Any]
ActionDict = dict[str, Any]
OUT_OF_TURN = frozenset({"mau", "catch"})


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal: list[ActionDict]) -> ActionDict: ...

    def react(self, view: View, legal: list[ActionDict]) -> ActionDict | None: ...


class RandomBot:
    """Any turn act, uniformly; now and then an out-of-turn act. Seeded, so games replay."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[ActionDict]) -> ActionDict:
        turn = [a for a in legal if a["act"] not in OUT_OF_TURN]
        return self.rng.choice(turn or legal)

    def react(self, view: View, legal: list[ActionDict]) -> ActionDict | None:
        extra = [a for a in legal if a["act"] in OUT_OF_TURN]
        if extra and self.rng.random() < 0.3:
            return self.rng.choice(extra)
        return None


class GreedyBot:
    """Plays rather than draws, always calls Mau with its play, answers sevens with sevens, hits
    or skips a player close to going out, keeps Jacks for when nothing else fits and wishes the
    suit it holds most of; catches every forgotten call at once."""

    name = "greedy"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    def react(self, view: View, legal: list[ActionDict]) -> ActionDict | None:
        for action in legal:
            if action["act"] in OUT_OF_TURN:
                return action
        return None

    def choose(self, view: View, legal: list[ActionDict]) -> ActionDict:
        plays = [a for a in legal if a["act"] == "play"]
        # a play that leaves one card is listed with and without the call: keep the call
        called = {a["cards"][0] for a in plays if a.get("mau")}
        plays = [a for a in plays if a.get("mau") or a["cards"][0] not in called]
        if not plays:
            for act in ("take", "pass", "draw"):
                for action in legal:
                    if action["act"] == act:
                        return action
            return legal[0]
        me, hand = _my_hand(view)
        hands = view["hands"]
        after = hands[(me + 1) % len(hands)]
        nxt_count = after if isinstance(after, int) else len(after)
        return max(plays, key=lambda a: _score(a, hand, nxt_count))


def _my_hand(view: View) -> tuple[int, list[str]]:
    for seat, hand in enumerate(view["hands"]):
        if isinstance(hand, list):
            return seat, hand
    raise ValueError("the view holds no hand of its own")


def _score(action: ActionDict, hand: Sequence[str], next_count: int) -> float:
    card = action["cards"][0]
    rank = RANK_OF[card]
    rest = list(hand)
    rest.remove(card)
    if not rest:
        return 1000.0
    color = action.get("color") or SUIT_OF[card]
    suits = Counter(SUIT_OF[c] for c in rest if RANK_OF[c] != JACK)
    # cards left that will follow this one: keep the table playable for me
    follow = sum(1 for c in rest if SUIT_OF[c] == color or RANK_OF[c] == rank or RANK_OF[c] == JACK)
    score = 2.0 * follow + suits[color]
    if rank == SEVEN:
        score += 6.0 if next_count <= 2 else 3.0
    elif rank == "8":
        score += 5.0 if next_count <= 2 else 1.5
    elif rank == JACK:
        score -= 8.0  # a wild card is worth keeping
        if color == max(suits, key=lambda s: suits[s], default=color):
            score += 0.5
    return score


BOTS: dict[str, Callable[[int | str | None], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def play_game(
    rules: Rules[Any, Any], bots: Sequence[Bot], seed: int | str, *, max_actions: int = 20_000
) -> dict[str, Any]:
    """Play one game to its end through the dict boundary; the final position.

    Each round first offers every seat, in turn order from the seat to act, its out-of-turn acts
    (the first act returned is applied, then the round starts over); then a server `close` if a
    window is open, else the seat to act chooses. A seat with no out-of-turn act is not asked.
    """
    seats = len(bots)
    position = rules.write(rules.new_game(seats, seed=seed))
    oot = rules.out_of_turn_acts
    for _ in range(max_actions):
        if position.get("over"):
            return position
        state = rules.read(position)
        to_act = rules.to_act(position)
        start = to_act[0] if to_act else 0
        reacted = None
        for i in range(seats):
            seat = (start + i) % seats
            legal = [rules.write_action(a) for a in rules.legal(state, seat)]
            if any(a["act"] in oot for a in legal):
                reacted = bots[seat].react(rules.view(position, seat), legal)
                if reacted is not None:
                    break
        if reacted is None:
            if rules.window(position):
                reacted = {"seat": None, "act": "close"}
            else:
                seat = to_act[0]
                legal = [rules.write_action(a) for a in rules.legal(state, seat)]
                reacted = bots[seat].choose(rules.view(position, seat), legal)
        after, _events = rules.step(state, rules.read_action(state, reacted))
        position = rules.write(after)
    raise RuntimeError(f"the game did not end within {max_actions} actions")


def greedy_win_rate(games: int, rules: Rules[Any, Any] | None = None, seats: int = 4) -> float:
    """The share of `games` won by one greedy bot against random ones, its seat rotating."""
    if rules is None:
        from ..rules import get_rules

        rules = get_rules("maumau")
    wins = 0
    for g in range(games):
        seat = g % seats
        bots = [BOTS["greedy"](g) if s == seat else BOTS["random"](g * 7 + s) for s in range(seats)]
        wins += seat in play_game(rules, bots, f"rate{g}")["winners"]
    return wins / games
