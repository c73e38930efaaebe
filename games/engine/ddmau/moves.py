"""Every action a seat may take now, enumerated canonically (never by permuting the hand).

A play is listed once per *outcome*: the cards that leave the hand (with each Master Mau's
declaration), the effective top it leaves, the colour it names and the DD MAU call. Canonical form:
- riders first: the Link Masters, then the Master Maus declared Link Master, then the Deck Masters
  (riders never take part in matching, R10), then the body; every rider count that is legal for
  the body is listed (R10, R14, R40);
- single-colour number bodies (sets and runs, R11-R13, R41) come from a depth-first search over the
  hand's number cards with state (cards used, last card, run in progress, runs so far): orders that
  reach the same state are explored once, and each (cards used, last card) is listed once, with the
  fewest runs (so the fewest Link Masters) it needs; exact;
- power bodies (Skips, then one stacked kind: R12, R21, R42) come from a search over every Master
  Mau declaration (R16) and every colour a Shadow Master or a Master Mau led on an empty pile may
  name (R23, R39), one per (cards, declarations, effective top, colour); exact;
- rainbow bodies (a Master Mau declared Link Master, R13) are the one bounded case: they are listed
  once per (how many cards of each number are played, last card), the other cards chosen in a fixed
  colour order. Their exact count grows exponentially with the hand (over 100,000 outcomes for
  some 30-card hands); any rainbow play not listed is still accepted by `apply`;
- a play that leaves exactly one card is listed with and without the DD MAU call (R26, R27).
Sizes seen on random hands (red 7 on top): 7 cards about 5 plays (at most ~120), 15 cards about 30
(at most ~900), 30 cards about 500 (at most ~8,000), 40 cards about 9,500 (at most ~160,000, when
riders multiply a large rainbow; bounded by the product of rider counts and rainbow classes).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import (
    CARDS,
    COLOURS,
    DECK_MASTER,
    JUST_TAKE_TWO,
    LINK_MASTER,
    MASTER_MAU,
    NUMBER,
    OTHER_WAY,
    PENAL_T,
    SHADOW_MASTER,
    SKIP,
)
from .plays import number_matches, power_follows, power_matches
from .state import MAX_DRAWS, SEAT_ACTS, Action, State, Top

if TYPE_CHECKING:
    from .game import DDMau


KINDS = {code: info.kind for code, info in CARDS.items()}
NUMBER_CODES = frozenset(code for code, kind in KINDS.items() if kind == NUMBER)
NUMBER_OF = {code: CARDS[code].number or 0 for code in NUMBER_CODES}
COLOUR_OF = {code: info.colour for code, info in CARDS.items()}
MEMO_POWERS = 4
MEMO_MASTERS = 256
# what the name of a nested function that calls itself is set to once it is done: the function and
# the cell it calls itself through are a reference cycle, which only the cyclic collector would free
SPENT: Any = None
# `tuple.__new__` builds a NamedTuple without the Python-level `__new__` NamedTuple generates: the
# enumeration builds thousands of them, and this halves their cost. Every field must be given.
_new = tuple.__new__


class Body(NamedTuple):
    """A body (the non-rider cards of a play) in a legal order, what it needs and what it names."""

    cards: tuple[str, ...]
    mm: tuple[str, ...]
    color: str | None
    runs: int
    rainbow: bool | None  # True: needs a Master Mau declared Link Master; False: must not; None: either


def legal_actions(rules: DDMau, state: State, seat: int) -> list[Action]:
    if state.over or not isinstance(seat, int) or seat in state.out or not 0 <= seat < len(state.hands):
        return []
    actions: list[Action] = []
    caught = state.must_call
    if caught is not None and caught != seat:
        actions.append(Action(seat, "catch", target=caught))
    pending = state.pending
    if seat != (state.turn if pending is None else pending.target):
        return actions
    hand = state.hands[seat]
    if pending is not None:
        actions.append(SEAT_ACTS["take"][seat])
        if MASTER_MAU in hand:
            actions.append(SEAT_ACTS["block"][seat])
        return actions
    if state.draws < MAX_DRAWS:
        actions.append(SEAT_ACTS["draw"][seat])
    if state.draws >= MAX_DRAWS or state.blocked == seat or not rules.can_draw(state):
        actions.append(SEAT_ACTS["pass"][seat])
    return plays(state.top, hand, seat, actions)


def plays(top: Top | None, hand: tuple[str, ...], seat: int, out: list[Action] | None = None) -> list[Action]:
    """Every legal play from `hand` on `top`, one per outcome (see the module docstring); put after
    those in `out`, if given (`legal_actions` puts them after the other acts)."""
    if MASTER_MAU not in hand:
        if LINK_MASTER not in hand:
            return _plain_plays(top, hand, seat, out)
        return _link_plays(top, hand, seat, out)
    return general_plays(top, hand, seat, out)


def general_plays(top: Top | None, hand: tuple[str, ...], seat: int, out: list[Action] | None = None) -> list[Action]:
    """`plays` the general way, for any hand: `plays` sends it the hands with a Master Mau, and tests
    hold `_plain_plays` and `_link_plays`, its shortcuts for the others, to its answers."""
    counts: dict[str, int] = {}
    for code in hand:
        counts[code] = counts.get(code, 0) + 1
    links, deck_masters, masters = counts.get(LINK_MASTER, 0), counts.get(DECK_MASTER, 0), counts.get(MASTER_MAU, 0)
    bodies: list[Body] = [NO_BODY]
    numbers = tuple([c for c in counts if c in NUMBER_CODES])
    if numbers:
        bodies.extend(number_bodies(top, numbers, links + masters, rainbow=False if masters else None))
        if masters:
            bodies.extend(rainbow_bodies(top, numbers, links + masters))
    bodies.extend(power_bodies(top, counts))
    if out is None:
        out = []
    append = out.append
    size = len(hand)
    fitting: dict[tuple[int, bool | None, int, int], tuple[tuple[tuple[str, ...], tuple[str, ...], bool], ...]] = {}
    for cards, mm, color, runs, rainbow in bodies:
        shape = (len(mm), rainbow, runs, len(cards))  # all of a body the riders it may carry depend on
        riders = fitting.get(shape)
        if riders is None:
            riders = fitting[shape] = _fitting_riders(
                masters - len(mm), rainbow, runs, links, deck_masters, len(cards), size
            )
        for prefix, declared, leaves_one in riders:
            played, played_mm = prefix + cards, declared + mm
            append(_new(Action, (seat, "play", played, played_mm, color, False, None)))
            if leaves_one:
                append(_new(Action, (seat, "play", played, played_mm, color, True, None)))
    return out


NO_BODY = Body((), (), None, 0, None)  # riders alone (R10: with a Deck Master)


def _plain_plays(top: Top | None, hand: tuple[str, ...], seat: int, out: list[Action] | None = None) -> list[Action]:
    """`plays` for a hand without a Link Master or a Master Mau (most hands): no runs, no
    declarations, no rainbow, so the number bodies are sets (`set_bodies`) and the only riders
    Deck Masters. The same plays in the same order as `general_plays`, worked out in one pass;
    put after those in `out`, if given."""
    # the number cards by number, in hand order: the first of each number, and the others (each code
    # once), apart, as most numbers have one card
    firsts: dict[int, str] = {}
    others: dict[int, list[str]] = {}
    powers: dict[str, int] = {}  # the power cards that may make a body, with their copies
    deck_masters = 0
    for code in hand:
        number = NUMBER_OF.get(code)
        if number is not None:
            if firsts.setdefault(number, code) != code:
                group = others.get(number)
                if group is None:
                    others[number] = [code]
                elif code not in group:
                    group.append(code)
        elif code == DECK_MASTER:
            deck_masters += 1
        else:
            powers[code] = powers.get(code, 0) + 1
    bodies: list[Body] = []
    if firsts:
        colour = None if top is None else top.color
        matched = None if top is None else top.number
        for number, card in firsts.items():
            # the colour the first card must have (R11); None when the number matches the top
            needed = None if colour is None or matched == number else colour
            group = others.get(number) if others else None
            if group is None:
                if needed is None or COLOUR_OF[card] == needed:
                    bodies.append(_SINGLE[card])
            else:
                bodies.extend(_sets((card, *group), needed, None))
    if powers:
        bodies.extend(_held_power_bodies(top, powers))
    if out is None:
        out = []
    append = out.append
    size = len(hand)
    if not deck_masters:  # no riders: each body is a play as it stands
        for body in bodies:
            cards, mm, color = body[0], body[1], body[2]
            append(_new(Action, (seat, "play", cards, mm, color, False, None)))
            if size - len(cards) == 1:
                append(_new(Action, (seat, "play", cards, mm, color, True, None)))
        return out
    # the bodies here declare nothing, need no Link Master and may not have one: the Deck Masters a
    # body may carry depend on its size alone
    fitting: dict[int, tuple[tuple[tuple[str, ...], tuple[str, ...], bool], ...]] = {}
    for cards, mm, color, _, _ in (NO_BODY, *bodies):
        riders = fitting.get(len(cards))
        if riders is None:
            riders = fitting[len(cards)] = _fitting_riders(0, None, 0, 0, deck_masters, len(cards), size)
        for prefix, declared, leaves_one in riders:
            played, played_mm = prefix + cards, declared + mm
            append(_new(Action, (seat, "play", played, played_mm, color, False, None)))
            if leaves_one:
                append(_new(Action, (seat, "play", played, played_mm, color, True, None)))
    return out


def _link_plays(top: Top | None, hand: tuple[str, ...], seat: int, out: list[Action] | None = None) -> list[Action]:
    """`plays` for a hand with a Link Master but no Master Mau: nothing is declared and nothing is a
    rainbow, so the riders a body may carry depend on its runs and size alone. The same plays in the
    same order as `general_plays`; put after those in `out`, if given."""
    numbers: dict[str, None] = {}  # the number cards, each code once, in hand order
    powers: dict[str, int] = {}  # the power cards that may make a body, with their copies
    links = deck_masters = 0
    for code in hand:
        if code in NUMBER_OF:
            numbers[code] = None
        elif code == LINK_MASTER:
            links += 1
        elif code == DECK_MASTER:
            deck_masters += 1
        else:
            powers[code] = powers.get(code, 0) + 1
    bodies = number_bodies(top, tuple(numbers), links, rainbow=None) if numbers else []
    if powers:
        bodies.extend(_held_power_bodies(top, powers))
    if out is None:
        out = []
    append = out.append
    size = len(hand)
    fitting: dict[tuple[int, int], tuple[tuple[tuple[str, ...], tuple[str, ...], bool], ...]] = {}
    for body in (NO_BODY, *bodies) if deck_masters else bodies:  # riders alone need a Deck Master (R10)
        cards, color, runs = body[0], body[2], body[3]
        shape = (runs, len(cards))
        riders = fitting.get(shape)
        if riders is None:
            riders = fitting[shape] = _fitting_riders(0, None, runs, links, deck_masters, len(cards), size)
        for prefix, _, leaves_one in riders:
            played = prefix + cards
            append(_new(Action, (seat, "play", played, (), color, False, None)))
            if leaves_one:
                append(_new(Action, (seat, "play", played, (), color, True, None)))
    return out


def _held_power_bodies(top: Top | None, powers: dict[str, int]) -> list[Body] | tuple[Body, ...]:
    """`power_bodies` for a hand without a Master Mau, from its power cards (with copies, in hand order)."""
    held = tuple(powers.items())
    only = _LONE_POWER.get(held[0]) if len(held) == 1 else None
    if only is not None:  # one power card that names no colour (the usual case): itself, if it fits
        if top is None or power_matches(_POWER_CARD[only[0][0]], top.color, top.kind):
            return [only]
        return ()
    if SHADOW_MASTER not in powers:
        # what `_power_bodies` does for these, without its memo: that of the search is keyed on all
        # the top decides, so it holds fewer entries and misses less than one keyed on the top
        return _plain_power_bodies(top, held)
    face = None if top is None else _new(Top, ("", top.color, top.kind, None))
    return (_power_bodies if len(held) > MEMO_POWERS else _power_bodies_memo)(face, held, 0)


class Riders(NamedTuple):
    cards: tuple[str, ...]
    mm: tuple[str, ...]
    size: int
    deck_masters: int
    links: int


def _rider_options(free: int, rainbow: bool | None, runs: int, links: int, deck_masters: int) -> tuple[Riders, ...]:
    """The rider parts (cards, declarations, count) a body may carry: Link Masters, Master Maus declared
    Link Master (at least one for a rainbow, none for a body that must not have one), Deck Masters."""
    if free < 0:
        return ()
    declared_counts = range(free + 1) if rainbow is None else range(1, free + 1) if rainbow else range(1)
    options = []
    for declared in declared_counts:
        for lm in range(links + 1):
            if lm + declared < runs:
                continue
            for dm in range(deck_masters + 1):
                prefix = (LINK_MASTER,) * lm + (MASTER_MAU,) * declared + (DECK_MASTER,) * dm
                options.append(Riders(prefix, (LINK_MASTER,) * declared, lm + declared + dm, dm, lm + declared))
    return tuple(options)


@lru_cache(maxsize=4096)
def _fitting_riders(
    free: int, rainbow: bool | None, runs: int, links: int, deck_masters: int, body_size: int, hand_size: int
) -> tuple[tuple[tuple[str, ...], tuple[str, ...], bool], ...]:
    """The rider parts a body of `body_size` cards may carry out of a hand of `hand_size`: (cards,
    declarations, whether the play leaves exactly one card and so is listed with the call too)."""
    fitting = []
    for prefix, declared, count, dm, link_count in _rider_options(free, rainbow, runs, links, deck_masters):
        played = count + body_size
        if played != hand_size and dm > link_count:
            continue  # R14: each Deck Master needs a Link Master unless the play goes out
        if not body_size and not dm:
            continue  # R10: riders alone need a Deck Master
        fitting.append((prefix, declared, hand_size - played == 1))
    return tuple(fitting)


def _neighbours() -> tuple[dict[str, list[str]], dict[str, list[tuple[str, int]]]]:
    same: dict[str, list[str]] = {}
    steps: dict[str, list[tuple[str, int]]] = {}
    for colour in COLOURS:
        for number in range(1, 14):
            code = f"{colour}{number}"
            same[code] = [f"{other}{number}" for other in COLOURS if other != colour]
            steps[code] = [(f"{colour}{number + way}", way) for way in (-1, 1) if 1 <= number + way <= 13]
    return same, steps


# for each number card: the cards of its number (a set), and those one step away in its colour (a run)
SAME_NUMBER, NEXT_IN_COLOUR = _neighbours()
# each number card's body on its own, as `set_bodies` lists it for a hand without a Master Mau
_SINGLE = {code: Body((code,), (), None, 0, None) for code in NUMBER_CODES}
# and as `number_bodies` lists it, by its `rainbow` mark
_SINGLES: dict[bool | None, dict[str, Body]] = {
    None: _SINGLE,
    **{mark: {code: Body((code,), (), None, 0, mark) for code in NUMBER_CODES} for mark in (False, True)},
}
NEIGHBOURS = {code: frozenset(SAME_NUMBER[code] + [c for c, _ in NEXT_IN_COLOUR[code]]) for code in SAME_NUMBER}
# for `number_bodies`' search: a bit per number card, its neighbours' bits, and the neighbours with
# their bits, in reverse
NUMBER_BIT = {code: 1 << i for i, code in enumerate(SAME_NUMBER)}
NEIGHBOUR_BITS = {code: sum([NUMBER_BIT[c] for c in cards]) for code, cards in NEIGHBOURS.items()}
SAME_REVERSED = {code: [(c, NUMBER_BIT[c]) for c in reversed(cards)] for code, cards in SAME_NUMBER.items()}
STEPS_REVERSED = {
    code: [(c, NUMBER_BIT[c], way) for c, way in reversed(steps)] for code, steps in NEXT_IN_COLOUR.items()
}


# Memos. Power bodies depend only on the power cards held (in hand order) and the top's colour and
# kind: these recur far more often than whole hands do (a hand that draws a number card keeps them)
# and cost far more to work out than to look up. Number bodies, runs and rainbows included, are
# cheaper to rebuild than to memoise: with the top they hardly ever recur (a memo of rainbow bodies
# missed 98% of the time in random play). The memos hold immutable tuples of immutable bodies, so
# sharing them is safe. They are bounded in entries, and kept only for small hands (MEMO_POWERS),
# whose results are small: a big hand's are many, and rarely seen again. Hands with a Master Mau,
# whose power bodies are many but cost the most to work out, have a small memo of the latest
# (MEMO_MASTERS entries): the same seat is asked again after drawing a card that leaves its power
# cards as they were. Hands with neither a Master Mau nor a Shadow Master (most) skip the memo keyed
# on the top: the power cards held and which of them may start a body decide their bodies, and their
# search is memoised on that (`_plain_power_search`), which recurs more often still.


def clear_memos() -> None:
    """Forget the bodies memoised for hands seen, so that a benchmark can time the enumeration itself
    (the small tables of fitting riders, of sets from one number's cards and of Master Mau
    declarations stay)."""
    for memo in (_power_bodies_memo, _master_power_bodies_memo, _plain_power_search):
        memo.cache_clear()


def number_bodies(top: Top | None, numbers: tuple[str, ...], max_runs: int, *, rainbow: bool | None) -> list[Body]:
    """Sets and single-colour runs of number cards (R11-R13, R41), one per (cards used, last card), with
    the fewest runs. `rainbow` only marks the bodies for `plays`: False, they are listed without a
    Master Mau declared Link Master (those come from `rainbow_bodies`); None, no Master Mau is held."""
    if not max_runs:
        return set_bodies(top, numbers, rainbow)
    singles = _SINGLES[rainbow]
    colour = matched = None
    if top is not None:
        colour, matched = top.color, top.number
    held = 0  # the cards held, as bits of `NUMBER_BIT`
    partnered = False  # whether any card has a partner: as partners are mutual, one seen before it
    for code in numbers:
        if NEIGHBOUR_BITS[code] & held:
            partnered = True
        held |= NUMBER_BIT[code]
    if not partnered:  # the usual case in a small hand: the cards that fit, alone
        if top is None:
            return [singles[code] for code in numbers]
        return [singles[code] for code in numbers if COLOUR_OF[code] == colour or NUMBER_OF[code] == matched]
    # A depth-first search from each card that fits the top, in hand order, with an explicit stack (no
    # call per state): a state's successors are pushed in reverse, so that they are popped, and the
    # states visited, in the order a recursive search would visit them; a state is checked against
    # `seen` when popped, as a recursive call would on entry. A state is (cards used, as bits of
    # `NUMBER_BIT`; last card; 0 free, 1 a run just begun, 2 a run under way; the run's direction; runs).
    best: dict[tuple[int, str], tuple[int, tuple[str, ...]]] = {}  # (used, last): (runs, cards), fewest runs
    seen: set[tuple[int, str, int, int, int]] = set()
    for code in numbers:
        if top is not None and not number_matches(COLOUR_OF[code], NUMBER_OF[code], top):
            continue
        if not NEIGHBOUR_BITS[code] & held:  # no partner in the hand: only the card on its own
            best[(NUMBER_BIT[code], code)] = (0, (code,))
            continue
        stack: list[tuple[tuple[int, str, int, int, int], tuple[str, ...]]] = [
            ((NUMBER_BIT[code], code, 0, 0, 0), (code,))
        ]
        pop, push = stack.pop, stack.append
        while stack:
            state, cards = pop()
            if state in seen:
                continue
            seen.add(state)
            used, last, stretch, way, runs = state
            free = held ^ used  # the cards held and not used yet
            # pushed last, popped first: the cards of the same number (a set goes on), then the steps
            for nxt, bit, step in STEPS_REVERSED[last]:
                if not free & bit:
                    continue
                if stretch == 0:
                    if runs < max_runs:
                        push(((used | bit, nxt, 1, step, runs + 1), (*cards, nxt)))
                elif step == way:
                    push(((used | bit, nxt, 2, way, runs), (*cards, nxt)))
            if stretch != 1:
                for nxt, bit in SAME_REVERSED[last]:
                    if free & bit:
                        push(((used | bit, nxt, 0, 0, runs), (*cards, nxt)))
                found = best.get((used, last))
                if found is None or runs < found[0]:
                    best[(used, last)] = (runs, cards)
    bodies: list[Body] = []
    for runs, cards in best.values():
        bodies.append(singles[cards[0]] if len(cards) == 1 else _new(Body, (cards, (), None, runs, rainbow)))
    return bodies


def set_bodies(top: Top | None, numbers: tuple[str, ...], rainbow: bool | None) -> list[Body]:
    """Without a Link Master there are no runs: each body is one set (R12), listed per (cards, last card)."""
    bodies: list[Body] = []
    for number, cards in _by_number(numbers).items():
        # the colour the first card must have (R11); None when the number matches the top
        colour = None if top is None or top.number == number else top.color
        if len(cards) == 1:  # the usual case, quickly
            if colour is None or COLOUR_OF[cards[0]] == colour:
                bodies.append(_new(Body, ((cards[0],), (), None, 0, rainbow)))
        else:
            bodies.extend(_sets(tuple(cards), colour, rainbow))
    return bodies


def _by_number(numbers: tuple[str, ...]) -> dict[int, list[str]]:
    """The number cards by number, in hand order (numbers in the order their first card comes)."""
    groups: dict[int, list[str]] = {}
    for code in numbers:
        number = NUMBER_OF[code]
        group = groups.get(number)
        if group is None:
            groups[number] = [code]
        else:
            group.append(code)
    return groups


@lru_cache(maxsize=4096)
def _sets(cards: tuple[str, ...], colour: str | None, rainbow: bool | None) -> tuple[Body, ...]:
    """The sets from the cards of one number (in hand order) whose first card has `colour` (None: any)."""
    bodies = []
    for mask in range(1, 1 << len(cards)):
        chosen = [c for i, c in enumerate(cards) if mask >> i & 1]
        matching = chosen if colour is None else [c for c in chosen if COLOUR_OF[c] == colour]
        if not matching:
            continue
        if len(chosen) == 1:
            bodies.append(Body((chosen[0],), (), None, 0, rainbow))
            continue
        for last in chosen:
            first = next((c for c in matching if c != last), None)
            if first is not None:
                middle = tuple(c for c in chosen if c not in (first, last))
                bodies.append(Body((first, *middle, last), (), None, 0, rainbow))
    return tuple(bodies)


def rainbow_bodies(top: Top | None, numbers: tuple[str, ...], max_runs: int) -> list[Body]:
    """Number bodies with a Master Mau declared Link Master, whose runs may change colour (R13).

    Listed once per (how many cards of each number, last card): which of the other cards of a number
    fill the body is chosen canonically (the first that fits in R, Y, B, G order), because the exact
    count of rainbow bodies grows exponentially with the hand (over 100,000 for some 30-card hands).
    Any rainbow body not listed is accepted by `apply` all the same.

    Not memoised: the same number cards and top hardly ever recur with a Master Mau in hand."""
    by_number = _by_number(numbers)
    colour, matched = (None, None) if top is None else (top.color, top.number)
    # A depth-first search over numbers from each number that may start, lowest first, with an explicit
    # stack as in `number_bodies`. A state is (counts of cards used per number, packed 3 bits per number
    # into one int, as a number holds at most 4; the number last played; 0 free, 1 a run just begun, 2 a
    # run under way; the run's direction; runs). Every state of a search has its start, so each start
    # has its own `seen`. The cards that may start from each start number (R11): its first choices.
    best: dict[tuple[int, int, int], tuple[int, tuple[int, ...]]] = {}  # (used, at, start): (runs, numbers)
    first_choices: dict[int, list[str]] = {}
    for start in sorted(by_number):
        if top is None or matched == start:
            firsts = by_number[start]
        else:
            firsts = [c for c in by_number[start] if COLOUR_OF[c] == colour]
            if not firsts:
                continue
        first_choices[start] = firsts
        seen: set[tuple[int, int, int, int, int]] = set()
        stack: list[tuple[tuple[int, int, int, int, int], tuple[int, ...]]] = [
            ((1 << 3 * start, start, 0, 0, 0), (start,))
        ]
        pop, push = stack.pop, stack.append
        while stack:
            state, path = pop()
            if state in seen:
                continue
            seen.add(state)
            used, at, stretch, way, runs = state
            # pushed last, popped first: the same number again (a set goes on), a step down, a step up
            if stretch == 0:
                if runs < max_runs:
                    for nxt in (at + 1, at - 1):
                        group = by_number.get(nxt)
                        if group is not None and (used >> 3 * nxt) & 7 < len(group):
                            push(((used + (1 << 3 * nxt), nxt, 1, nxt - at, runs + 1), (*path, nxt)))
            else:
                nxt = at + way
                group = by_number.get(nxt)
                if group is not None and (used >> 3 * nxt) & 7 < len(group):
                    push(((used + (1 << 3 * nxt), nxt, 2, way, runs), (*path, nxt)))
            if stretch != 1:
                if (used >> 3 * at) & 7 < len(by_number[at]):
                    push(((used + (1 << 3 * at), at, 0, 0, runs), (*path, at)))
                found = best.get((used, at, start))
                if found is None or runs < found[0]:
                    best[(used, at, start)] = (runs, path)
    bodies: dict[tuple[int, str], Body] = {}
    for (used, at, start), (runs, levels) in best.items():
        firsts = first_choices[start]
        for last in by_number[at]:
            key = (used, last)
            known = bodies.get(key)
            if known is not None and known.runs <= runs:
                continue
            body = _fill_rainbow(levels, by_number, firsts, last)
            if body is not None:
                bodies[key] = _new(Body, (body, (), None, runs, True))
    return list(bodies.values())


def _fill_rainbow(
    levels: tuple[int, ...], by_number: dict[int, list[str]], first_choices: list[str], last: str
) -> tuple[str, ...] | None:
    """Cards for a path of numbers: the given last card, a first card that matches, the rest in colour order."""
    if len(levels) == 1:
        return (last,) if last in first_choices else None
    for first in first_choices:
        if first != last:
            break
    else:
        return None
    taken = {first, last}
    order: list[str] = [first]
    for number in levels[1:-1]:
        for card in by_number[number]:
            if card not in taken:
                break
        else:
            return None
        taken.add(card)
        order.append(card)
    order.append(last)
    return tuple(order)


class _Power(NamedTuple):
    code: str
    kind: str
    colour: str | None


WILD = "*"  # a colour a Shadow Master will name: each body naming it is listed with all four colours
POWER_BODY_KINDS = frozenset({PENAL_T, SKIP, OTHER_WAY, JUST_TAKE_TWO, SHADOW_MASTER})
MM_BODY_KINDS = (PENAL_T, SKIP, OTHER_WAY, JUST_TAKE_TWO, SHADOW_MASTER)


POWER_CODES = frozenset(code for code, kind in KINDS.items() if kind in POWER_BODY_KINDS)
_POWER_CARD = {code: _Power(code, KINDS[code], CARDS[code].colour) for code in POWER_CODES}
# the body of a single power card that names no colour, by (code, 1) as `_held_power_bodies` holds it:
# what the search gives for it alone, when it fits the top
_LONE_POWER = {(code, 1): Body((code,), (), None, 0, None) for code in POWER_CODES if KINDS[code] != SHADOW_MASTER}


def power_bodies(top: Top | None, counts: Mapping[str, int]) -> tuple[Body, ...]:
    """Power bodies (R11, R12, R16, R21, R42): Skips, then one stacked kind; every declaration and colour.

    Memoised (see "Memos") for hands without a Master Mau holding up to MEMO_POWERS different power
    cards (at most 46 bodies each), and for the latest hands with one; other hands' are worked out
    each time."""
    held = tuple([(code, n) for code, n in counts.items() if code in POWER_CODES])
    masters = counts.get(MASTER_MAU, 0)
    if not held and not masters:
        return ()
    if top is not None:
        top = _new(Top, ("", top.color, top.kind, None))  # all that matching a power card looks at
    if masters:
        return _master_power_bodies_memo(top, held, masters)
    if len(held) > MEMO_POWERS:
        return _power_bodies(top, held, masters)
    return _power_bodies_memo(top, held, masters)


def _power_bodies(top: Top | None, held: tuple[tuple[str, int], ...], masters: int) -> tuple[Body, ...]:
    codes = [code for code, _ in held]
    counts = dict(held)
    if not masters:
        if SHADOW_MASTER not in counts:
            return _plain_power_bodies(top, held)
        for code in codes:
            if _fits(top, None, _POWER_CARD[code]):
                break
        else:
            return ()  # nothing can start a power body
    names: list[str | None]
    if top is None and masters:
        # a Master Mau led as a coloured power on an empty pile passes its named colour on (R8, R38)
        names = [None, *COLOURS]
    elif masters or counts.get(SHADOW_MASTER):
        names = [WILD]
    else:
        names = [None]
    found: dict[tuple[object, ...], Body] = {}
    for named in names:
        _power_search(top, codes, [counts[c] for c in codes], masters, named, found)
    return tuple(found.values())


_power_bodies_memo = lru_cache(maxsize=4096)(_power_bodies)
_master_power_bodies_memo = lru_cache(maxsize=MEMO_MASTERS)(_power_bodies)


def _plain_power_bodies(top: Top | None, held: tuple[tuple[str, int], ...]) -> tuple[Body, ...]:
    """`_power_bodies` without a Master Mau or a Shadow Master (most hands): nothing is declared and
    no colour named, so all the top decides is which of the cards held may start a body; the search
    (`_plain_power_search`) is memoised on that, which recurs far more often than the top does."""
    if top is None:
        starts = (True,) * len(held)
    else:
        face = (top.color, top.kind)
        fit = _STARTERS.get(face)
        if fit is None:
            fit = _STARTERS[face] = frozenset(
                [code for code, card in _POWER_CARD.items() if power_matches(card, top.color, top.kind)]
            )
        starts = tuple([code in fit for code, _ in held])
        if True not in starts:
            return ()  # nothing can start a power body
    return _plain_power_search(held, starts)


# the power cards that may start a body on a top, by the top's (colour, kind): all of a top that
# matching a power card looks at (a few dozen entries)
_STARTERS: dict[tuple[str, str], frozenset[str]] = {}


@lru_cache(maxsize=4096)
def _plain_power_search(held: tuple[tuple[str, int], ...], starts: tuple[bool, ...]) -> tuple[Body, ...]:
    """`_power_search` for `_plain_power_bodies`, with what may follow what looked up (`_FOLLOWERS`):
    it visits and lists the bodies in the same order, so the same ones. The copies left go into the
    keys as one int, as in `_power_search`."""
    codes = [code for code, _ in held]
    left = [count for _, count in held]
    width = max(left).bit_length()
    unit: list[int] = []
    copies = 0
    for i, count in enumerate(left):
        unit.append(1 << width * i)
        copies += count << width * i
    indices = range(len(codes))
    body: list[str] = []
    found: dict[tuple[int, str], Body] = {}  # by (copies left, last card shown): the first body
    seen: set[tuple[int, str, str]] = set()

    def visit(prev: str, last: str, copies: int) -> None:  # "": no card yet
        key = (copies, prev, last)
        if key in seen:
            return
        seen.add(key)
        if prev and (copies, last) not in found:
            found[(copies, last)] = _new(Body, (tuple(body), (), None, 0, None))
        followers = _FOLLOWERS.get(prev)
        for i in indices:
            if left[i]:
                code = codes[i]
                if starts[i] if followers is None else code in followers:
                    left[i] -= 1
                    body.append(code)
                    visit(code, last if KINDS[code] == JUST_TAKE_TWO else code, copies - unit[i])
                    body.pop()
                    left[i] += 1

    visit("", "", copies)
    visit = SPENT  # a reference cycle otherwise (see `SPENT`)
    return tuple(found.values())


# for `_plain_power_search`: the cards that may follow each power card that names no colour, by
# `power_follows`, worked out once
_FOLLOWERS = {
    prev: frozenset([code for code in POWER_CODES if power_follows(_POWER_CARD[prev], _POWER_CARD[code])])
    for prev in POWER_CODES
    if prev != SHADOW_MASTER
}


def _power_search(
    top: Top | None,
    codes: list[str],
    left: list[int],
    masters: int,
    named: str | None,
    found: dict[tuple[object, ...], Body],
) -> None:
    """Depth-first over power bodies; `left` (copies still held per code) and the lists below change as it goes.

    What is still held (the copies of each code, and the kinds the Master Maus played are declared
    as) goes into the keys as one int of `width`-bit fields, one per code and one per kind: it
    stands for them one to one and changes by one addition per card. The searches are small (about
    five states), so the moves are worked out in each state, as cheaply as may be."""
    real = [
        _POWER_CARD[code] if KINDS[code] != SHADOW_MASTER else _new(_Power, (code, SHADOW_MASTER, named))
        for code in codes
    ]
    playable = [i for i, card in enumerate(real) if card.kind != SHADOW_MASTER or named is not None]
    width = max([masters, *left]).bit_length()
    unit = [1 << width * i for i in range(len(codes) + len(MM_BODY_KINDS))]
    declared_unit = unit[len(codes) :]  # by kind, in MM_BODY_KINDS order
    held = 0
    for i, count in enumerate(left):
        held += count * unit[i]
    colours = COLOURS if named == WILD else (named,)
    unnamed_listed = named is None or named == WILD  # otherwise the search without a colour lists them
    body: list[str] = []
    declared: list[str] = []
    seen: set[tuple[object, ...]] = set()

    def visit(prev: _Power | None, last: _Power | None, held: int, named_used: bool) -> None:
        key = (held, prev, last, named_used)
        if key in seen:
            return
        seen.add(key)
        if prev is not None:  # a body: listed once per (what is held, last card shown, colour named)
            if not named_used:
                if unnamed_listed:
                    found_key: tuple[object, ...] = (held, last, None)
                    if found_key not in found:
                        found[found_key] = _new(Body, (tuple(body), tuple(declared), None, 0, None))
            else:
                cards: tuple[str, ...] = ()
                for colour in colours:
                    shown = last
                    if last is not None and last.colour == WILD:
                        shown = _new(_Power, (last.code, last.kind, colour))
                    found_key = (held, shown, colour)
                    if found_key not in found:
                        cards = cards or tuple(body)
                        found[found_key] = _new(Body, (cards, tuple(declared), colour, 0, None))
        for i in playable:
            if left[i]:
                card = real[i]
                if _fits(top, prev, card):
                    left[i] -= 1
                    body.append(card.code)
                    kind = card.kind
                    visit(
                        card,
                        last if kind == JUST_TAKE_TWO else card,
                        held - unit[i],
                        named_used or kind == SHADOW_MASTER,
                    )
                    body.pop()
                    left[i] += 1
        if len(declared) == masters:
            return
        absorbed = prev.colour if prev is not None else top.color if top is not None else named
        for k, kind, card, names in _declarations(absorbed, named, prev is None and top is None):
            if not _fits(top, prev, card):
                continue
            body.append(MASTER_MAU)
            declared.append(kind)
            visit(card, last if kind == JUST_TAKE_TWO else card, held + declared_unit[k], named_used or names)
            declared.pop()
            body.pop()

    visit(None, None, held, False)
    visit = SPENT  # a reference cycle otherwise (see `SPENT`)


@lru_cache(maxsize=256)
def _declarations(absorbed: str | None, named: str | None, leads: bool) -> tuple[tuple[int, str, _Power, bool], ...]:
    """What a Master Mau in a power body may be declared as, in MM_BODY_KINDS order: (the kind's index,
    the kind, the card it is, whether it names a colour). A Penal "T", Skip or Other Way takes the
    colour `absorbed` from what it follows (R8, R38) and names it if it `leads` on an empty pile; a
    Shadow Master names `named`."""
    declarations = []
    for k, kind in enumerate(MM_BODY_KINDS):
        if kind in (PENAL_T, SKIP, OTHER_WAY):
            if absorbed is None:
                continue
            declarations.append((k, kind, _Power(MASTER_MAU, kind, absorbed), leads))
        elif kind == SHADOW_MASTER:
            if named is not None:
                declarations.append((k, kind, _Power(MASTER_MAU, kind, named), True))
        else:
            declarations.append((k, kind, _Power(MASTER_MAU, kind, None), False))
    return tuple(declarations)


def _fits(top: Top | None, prev: _Power | None, card: _Power) -> bool:
    """R11 for the first body card, R12/R42 for the next: `plays`' own predicates, which
    `PlayChecker` refuses with."""
    if prev is None:
        return top is None or power_matches(card, top.color, top.kind)
    return power_follows(prev, card)
