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
SITE_PACKAGE = "ddmau_site"


def names_a_game(module: str) -> bool:
    """Is `module` one of a game's own (games.engine.ddmau..., games.presenters.dansk, ...ddmau_cards)?
    The project's package, ddmau_site, is named after the site, not the game."""
    return any(part in GAMES or part.split("_")[0] in GAMES for part in module.split(".") if part != SITE_PACKAGE)


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


def game_named(node: ast.AST, constants: frozenset[str] = frozenset()) -> bool:
    """A game's key as a value: "ddmau", a constant holding one (`DDMAU`, `models.DDMAU`), or a
    tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return node.value in GAMES
    if isinstance(node, ast.Name):
        return node.id in constants
    if isinstance(node, ast.Attribute):
        return node.attr in constants
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(game_named(element, constants) for element in node.elts)
    return False


def game_constants(paths: list[Path]) -> frozenset[str]:
    """The names these modules give a game's key at their top level (leagues.models.DDMAU = "ddmau")."""
    names: set[str] = set()
    for path in paths:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None and game_named(node.value):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(target.id for target in targets if isinstance(target, ast.Name))
    return frozenset(names)


def names_of_games(paths: list[Path]) -> list[str]:
    """Where these modules import a game's own modules or compare a variant with a game's name
    (a literal or a constant holding one), "<path> line <n>: <what>"."""
    constants = game_constants(paths)
    named: list[str] = []
    for path in paths:
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [f"{node.module}.{alias.name}" for alias in node.names]  # a module or a name in it
                named += [f"{where} line {node.lineno}: imports {name}" for name in modules if names_a_game(name)][:1]
            elif isinstance(node, ast.Import):
                named += [f"{where} line {node.lineno}: imports {a.name}" for a in node.names if names_a_game(a.name)]
            elif isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                if any(game_named(o, constants) for o in operands) and any(mentions_variant(o) for o in operands):
                    named.append(f"{where} line {node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.Match) and mentions_variant(node.subject):
                named.append(f"{where} line {node.lineno}: match {ast.unparse(node.subject)}")
    return named


def test_it_keeps_the_generic_modules_from_importing_a_game_or_branching_on_its_name() -> None:
    """One game, one place: a generic module asks the game's `Rules` (games/engine/rules.py) or its
    presenter (games/presenters/base.py), never imports a game's own modules nor compares a variant
    with a game's name. A default (a field's, a form's first choice) may name the site's first game."""
    assert len(generic_modules()) > 20
    named = names_of_games(generic_modules())
    assert not named, "generic modules naming a game:\n" + "\n".join(named)


def league_modules() -> list[Path]:
    """leagues' modules (not its migrations): leagues and tournaments of every game."""
    leagues = ROOT / "leagues"
    return sorted(path for path in leagues.rglob("*.py") if "migrations" not in path.parts)


def test_it_keeps_the_leagues_from_branching_on_a_games_name() -> None:
    """A league, a tournament and a result ask the game's `Rules` (does it have the elimination
    "tournament" mode, does it play partnerships?) rather than compare a variant with a game's name,
    a literal or leagues.models.DDMAU; DDMAU may still be a default."""
    assert {"models.py", "forms.py", "actions.py", "game_results.py"} <= {path.name for path in league_modules()}
    assert "DDMAU" in game_constants(league_modules())
    named = names_of_games(league_modules())
    assert not named, "leagues naming a game:\n" + "\n".join(named)


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
