"""The `Rules` interface as the site uses it: registration, house rule options, card faces,
notation, button words and the questions about a position."""

from __future__ import annotations

import pytest

from games.engine.mau import Mau, factory
from games.engine.mau.cards import ONE_DECK
from games.engine.rules import Rules, get_rules, variants

from .helpers import close, game, play, position


def test_it_registers_as_mau_and_caches_one_instance_per_option_set() -> None:
    g = get_rules("mau")
    assert isinstance(g, Mau)
    assert isinstance(g, Rules)
    assert g.key == "mau"
    assert g.title
    assert "mau" in variants()
    assert get_rules("mau", {"decks": 3}) is get_rules("mau", {"decks": 3})
    assert factory(None) is factory({})
    assert get_rules("mau", {"two_again": True}).option_values()["two_again"] is True


@pytest.mark.parametrize(
    "rules",
    [
        {"jokers": 4},
        {"decks": 0},
        {"decks": 5},
        {"decks": True},
        {"decks": "2"},
        {"hand_size": 0},
        {"two_again": 1},
        {"strict_calls": "yes"},
        {"slow_s": -1},
        {"slow_s": [5]},
    ],
)
def test_it_refuses_unknown_options_and_bad_values(rules: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"mau|must|unknown"):
        get_rules("mau", rules)


def test_it_refuses_a_cached_value_of_another_type() -> None:
    assert get_rules("mau", {"decks": 1})
    with pytest.raises(ValueError, match="decks"):
        get_rules("mau", {"decks": True})


def test_it_describes_every_option_for_a_form() -> None:
    specs = {spec.key: spec for spec in game().option_specs}
    assert list(specs) == ["decks", "hand_size", "two_again", "strict_calls", "slow_s"]
    assert (specs["decks"].default, specs["decks"].minimum, specs["decks"].maximum) == (2, 1, 4)
    assert specs["two_again"].kind == "bool"
    assert specs["two_again"].default is False
    assert all(spec.label and spec.help.endswith(".") for spec in specs.values())
    assert game().option_values() == {
        "decks": 2,
        "hand_size": 7,
        "two_again": False,
        "strict_calls": False,
        "slow_s": 0,
    }


def test_it_takes_house_rules_from_get_rules_only() -> None:
    with pytest.raises(ValueError, match="get_rules"):
        game().new_game(4, seed=1, decks=3)
    with pytest.raises(ValueError, match="seed"):
        game().new_game(4, seed=1.5)  # type: ignore[arg-type]


def test_it_draws_every_card_with_a_name_a_symbol_and_a_corner() -> None:
    g = game()
    queen = g.card("SQ")
    assert (queen.name, queen.short, queen.symbol, queen.colour, queen.colour_name) == (
        "Queen of spades",
        "Q",
        "♠",
        "S",
        "spades",
    )
    assert g.card("H10").name == "10 of hearts"
    assert g.card("JK").name == "Joker"
    assert g.card("JK").colour is None
    assert {g.card(c).symbol for c in ONE_DECK} == {"♣", "♦", "♥", "♠", "★"}
    with pytest.raises(KeyError):
        g.card("R7")


def test_it_writes_a_compact_public_notation() -> None:
    g = game()
    assert g.notation({"seat": 2, "act": "play", "cards": ["HJ"], "color": "S", "calls": ["mau_mau"]}) == (
        "2: play HJ =S mau_mau"
    )
    assert g.notation({"seat": 3, "act": "spam", "cards": ["S7"], "calls": ["spade", "last_card"]}) == (
        "3: spam S7 spade last_card"
    )
    assert g.notation({"seat": 1, "act": "draw"}) == "1: draw"
    assert g.notation({"seat": 1, "act": "take"}) == "1: take"
    assert g.notation({"seat": 0, "act": "start", "color": "H", "calls": []}) == "0: start =H"
    assert g.notation({"seat": 2, "act": "penalty", "target": 3, "reason": "spade"}) == "2: penalty 3 spade"
    assert g.notation({"seat": None, "act": "close"}) == "-: close"
    assert g.notation({"seat": None, "act": "slow", "target": 1}) == "-: slow 1"


def test_it_words_buttons_for_players() -> None:
    g = game()
    assert g.describe({"seat": 0, "act": "play", "cards": ["SQ"], "calls": []}) == "Play the Queen of spades"
    assert g.describe({"seat": 0, "act": "play", "cards": ["SQ"], "calls": ["spade"]}) == (
        "Play the Queen of spades, calling spade"
    )
    assert g.describe({"seat": 0, "act": "play", "cards": ["CJ"], "color": "H", "calls": []}) == (
        "Play the Jack of clubs, naming hearts"
    )
    assert g.describe({"seat": 0, "act": "spam", "cards": ["H7"], "calls": []}) == "SPAM the 7 of hearts"
    assert g.describe({"seat": 0, "act": "draw"}) == "Draw a card"
    assert g.describe({"seat": 0, "act": "penalty", "target": 2, "reason": "last_card"}) == (
        "Penalty on seat 2: last card"
    )
    assert g.describe({"seat": 0, "act": "start", "calls": []}) == "Start the game"


def test_it_answers_who_is_waited_for_and_which_window_is_open() -> None:
    g = game()
    p = position(["H9 C3", "D9 D8", "H6"], top="H5")
    assert g.to_act(p) == (0,)
    assert g.window(p) is None
    hit = play(position(["H7 C3 C4", "D7 D8", "H6"], top="H5"), 0, "H7")
    assert g.to_act(hit) == (1,)
    final = play(position(["H9", "D9 D8", "H6"], top="H5"), 0, "H9", "mau")
    assert g.to_act(final) == ()
    assert g.window(final) == {"kind": "final", "seat": 0}
    assert g.outcome(final) is None
    assert g.hand_result(final) is None
    assert "play" in g.out_of_turn_acts
    assert "spam" in g.out_of_turn_acts
    assert "penalty" in g.out_of_turn_acts


def test_it_reports_the_outcome_when_the_game_is_over() -> None:
    g = game()
    done = close(play(position(["H9", "D9 D8", "H6 H4 C2"], top="H5"), 0, "H9", "mau"))
    outcome = g.outcome(done)
    assert outcome is not None
    assert (outcome.winners, outcome.placings, outcome.totals) == ((0,), (1, 2, 3), None)
    assert g.to_act(done) == ()


def test_it_lists_the_seat_counts_a_deal_allows() -> None:
    assert game().seat_counts() == tuple(range(2, 11))
    assert game({"decks": 1}).seat_counts() == (2, 3, 4, 5, 6, 7)
