"""C1-C12 as they apply to `mau`: codes, one card per play, seats, reshuffles, windows, races,
position keys, refusals, game over, drawing, views and automatic resolution."""

from __future__ import annotations

from collections import Counter

from games.engine.mau.cards import ONE_DECK
from games.engine.shuffle import shuffled

from .helpers import act, all_cards, close, game, kinds, legal, offences, play, position, refused, simple, spam

HANDS = ["H9 C3 D3", "D9 D8 D6", "H6 H4 S4", "H9 SQ C9"]

POSITION_KEYS = {
    "variant", "rules", "hands", "draw", "pile", "top", "pending", "turn", "direction", "drawn",
    "started", "window", "run", "skips", "extra", "offences", "slow", "dealer", "seed", "hand",
    "over", "winners", "last_hand",
}  # fmt: skip
PRIVATE_KEYS = {"reshuffles", "penalised", "held"}


def test_it_codes_cards_suit_then_rank_and_the_joker_jk_c1() -> None:
    assert len(ONE_DECK) == 54
    assert ONE_DECK[:3] == ("C2", "C3", "C4")
    assert "H10" in ONE_DECK
    assert "SA" in ONE_DECK
    assert ONE_DECK.count("JK") == 2
    p = game().write(game().new_game(4, seed=1))
    assert sum(all_cards(p).values()) == 108
    assert all_cards(p) == Counter(ONE_DECK * 2)
    refused(position(HANDS), {"seat": 0, "act": "play", "cards": ["H1"], "calls": []}, "C1")
    refused(position(HANDS), {"seat": 0, "act": "play", "cards": ["h9"], "calls": []}, "C1")


def test_it_puts_down_exactly_one_card_per_play_c2() -> None:
    p = position(HANDS, top="H5")
    for bad in ([], ["H9", "H9"], "H9", None, {"H9": 1}):
        refused(p, {"seat": 0, "act": "play", "cards": bad, "calls": []}, "C2")
    after = play(p, 0, "H9")
    assert after["pile"][-1] == {"seat": 0, "cards": ["H9"], "color": "H"}
    assert after["top"] == {"card": "H9", "color": "H"}


def test_it_numbers_seats_clockwise_and_follows_the_direction_c3() -> None:
    assert play(position(HANDS, top="H5", turn=3), 3, "H9")["turn"] == 0
    assert play(position(HANDS, top="H5", turn=0, direction=-1), 0, "H9")["turn"] == 3
    refused(position(HANDS), {"seat": 4, "act": "draw"}, "C3")
    refused(position(HANDS), {"seat": -1, "act": "draw"}, "C3")
    refused(position(HANDS), {"seat": True, "act": "draw"}, "C3")


def test_it_rebuilds_the_draw_pile_from_the_pile_below_the_top_c4() -> None:
    p = position(HANDS, top="H5", pile=["C5", "D5", "S5"], draw="", fill=False)
    after, events = act(p, {"seat": 0, "act": "draw"})
    expected = shuffled(["C5", "D5", "S5"], "mau", 0, "hand", 1, "reshuffle", 1)
    assert after["hands"][0][-1] == expected[0]
    assert after["draw"] == list(expected[1:])
    assert after["pile"] == [{"seat": 0, "cards": ["H5"], "color": "H"}]
    assert after["reshuffles"] == 1
    assert kinds(events) == ["reshuffle", "draw"]
    again = simple(simple(simple(after, 1, "draw"), 2, "draw"), 3, "draw")
    assert again["draw"] == []
    assert again["turn"] == 0


def test_it_counts_an_empty_draw_and_takes_what_there_is_c4() -> None:
    p = position(HANDS, top="H5", draw="", fill=False)
    after, events = act(p, {"seat": 0, "act": "draw"})
    assert after["turn"] == 1
    assert after["hands"][0] == ["H9", "C3", "D3"]
    assert events[0].get("count") == 0
    hit = position(["H7 C3 D3", "D7 D8 D9", "S7 H6", "C5"], top="H5", draw="", fill=False)
    hit = play(play(hit, 0, "H7"), 1, "D7")
    assert hit["pending"] == {"target": 2, "kind": "7", "cards": 4}
    taken, events = act(hit, {"seat": 2, "act": "take"})
    assert len(taken["hands"][2]) == 2 + 2  # H5 and H7 came back from the pile; the rest lapsed
    assert kinds(events) == ["reshuffle", "take"]
    assert events[1].get("count") == 2
    assert taken["turn"] == 3


def test_it_lets_only_the_server_close_a_window_c5() -> None:
    p = play(position(["JK C2", "D9", "H6", "H9"], top="H5"), 0, "JK")
    refused(p, {"seat": 1, "act": "close"}, "C5")
    refused(position(HANDS), {"seat": None, "act": "close"}, "C5")
    assert close(p)["window"] is None


def test_it_opens_a_window_whatever_the_hands_hold_c5() -> None:
    p = play(position(["JK C2", "", "", ""], top="H5"), 0, "JK")
    assert p["window"] == {"kind": "joker", "seats": [1, 3], "from": 0}


def test_it_refuses_a_lost_race_at_no_cost_c6() -> None:
    p = play(position(["H6 C3", "D9", "H6 S4 C4", "H6 C9 D4"], top="H5", rules={"decks": 3}), 0, "H6")
    first = spam(p, 2, "H6")
    # seat 3 was also going to SPAM the H6: a third H6 is fine, but seat 1's draw is no longer its turn
    refused(first, {"seat": 1, "act": "draw"}, "MA3")
    assert first["hands"][1] == ["D9"]


def test_it_resolves_a_hit_without_answer_at_once_c6() -> None:
    p = position(["H7 C3 C4", "D9 D8", "H6", "H9"], top="H5")
    after, events = act(p, {"seat": 0, "act": "play", "cards": ["H7"], "calls": []})
    assert kinds(events) == ["play", "hit", "take"]
    assert after["turn"] == 2


def test_it_writes_exactly_the_named_keys_c7() -> None:
    p = game().write(game().new_game(4, seed=5))
    assert set(p) == POSITION_KEYS | PRIVATE_KEYS
    assert p["variant"] == "mau"
    assert p["rules"] == {}
    assert "must_call" not in p
    assert "totals" not in p
    assert "streak" not in p
    assert "blocked" not in p
    assert game({"two_again": True}).write(game({"two_again": True}).new_game(4, seed=5))["rules"] == {
        "two_again": True
    }


def test_it_refuses_unknown_acts_and_fields_c7() -> None:
    p = position(HANDS, top="H5")
    refused(p, {"seat": 0, "act": "pass"}, "C7")
    refused(p, {"seat": 0, "act": "draw", "cards": ["H9"]}, "C7")
    refused(p, {"seat": 0, "act": "play", "cards": ["H9"], "calls": [], "mau": True}, "C7")
    refused(p, ["seat", 0], "C7")


def test_it_writes_the_game_over_position_c9() -> None:
    p = close(play(position(["H9", "D9", "H6", "H9 C2"], top="H5", offences=[(1, "spade")]), 0, "H9", "mau"))
    assert p["over"] is True
    assert p["winners"] == [0]
    assert (p["turn"], p["pending"], p["window"]) == (None, None, None)
    assert offences(p) == []
    assert p["last_hand"] == {"out": 0, "points": [0, 1, 1, 2]}
    assert (p["seed"], p["hand"], p["dealer"]) == (0, 1, 0)


def test_it_keeps_drawn_null_and_shows_it_as_true_to_others_c10() -> None:
    p = simple(position(HANDS, top="H5"), 0, "draw")
    assert p["drawn"] is None
    hand_built = {**position(HANDS, top="H5"), "drawn": "C2"}
    assert game().view(hand_built, 0)["drawn"] == "C2"
    assert game().view(hand_built, 1)["drawn"] is True
    assert game().view(hand_built, None)["drawn"] is True


def test_it_hides_hands_draw_and_seed_in_views_c11() -> None:
    p = position(HANDS, top="H5", seed="secret")
    seen = game().view(p, 1)
    assert seen["hands"] == [3, ["D9", "D8", "D6"], 3, 3]
    assert seen["draw"] == len(p["draw"])
    assert "seed" not in seen
    assert game().view(p, None)["hands"] == [3, 3, 3, 3]
    over = close(play(position(["H9", "D9", "H6", "H9"], top="H5", seed="secret"), 0, "H9", "mau"))
    assert game().view(over, 2)["seed"] == "secret"
    seen["pile"].append("x")
    assert p["pile"][-1] != "x"


def test_it_uses_seed_0_for_a_position_without_one_c11() -> None:
    p = position(HANDS, top="H5", pile=["C5", "D5", "S5"], draw="", fill=False)
    del p["seed"]
    after, _ = act(p, {"seat": 0, "act": "draw"})
    assert after["hands"][0][-1] == shuffled(["C5", "D5", "S5"], "mau", 0, "hand", 1, "reshuffle", 1)[0]


def test_it_counts_an_automatic_take_as_the_seats_own_act_c12() -> None:
    p = position(["H7 C3 C4", "D9 D8", "H6", "H9"], top="H5", offences=[(1, "spade")])
    after = play(p, 0, "H7")
    assert offences(after) == []  # seat 1's take ended its offence's time (MA14)
    assert after["turn"] == 2
    assert not [a for a in legal(after, 3) if a["act"] == "penalty"]
