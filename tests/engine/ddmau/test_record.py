"""Game records: a whole game replays to the same final position; a corrupt record is refused by step."""

from __future__ import annotations

import copy
import json

import pytest

from games.engine.bots import get_bot
from games.engine.bots.arena import PlayedGame, play_game
from games.engine.ddmau.notation import format_action
from games.engine.record import FORMAT, RecordError, dumps, final_position, loads, new_record, replay


@pytest.fixture(scope="module")
def played() -> PlayedGame:
    bots = [get_bot("greedy"), get_bot("random", seed=1), get_bot("greedy"), get_bot("random", seed=2)]
    return play_game(bots, seed="record-test")


def test_it_replays_a_whole_game_to_the_same_final_position(played: PlayedGame) -> None:
    record = new_record(played.initial, played.actions)
    assert record["format"] == FORMAT
    final = final_position(record)
    assert final == played.final
    assert final["over"] is True
    assert final["hand"] > 1


def test_it_lists_the_initial_position_and_one_position_per_action(played: PlayedGame) -> None:
    positions = replay(new_record(played.initial, played.actions[:25]))
    assert len(positions) == 26
    assert positions[0] == played.initial


def test_it_survives_a_trip_through_json_text(played: PlayedGame) -> None:
    text = dumps(new_record(played.initial, played.actions))
    assert json.loads(text)["format"] == "ddmau-record/1"
    assert final_position(loads(text)) == played.final


def test_it_replays_actions_written_as_notation_lines(played: PlayedGame) -> None:
    lines = [format_action(action) for action in played.actions]
    assert final_position({"format": FORMAT, "initial": played.initial, "actions": lines}) == played.final


def test_it_refuses_a_record_with_an_illegal_step_naming_the_step(played: PlayedGame) -> None:
    actions = copy.deepcopy(played.actions)
    before_tenth = replay(new_record(played.initial, actions[:9]))[-1]
    actions[9] = {"seat": (before_tenth["turn"] + 1) % 4, "act": "pass"}  # not that seat's turn
    with pytest.raises(RecordError, match=r"^step 10 \(\d: pass\): R17: it is not your turn"):
        final_position(new_record(played.initial, actions))


def test_it_refuses_a_record_with_an_unreadable_line_naming_the_step(played: PlayedGame) -> None:
    lines = [format_action(action) for action in played.actions[:5]] + ["2: MM G7"]
    with pytest.raises(RecordError, match=r"^step 6 \('2: MM G7'\): R16: "):
        replay({"format": FORMAT, "initial": played.initial, "actions": lines})


def test_it_refuses_a_corrupt_initial_position(played: PlayedGame) -> None:
    initial = copy.deepcopy(played.initial)
    del initial["hands"]
    with pytest.raises(RecordError, match=r"^step 1 "):
        final_position(new_record(initial, played.actions[:3]))


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"format": "ddmau-record/9", "initial": {}, "actions": []}, "unknown record format"),
        ({"format": FORMAT, "actions": []}, "no initial position"),
        ({"format": FORMAT, "initial": {}, "actions": "1: draw"}, "no list of actions"),
        ({"format": FORMAT, "initial": {}, "actions": [7]}, "step 1: an action is an object"),
    ],
)
def test_it_refuses_what_is_not_a_record(record: dict[str, object], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_it_refuses_text_that_is_not_json() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        loads("{format: ddmau")
