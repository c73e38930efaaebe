"""EM2 and its settled points: the turned card acts on the first player (left of the dealer)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from games.engine.emojical.cards import COLOUR, KIND
from games.engine.shuffle import shuffled

from .helpers import CLOSE, DECK, act, after, all_cards, apply, kinds, legal, play, rules

Deal = Callable[[str, tuple[str, ...], tuple[str, ...]], bool]


def dealt(kind: str, when: Deal = lambda turned, first, second: True, seats: int = 4) -> tuple[int, tuple[str, ...]]:
    """A seed whose first deal turns a card of `kind` and meets `when(turned, first, second)`
    (the hands of the first player and of the one after), and that deal."""
    for seed in range(30000):
        deck = shuffled(DECK, "emojical", seed, "hand", 1)
        turned = deck[7 * seats]
        if KIND[turned] == kind and when(turned, deck[0 : 7 * seats : seats], deck[1 : 7 * seats : seats]):
            return seed, deck
    raise AssertionError(f"no seed turns a {kind}")


def blocker(turned: str) -> str:
    return f"BL{COLOUR[turned]}"


def new(seed: int, **options: object) -> dict[str, Any]:
    r = rules(**options)
    return r.write(r.new_game(4, seed=seed))


def test_it_lets_a_turned_smiley_be_a_plain_start() -> None:
    seed, deck = dealt("S")
    position = new(seed)
    assert position["turn"] == 1
    assert position["pending"] is None
    assert position["top"] == {"card": deck[28], "color": COLOUR[deck[28]]}


def test_it_makes_the_first_player_take_a_turned_take_2_they_cannot_answer() -> None:
    seed, deck = dealt("T2", lambda t, first, _: not any(KIND[c] == "T2" or c == blocker(t) for c in first))
    r = rules()
    state = r.new_game(4, seed=seed)
    position = r.write(state)
    assert len(position["hands"][1]) == 9
    assert position["turn"] == 1
    assert position["pending"] is None
    assert position["hands"][1][7:] == list(deck[29:31])


def test_it_lets_the_first_player_roll_a_turned_take_2_over() -> None:
    seed, _ = dealt(
        "T2",
        lambda t, first, second: (
            any(KIND[c] == "T2" for c in first) and not any(KIND[c] in ("T2", "BL") for c in second)
        ),
    )
    position = new(seed)
    assert position["pending"] == {"target": 1, "kind": "T2", "cards": 2, "from": 0}
    moves = legal(position, 1)
    assert {"seat": 1, "act": "take"} in moves
    roll = next(m for m in moves if m["act"] == "play")
    position, events = apply(position, roll)
    assert position["pending"] == {"target": 1, "kind": "T2", "cards": 2, "from": 0}
    position, events = apply(position, CLOSE)
    assert len(position["hands"][2]) == 11  # the hit of 4 passed on, and seat 2 has no answer
    assert position["turn"] == 2
    assert kinds(events)[-2:] == ["hit", "take"]


def test_it_lets_the_first_player_block_a_turned_take_2() -> None:
    seed, deck = dealt("T2", lambda t, first, _: blocker(t) in first)
    position = new(seed)
    position, events = apply(position, act(1, "block", cards=[blocker(deck[28])]))
    assert position["pending"] is None
    assert position["turn"] == 2
    assert "block" in kinds(events)


def test_it_leaves_the_colour_open_after_a_turned_take_4_taken() -> None:
    seed, _ = dealt("T4", lambda t, first, _: "T4" not in first)
    position = new(seed)
    assert position["top"] == {"card": "T4", "color": None}
    assert len(position["hands"][1]) == 11
    assert position["turn"] == 1
    plays = {m["cards"][0] for m in legal(position, 1) if m["act"] == "play"}
    assert plays == set(position["hands"][1])


def test_it_lets_the_first_player_roll_a_turned_take_4_over() -> None:
    seed, _ = dealt("T4", lambda t, first, second: "T4" in first and "T4" not in second)
    position = new(seed)
    assert position["pending"] == {"target": 1, "kind": "T4", "cards": 4, "from": 0}
    position = after(position, play(1, "T4", color="G"), CLOSE)
    assert len(position["hands"][2]) == 15
    assert position["top"] == {"card": "T4", "color": "G"}


def test_it_skips_the_first_player_on_a_turned_skip() -> None:
    seed, _ = dealt("SK", lambda t, first, _: blocker(t) not in first)
    position = new(seed)
    assert position["turn"] == 2
    assert position["pending"] is None


def test_it_lets_the_first_player_block_a_turned_skip_and_play_goes_on_from_its_left() -> None:
    seed, deck = dealt("SK", lambda t, first, _: blocker(t) in first)
    position = new(seed)
    assert position["pending"] == {"target": 1, "kind": "SK", "cards": 0, "from": 0}
    blocked = after(position, act(1, "block", cards=[blocker(deck[28])]))
    assert blocked["turn"] == 2
    accepted = after(position, act(1, "accept"))
    assert accepted["turn"] == 2
    assert len(accepted["hands"][1]) == 7


def test_it_makes_the_first_player_answer_a_turned_gambling() -> None:
    seed, _ = dealt("GM", lambda t, first, _: blocker(t) not in first)
    position = new(seed)
    assert position["pending"] == {"target": 1, "kind": "GM", "cards": 0, "from": 0}
    assert {m["act"] for m in legal(position, 1)} == {"safe", "gamble"}
    safe = after(position, act(1, "safe"))
    assert len(safe["hands"][1]) == 11
    assert safe["turn"] == 1


def test_it_leaves_the_colour_open_after_a_turned_colour_preference() -> None:
    seed, _ = dealt("CP")
    position = new(seed)
    assert position["top"] == {"card": "CP", "color": None}
    assert position["turn"] == 1
    plays = {m["cards"][0] for m in legal(position, 1) if m["act"] == "play"}
    assert plays == set(position["hands"][1])


def test_it_leaves_the_colour_open_after_a_turned_extra_card() -> None:
    seed, _ = dealt("EX")
    position = new(seed)
    assert position["top"] == {"card": "EX", "color": None}
    assert position["turn"] == 1


def test_it_passes_the_hands_left_after_a_turned_extra_card_in_all_swap() -> None:
    seed, deck = dealt("EX")
    position = new(seed, extra="all_swap")
    assert position["hands"][2] == list(deck[0:28:4])  # the first player's dealt hand, passed left
    assert position["top"] == {"card": "EX", "color": None}
    assert position["turn"] == 1


def test_it_treats_a_turned_card_swap_as_a_plain_card() -> None:
    seed, deck = dealt("SW")
    position = new(seed)
    assert position["pending"] is None
    assert position["top"] == {"card": deck[28], "color": COLOUR[deck[28]]}
    assert position["turn"] == 1


def test_it_treats_a_turned_blocking_card_as_a_plain_card() -> None:
    seed, _deck = dealt("BL")
    position = new(seed)
    assert position["pending"] is None
    assert position["turn"] == 1


def test_it_lets_the_left_neighbour_take_a_card_from_the_first_player_on_a_turned_donating() -> None:
    seed, _deck = dealt("DN", lambda t, first, second: blocker(t) not in second)
    position = new(seed)
    assert position["pending"] == {"target": 2, "kind": "DN", "cards": 0, "from": 1}
    assert Counter(position["donate_order"]) == Counter(position["hands"][1])
    picks = legal(position, 2)
    assert [m["index"] for m in picks] == list(range(7))
    taken = position["donate_order"][3]
    position = after(position, picks[3])
    assert len(position["hands"][1]) == 6
    assert position["hands"][2][-1] == taken
    assert position["turn"] == 1  # the first player takes the turn after the turned card's action
    assert position["donate_order"] is None
    assert all_cards(position) == Counter(DECK)


def test_it_lets_the_recipient_block_a_turned_donating_and_play_goes_on_from_its_left() -> None:
    seed, deck = dealt("DN", lambda t, first, second: blocker(t) in second)
    position = after(new(seed), act(2, "block", cards=[blocker(deck[28])]))
    assert position["turn"] == 3
    assert len(position["hands"][1]) == 7


def test_it_donates_at_random_at_once_after_a_turned_donating_in_random_mode() -> None:
    seed, _ = dealt("DN", lambda t, first, second: blocker(t) not in second)
    position = new(seed, donate="random")
    assert position["pending"] is None
    assert len(position["hands"][1]) == 6
    assert len(position["hands"][2]) == 8
    assert position["turn"] == 1


def test_it_starts_every_round_clockwise() -> None:
    seed, _ = dealt("S")
    assert new(seed)["direction"] == 1
