"""What an action did, as the engine tells it (events): the log, the table's line, mails and replays
are written from these, so nobody diffs two positions. Also the top card after the game-ending play
and house rules that could never apply (issue 13, findings 5 and 7)."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine
from games.engine.events import render_text
from tests.engine.ddmau.positions import catch, draw, pile_play, play, position, take

NAMES = {0: "Ana", 1: "Ben", 2: "Cleo", 3: "Dev"}


def said(pos: dict[str, Any], action: dict[str, Any]) -> list[str]:
    _, events = engine.step_position(pos, action)
    return [render_text(event, NAMES) for event in events]


def test_it_says_who_picks_up_a_penal_t_hit_and_misses_the_turn() -> None:
    pos = position(["TR R5 G2", "Y3 Y4", "B1 B2"], top="R9")
    assert said(pos, play(0, "TR")) == ["Ana plays TR", "Ben picks up 2 and misses the turn"]


def test_it_says_who_is_skipped_and_that_play_turns_around() -> None:
    pos = position(["SR R5 G2", "Y3 Y4", "B1 B2"], top="R9")
    assert said(pos, play(0, "SR")) == ["Ana plays SR", "Ben is skipped"]
    pos = position(["OR R5 G2", "Y3 Y4", "B1 B2"], top="R9")
    assert said(pos, play(0, "OR")) == ["Ana plays OR", "Play turns around"]


def test_it_says_a_hit_waits_for_a_master_mau_and_a_take_misses_the_turn() -> None:
    pos = position(["TR R5 G2", "MM Y4", "B1 B2"], top="R9")
    after, events = engine.step_position(pos, play(0, "TR"))
    assert [event.kind for event in events] == ["play", "hit"]
    assert events[1].seat == 1
    assert events[1].get("count") == 2
    assert said(after, take(1)) == ["Ben picks up 2 and misses the turn"]


def test_it_says_a_draw_without_the_card_drawn() -> None:
    pos = position(["R5 G2", "Y3 Y4"], top="B9", draw="TY")
    _, events = engine.step_position(pos, draw(0))
    assert [render_text(event, NAMES) for event in events] == ["Ana draws a card"]
    assert "TY" not in repr(events)


def test_it_says_a_catch_and_its_penalty_card() -> None:
    pos = position(["R5", "Y3 Y4", "B1 B2"], top="R9", must_call=0, turn=1)
    assert said(pos, catch(2, 0)) == ["Cleo catches Ana, who did not call DD MAU", "Ana draws 1 penalty card"]


def test_it_says_the_draw_pile_was_rebuilt_when_a_hit_empties_it() -> None:
    pos = position(
        ["TR R5", "Y3 Y4", "B1 B2"],
        top="R9",
        draw=[],
        fill=False,
        pile=[pile_play(1, "R7"), pile_play(2, "R8"), pile_play(2, "R9")],
    )
    kinds = [event.kind for event in engine.step_position(pos, play(0, "TR"))[1]]
    assert kinds == ["play", "reshuffle", "take"]


def test_it_says_who_went_out_with_the_hands_points_and_the_end_of_the_game() -> None:
    pos = position(["R5", "Y3 Y4", "B1 B2"], top="R9", totals=[0, 500, 10], rules={"target": 505})
    after, events = engine.step_position(pos, play(0, "R5"))
    kinds = [event.kind for event in events]
    assert kinds[:2] == ["play", "hand_over"]
    over = events[1]
    assert over.seat == 0
    assert over.get("points") == (-5, 7, 3)
    assert "game_over" in kinds
    assert render_text(events[-1], NAMES) == "The game is over: Ana wins"
    assert after["over"]


def test_it_shows_the_final_play_on_top_once_the_game_is_over() -> None:
    pos = position(["R5", "Y3 Y4", "B1 B2"], top="R9", totals=[0, 500, 10])
    after = engine.apply(pos, play(0, "R5"))
    assert after["over"]
    assert after["top"] == {"card": "R5", "color": "R"}


def test_it_deals_the_next_hand_with_an_event_when_the_game_goes_on() -> None:
    pos = position(["R5", "Y3 Y4", "B1 B2"], top="R9")
    after, events = engine.step_position(pos, play(0, "R5"))
    assert events[-1].kind == "deal"
    assert events[-1].get("hand") == 2
    assert after["hand"] == 2


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"target": 505, "net_low": 600, "net_reset": 350}, "no total could ever land in it"),
        ({"target": 300, "net_low": 200, "net_reset": 250}, "net_reset below net_low"),
    ],
)
def test_it_refuses_a_safety_net_that_could_never_apply(rules: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        engine.new_game(4, seed=1, rules=rules)


def test_it_describes_its_house_rules_for_forms() -> None:
    specs = {spec.key: spec for spec in engine.get_rules("ddmau").option_specs}
    assert specs["target"].default == 505
    assert specs["target"].kind == "int"
    assert specs["shadow_doubles"].choices == ("hand", "total")
    assert all(spec.help for spec in specs.values())
