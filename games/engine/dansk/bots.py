"""Bots for Danish Mau Mau, seeing only their seat's view and legal actions, and a game driver.

A bot has `name`, `choose(view, legal) -> action` (its turn, or a Draw 2 hit aimed at it) and
`react(view, legal) -> action | None` (any moment: an out-of-turn act from `legal`, or None).

- `random`: any legal action, uniformly (seeded); catches a missed Mau half the time.
- `greedy`: goes out when it can, always says Mau and catches every missed Mau, answers a Draw 2
  hit with a Draw 2; otherwise it adds up, for each play, the habits of `WEIGHTS` (numbers it reads
  off its view: what the play sheds, what it keeps, the card it leaves on the pile) and plays the
  best. In words: it keeps a Colour change, above all as one of its last two cards, but sheds it
  (naming a colour) once an opponent is down to one card; sheds points (a 10-point special
  readily), more so as an opponent gets close; plays the colour it keeps cards of, since the colour
  tends to come back round; keeps a Draw 2 to answer a hit unless the next player is close to
  going out, and aims Draw 4, Draw 2 and Stop at a next player with two cards or fewer; keeps
  cards that fit on many tops; and leaves the card a one-card opponent (and the seat acting next)
  is least likely to follow, judged from the cards it cannot see (the deck less its hand and the
  discard pile) and from what the pile shows of each hand (`seen_unable`): a seat whose turn came
  at a top and who did not play drew, so it held nothing that fitted; only the few cards it has
  drawn since may. In the last round it weighs the totals too: it lets a one-card opponent go out
  when that would leave it lowest, blocks one who would pass it, and sheds points to stay under
  its lead. It reads nothing else: no other hand, no draw pile order, no seed, nothing kept
  between calls. A choice takes a few tens of microseconds (reading a long pile, up to about 150).

`play_game(rules, bots, seed)` plays one game to the end (the driver loop of the brief: reactions
first, in turn order; then a reaction window's close; then the seat to act chooses).
`greedy_win_rate(games)` measures greedy against three random bots, rotating greedy's seat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol

from games.engine.rules import Rules, get_rules

from .cards import CARDS, CHANGE, COLOURS, DECK, DRAW2, DRAW4, FITS, HAND_SIZE, KIND, POINTS, REVERSE, STOP, fits
from .options import Options

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


# The greedy bot's habits, each a number it can see when it weighs a play, and what one unit of it
# is worth in win chance (percentage points). Fitted once, offline, by least squares to rollout
# estimates of the win chance of every play in about 27,000 positions of simulated four-seat games
# against three random bots (the other hands dealt at random from the unseen cards for each
# rollout; before the last round, the win chance read off the total margin at the round's end);
# the bot itself plays no rollouts, it only adds these up. Then `points` and `points_last_round` were
# raised by a search on the win rate itself (whole games against random bots, on seeds other than
# those `greedy_win_rate` reports): the fit undervalued shedding points early, where a card kept
# costs its points whenever someone else goes out first. The weights sit at a flat optimum: moving
# each of them by a third, one at a time, over 4,000 games, gained nothing that held on 16,000
# others (+0.2 points), and a bot that played each choice out to the round's end on a dozen or
# twenty deals of the unseen cards did worse (42-48% against 60%: a rollout's 0 or 1 is far noisier
# than the few points between two plays). Some habits overlap (`same_colour_any` and
# `no_colour_kept`; `follow_one` and the last-round pair): read them together.
# `follow_one` and `follow_next` were fitted to a chance that saw every hand as a random draw from
# the unseen cards; reading off the pile who could not follow (`seen_unable`) made that chance
# sharper (its Brier score on the seats it knows something of fell from 0.187 to 0.159), and with
# the same weights that won about half a point (+0.5 over 80,000 games on seven sets of seeds, each
# set in favour, from 59.8% to 60.3%). The weights still fit the sharper chance: `follow_next` at
# -1.5 or -3 lost 0.7 and 1.3 points, `follow_one` at -10 or -18 moved nothing, and rewarding the
# draws of the seats after the next (the card staying on the pile round the table) lost.
WEIGHTS: Mapping[str, float] = MappingProxyType(
    {
        "change": -3.975,  # a Colour change played: it fits on anything, keep it...
        "change_small": -6.569,  # ...above all for the last two cards (it goes out whatever the top)
        "change_close": 3.789,  # ...unless an opponent has one card left: shed 10 points, name a colour they lack
        "change_close_big": -2.665,  # (less so with four or more cards: one will not save the round)
        "change_near": 0.671,  # an opponent has two cards or fewer
        "change_last_round": -0.057,
        "points": 0.1665,  # per point shed (number cards at face value, specials 10: DK14)
        "points_close": 0.177,  # per point shed while an opponent has one card left
        "points_near": 0.042,  # per point shed while an opponent has two cards or fewer
        "points_last_round": -0.058,
        "top_points_kept": 0.039,  # per point of the highest card kept
        "same_colour": 0.253,  # per card kept in the colour the play leaves (colour tends to stay)
        "same_colour_any": 1.720,  # some card kept in that colour
        "same_colour_small": 1.762,  # per such card, with two cards or fewer kept
        "same_colour_close": 0.086,  # per such card, while an opponent has one card left
        "no_colour_kept": 1.148,  # no card of the colour left and no Colour change kept (read with the two above)
        "same_number": -0.149,  # per card kept that follows the play by number or kind, in another colour
        "same_number_small": -0.481,
        "colours_kept": -2.015,  # per colour among the cards kept
        "cover": 9.505,  # the share of the tops a seat may meet that some card kept fits on
        "cover_small": -7.796,  # (with two cards or fewer kept)
        "draw2": -1.312,  # a Draw 2 played: kept, it answers a hit aimed at this seat
        "draw2_near": 1.230,  # ...but aimed at a next player with two cards or fewer
        "draw4": -0.162,
        "draw4_near": 2.245,  # a Draw 4 on a next player with two cards or fewer
        "stop": -0.168,
        "stop_near": 0.749,  # a Stop on a next player with two cards or fewer
        "reverse": 0.408,
        "reverse_to_smaller": -1.156,  # a Reverse that hands the turn to the smaller of the two neighbours
        "follow_one": -13.269,  # the chance a one-card opponent can follow the card left (half for a later one)
        "follow_next": -2.172,  # the chance the seat acting next can follow it
        "colour_unseen": -1.433,  # the share of the colour left still unseen (26 cards a colour)
        # the last round, where only being lowest at the end counts:
        "last_round_safe": 10.373,  # an opponent has one card, and the cards kept are worth less than the lead
        "last_round_hit_leader": 0.531,  # behind: a Draw 4, Draw 2 or Stop on a next player who leads
        # the chance a one-card opponent goes out on the card left (as `follow_one`), when this seat would still
        # win (read with `follow_one`: let them) or not (block them); other hands counted at 6.7 points a card
        "last_round_follow_win": 27.779,
        "last_round_follow_lose": -16.117,
    }
)
FEATURES: tuple[str, ...] = tuple(WEIGHTS)


class GreedyBot:
    """Scores each legal play by the habits in `WEIGHTS` and plays the best; see the module docstring."""

    name = "greedy"

    def __init__(self, weights: Mapping[str, float] | None = None) -> None:
        unknown = set(weights or ()) - set(WEIGHTS)
        if unknown:
            raise ValueError(f"unknown habit(s) of the greedy bot: {', '.join(sorted(unknown))}")
        chosen = WEIGHTS if weights is None else {**WEIGHTS, **weights}
        self._weights = tuple(chosen[name] for name in FEATURES)

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
        plays = [a for a in in_turn if a["act"] == "play"]
        if not plays:
            return in_turn[0]
        if len(hand) == 1:
            return plays[0]  # the last card: the round is won
        # a play that leaves one card without Mau costs a card (DK12); a live hit is always answered (DK8)
        plays = [a for a in plays if len(hand) != 2 or a.get("mau")]
        if len(plays) == 1:
            return plays[0]
        turn = _Turn(view, hand, me)
        weights = self._weights
        best, best_score = plays[0], float("-inf")
        for action in plays:
            card: str = action["cards"][0]
            colour = action.get("color") if card == CHANGE else CARDS[card].colour
            score = sum(w * x for w, x in zip(weights, turn.features(card, colour), strict=True))
            if score > best_score:
                best, best_score = action, score
        return best


class _Turn:
    """What one choice looks at: the seat's hand, the hand sizes, who acts next, the round, and the
    unseen cards (the deck less its hand and the discard pile: the other hands and the draw pile)."""

    __slots__ = (
        "close",
        "direction",
        "hand",
        "lacking",
        "last_round",
        "lead",
        "leader",
        "me",
        "near",
        "nxt",
        "prev",
        "sizes",
        "totals",
        "unseen",
        "unseen_by_colour",
        "unseen_total",
    )

    def __init__(self, view: View, hand: list[str], me: int) -> None:
        counts: list[int | list[str]] = view["hands"]
        self.sizes = sizes = [len(h) if isinstance(h, list) else int(h) for h in counts]
        seats = len(sizes)
        self.hand, self.me = hand, me
        self.direction = direction = -1 if view.get("direction") == -1 else 1
        self.nxt = (me + direction) % seats
        self.prev = (me - direction) % seats
        others = [sizes[s] for s in range(seats) if s != me]
        self.close = min(others) <= 1
        self.near = min(others) <= 2
        options = Options.from_rules(view.get("rules"))
        self.last_round = view.get("hand") == options.rounds
        self.totals = totals = [int(t) for t in view.get("totals") or [0] * seats]
        self.leader = min((s for s in range(seats) if s != me), key=lambda s: totals[s])
        self.lead = totals[self.leader] - totals[me]  # how far ahead of the best opponent (negative: behind)
        unseen = dict(_DECK_COUNTS)
        for c in hand:
            unseen[c] -= 1
        for entry in view.get("pile") or ():
            for c in entry["cards"]:
                unseen[c] -= 1
        self.unseen = {c: n for c, n in unseen.items() if n > 0}
        self.unseen_total = max(1, sum(self.unseen.values()))
        by_colour = dict.fromkeys(COLOURS, 0)
        for c, n in self.unseen.items():
            colour = CARDS[c].colour
            if colour is not None:
                by_colour[colour] += n
        self.unseen_by_colour = by_colour
        self.lacking: dict[int, tuple[dict[str, int], int, int]] = {}
        if not options.draw_when_able:  # else a draw proves nothing
            for seat, (lacked, drawn) in seen_unable(view, me).items():
                if drawn < sizes[seat]:
                    left = {c: n for c, n in self.unseen.items() if c not in lacked}
                    self.lacking[seat] = (left, max(1, sum(left.values())), drawn)

    def features(self, card: str, colour: str | None) -> tuple[float, ...]:
        """The numbers of `WEIGHTS`, in its order, for playing `card` (naming `colour`)."""
        rest = list(self.hand)
        rest.remove(card)
        sizes, me, nxt, prev = self.sizes, self.me, self.nxt, self.prev
        seats = len(sizes)
        kind = CARDS[card].kind
        change = float(card == CHANGE)
        points = float(POINTS[card])
        small = len(rest) <= 2
        close, near, last = self.close, self.near, self.last_round
        kept = [c for c in rest if c != CHANGE]
        same = sum(1 for c in kept if CARDS[c].colour == colour)
        by_number = sum(1 for c in kept if CARDS[c].colour != colour and fits(c, card, colour))
        # the card left: how likely the seats about to act can follow it
        allowed = FITS.get((card, colour), FITS[(None, None)])
        share = sum(n for c, n in self.unseen.items() if c in allowed) / self.unseen_total
        actor = prev if kind == REVERSE else (nxt + self.direction) % seats if kind in (STOP, DRAW4) else nxt
        kept_points = sum(POINTS[c] for c in rest)
        follow_one = follow_win = follow_lose = 0.0
        if kind != DRAW2:
            for s in range(seats):
                if sizes[s] == 1 and s != me and not (kind in (STOP, DRAW4) and s == nxt):
                    chance = self._follows(s, allowed, share)
                    if s != actor:
                        chance /= 2
                    follow_one += chance
                    if last:
                        if self._still_ahead(s, kept_points):
                            follow_win += chance
                        else:
                            follow_lose += chance
        follow_next = self._follows(actor, allowed, share) if actor != me else 0.0
        cover = _cover(rest)
        next_near = sizes[nxt] <= 2
        return (
            change,
            change * small,
            change * close,
            change * close * (len(self.hand) >= 4),
            change * near,
            change * last,
            points,
            points * close,
            points * near,
            points * last,
            float(max((POINTS[c] for c in rest), default=0)),
            float(same),
            float(same > 0),
            same * small,
            same * close,
            float(same == 0 and CHANGE not in rest),
            float(by_number),
            by_number * small,
            float(len({CARDS[c].colour for c in kept})),
            cover,
            cover * small,
            float(kind == DRAW2),
            float(kind == DRAW2 and next_near),
            float(kind == DRAW4),
            float(kind == DRAW4 and next_near),
            float(kind == STOP),
            float(kind == STOP and next_near),
            float(kind == REVERSE),
            float(kind == REVERSE and sizes[prev] < sizes[nxt]),
            follow_one,
            follow_next,
            self.unseen_by_colour.get(colour or "", 0) / 26,
            float(last and close and kept_points < self.lead),
            float(last and self.lead <= 0 and nxt == self.leader and kind in (DRAW4, DRAW2, STOP)),
            follow_win,
            follow_lose,
        )

    def _follows(self, seat: int, allowed: frozenset[str], share: float) -> float:
        """The chance `seat` holds a card of `allowed` (`share`: the part of the unseen cards that
        are): each card it has drawn since it was last seen unable to follow is any unseen card,
        each older one an unseen card it was then seen not to hold."""
        size = min(self.sizes[seat], 8)
        known = self.lacking.get(seat)
        if known is None:
            return 1.0 - (1.0 - share) ** size
        left, left_total, drawn = known
        drawn = min(drawn, size)
        older = sum(n for c, n in left.items() if c in allowed) / left_total
        return 1.0 - (1.0 - share) ** drawn * (1.0 - older) ** (size - drawn)

    def _still_ahead(self, out: int, kept_points: int) -> bool:
        """Would this seat still have the lowest total if seat `out` went out now (the other hands
        counted at 6.7 points a card, the average card of the deck)?"""
        totals, sizes, me = self.totals, self.sizes, self.me
        mine = totals[me] + kept_points
        return mine < totals[out] and all(
            mine < totals[s] + 6.7 * sizes[s] for s in range(len(sizes)) if s not in (me, out)
        )


_DECK_COUNTS: dict[str, int] = dict(Counter(DECK))


def seen_unable(view: View, me: int) -> dict[int, tuple[frozenset[str], int]]:
    """What the discard pile shows of the other seats' hands: seat -> (cards it was seen not to
    hold, cards it has drawn since). A seat whose turn came at a top and who did not play drew
    (DK5), so it held no card fitting that top; read from who put down each card, where play went
    next (Reverse, Stop, Draw 4, Draw 2: DK7-DK10) and whose turn it is now. Only the cards still
    on the pile count (a new round or a rebuilt draw pile starts it again; its first card acts as
    if its seat had played it, DK3). Meaningless under `draw_when_able`, where anyone may draw."""
    pile = view.get("pile") or ()
    seats = len(view["hands"])
    count = len(pile)
    # the direction after each card, read back from the current one
    direction = -1 if view.get("direction") == -1 else 1
    directions = [direction] * count
    for i in range(count - 1, 0, -1):
        if KIND[pile[i]["cards"][0]] == REVERSE:
            direction = -direction
        directions[i - 1] = direction
    lacked: dict[int, frozenset[str]] = {}
    drawn: dict[int, int] = {}
    played: dict[int, list[int]] = {}  # the sizes the pile tells after each play since
    # the hand sizes as the pile tells them, when it holds the whole round (dealt 5 each, DK2)
    sizes = [HAND_SIZE] * seats
    hit = 0
    for i, entry in enumerate(pile):
        seat, card, colour = entry["seat"], entry["cards"][0], entry.get("color")
        if i:
            sizes[seat] -= 1
        if seat in lacked:
            if card in lacked[seat] and drawn[seat]:
                drawn[seat] -= 1  # a card it lacked came from those drawn since
            played[seat].append(sizes[seat])
        kind = KIND[card]
        direction = directions[i]
        target = (seat + direction) % seats
        first = target
        if kind in (STOP, DRAW4):
            first = (target + direction) % seats
            if kind == DRAW4:
                sizes[target] += 4
                if target in drawn:
                    drawn[target] += 4
        elif kind == DRAW2:
            hit += 2
            if i + 1 < count:
                after = pile[i + 1]
                if after["seat"] == target and KIND[after["cards"][0]] == DRAW2:
                    continue  # answered with a Draw 2
            elif view.get("pending"):
                continue  # the hit is live
            sizes[target] += hit
            if target in drawn:
                drawn[target] += hit
            hit = 0
            first = (target + direction) % seats
        then = pile[i + 1]["seat"] if i + 1 < count else view.get("turn")
        if then is None or colour is None:
            continue  # nobody acted, or anything fitted (a turned Colour change)
        fitting = FITS[(card, colour)]
        for step in range((then - first) * direction % seats):
            s = (first + step * direction) % seats
            if s != me:
                # all it held lacked `fitting`; a card drawn before, it still may hold
                lacked[s] = fitting | lacked[s] if s in lacked and not drawn[s] else fitting
                drawn[s] = 1  # the card drawn then
                played[s] = []
            sizes[s] += 1
    # a forgotten Mau draws a card the pile does not show (DK12): count it as drawn since
    for s, hand in enumerate(view["hands"]):
        if s in drawn:
            more = (hand if isinstance(hand, int) else len(hand)) - sizes[s]
            if not view.get("reshuffles"):
                drawn[s] += max(0, more)  # the pile holds the whole round: exactly (if perhaps before)
            else:  # a play that may have left it one card may have cost one
                drawn[s] += sum(1 for size in played[s] if size + more == 2)
    return {s: (lacked[s], drawn[s]) for s in lacked}


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


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "get_bot", "greedy_win_rate", "play_game", "seen_unable"]
