"""Properties of whole games played from random seeds (hypothesis): 2-10 seats, teams, tournaments.

Each example deals a game with `engine.new_game` and plays it to the end through the public API,
choosing among `engine.legal_actions` with a seeded chooser that prefers plays (so games end) and
sometimes catches a missed DD MAU call.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine
from games.engine.ddmau.cards import standard_deck
from tests.engine.ddmau.positions import position as hand_built

Position = dict[str, Any]
DECK = Counter(standard_deck())
MAX_STEPS = 40_000
GAMES = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


HOUSE_RULES: list[dict[str, Any]] = [
    {},
    {},
    {"shadow_doubles": "total"},
    {"target": 300, "net_low": 280, "net_reset": 150},
]


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    seats = draw(st.integers(min_value=2, max_value=10))
    return {
        "seats": seats,
        "seed": draw(st.integers(min_value=0, max_value=2**40) | st.text(max_size=12)),
        "mode": draw(st.sampled_from(["standard", "tournament"])),
        "teams": seats in (4, 6) and draw(st.booleans()),
        "chooser": draw(st.integers(min_value=0, max_value=2**16)),
        "rules": draw(st.sampled_from(HOUSE_RULES)),
    }


def choose(rng: random.Random, position: Position) -> dict[str, Any]:
    """A catch now and then, otherwise mostly a play, else whatever else is legal."""
    if position["must_call"] is not None and rng.random() < 0.5:
        catchers = [s for s in range(len(position["hands"])) if s != position["must_call"] and s not in position["out"]]
        return {"seat": rng.choice(catchers), "act": "catch", "target": position["must_call"]}
    pending = position["pending"]
    seat = position["turn"] if pending is None else pending["target"]
    actions = [a for a in engine.legal_actions(position, seat) if a["act"] != "catch"]
    plays = [a for a in actions if a["act"] == "play"]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    return rng.choice(actions)


def steps(table: dict[str, Any]) -> Iterator[tuple[Position, dict[str, Any], Position]]:
    """(position, action, next position) for each step of a whole game, checking it ends."""
    rng = random.Random(table["chooser"])
    position = engine.new_game(
        table["seats"], seed=table["seed"], rules=table["rules"], mode=table["mode"], teams=table["teams"]
    )
    for _ in range(MAX_STEPS):
        if position.get("over"):
            return
        action = choose(rng, position)
        after = engine.apply(position, action)
        yield position, action, after
        position = after
    raise AssertionError(f"the game did not end within {MAX_STEPS} actions")


def cards_of(position: Position) -> Counter[str]:
    held = Counter(code for hand in position["hands"] for code in hand)
    held.update(position["draw"])
    held.update(code for play in position["pile"] for code in play["cards"])
    return held


@given(tables())
@GAMES
def test_it_keeps_all_80_cards_in_play_at_every_step(table: dict[str, Any]) -> None:
    for _, _, after in steps(table):
        assert cards_of(after) == DECK


@given(tables())
@GAMES
def test_it_accepts_every_action_it_lists(table: dict[str, Any]) -> None:
    for number, (position, _, _) in enumerate(steps(table)):
        if number % 5:
            continue
        for seat in range(len(position["hands"])):
            for action in engine.legal_actions(position, seat):
                engine.apply(position, action)  # raises IllegalAction if a listed action is refused


@given(tables())
@GAMES
def test_it_never_changes_the_position_it_is_given(table: dict[str, Any]) -> None:
    for position, action, _ in steps(table):
        before = json.dumps(position, sort_keys=True)
        engine.apply(position, action)
        assert json.dumps(position, sort_keys=True) == before


def expected_totals(before: Position, after: Position) -> list[int]:
    """R29-R31, R36, R48: the totals after a hand from the totals before it and the hand's points."""
    hand = after["last_hand"]
    points = hand["points"]
    teams = before["teams"] or [[seat] for seat in range(len(points))]
    team_of = {member: team for team in teams for member in team}
    rules = engine.Options.from_rules(before["rules"])
    totals = []
    for seat, total in enumerate(before["totals"]):
        if seat in before["out"]:
            totals.append(total)
            continue
        total += sum(points[m] for m in team_of[seat])
        if rules.shadow_doubles == "total" and hand["out"] not in team_of[seat]:
            total *= hand["multiplier"]
        totals.append(rules.net_reset if rules.net_low <= total <= rules.target else total)
    return totals


@given(tables())
@GAMES
def test_it_keeps_totals_as_the_sum_of_scored_hands_with_the_safety_net(table: dict[str, Any]) -> None:
    hands = 0
    for position, action, after in steps(table):
        if after["hand"] == position["hand"] and not after.get("over"):
            assert after["totals"] == position["totals"]
            continue
        hands += 1
        assert after["last_hand"]["out"] == action["seat"]
        assert after["totals"] == expected_totals(position, after)
    assert hands >= 1


def hide_differently(position: Position, seat: int | None, rng: random.Random) -> Position:
    """The same position with everything `seat` cannot see dealt differently, and another seed."""
    other: dict[str, Any] = json.loads(json.dumps(position))
    hidden = [i for i in range(len(other["hands"])) if i != seat]
    cards = [code for i in hidden for code in other["hands"][i]] + other["draw"]
    rng.shuffle(cards)
    for i in hidden:
        size = len(other["hands"][i])
        other["hands"][i], cards = cards[:size], cards[size:]
    other["draw"] = cards
    other["seed"] = "another seed"
    return other


@given(tables())
@GAMES
def test_it_never_shows_a_seat_a_card_it_may_not_see(table: dict[str, Any]) -> None:
    rng = random.Random(table["chooser"])
    viewers: list[int | None] = [None, *range(table["seats"])]
    for number, (position, _, _) in enumerate(steps(table)):
        if number % 7:
            continue  # a sample of the steps keeps it quick
        for seat in viewers:
            seen = engine.view(position, seat)
            assert "seed" not in seen
            assert seen["draw"] == len(position["draw"])
            for i, hand in enumerate(position["hands"]):
                assert seen["hands"][i] == (hand if i == seat else len(hand))
            assert seen == engine.view(hide_differently(position, seat, rng), seat)


# Completeness of legal_actions: on small hands, every legal play found by brute force (every order,
# declaration, colour and call) has a listed play with the same outcome (moves.py's canonical form).
POOL = [
    *("R3", "R4", "R5", "R6", "Y4", "Y5", "Y6", "B5", "G5", "G6"),
    *("TR", "TY", "SR", "SB", "OR", "OB", "JT", "SM", "LM", "LM", "DM", "MM", "MM"),
]
TOPS: list[str | tuple[str, str] | None] = [None, "B4", "R9", "G3", "TG", "SG", "OG", ("SM", "B")]


def outcome(after: engine.State, rainbow: bool) -> tuple[object, ...]:
    """What a play changes, with the hand coarsened to counts per number for a rainbow (moves.py)."""
    hand = after.hands[0]
    if rainbow:
        numbers = Counter(engine.card_info(c).number for c in hand if engine.card_info(c).kind == "N")
        hand = (*sorted(c for c in hand if engine.card_info(c).kind != "N"), *map(str, sorted(numbers.items())))
    last = after.pile[-1] if after.pile else None
    return (
        tuple(sorted(hand)),
        tuple(len(h) for h in after.hands),
        after.top,
        after.streak,
        after.pending,
        after.turn,
        after.direction,
        after.must_call,
        after.totals,
        None if last is None else (tuple(sorted(last.mm)), last.color),
    )


def is_rainbow(action: engine.Action) -> bool:
    numbers = any(engine.card_info(c).kind == "N" for c in action.cards)
    return numbers and "LM" in action.mm


def every_play(hand: list[str]) -> Iterator[engine.Action]:
    orders: set[tuple[str, ...]] = set()
    for size in range(1, len(hand) + 1):
        orders.update(tuple(hand[i] for i in order) for order in itertools.permutations(range(len(hand)), size))
    for cards in orders:
        masters = cards.count("MM")
        colours: list[str | None] = [None, *engine.COLOURS] if "SM" in cards or masters else [None]
        for mm in itertools.product(["T", "S", "O", "JT", "SM", "LM"], repeat=masters):
            for colour in colours:
                for call in (False, True):
                    yield engine.Action(0, "play", cards, mm, colour, call)


@given(
    st.lists(st.integers(min_value=0, max_value=len(POOL) - 1), min_size=3, max_size=6, unique=True),
    st.sampled_from(TOPS),
)
@settings(max_examples=30, deadline=None)
def test_it_lists_every_legal_play_once_per_outcome(picks: list[int], top: str | tuple[str, str] | None) -> None:
    hand = [POOL[i] for i in picks]
    pos = hand_built([hand, "Y12 Y13", "B12 B13"], top=top)
    pos["seed"] = "completeness"
    state = engine.read(pos)
    legal = set()
    for action in every_play(hand):
        try:
            legal.add(outcome(engine.step(state, action), is_rainbow(action)))
        except engine.IllegalAction:
            continue
    listed = [a for a in engine.legal(state, 0) if a.act == "play"]
    assert {outcome(engine.step(state, a), is_rainbow(a)) for a in listed} == legal
