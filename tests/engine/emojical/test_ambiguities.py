"""VARIANTS.md `emojical` "Ambiguities resolved", bullet by bullet (the rulings' own files test the
details; each test here pins the bullet's reading in one place)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engine.emojical.cards import CARDS, KIND, SMILEY, build_deck, table_copies
from games.engine.shuffle import shuffled

from .helpers import CLOSE, DECK, act, after, all_cards, apply, jump, kinds, legal, make, play, refused, rules


def _first_deal(kind: str, seats: int = 3) -> tuple[int, tuple[str, ...]]:
    """A seed whose first deal turns a card of `kind` and gives the first player (seat 1) no answer
    to it (no Take 2, no Blocking card), and that deal."""
    for seed in range(30000):
        deck = shuffled(DECK, "emojical", seed, "hand", 1)
        turned = deck[7 * seats]
        first = deck[0 : 7 * seats : seats]
        if KIND[turned] == kind and not any(KIND[c] in (kind, "BL") for c in first):
            return seed, deck
    raise AssertionError(f"no seed turns a {kind}")


def test_it_splits_the_totals_by_the_table_with_two_copies_of_each_smiley() -> None:
    deck = build_deck(table_copies())
    assert len(deck) == 109
    categories = Counter(CARDS[code].category for code in deck)
    assert categories == {"smiley": 64, "colour action": 36, "grey": 8, "extra": 1}
    smileys = Counter(code for code in deck if KIND[code] == SMILEY)
    assert len(smileys) == 32
    assert set(smileys.values()) == {2}
    # ... so that a smiley card can be jumped in on
    position = after(make(["Y2 G2 G3", "Y2 G4 G7", "B5"], "Y1"), play(0, "Y2"))
    assert legal(position, 1) == [{"seat": 1, "act": "jump_in", "cards": ["Y2"]}]


def test_it_scores_the_extra_card_50_like_the_grey_cards() -> None:
    assert CARDS["EX"].points == CARDS["CP"].points == CARDS["T4"].points == 50
    position = make(["Y2", "EX", "B5"], "Y1", totals=[0, 0, 0])
    position = after(position, play(0, "Y2", maumau=True))
    assert position["last_hand"] == {"out": 0, "points": [0, 50, 5]}


def test_it_makes_the_first_player_suffer_the_turned_card_then_play() -> None:
    seed, deck = _first_deal("T2")
    position = rules().write(rules().new_game(3, seed=seed))
    assert position["top"]["card"] == deck[21]
    assert position["hands"][1] == [*deck[0:21:3], *deck[22:24]]  # took the 2 of the turned Take 2
    assert position["pending"] is None
    assert position["turn"] == 1  # ... and then plays as normal


def test_it_plays_if_able_and_leaves_the_drawn_card_optional() -> None:
    refused(make(["Y2 G3", "B4"], "Y1"), act(0, "draw"), "EM4")
    position = after(make(["G3 B3", "B4"], "Y1", draw="Y5 P6"), act(0, "draw"))
    assert position["drawn"] == "Y5"
    assert legal(position, 0) == [play(0, "Y5"), act(0, "pass")]


def test_it_lets_the_card_drawn_after_a_take_be_played_if_it_fits() -> None:
    pending = {"target": 1, "kind": "T2", "cards": 2, "from": 0}
    position = make(["G2", "G4 P6", "G5"], "T2Y", pending=pending, draw="P1 P2 Y3")
    position = after(position, act(1, "take"), act(1, "draw"))
    assert position["drawn"] == "Y3"
    position = after(position, play(1, "Y3"), CLOSE)
    assert position["top"]["card"] == "Y3"
    assert position["turn"] == 2


def test_it_counts_only_the_jump_in_and_cancels_the_covered_card() -> None:
    position = make(["T2Y G2 G3", "G4 G7", "T2Y G5 G8", "G6 B1"], "Y1")
    position = after(position, play(0, "T2Y"), jump(2, "T2Y"), CLOSE)
    assert len(position["hands"][1]) == 2  # passed over, not hit
    assert len(position["hands"][3]) == 4  # a hit of 2, not 4


def test_it_allows_no_jump_in_on_ones_own_card_a_block_or_the_turned_card() -> None:
    own = after(make(["Y2 Y2 G3", "G4"], "Y1"), play(0, "Y2"))
    refused(own, jump(0, "Y2"), "EM5")
    blocked = make(["BLY G2", "Y3 BLY"], "T2Y", pending={"target": 0, "kind": "T2", "cards": 2, "from": 1})
    blocked = after(blocked, act(0, "block", cards=["BLY"]))
    assert blocked["window"] is None
    refused(blocked, jump(1, "BLY"), "EM5")
    for seed in range(5):
        dealt = rules().write(rules().new_game(3, seed=seed))
        assert dealt["window"] is None


def test_it_lets_the_recipient_pick_a_face_down_index_or_the_engine_pick_at_random() -> None:
    position = after(make(["DNY G2 G3 B4", "B1", "B5"], "Y1", seed=3), play(0, "DNY"), CLOSE)
    order = position["donate_order"]
    assert Counter(order) == Counter(["G2", "G3", "B4"])
    assert rules().view(position, 1)["donate_order"] == 3  # face down: only how many
    position = after(position, act(1, "donate_pick", index=1))
    assert position["hands"][1] == ["B1", order[1]]
    at_random = make(["DNY G2 G3 B4", "B1", "B5"], "Y1", options={"donate": "random"})
    at_random = after(at_random, play(0, "DNY"), CLOSE)
    assert len(at_random["hands"][1]) == 2
    assert at_random["pending"] is None


def test_it_lets_only_the_seat_that_would_suffer_block_and_play_goes_on_from_its_left() -> None:
    swap = {"target": 2, "kind": "SW", "cards": 0, "from": 0}
    position = make(["G2", "BLY B1", "BLY B2 B3", "B6"], "SWY", pending=swap)
    refused(position, act(1, "block", cards=["BLY"]), "EM4")
    position = after(position, act(2, "block", cards=["BLY"]))
    assert position["hands"][0] == ["G2"]  # no swap
    assert position["hands"][2] == ["B2", "B3"]
    assert position["turn"] == 3
    assert legal(position, 2) == []  # the blocker may play no more


def test_it_never_carries_out_a_final_action_card() -> None:
    position = make(["SWY", "Y4 B4", "B5"], "Y1", totals=[0, 0, 0])
    position, events = apply(position, play(0, "SWY", maumau=True))
    assert "swap" not in kinds(events)
    assert position["last_hand"] == {"out": 0, "points": [0, 10, 5]}


def test_it_charges_two_cards_for_a_forgotten_mau_once_another_seat_puts_down_or_takes() -> None:
    position = after(make(["Y2 G3", "Y4 B4", "B5"], "Y1", draw="P1 P2 P3"), play(0, "Y2"), CLOSE)
    assert position["must_call"] == [0]
    position, events = apply(position, play(1, "Y4"))
    assert kinds(events)[0] == "penalty"
    assert position["hands"][0] == ["G3", "P1", "P2"]
    forgot_last = make(["Y2", "Y4 B4", "B5"], "Y1", draw="P1 P2 P3")
    forgot_last = after(forgot_last, play(0, "Y2"))
    assert forgot_last["hands"][0] == ["P1", "P2"]  # at once; the round goes on
    assert forgot_last["over"] is False
    assert forgot_last["hand"] == 1


def test_it_counts_grey_and_extra_cards_as_action_cards_when_gambling() -> None:
    gamble = {"target": 1, "kind": "GM", "cards": 0, "from": 0}
    for turned in ("CP", "T4", "EX"):
        position = after(make(["G2", "B1", "B5"], "GMY", pending=gamble, draw=f"{turned} P2 P3"), act(1, "gamble"))
        assert position["hands"][1] == ["B1", turned]


def test_it_makes_a_donor_whose_hand_the_donation_empties_the_winner() -> None:
    donation = {"target": 1, "kind": "DN", "cards": 0, "from": 0}
    position = make(["G2", "B1", "B5"], "DNY", pending=donation, donate_order="G2", totals=[0, 0, 0])
    position, events = apply(position, act(1, "donate_pick", index=0))
    assert position["last_hand"] == {"out": 0, "points": [0, 10, 5]}
    assert "hand_over" in kinds(events)


def test_it_shuffles_every_discarded_card_but_the_top_one_into_the_draw_pile() -> None:
    pile: list[dict[str, Any]] = [
        {"seat": None, "cards": ["G1"], "color": "G"},
        {"seat": 1, "cards": ["G6"], "color": "G"},
        {"seat": 0, "cards": ["Y1"], "color": "Y"},
    ]
    position = make(["B2 G3", "P4"], "Y1", pile=pile, rest_of_deck=False, draw=[], seed=5)
    before = all_cards(position)
    position, events = apply(position, act(0, "draw"))
    assert kinds(events) == ["reshuffle", "draw"]
    assert position["pile"] == [{"seat": 0, "cards": ["Y1"], "color": "Y"}]
    assert Counter(position["draw"]) + Counter(position["hands"][0]) == Counter(["G1", "G6", "B2", "G3"])
    assert all_cards(position) == before
