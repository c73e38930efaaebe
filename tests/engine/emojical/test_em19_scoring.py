"""EM19-EM20 and C9: scoring a round, the game's end, outcomes."""

from __future__ import annotations

import pytest

from .helpers import CLOSE, act, apply, kinds, make, play, refused, rules


def test_it_scores_the_other_hands_for_the_rounds_winner() -> None:
    position = make(["Y2", "Y4 T2B CP", "EX SKG G5", "T4"], "Y1", totals=[10, 20, 30, 40])
    position, events = apply(position, play(0, "Y2", maumau=True))
    assert position["last_hand"] == {"out": 0, "points": [0, 75, 75, 50]}
    assert position["totals"] == [210, 20, 30, 40]
    over = next(e for e in events if e.kind == "hand_over")
    assert over.get("points") == (0, 75, 75, 50)
    assert over.get("totals") == (210, 20, 30, 40)
    assert over.seat == 0
    assert rules().hand_result(position) == (1, 0, (0, 75, 75, 50))


def test_it_ends_the_game_when_the_winners_total_reaches_the_target() -> None:
    position = make(["Y2", "Y4 T2B CP", "EX"], "Y1", totals=[430, 490, 0])
    position, events = apply(position, play(0, "Y2", maumau=True))
    assert position["totals"] == [555, 490, 0]
    assert position["over"] is True
    assert position["winners"] == [0]
    assert position["turn"] is None
    assert position["pending"] is None
    assert position["window"] is None
    assert position["must_call"] == []
    assert position["hand"] == 1
    assert kinds(events)[-1] == "game_over"
    assert events[-1].get("winners") == (0,)
    outcome = rules().outcome(position)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.placings == (1, 2, 3)
    assert outcome.higher_wins is True
    assert rules().hand_result(position) == (1, 0, (0, 75, 50))


def test_it_reaches_500_exactly() -> None:
    position = make(["Y2", "G4"], "Y1", totals=[495, 0])
    assert apply(position, play(0, "Y2", maumau=True))[0]["over"] is True


def test_it_plays_to_another_target() -> None:
    position = make(["Y2", "CP CP CP"], "Y1", totals=[100, 0], options={"target": 250})
    assert apply(position, play(0, "Y2", maumau=True))[0]["over"] is True
    position = make(["Y2", "CP CP CP"], "Y1", totals=[100, 0], options={"target": 750})
    assert apply(position, play(0, "Y2", maumau=True))[0]["over"] is False


def test_it_plays_one_round_without_points_with_target_0() -> None:
    r = rules(target=0)
    assert r.write(r.new_game(3, seed=1))["totals"] is None
    position = make(["Y2", "CP CP", "G1"], "Y1", totals=None, options={"target": 0})
    position["totals"] = None
    position, _ = apply(position, play(0, "Y2", maumau=True))
    assert position["over"] is True
    assert position["winners"] == [0]
    assert position["totals"] is None
    assert position["last_hand"] == {"out": 0, "points": [0, 100, 5]}
    outcome = r.outcome(position)
    assert outcome is not None
    assert outcome.placings == (1, 3, 2)  # then by the cards still held
    assert outcome.totals is None


@pytest.mark.parametrize(
    "action",
    [
        {"seat": 1, "act": "play", "cards": ["G4"]},
        {"seat": 1, "act": "draw"},
        {"seat": 1, "act": "mau"},
        {"seat": None, "act": "close"},
        {"seat": 1, "act": "take"},
    ],
)
def test_it_refuses_every_act_once_the_game_is_over(action: dict[str, object]) -> None:
    position, _ = apply(make(["Y2", "G4"], "Y1", totals=[495, 0]), play(0, "Y2", maumau=True))
    refused(position, action, "EM20")
    assert rules().legal(rules().read(position), 1) == []
    assert rules().legal(rules().read(position), None) == []
    assert rules().to_act(position) == ()


def test_it_shows_the_seed_once_the_game_is_over() -> None:
    position = make(["Y2", "G4"], "Y1", totals=[495, 0], seed="abc")
    assert "seed" not in rules().view(position, 0)
    position, _ = apply(position, play(0, "Y2", maumau=True))
    assert rules().view(position, 1)["seed"] == "abc"


def test_it_has_no_outcome_or_hand_result_before_the_end() -> None:
    position = make(["Y2 G3", "G4"], "Y1")
    assert rules().outcome(position) is None
    assert rules().hand_result(position) is None
    assert CLOSE["act"] == "close"
    assert act(0, "pass")["act"] == "pass"
