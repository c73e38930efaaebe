"""The layout the code keeps: games never imports leagues (it announces; leagues listens), the engine
never imports Django, and no game's rules are named outside its own folders."""

from __future__ import annotations

import ast
import re
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


GAMES = ("ddmau", "maumau", "mau", "dansk", "emojical")


def names_a_game(module: str) -> bool:
    """Is `module` one of a game's own (games.engine.ddmau..., games.presenters.dansk, ...ddmau_cards)?"""
    return any(part in GAMES or part.split("_")[0] in GAMES for part in module.split("."))


def generic_modules() -> list[Path]:
    """The site's modules every game shares: the table, clock, log, socket, mails, replays, bots'
    scheduling, models, actions, views, the template tags and the presenters' base (not the engine,
    whose facade keeps DD MAU's older names, nor a game's own presenter or tags)."""
    games = ROOT / "games"
    found = [*games.glob("*.py"), *(games / "templatetags").glob("*.py")]
    found += [games / "presenters" / "__init__.py", games / "presenters" / "base.py"]
    return sorted(path for path in found if not names_a_game(path.stem))


def mentions_variant(node: ast.AST) -> bool:
    return any(
        (isinstance(inner, ast.Name) and "variant" in inner.id)
        or (isinstance(inner, ast.Attribute) and "variant" in inner.attr)
        or (isinstance(inner, ast.Constant) and inner.value == "variant")
        for inner in ast.walk(node)
    )


def game_named(node: ast.AST) -> bool:
    """A game's key as a value: "ddmau", or a tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return node.value in GAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(game_named(element) for element in node.elts)
    return False


def test_it_keeps_the_generic_modules_from_importing_a_game_or_branching_on_its_name() -> None:
    """One game, one place: a generic module asks the game's `Rules` (games/engine/rules.py) or its
    presenter (games/presenters/base.py), never imports a game's own modules nor compares a variant
    with a game's name. A default (a field's, a form's first choice) may name the site's first game."""
    assert len(generic_modules()) > 20
    offenders: dict[str, list[str]] = {}
    for path in generic_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = offenders.setdefault(str(path.relative_to(ROOT)), [])
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [f"{node.module}.{alias.name}" for alias in node.names]  # a module or a name in it
                found += [f"line {node.lineno}: imports {name}" for name in modules if names_a_game(name)][:1]
            elif isinstance(node, ast.Import):
                found += [f"line {node.lineno}: imports {a.name}" for a in node.names if names_a_game(a.name)]
            elif isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                if any(game_named(o) for o in operands) and any(mentions_variant(o) for o in operands):
                    found.append(f"line {node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.Match) and mentions_variant(node.subject):
                found.append(f"line {node.lineno}: match {ast.unparse(node.subject)}")
    named = [f"{path} {line}" for path, lines in offenders.items() for line in lines]
    assert not named, "generic modules naming a game:\n" + "\n".join(named)


def generic_templates() -> list[Path]:
    """The site's templates every game shares: the table's, the replay's, the mails' and the leagues'
    (with their mails); a game's own are under games/variants/<game>/."""
    templates = ROOT / "templates"
    paths = [path for path in (templates / "games").glob("*.*") if path.is_file()]
    paths += [path for path in (templates / "emails").glob("*.*") if path.is_file()]
    paths += [path for path in (templates / "leagues").rglob("*.*") if path.is_file()]
    return sorted(paths)


def test_it_keeps_the_generic_templates_from_branching_on_a_game_name() -> None:
    """A generic template asks the game's rules or presenter (a league's `plays_partnerships`, a
    hand summary's `multiplier_words`) rather than comparing a variant with a game's name."""
    paths = generic_templates()
    assert {"replay.html", "hand_result.txt", "detail.html", "tournament_form.html"} <= {path.name for path in paths}
    names = "|".join(GAMES)
    branch = re.compile(
        rf"""variant\w*\s*(?:==|!=)\s*["'](?:{names})["']|["'](?:{names})["']\s*(?:==|!=)\s*[\w.]*variant"""
    )
    offenders = {str(path.relative_to(ROOT)): branch.findall(path.read_text(encoding="utf-8")) for path in paths}
    assert {path: found for path, found in offenders.items() if found} == {}


# A game's own words, which its presenter (games/presenters/<game>.py) says: its cards' names and
# the names of its own ways of scoring.
GAME_WORDS = {
    "ddmau": ("Shadow Master", "Master Mau", "Penal T", "Just Take Two", "Link Master", "Other Way Mae"),
    "maumau": ("point game",),
}


def test_it_keeps_a_games_own_words_out_of_the_generic_templates() -> None:
    """A hand's "Shadow Master" multiplier is DD MAU's to say (its presenter's `multiplier_words`),
    not the replay's or a mail's; a league's note on games without a score is its game's presenter's."""
    offenders = {
        str(path.relative_to(ROOT)): [
            f"{game}: {word}"
            for game, words in GAME_WORDS.items()
            for word in words
            if word.lower() in path.read_text(encoding="utf-8").lower()
        ]
        for path in generic_templates()
    }
    assert {path: found for path, found in offenders.items() if found} == {}
