"""The terminal game: `python -m games.engine.play` prints a whole bot game, hand by hand."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from games.engine.ddmau.notation import parse_action
from games.engine.record import final_position, loads

ROOT = Path(__file__).resolve().parents[2]


def run_play(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.engine.play", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def action_lines(output: str) -> list[str]:
    return [line.split("  [")[0] for line in output.splitlines() if re.match(r"^\d+: ", line)]


def test_it_prints_a_whole_game_with_each_hand_scored(tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    result = run_play(
        "--seats", "4", "--bots", "greedy,random,random,random", "--seed", "1", "--record", str(record_path)
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("DD MAU, 4 seats, seed 1, standard play")
    assert "seat 0 (greedy)" in out
    hands = re.findall(r"^-- Hand (\d+) scored: seat \d \((?:greedy|random)\) went out$", out, re.M)
    assert hands == [str(n) for n in range(1, len(hands) + 1)]
    assert len(hands) >= 2
    assert "final standings:" in out
    assert re.search(r"^winners: seat \d", out, re.M)

    record = loads(record_path.read_text())
    final = final_position(record)
    lines = action_lines(out)
    assert len(lines) == len(record["actions"])
    assert [parse_action(line) for line in lines] == record["actions"]
    standings = dict(re.findall(r"^   seat (\d) \(\w+\)\s+(-?\d+)", out.split("final standings:")[1], re.M))
    assert {int(seat): int(total) for seat, total in standings.items()} == dict(enumerate(final["totals"]))


def test_it_prints_the_same_game_for_the_same_seed() -> None:
    first = run_play("--seats", "3", "--bots", "greedy", "--seed", "7")
    second = run_play("--seats", "3", "--bots", "greedy", "--seed", "7")
    other = run_play("--seats", "3", "--bots", "greedy", "--seed", "8")
    assert first.returncode == second.returncode == other.returncode == 0
    assert first.stdout == second.stdout
    assert first.stdout != other.stdout


def test_it_plays_teams_with_house_rules() -> None:
    result = run_play(
        "--seats", "4", "--bots", "greedy", "--teams", "--rules", "target=200", "net_low=190", "net_reset=100"
    )
    assert result.returncode == 0, result.stderr
    assert "teams: seat 0+seat 2, seat 1+seat 3" in result.stdout
    assert 'house rules: {"net_low": 190, "net_reset": 100, "target": 200}' in result.stdout
    final = result.stdout.split("final standings:")[1]
    totals = [int(total) for total in re.findall(r"^   seat \d \(\w+\)\s+(-?\d+)", final, re.M)]
    assert max(totals) > 200


def test_it_plays_a_tournament_until_one_is_left() -> None:
    result = run_play("--seats", "3", "--bots", "greedy,random,random", "--tournament", "--seed", "2")
    assert result.returncode == 0, result.stderr
    assert "tournament play" in result.stdout
    assert result.stdout.count("  eliminated") >= 1
    assert len(re.findall(r"\(eliminated\)", result.stdout)) >= 1


def test_it_refuses_bad_settings_with_a_message() -> None:
    wrong_count = run_play("--seats", "4", "--bots", "greedy,random")
    assert wrong_count.returncode == 2
    assert "--bots names 2 bots for 4 seats" in wrong_count.stderr
    too_many = run_play("--seats", "11")
    assert too_many.returncode == 2
    assert "R3: DD MAU is for 2 to 10 players" in too_many.stderr
    bad_rule = run_play("--seats", "3", "--rules", "colour=pink")
    assert bad_rule.returncode == 2
    assert "unknown house rule option(s): colour" in bad_rule.stderr
    unknown_bot = run_play("--seats", "2", "--bots", "clever")
    assert unknown_bot.returncode == 2
    assert "unknown bot 'clever'" in unknown_bot.stderr
    # a game's rules say whether it has partnerships and an elimination mode (DD MAU's alone has them)
    no_teams = run_play("--variant", "mau", "--seats", "4", "--teams")
    assert no_teams.returncode == 2
    assert "--teams is DD MAU's" in no_teams.stderr
    no_tournament = run_play("--variant", "dansk", "--seats", "3", "--tournament")
    assert no_tournament.returncode == 2
    assert "--tournament is DD MAU's" in no_tournament.stderr
