"""The layout the code keeps: games never imports leagues (it announces; leagues listens), the engine
never imports Django, and no game's rules are named outside its own folders."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(folder: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
        found[str(path.relative_to(ROOT))] = names
    return found


def test_it_keeps_games_free_of_any_import_of_leagues() -> None:
    offenders = {
        path: sorted(name for name in names if name == "leagues" or name.startswith("leagues."))
        for path, names in imported_modules(ROOT / "games").items()
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_it_keeps_the_engine_free_of_django() -> None:
    offenders = {
        path: sorted(name for name in names if name.split(".")[0] in ("django", "channels", "celery"))
        for path, names in imported_modules(ROOT / "games" / "engine").items()
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_it_keeps_each_game_out_of_the_others_packages() -> None:
    games = ("ddmau", "maumau", "mau", "dansk", "emojical")
    engine = ROOT / "games" / "engine"
    for game in games:
        others = {f"games.engine.{other}" for other in games if other != game}
        for path, names in imported_modules(engine / game).items():
            crossing = {name for name in names if any(name == o or name.startswith(o + ".") for o in others)}
            assert not crossing, (path, crossing)
