"""The deck, EM1 (players, dealer, deal, first player, clockwise), the house rule options and the
position's keys (C7, C9)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.emojical.cards import CARDS, KIND, POINTS
from games.engine.emojical.game import Emojical
from games.engine.rules import get_rules
from games.engine.shuffle import shuffled

from .helpers import DECK, all_cards, apply, make, play, rules

KEYS = {
    "variant", "rules", "hands", "draw", "pile", "top", "pending", "turn", "direction", "drawn", "must_call",
    "window", "dealer", "totals", "seed", "hand", "over", "winners", "last_hand", "reshuffles", "donate_order",
}  # fmt: skip


def seed_turning(kind: str, seats: int = 4, hand: int = 1) -> int:
    """A seed whose deal of round `hand` turns a card of `kind`."""
    for seed in range(5000):
        if KIND[shuffled(DECK, "emojical", seed, "hand", hand)[7 * seats]] == kind:
            return seed
    raise AssertionError(kind)


def test_it_has_109_cards_in_the_tabled_split() -> None:
    deck = Counter(DECK)
    assert len(DECK) == 109
    by_category: Counter[str] = Counter()
    for code, copies in deck.items():
        by_category[CARDS[code].category] += copies
    assert by_category == {"smiley": 64, "colour action": 36, "grey": 8, "extra": 1}
    assert all(deck[f"{c}{n}"] == 2 for c in "YPGB" for n in range(1, 9))
    for kind, copies in {"T2": 2, "SK": 2, "BL": 2, "SW": 1, "DN": 1, "GM": 1}.items():
        assert all(deck[f"{kind}{c}"] == copies for c in "YPGB")
    assert deck["CP"] == 4
    assert deck["T4"] == 4
    assert deck["EX"] == 1


def test_it_names_b1_the_blue_winking_smiley() -> None:
    assert CARDS["B1"].name == "blue winking smiley"
    assert CARDS["Y8"].name == "yellow angry smiley"


def test_it_scores_cards_as_em19_and_the_extra_card_50() -> None:
    assert POINTS["G3"] == 5
    assert all(POINTS[f"{k}P"] == 20 for k in ("T2", "SK", "BL", "SW", "DN", "GM"))
    assert POINTS["CP"] == POINTS["T4"] == POINTS["EX"] == 50


@pytest.mark.parametrize("seats", [2, 3, 7, 10])
def test_it_deals_seven_cards_each_and_turns_one(seats: int) -> None:
    r = rules()
    position = r.write(r.new_game(seats, seed=3))
    assert set(position) == KEYS
    assert position["dealer"] == 0
    assert position["hand"] == 1
    assert position["direction"] == 1
    assert all_cards(position) == Counter(DECK)
    assert position["pile"][0]["seat"] is None
    assert position["pile"][0]["cards"] == [position["top"]["card"]]


@pytest.mark.parametrize("seats", [0, 1, 11, True, "4"])
def test_it_refuses_a_table_of_the_wrong_size(seats: object) -> None:
    with pytest.raises(ValueError, match="EM1"):
        rules().new_game(seats, seed=1)  # type: ignore[arg-type]


def test_it_refuses_a_bad_seed_and_options_through_new_game() -> None:
    with pytest.raises(ValueError, match="seed"):
        rules().new_game(4, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="get_rules"):
        rules().new_game(4, seed=1, target=10)


def test_it_deals_from_the_seed_one_card_at_a_time_from_the_dealers_left() -> None:
    seed = seed_turning("S")
    r = rules()
    position = r.write(r.new_game(4, seed=seed))
    deck = shuffled(DECK, "emojical", seed, "hand", 1)
    assert position["hands"] == [list(deck[(s - 1) % 4 : 28 : 4]) for s in range(4)]
    assert position["top"] == {"card": deck[28], "color": CARDS[deck[28]].colour}
    assert position["draw"] == list(deck[29:])
    assert position["turn"] == 1  # left of the dealer
    assert position["seed"] == seed


def test_it_passes_the_deal_to_the_left_for_the_next_round() -> None:
    seed = seed_turning("S", hand=2)
    position = make(["Y2", "G3 G4", "B5", "P6"], "Y1", dealer=0, seed=seed)
    after, events = apply(position, play(0, "Y2", maumau=True))
    assert after["hand"] == 2
    assert after["dealer"] == 1
    assert after["turn"] == 2
    deck = shuffled(DECK, "emojical", seed, "hand", 2)
    assert after["hands"][2] == list(deck[0:28:4])
    assert after["pile"] == [{"seat": None, "cards": [deck[28]], "color": CARDS[deck[28]].colour}]
    assert "deal" in [e.kind for e in events]
    assert all_cards(after) == Counter(DECK)


def test_it_always_plays_clockwise() -> None:
    position = make(["SKY Y2", "Y3", "Y4", "Y5"], "Y1", turn=3, options={"jump_in": False})
    after, _ = apply(position, play(3, "Y5", maumau=True))
    assert after["direction"] == 1
    position = make(["Y2 Y6", "Y3 Y7", "Y4 Y8", "Y5 G1"], "Y1", turn=2, options={"jump_in": False})
    for seat, card in ((2, "Y4"), (3, "Y5"), (0, "Y2"), (1, "Y3")):
        assert position["turn"] == seat
        position, _ = apply(position, play(seat, card, mau=True))
        assert position["direction"] == 1
    assert position["turn"] == 2


def test_it_lists_every_house_rule_option_with_words() -> None:
    specs = {o.key: o for o in Emojical.option_specs}
    assert list(specs) == ["target", "extra", "donate", "jump_in", "self_jump", "draw_when_able", "emoji_deck"]
    assert specs["target"].default == 500
    assert specs["target"].minimum == 0
    assert specs["extra"].choices == ("colour", "all_swap", "remove")
    assert specs["donate"].choices == ("index", "random")
    assert (specs["jump_in"].default, specs["self_jump"].default, specs["draw_when_able"].default) == (
        True,
        False,
        False,
    )
    assert specs["emoji_deck"].kind == "mapping"
    assert sum(specs["emoji_deck"].default.values()) == 109
    for spec in specs.values():
        assert spec.label
        assert spec.help.endswith(".")
    assert rules().options() == {
        "target": 500,
        "extra": "colour",
        "donate": "index",
        "jump_in": True,
        "self_jump": False,
        "draw_when_able": False,
        "emoji_deck": specs["emoji_deck"].default,
    }


def test_it_caches_one_rules_object_per_option_set() -> None:
    assert get_rules("emojical") is get_rules("emojical", {})
    assert get_rules("emojical", {"target": 250}) is get_rules("emojical", {"target": 250})
    assert get_rules("emojical", {"target": 250}) is not get_rules("emojical")
    assert rules(target=250).options()["target"] == 250


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "x"}, "unknown house rule option"),
        ({"target": -1}, "target"),
        ({"target": True}, "target"),
        ({"target": "500"}, "target"),
        ({"extra": "joker"}, "extra"),
        ({"donate": "pick"}, "donate"),
        ({"jump_in": 1}, "jump_in"),
        ({"self_jump": "yes"}, "self_jump"),
        ({"draw_when_able": None}, "draw_when_able"),
        ({"emoji_deck": "big"}, "emoji_deck"),
        ({"emoji_deck": {"ZZ": 1}}, "emoji_deck"),
        ({"emoji_deck": {"Y1": -1}}, "emoji_deck"),
        ({"emoji_deck": {"Y1": 3}}, "smiley cards must add up to 64"),
        ({"emoji_deck": {"CP": 5, "T4": 4}}, "grey"),
    ],
)
def test_it_refuses_a_bad_option_with_a_clear_message(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        get_rules("emojical", options)


def test_it_writes_only_the_options_that_differ() -> None:
    r = rules(target=250, extra="all_swap")
    position = r.write(r.new_game(3, seed=1))
    assert position["rules"] == {"target": 250, "extra": "all_swap"}
    assert rules().write(rules().new_game(3, seed=1))["rules"] == {}


def test_it_loads_a_printed_split_whose_totals_match() -> None:
    split = {"SWY": 2, "DNY": 0, "Y1": 3, "Y2": 1}
    r = rules(emoji_deck=split)
    position = r.write(r.new_game(4, seed=5))
    found = all_cards(position)
    assert found["SWY"] == 2
    assert found["DNY"] == 0
    assert found["Y1"] == 3
    assert sum(found.values()) == 109
    assert position["rules"]["emoji_deck"]["SWY"] == 2
    assert rules_back(position) is r


def rules_back(position: dict[str, object]) -> object:
    return get_rules("emojical", position["rules"])  # type: ignore[arg-type]


def test_it_leaves_the_extra_card_out_of_the_pack_with_remove() -> None:
    r = rules(extra="remove")
    position = r.write(r.new_game(4, seed=5))
    found = all_cards(position)
    assert sum(found.values()) == 108
    assert found["EX"] == 0
