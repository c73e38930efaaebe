"""C10-C11: what each seat may see."""

from __future__ import annotations

import pytest

from .helpers import act, make, play, rules


def test_it_shows_other_hands_as_counts_and_the_draw_as_its_length_c11() -> None:
    position = make(["S9 H9", "SQ D8 DA"], "SK")
    seen = rules().view(position, 1)
    assert seen["hands"] == [2, ["SQ", "D8", "DA"]]
    assert seen["draw"] == len(position["draw"])
    assert "seed" not in seen
    spectator = rules().view(position, None)
    assert spectator["hands"] == [2, 3]


def test_it_shows_the_seed_once_the_game_is_over_c11() -> None:
    over = play(make(["SK", "SQ D8 DA"], "S9", seed="secret"), 0, "SK")
    assert rules().view(over, 1)["seed"] == "secret"
    assert rules().view(over, None)["seed"] == "secret"


def test_it_shows_the_drawn_card_to_the_drawer_only_c10() -> None:
    position = act(make(["S9 H9", "SQ D8 DA", "C9"], "SK", draw_first="CA"), 0, "draw")
    assert position["drawn"] == "CA"
    assert rules().view(position, 0)["drawn"] == "CA"
    assert rules().view(position, 1)["drawn"] is True
    assert rules().view(position, None)["drawn"] is True
    assert rules().view(make(["S9", "D8"], "SK"), 1)["drawn"] is None


def test_it_keeps_public_things_public() -> None:
    position = make(["S9 H9", "SQ D8 DA"], "SK", must_call=[], emptied=[], caught=[1])
    seen = rules().view(position, 0)
    for key in ("pile", "top", "pending", "turn", "must_call", "dealer", "totals", "caught", "emptied", "reshuffles"):
        assert seen[key] == position[key]


def test_it_does_not_change_the_position_when_a_view_changes() -> None:
    position = make(["S9 H9", "SQ D8 DA"], "SK")
    seen = rules().view(position, 0)
    seen["pile"][0]["cards"].append("X")
    seen["hands"][0].append("X")
    assert position["pile"][0]["cards"] == ["SK"]
    assert position["hands"][0] == ["S9", "H9"]


@pytest.mark.parametrize("seat", [2, -1, True, "0"])
def test_it_refuses_a_view_for_a_seat_that_is_not_at_the_table(seat: object) -> None:
    with pytest.raises(ValueError, match="no seat"):
        rules().view(make(["S9", "D8"], "SK"), seat)  # type: ignore[arg-type]
