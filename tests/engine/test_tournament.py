"""Bots against bots over many games of any variant (`python -m games.engine.bots.tournament`)."""

from __future__ import annotations

import pytest

from games.engine.bots.tournament import main, run


@pytest.mark.parametrize(
    ("variant", "rules", "kept"),
    [("maumau", None, False), ("mau", None, False), ("dansk", {"rounds": 1}, True), ("emojical", {"target": 0}, False)],
)
def test_it_plays_a_rotated_line_up_of_any_variant(variant: str, rules: dict[str, int] | None, kept: bool) -> None:
    results = run(["greedy", "random", "random"], 6, 0, variant=variant, rules=rules)
    assert list(results) == ["greedy#0", "random#1", "random#2"]
    assert all(standing.games == 6 for standing in results.values())
    assert sum(standing.wins for standing in results.values()) == pytest.approx(6)
    assert all((standing.average_total is not None) == kept for standing in results.values())


def test_it_prints_the_win_rates_of_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--variant", "maumau", "--games", "4", "--bots", "greedy,random", "--rules", "mode=points", "target=5"])
    out = capsys.readouterr().out
    assert out.startswith("maumau: 4 games, 2 seats, line-up greedy,random (rotated), seed 0, house rules")
    assert "greedy#0" in out
    assert "fair share of wins per seat: 50.0%" in out


def test_it_refuses_a_table_the_variant_cannot_seat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--variant", "maumau", "--games", "1", "--bots", "greedy,random,random,random,random"])
    assert "Mau-Mau seats 2, 3, 4 players, not 5" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--variant", "mau", "--games", "1", "--tournament"])
    assert "--tournament is DD MAU's" in capsys.readouterr().err
