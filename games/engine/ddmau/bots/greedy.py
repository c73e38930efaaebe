"""The `greedy` bot: one look ahead, scored by a handful of table habits.

It sees only its view and the legal actions. Its habits, in the order they weigh:
- go out whenever it can, with Shadow Masters in the final play when it has them (R30);
- always call DD MAU and catch every missed call (R26, R27);
- block a big hit (4 cards or more, or any hit when its hand is nearly gone) with a Master Mau (R25);
- shed the most points per play, and dump power at once when an opponent is down to one or two cards;
- aim Penal T / Just Take Two at the shortest hand or the leader, never at its partner;
- name the colour the next player showed it lacks (it drew instead of following it), else its own
  strongest colour;
- keep a Link Master + Deck Master pair as the escape play for when nothing else fits, and a Master
  Mau for blocking while nobody is close to going out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.ddmau.bots.reading import (
    HITS,
    body_kinds,
    hand_count,
    lacking_colours,
    landing_seat,
    leading_skips,
    opponents,
    partners_of,
)
from games.engine.ddmau.cards import CARDS, POINTS, CardInfo

View = Mapping[str, Any]
Action = dict[str, Any]

GOING_OUT = 1_000_000
MISSED_CALL = -100_000
ESCAPE_PLAY = -400  # riders only: better than drawing, worse than any real play
BIG_HIT = 4
KEEP_MASTER_MAU = 60  # a Master Mau kept for blocking is worth more than its points shed early
KEEP_ESCAPE = 50  # the Link Master + Deck Master pair kept as the play for when nothing else fits


def own_seat(view: View) -> int:
    """The seat whose hand the view shows as cards."""
    for seat, hand in enumerate(view["hands"]):
        if isinstance(hand, list):
            return seat
    raise ValueError("a bot needs a seat's view, not a spectator's")


class _Table:
    """What every candidate play is judged against; worked out once per decision."""

    __slots__ = (
        "colours",
        "danger",
        "escape",
        "hand",
        "held",
        "lacks",
        "leader",
        "me",
        "numbers",
        "partners",
        "shortest",
        "targets",
        "view",
    )

    def __init__(self, view: View) -> None:
        self.view = view
        self.me = own_seat(view)
        self.hand: list[str] = view["hands"][self.me]
        self.partners = set(partners_of(view, self.me))
        self.held = Counter(self.hand)
        self.escape = self.held["LM"] > 0 and self.held["DM"] > 0
        self.colours = Counter(CARDS[c].colour for c in self.hand)
        self.numbers = Counter(CARDS[c].number for c in self.hand)
        rivals = opponents(view, self.me)
        counts = {seat: hand_count(view, seat) for seat in rivals}
        totals = view.get("totals") or [0] * len(view["hands"])
        self.danger = bool(counts) and min(counts.values()) <= 2
        self.shortest = min(rivals, key=lambda s: (counts[s], totals[s])) if rivals else None
        self.leader = min(rivals, key=lambda s: (totals[s], counts[s])) if rivals else None
        self.lacks: dict[int, set[str]] | None = None
        self.targets: dict[int, int] = {}

    def landing(self, skips: int) -> int:
        """The seat a play with `skips` leading Skips lands on (R21, R44)."""
        seat = self.targets.get(skips)
        if seat is None:
            seat = self.targets[skips] = landing_seat(self.view, self.me, [("", "S")] * skips)
        return seat

    def kept(self, cards: Sequence[str], code: str) -> bool:
        """Does the hand still hold `code` after playing `cards`?"""
        return self.held[code] > cards.count(code)

    def colour_left(self, cards: Sequence[str], colour: str) -> int:
        """Cards of `colour` still held after playing `cards`."""
        return self.colours[colour] - sum(1 for c in cards if CARDS[c].colour == colour)

    def followers_left(self, cards: Sequence[str], top: CardInfo) -> int:
        """Cards still held after playing `cards` that could follow `top` next time (its colour or number)."""
        count = self.colour_left(cards, top.colour) if top.colour else 0
        if top.number is not None:
            count += self.numbers[top.number] - sum(1 for c in cards if CARDS[c].number == top.number)
            if top.colour and self.held[top.code] > cards.count(top.code):
                count -= 1  # the same card counted by colour and by number
        return count

    def lacking(self, seat: int) -> set[str]:
        if self.lacks is None:
            self.lacks = lacking_colours(self.view)
        return self.lacks.get(seat, set())


def _score_play(table: _Table, play: Action) -> float:
    cards: list[str] = play["cards"]
    mm: list[str] = play.get("mm") or []
    points = sum(POINTS[c] for c in cards)
    if len(cards) == len(table.hand):
        return GOING_OUT + 1000 * (cards.count("SM") + mm.count("SM")) + points
    if len(table.hand) - len(cards) == 1 and not play.get("ddmau"):
        return MISSED_CALL
    score = 0.0
    body = body_kinds(cards, mm)
    if table.danger:
        score += 3 * points + 5 * len(cards)
    else:
        score += points + 2 * len(cards) - KEEP_MASTER_MAU * cards.count("MM")
        if body and table.escape and not (table.kept(cards, "LM") and table.kept(cards, "DM")):
            score -= KEEP_ESCAPE
    if not body:
        return score + (ESCAPE_PLAY if not table.danger else -30)
    skips = leading_skips(body)
    effect = body[skips][1] if skips < len(body) else None
    target = table.landing(skips) if effect is not None else None
    if effect in HITS and target is not None:
        hits = sum(1 for _, kind in body[skips:] if kind in HITS)
        if target in table.partners:
            score -= 60 * hits
        else:
            score += 8 * hits + (25 if target == table.shortest else 0) + (15 if target == table.leader else 0)
    elif effect == "O" and skips == 0:
        score += 10  # another turn
    colour = play.get("color")
    if colour is not None and target is not None:
        if target not in table.partners and colour in table.lacking(target):
            score += 25
        score += 3 * table.colour_left(cards, colour)
    else:
        score += table.followers_left(cards, CARDS[body[-1][0]])
    return score


def _wants_block(table: _Table, pending: Mapping[str, Any]) -> bool:
    count = int(pending.get("cards", 0))
    if count >= BIG_HIT:
        return True
    return count > 0 and (len(table.hand) <= 3 or table.danger)


class GreedyBot:
    """A fast heuristic player; see the module docstring."""

    name = "greedy"

    def choose(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        by_act: dict[str, list[Action]] = {}
        for action in legal:
            by_act.setdefault(action["act"], []).append(action)
        if "catch" in by_act:
            return by_act["catch"][0]
        table = _Table(view)
        if "take" in by_act or "block" in by_act:
            pending = view.get("pending") or {}
            if "block" in by_act and _wants_block(table, pending):
                return by_act["block"][0]
            return by_act.get("take", by_act.get("block", legal))[0]
        plays = by_act.get("play")
        if plays:
            return max(plays, key=lambda play: _score_play(table, play))
        if "pass" in by_act and ("draw" not in by_act or view.get("blocked") == table.me):
            return by_act["pass"][0]
        return by_act.get("draw", legal)[0]

    def react(self, view: View, legal: list[Action]) -> Action | None:
        """Out of turn: catch every missed DD MAU call."""
        for action in legal:
            if action["act"] == "catch":
                return action
        return None
