"""VARIANTS.md `mau`, "Ambiguities resolved", bullet by bullet."""

from __future__ import annotations

from .helpers import close, game, offences, play, position, refused, simple, spam


def test_it_plays_with_two_decks_and_no_spam_with_one() -> None:
    assert game().option_values()["decks"] == 2
    assert len(game().new_game(2, seed=1).draw) == 108 - 14 - 1
    one = position(["C2", "JK"], top=("JK", None), turn=0, rules={"decks": 1})
    refused(one, {"seat": 1, "act": "spam", "cards": ["JK"], "calls": []}, "MA10")


def test_it_deals_seven_as_a_house_rule() -> None:
    assert game().option_values()["hand_size"] == 7
    assert len(game({"hand_size": 3}).new_game(4, seed=1).hands[0]) == 3


def test_it_resolves_who_acts_first_after_a_joker_with_a_window() -> None:
    p = play(position(["JK C3", "D9 D8", "H6", "H9 C2"], top="H5"), 0, "JK")
    assert p["window"]["kind"] == "joker"
    assert simple(p, 3, "draw")["turn"] == 2
    assert close(p)["turn"] == 1


def test_it_requires_the_jacks_suit_from_its_player() -> None:
    refused(position(["HJ C3", "D9"], top="H5"), {"seat": 0, "act": "play", "cards": ["HJ"], "calls": []}, "MA7")


def test_it_only_flips_the_direction_for_an_ace_with_two_players() -> None:
    after = play(position(["HA C3", "D9"], top="H5"), 0, "HA")
    assert (after["direction"], after["turn"]) == (-1, 1)


def test_it_limits_offences_to_the_offenders_next_action_or_the_final_window() -> None:
    p = play(position(["S9 C3 D3", "S2 D9", "C4", "C5"], top="S5"), 0, "S9")
    assert offences(p) == [(0, "spade")]
    out = play(position(["S9", "D9", "C4", "C5"], top="S5"), 0, "S9")
    assert offences(out) == [(0, "spade"), (0, "mau")]
    assert offences(close(out)) == []


def test_it_keeps_untrue_calls_free_but_the_going_out_calls_exclusive() -> None:
    p = position(["H9 C3 D3", "D9", "C4", "C5"], top="H5")
    assert offences(play(p, 0, "H9", "last_card", "spade")) == []
    out = position(["H9", "D9", "C4", "C5"], top="H5")
    assert offences(play(out, 0, "H9", "mau", "oom_papa_mau_mau")) == [(0, "mau")]


def test_it_skips_one_more_than_the_covered_eight() -> None:
    p = play(position(["H8 C3", "D9", "H8 C4", "C5", "C6"], top="H5"), 0, "H8")
    assert spam(p, 2, "H8")["turn"] == 0  # 3 and 4 skipped


def test_it_treats_the_player_with_extra_turns_as_the_next_player() -> None:
    p = position(["C2 C7 D7 C8 JK D9", "D9 D7", "C4", "C5"], top="C5", rules={"two_again": True}, extra=2)
    seven = play(p, 0, "C7")  # one extra turn left after the play: the hit is its own
    assert seven["pending"] == {"target": 0, "kind": "7", "cards": 2}
    eight = play(p, 0, "C8")  # one extra turn used by the play, the other skipped
    assert (eight["turn"], eight["extra"]) == (1, 0)
    joker = play(p, 0, "JK")
    assert (joker["window"], joker["turn"], joker["extra"]) == (None, 0, 1)


def test_it_ends_the_game_after_one_hand() -> None:
    p = close(play(position(["H9", "D9", "C4", "C5"], top="H5"), 0, "H9", "mau"))
    assert (p["over"], p["winners"], p["hand"]) == (True, [0], 1)
