"""The package's own decisions where VARIANTS.md is silent (games/engine/mau/__init__.py, "Decisions")."""

from __future__ import annotations

from .helpers import act, game, legal, offences, play, position, simple


def test_it_ends_every_offence_of_the_final_card_when_its_window_closes() -> None:
    p = play(position(["S9", "D9 D8", "H6 H4", "C9 C2"], top="S5"), 0, "S9")
    assert offences(p) == [(0, "spade"), (0, "mau")]
    reopened = simple(p, 1, "penalty", target=0, reason="mau")
    assert offences(reopened) == []
    assert reopened["penalised"] == []


def test_it_takes_a_new_slow_mark_after_a_penalised_one() -> None:
    p = position(["H9 C3", "D9 D8", "H6 H4"], top="H5", rules={"slow_s": 4})
    fined = simple(simple(p, None, "slow", target=0), 1, "penalty", target=0, reason="slow")
    assert fined["penalised"] == [{"seat": 0, "reason": "slow"}]
    again = simple(fined, None, "slow", target=0)
    assert (again["slow"], again["penalised"]) == (0, [])
    assert len(simple(again, 2, "penalty", target=0, reason="slow")["hands"][0]) == 4


def test_it_does_not_end_the_callers_own_offences_with_a_penalty() -> None:
    p = position(["H9 C3", "D9 D8", "H6 H4"], top="H5", offences=[(1, "spade"), (2, "last_card")], turn=0)
    after = simple(p, 1, "penalty", target=2, reason="last_card")
    assert offences(after) == [(1, "spade")]


def test_it_orders_calls_canonically_and_reads_missing_calls_as_none() -> None:
    p = position(["S9 C3", "D9 D8", "H6 H4"], top="S5")
    g = game()
    state = g.read(p)
    parsed = g.read_action(state, {"seat": 0, "act": "play", "cards": ["S9"], "calls": ["last_card", "spade"]})
    assert g.write_action(parsed)["calls"] == ["spade", "last_card"]
    after, _ = act(p, {"seat": 0, "act": "play", "cards": ["S9"]})
    assert offences(after) == [(0, "spade"), (0, "last_card")]


def test_it_reads_a_position_without_started_or_skips() -> None:
    p = position(["H9 C3", "D9 D8", "H8 H4"], top="H8", turn=0)
    del p["started"], p["skips"]
    state = game().read(p)
    assert state.started is True
    assert state.skips == 1
    assert simple(p, 2, "spam", cards=["H8"], calls=["last_card"])["skips"] == 2


def test_it_lists_a_forgotten_call_beside_the_true_one() -> None:
    p = position(["S9 C3 C4", "D9 D8", "H6 H4"], top="S5")
    assert legal(p, 0)[:2] == [
        {"seat": 0, "act": "play", "cards": ["S9"], "calls": ["spade"]},
        {"seat": 0, "act": "play", "cards": ["S9"], "calls": []},
    ]
