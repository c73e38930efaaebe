"""Every example and situation the seed rulebook (seeds/001) gives, and VARIANTS.md's example action."""

from __future__ import annotations

from .helpers import act, apply, deck, kinds, legal, make, play


def test_it_lets_any_spade_or_queen_follow_the_queen_of_spades() -> None:
    for card in deck():
        if card == "SQ":
            continue
        position = make([[card, "H9" if card != "H9" else "D9"], ["C9" if card != "C9" else "D10"]], "SQ")
        playable = any(a["act"] == "play" and a["cards"] == [card] for a in legal(position, 0))
        expected = card[0] == "S" or card[1:] == "Q" or card[1:] == "J"  # Jacks go on anything (MM9)
        assert playable == expected, card


def test_it_makes_a_player_who_will_not_play_draw_one_and_maybe_play_it() -> None:
    position = make(["HQ D8", "C9 D9"], "SK", draw_first="S10")
    drew = act(position, 0, "draw")
    played = play(drew, 0, "S10")
    assert played["top"]["card"] == "S10"
    assert played["hands"][0] == ["HQ", "D8"]


def test_it_shuffles_all_but_the_top_card_into_a_new_draw_pile() -> None:
    pile = [(1, "D9", "D"), (0, "DK", "D"), (1, "SK", "S")]
    position = make(["S9 H9", "SQ D8 DA"], "SK", turn=0, pile=pile, draw="", rest_to=1)
    after, events = apply(position, {"seat": 0, "act": "draw"})
    assert "reshuffle" in kinds(events)
    assert after["pile"] == [{"seat": 1, "cards": ["SK"], "color": "S"}]
    assert sorted([*after["draw"], after["hands"][0][-1]]) == ["D9", "DK"]


def test_it_lets_mau_be_said_before_or_after_the_penultimate_card() -> None:
    before = play(make(["S9 HQ", "C9 DK D8"], "SQ"), 0, "S9", mau=True)
    assert before["must_call"] == []
    after = act(play(make(["S9 HQ", "C9 DK D8"], "SQ"), 0, "S9"), 0, "mau")
    assert after["must_call"] == []
    assert before["hands"] == after["hands"]


def test_it_makes_a_player_caught_forgetting_draw_a_card_and_play_on() -> None:
    position = play(make(["S9 HQ", "C9 SK D8"], "SQ"), 0, "S9")
    caught = act(position, 1, "catch", target=0)
    assert len(caught["hands"][0]) == 2
    played = play(caught, 1, "SK")
    assert played["turn"] == 0
    assert any(a["act"] in ("play", "draw") for a in legal(played, 0))


def test_it_penalises_an_overzealous_mau_click() -> None:
    position = make(["S9 HQ D9", "C9 SK D8"], "SQ")
    clicked = act(position, 0, "mau")
    assert len(clicked["hands"][0]) == 4


def test_it_makes_a_last_seven_answered_by_every_opponent_cost_its_player_cards() -> None:
    position = make(["S7", "C7 C9", "D7 DK", "H7 HK"], "S9", turn=0)
    position = play(position, 0, "S7")
    position = play(position, 1, "C7", mau=True)
    position = play(position, 2, "D7", mau=True)
    after, events = apply(position, {"seat": 3, "act": "play", "cards": ["H7"], "mau": True})
    assert kinds(events)[-1] == "take"
    assert len(after["hands"][0]) == 8
    assert after["over"] is False


def test_it_lets_a_player_win_with_the_last_card_otherwise() -> None:
    after = play(make(["SK", "C9 SQ"], "S9"), 0, "SK")
    assert after["winners"] == [0]


def test_it_crowns_the_first_player_out_in_the_solo_game() -> None:
    after = play(make(["SK", "C9", "D9"], "S9"), 0, "SK")
    assert after["over"] is True
    assert after["winners"] == [0]
    assert after["totals"] is None


def test_it_scores_a_point_per_card_the_opponents_hold_with_targets_10_17_25() -> None:
    position = make(["SK", "C9 D9", "DA HA H9"], "S9", totals=[0, 0, 0], rules_={"mode": "points"})
    after = play(position, 0, "SK")
    assert after["totals"] == [5, 0, 0]
    from games.engine.maumau.options import DEFAULT_OPTIONS

    assert [DEFAULT_OPTIONS.target_for(n) for n in (2, 3, 4)] == [10, 17, 25]


def test_it_accepts_the_example_action_of_variants_md() -> None:
    position = make(["HK D9", "HJ C9", "DA S9", "CA C10 S8"], "HQ", turn=1)
    example = {"seat": 1, "act": "play", "cards": ["HJ"], "color": "S", "mau": True}
    assert example in legal(position, 1)
    after, events = apply(position, example)
    assert after["top"] == {"card": "HJ", "color": "S"}
    assert after["must_call"] == []
    assert kinds(events) == ["play", "mau", "color"]
