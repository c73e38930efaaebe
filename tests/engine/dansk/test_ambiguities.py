"""VARIANTS.md `dansk` "Ambiguities resolved": one test per bullet."""

from __future__ import annotations

from collections import Counter

from games.engine.dansk.cards import DECK, KIND
from games.engine.rules import get_rules

from .helpers import act, kinds, legal, play, position, refused


def test_it_makes_the_draw_4_victim_lose_the_turn() -> None:
    # "Det er næste spillers tur" after a Draw 4: the drawer loses the turn, as after a Stop
    pos = position([["T4G", "B2", "B3"], "B1 G7", "Y1"], pile="G5")
    after, _ = act(pos, play(0, "T4G"))
    assert after["turn"] == 2
    refused(after, play(1, "G7"), "DK5")


def test_it_plays_if_able_and_draws_only_if_unable_without_playing_the_drawn_card() -> None:
    pos = position([["R2"], "B1", "Y1"], pile="G5", draw="G9")
    after, _ = act(pos, {"seat": 0, "act": "draw"})
    assert after["turn"] == 1
    assert "G9" in after["hands"][0]
    refused(position([["G2", "R2"], "B1"], pile="G5"), {"seat": 0, "act": "draw"}, "DK5")


def test_it_reads_the_same_special_card_on_the_pile_as_on_top() -> None:
    # a Draw 4 lower in the pile does not make a blue Draw 4 fit on a green 5
    pos = position([["T4B", "B2", "B3"], "B1"], pile="T4G G5")
    refused(pos, play(0, "T4B"), "DK4")


def test_it_has_two_of_each_special_per_colour() -> None:
    deck = Counter(DECK)
    assert sum(n for c, n in deck.items() if KIND[c] != "N") == 38
    assert len(DECK) == 110
    assert all(deck[f"{k}{c}"] == 2 for k in ("RV", "T2", "T4", "ST") for c in "GBRY")


def test_it_stacks_a_draw_2_of_any_colour() -> None:
    pos = position([["B2", "T2B"], "T2R G1 G2", "Y1 Y2 T2Y"], pile="T2G", pending=(1, 2), turn=1)
    after, _ = act(pos, play(1, "T2R"))
    after, _ = act(after, play(2, "T2Y"))
    assert after["pending"] == {"target": 0, "kind": "T2", "cards": 6}


def test_it_rules_the_points_the_seed_is_silent_on() -> None:
    # player count 2-10, the first player left of the dealer, a turned card acting, Reverse with 2
    rules = get_rules("dansk")
    assert (rules.min_players, rules.max_players) == (2, 10)
    pos = rules.write(rules.new_game(2, seed=0))
    assert pos["dealer"] == 0
    two = position([["RVG", "B2", "B3"], "B1 B4"], pile="G5")
    after, _ = act(two, play(0, "RVG"))
    assert after["turn"] == 1


def test_it_charges_a_forgotten_mau_automatically_with_catch_as_an_option() -> None:
    pos = position([["G1", "B2"], "B1 B3"], pile="G5")
    after, events = act(pos, play(0, "G1"))
    assert "penalty" in kinds(events)
    assert len(after["hands"][0]) == 2
    caught = position([["G1", "B2"], "B1 B3"], pile="G5", rules={"mau_catch": "catch"})
    after, events = act(caught, play(0, "G1"))
    assert "penalty" not in kinds(events)
    assert after["must_call"] == [0]


def test_it_voids_the_last_cards_effect() -> None:
    pos = position([["T4G"], "B1 B3"], pile="G5", hand=3)
    after, _ = act(pos, play(0, "T4G"))
    assert after["hands"][1] == ["B1", "B3"]


def test_it_lets_a_colour_change_name_the_current_colour() -> None:
    pos = position([["CC", "B2", "B3"], "B1"], pile="G5")
    after, _ = act(pos, play(0, "CC", color="G"))
    assert after["top"] == {"card": "CC", "color": "G"}
    assert {"seat": 0, "act": "play", "cards": ["CC"], "color": "G", "mau": False} in legal(pos, 0)


def test_it_counts_a_colour_change_10_and_numbers_their_face_value() -> None:
    pos = position(["G1", "CC B7"], pile="G5", hand=3)
    after, _ = act(pos, play(0, "G1"))
    assert after["last_hand"]["points"] == [0, 17]
