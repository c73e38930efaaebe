"""The one-line notation: writing actions, reading them back, and the public log line."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine
from games.engine.ddmau.notation import NotationError, format_action, normalize_action, parse_action, public_line
from tests.engine.ddmau.positions import position

EXAMPLES = [
    ("2: LM G7 G8 G9", {"seat": 2, "act": "play", "cards": ["LM", "G7", "G8", "G9"], "mm": [], "ddmau": False}),
    ("3: draw", {"seat": 3, "act": "draw"}),
    ("1: SM>G DD MAU", {"seat": 1, "act": "play", "cards": ["SM"], "mm": [], "color": "G", "ddmau": True}),
    ("0: MM=S SB", {"seat": 0, "act": "play", "cards": ["MM", "SB"], "mm": ["S"], "ddmau": False}),
    ("0: MM=T>R", {"seat": 0, "act": "play", "cards": ["MM"], "mm": ["T"], "color": "R", "ddmau": False}),
    (
        "4: SY MM=SM>B SM",
        {"seat": 4, "act": "play", "cards": ["SY", "MM", "SM"], "mm": ["SM"], "color": "B", "ddmau": False},
    ),
    ("1: pass", {"seat": 1, "act": "pass"}),
    ("2: take", {"seat": 2, "act": "take"}),
    ("3: block", {"seat": 3, "act": "block"}),
    ("0: catch 2", {"seat": 0, "act": "catch", "target": 2}),
]


@pytest.mark.parametrize(("line", "action"), EXAMPLES, ids=[line for line, _ in EXAMPLES])
def test_it_writes_each_action_as_its_line(line: str, action: dict[str, object]) -> None:
    assert format_action(action) == line


@pytest.mark.parametrize(("line", "action"), EXAMPLES, ids=[line for line, _ in EXAMPLES])
def test_it_reads_each_line_back_as_its_action(line: str, action: dict[str, object]) -> None:
    assert parse_action(line) == action


def test_it_reads_a_play_back_in_the_engines_shape_whatever_keys_it_was_written_with() -> None:
    sparse = {"seat": 1, "act": "play", "cards": ["R5"], "color": None}
    expected = {"seat": 1, "act": "play", "cards": ["R5"], "mm": [], "ddmau": False}
    assert parse_action(format_action(sparse)) == normalize_action(sparse) == expected


def test_it_reads_loose_spelling_the_same_way() -> None:
    assert parse_action("  1 :  sm  >g   dd mau ") == parse_action("1: SM>G DD MAU")
    assert parse_action("0:mm=s sb") == parse_action("0: MM=S SB")
    assert parse_action("draw", seat=3) == {"seat": 3, "act": "draw"}


def test_it_reads_a_shadow_master_play_whose_colour_comes_last() -> None:
    assert parse_action("2: SR SM SM >Y") == {
        "seat": 2,
        "act": "play",
        "cards": ["SR", "SM", "SM"],
        "mm": [],
        "color": "Y",
        "ddmau": False,
    }


@pytest.mark.parametrize(
    ("line", "ruling"),
    [
        ("0: MM SB", "R16"),
        ("0: MM=X", "R16"),
        ("0: X9 R9", "R2"),
        ("0: R14", "R2"),
        ("1: SM>G SM>R", "R39"),
        ("1: SM>P", "R23"),
        ("draw", "R17"),
        ("2: draw 2", "R17"),
        ("2: catch", "R27"),
        ("2: catch me", "R27"),
        ("2: DD MAU", "R10"),
        ("2:", "R17"),
    ],
)
def test_it_refuses_a_line_it_cannot_read_naming_the_ruling(line: str, ruling: str) -> None:
    with pytest.raises(NotationError, match=f"^{ruling}: "):
        parse_action(line)


def test_it_refuses_to_write_a_master_mau_without_its_declaration() -> None:
    with pytest.raises(NotationError, match=r"^R16: "):
        format_action({"seat": 0, "act": "play", "cards": ["MM"], "mm": []})


def _random_position(seed: int, seats: int, steps: int, teams: bool, tournament: bool) -> dict[str, object]:
    rng = random.Random(seed)
    pos = engine.new_game(seats, seed=seed, teams=teams, mode="tournament" if tournament else "standard")
    for _ in range(steps):
        if pos.get("over"):
            break
        pos = engine.apply(pos, rng.choice(engine.legal_actions(pos, pos["turn"])))
    return pos


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    seats=st.integers(2, 10),
    steps=st.integers(0, 150),
    teams=st.booleans(),
    tournament=st.booleans(),
)
def test_it_round_trips_every_legal_action_of_random_positions(
    seed: int, seats: int, steps: int, teams: bool, tournament: bool
) -> None:
    pos = _random_position(seed, seats, steps, teams and seats in (4, 6), tournament)
    for seat in range(seats):
        for action in engine.legal_actions(pos, seat):
            line = format_action(action)
            assert "\n" not in line
            assert parse_action(line) == action, line


def test_it_logs_a_draw_without_the_card_drawn() -> None:
    before = position(["R2 B3", "Y4 Y5"], top="G9", draw="MM SM")
    after = engine.apply(before, {"seat": 0, "act": "draw"})
    assert after["hands"][0] == ["R2", "B3", "MM"]
    line = public_line(engine.view(before, 1), {"seat": 0, "act": "draw"}, engine.view(after, 1))
    assert line == "0: drew 1"
    assert "MM" not in public_line(before, {"seat": 0, "act": "draw"}, after)


def test_it_logs_a_take_with_the_number_picked_up() -> None:
    before = position(["R2 MM", "Y4 Y5 TB"], top="TR", turn=0, streak=2, pending={"target": 0, "kind": "T", "cards": 4})
    action = {"seat": 0, "act": "take"}
    after = engine.apply(before, action)
    assert public_line(before, action) == "0: picked up 4"
    assert public_line(before, action, after) == "0: picked up 4"


def test_it_logs_a_catch_and_its_penalty() -> None:
    assert public_line(
        position(["R2", "Y4 Y5"], top="R9", must_call=0, turn=1), {"seat": 1, "act": "catch", "target": 0}
    ) == ("1: caught 0: draws 1")


def test_it_logs_plays_in_full_with_the_call_and_going_out() -> None:
    before = position(["R2 R3 B3", "Y4 Y5"], top="R9")
    assert public_line(before, {"seat": 0, "act": "play", "cards": ["R3", "B3"], "mm": [], "ddmau": True}) == (
        "0: R3 B3 DD MAU"
    )
    assert public_line(before, {"seat": 0, "act": "play", "cards": ["R2"], "mm": [], "ddmau": True}) == "0: R2"
    last = position(["R2", "Y4 Y5"], top="R9")
    assert public_line(last, {"seat": 0, "act": "play", "cards": ["R2"], "mm": []}) == "0: R2 (out)"
