"""What every game the engine plays provides, and the registry of games by variant key.

A `Rules` object is one game with its house rule options applied. The public facade
(`engine.new_game`, `apply`, `step_position`, `legal_actions`, `view`, ...) only ever talks to
this interface, dispatching on a position's `variant`, so a game is a package of its own
(`games/engine/<variant>/`) holding its cards, options, state, moves, notation and bots, that
registers one `Rules` subclass under its key. Nothing outside that package knows its rules: the
site asks this interface who may act, what a card looks like, which options a table may set,
whether a reaction window is open, and who won.

Every state type is immutable; `step(state, action) -> (state, events)` never changes its input
and refuses an illegal action with `IllegalAction` naming the ruling it breaks. `legal` is built
from the same checks as `step`.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from .events import Event

S = TypeVar("S")
A = TypeVar("A")

# The games of the site, in the order it presents them; each is the package games/engine/<key>/.
KNOWN_VARIANTS: tuple[str, ...] = ("ddmau", "maumau", "mau", "dansk", "emojical")


@dataclass(frozen=True, slots=True)
class Option:
    """One house rule option, described so that a form can be generated from it.

    `kind`: "int", "bool", "choice" (one of `choices`) or "mapping" (an object, e.g. a deck
    table; forms leave it out). `default` None means "depends on the table" (`help` says how).
    """

    key: str
    kind: str
    default: Any
    label: str
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a page needs to draw one card: `name` in words ("Queen of spades", "blue Skip"),
    `short` its corner label ("Q", "7", "⊘"), `colour` a key for styling (a suit or colour letter,
    None for a colourless card), `colour_name` in words, `symbol` a glyph for the colour or suit
    that does not rely on colour alone, `kind` the variant's own kind key, `points` its value."""

    code: str
    name: str
    short: str
    colour: str | None
    colour_name: str | None
    symbol: str
    kind: str
    points: int


class Outcome(NamedTuple):
    """The result of a finished game: `winners`, the 1-based `placings` per seat (ties share a
    place), final `totals` (None where the game keeps no score) and whether a higher total is better."""

    winners: tuple[int, ...]
    placings: tuple[int, ...]
    totals: tuple[int, ...] | None
    higher_wins: bool


class HandResult(NamedTuple):
    """The last finished hand: who went out and each seat's points from it (0 for the winner)."""

    hand: int
    out: int | None
    points: tuple[int, ...]


class Rules(ABC, Generic[S, A]):
    """One game's rules. `S` is its immutable state type, `A` its parsed action type."""

    key: ClassVar[str]
    title: ClassVar[str]  # the game's name as the site shows it
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # where totals are kept, is a higher one better (maumau's point game) or a lower one (DD MAU, dansk)?
    higher_total_wins: ClassVar[bool] = False
    # the house rule options, in the order a form shows them
    option_specs: ClassVar[tuple[Option, ...]] = ()
    # the acts a seat may send while it is not its turn (catch, mau, spam, penalty, jump_in, ...)
    out_of_turn_acts: ClassVar[frozenset[str]] = frozenset()
    # a table's modes: "standard", and "tournament" for a game that puts players out past its
    # target, a tournament table bringing its players' totals along (DD MAU R35)
    modes: ClassVar[tuple[str, ...]] = ("standard",)
    # partnerships: each team's seats by the number of seats (DD MAU R36); empty: none
    team_sizes: ClassVar[Mapping[int, tuple[tuple[int, ...], ...]]] = {}

    # --- the boundary: positions and actions as dicts (NOTATION.md, VARIANTS.md C7) ---
    @abstractmethod
    def read(self, position: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def write(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def read_action(self, state: S, action: Any) -> A:
        """The parsed action; `IllegalAction` (C7, C1, C2, C3...) for a malformed one."""

    @abstractmethod
    def write_action(self, action: A) -> dict[str, Any]: ...

    # --- the game, state to state ---
    @abstractmethod
    def new_game(self, seats: int, *, seed: int | str, **options: Any) -> S:
        """A new game, its first hand dealt; ValueError for bad settings."""

    @abstractmethod
    def step(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The state after a legal action and the public events of the action, in order;
        `IllegalAction` otherwise. Never changes `state`."""

    @abstractmethod
    def legal(self, state: S, seat: int | None) -> list[A]:
        """Everything `seat` may do now, out-of-turn acts included; `None`: the server's own acts
        (the `close` of a reaction window)."""

    @abstractmethod
    def view(self, position: Mapping[str, Any], seat: int | None, *, shared: bool = False) -> dict[str, Any]:
        """What `seat` (None: a spectator) may see: no other hand, no draw pile, no seed (C11).
        `shared`: the position's own public values, not copies, for a reader that changes nothing
        (`view.view_of`)."""

    @abstractmethod
    def card(self, code: str) -> CardFace:
        """How to draw and name `code`; KeyError for a code this game does not have."""

    @abstractmethod
    def notation(self, action: Mapping[str, Any]) -> str:
        """The public one-line notation of an action (for replays and exports)."""

    # --- what the site asks of a position (dicts, no peeking at variant keys outside the game) ---
    def to_act(self, position: Mapping[str, Any]) -> tuple[int, ...]:
        """The seats the game waits for (their clocks run): the seat on turn or the target of a
        hit; empty while a reaction window is open (only the server closes it) and when over."""
        if position.get("over") or position.get("window"):
            return ()
        pending = position.get("pending")
        if pending:
            return (int(pending["target"]),)
        turn = position.get("turn")
        return () if turn is None else (int(turn),)

    def window(self, position: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The open reaction window (C5), or None. The server sends `{"seat": None, "act":
        "close"}` when its time is up."""
        window = position.get("window")
        return window if window else None

    def opens_window(self, events: Sequence[Event]) -> bool:
        """Did the action whose `events` these are open a reaction window (C5)? The window's
        deadline starts then, even when the new window looks just like the one it replaces (a Joker
        SPAMmed on its own player's Joker, a jump-in on one's own card under `self_jump`): compare
        these events, not two positions' `window`. Games with windows override it."""
        return False

    def outcome(self, position: Mapping[str, Any]) -> Outcome | None:
        """Who won and every seat's place once the game is over; None before."""
        if not position.get("over"):
            return None
        winners = tuple(position.get("winners") or ())
        totals = position.get("totals")
        seats = len(position["hands"])
        if totals:
            sign = -1 if self.higher_total_wins else 1
            keys = [(0 if s in winners else 1, sign * totals[s]) for s in range(seats)]
        else:
            # no score: the winners first, then by the cards still held
            keys = [(0 if s in winners else 1, _held(position["hands"][s])) for s in range(seats)]
        placings = tuple(1 + sum(1 for other in keys if other < keys[s]) for s in range(seats))
        return Outcome(winners, placings, tuple(totals) if totals else None, self.higher_total_wins)

    def hand_result(self, position: Mapping[str, Any]) -> HandResult | None:
        """The scoring of the last finished hand (`last_hand`, C9), or None before the first ends."""
        last = position.get("last_hand")
        if not last:
            return None
        hand = int(position.get("hand") or 1)
        if not position.get("over"):
            hand -= 1
        return HandResult(hand, last.get("out"), tuple(last.get("points") or ()))

    def seat_counts(self) -> tuple[int, ...]:
        """The numbers of seats a table of this game may have (with these options)."""
        return tuple(range(self.min_players, self.max_players + 1))

    def option_values(self) -> dict[str, Any]:
        """Every house rule option's value for these rules (defaults included)."""
        return {spec.key: spec.default for spec in self.option_specs}

    # --- what a table may be (the site asks before it opens one) ---
    def house_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """A table's house rule options (keys of `option_specs`) as a position's `rules` keeps them:
        the ones that differ from the defaults. ValueError, saying why, for options that cannot
        work (together)."""
        defaults = {spec.key: spec.default for spec in self.option_specs}
        chosen = {key: value for key, value in rules.items() if value is not None and value != defaults.get(key)}
        get_rules(self.key, chosen or None)  # the game's own checks
        return chosen

    def table_options(self, *, mode: str, teams: bool) -> dict[str, Any]:
        """The keyword options `new_game` takes for a table of `mode` (one of `modes`), played in
        partnerships or not: a game without modes or partnerships takes none."""
        return {}

    def seats_refusal(self, low: int, high: int) -> str:
        """Why a table with a number of seats outside `low` to `high` (the game's and the site's
        limits) is refused."""
        return f"A table of {self.title} has {low} to {high} seats"

    def partnership_refusal(self, seats: int) -> str | None:
        """Why a table of `seats` seats cannot play in partnerships; None when it can."""
        if seats in self.team_sizes:
            return None
        if not self.team_sizes:
            return f"{self.title} is not played in partnerships"
        return f"partnerships need {' or '.join(str(size) for size in sorted(self.team_sizes))} seats"

    # --- out of turn ---
    def may_react(self, position: Mapping[str, Any]) -> bool:
        """Could any seat have an out-of-turn act now? False lets the site skip asking every seat's
        legal actions (a bot's reaction); a game that can tell from the position cheaply says so."""
        return bool(self.out_of_turn_acts)

    def races(self, act: str) -> bool:
        """Does `act`, sent on a view that is no longer the newest, still go to the rules? An
        out-of-turn act races and the first to arrive counts (VARIANTS.md C6); anything else made
        on an old view is stale."""
        return act in self.out_of_turn_acts

    def normalize_action(self, action: Mapping[str, Any]) -> dict[str, Any]:
        """The action as it is stored and replayed: a game may drop keys it ignores or fill in
        defaults; ValueError (or `IllegalAction`) for one it cannot read."""
        return dict(action)

    # --- the dict boundary as the facade calls it; a game may override these with fast paths ---
    def apply_dict(self, position: Mapping[str, Any], action: Any) -> tuple[dict[str, Any], tuple[Event, ...]]:
        """`step` on dicts: the new position and the events. A position this method wrote lately
        and that is unchanged since is not read again (see "Remembered positions" below)."""
        state = _recall(self, position)
        if state is None:
            state = self.read(position)
        after, events = self.step(state, self.read_action(state, action))
        written = self.write(after)
        _remember(self, written, after, state)
        return written, events

    def legal_dicts(self, position: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
        """`legal` on dicts."""
        state = _recall(self, position)
        if state is None:
            state = self.read(position)
        return list(map(self.write_action, self.legal(state, seat)))

    def remembered(self, position: dict[str, Any], state: S, before: S) -> tuple[S, dict[str, Any]] | None:
        """For `apply_dict`, which just wrote `position` from `state`, the result of a step from
        `before` (a state read from a position, or remembered): the state `read(position)` gives,
        and a private copy of the position (equal to it, sharing with it nothing a caller could
        change in place but what that state reads from the position as a read does); None when the
        position is not to be remembered (a read would refuse it, say). The default remembers
        nothing: a game opts in (see "Remembered positions" below)."""
        return None

    def recalled(self, state: S) -> S:
        """A remembered state handed to the rules again: a game whose states keep what they read
        from the position's own objects (a pile read lazily) starts those afresh here."""
        return state

    def describe(self, action: Mapping[str, Any]) -> str:
        """A short description of an action for buttons ("Play the blue 7", "Draw a card");
        games override it with words of their own."""
        return self.notation(action)


def _held(hand: Any) -> int:
    return hand if isinstance(hand, int) else len(hand)


# --- remembered positions ---
#
# Random play, bots and replays call `legal_actions(position, seat)` and then `apply(position,
# action)` on the position the last `apply` returned: reading it (dicts to a state) twice per
# action was most of the cost of the dict path. So `apply_dict` remembers the last few positions it
# wrote, by `id`, with the state a read of each gives and a private copy of it that is never handed
# out (`Rules.remembered`). A position is read from memory only by the rules that wrote it, only if
# it is that very dict, and only if it is equal to its private copy: any change a caller made to
# it since (a key set or removed, a hand or the draw pile changed in place...) makes it a stranger,
# read as any other. The pile's plays are the exception a game may make: a state that reads them
# lazily from the position's own list, as a read does, sees a play changed in place as a read
# would, so the copy holds the same plays (compared by identity, cheaply) in a list of its own.
# Equal is `==`: a caller that swapped a value for an equal one of another type (1.0 for 1) in
# place would get the remembered answer. DD MAU keeps its own memory (ddmau/convert.py).
class PositionMemory:
    """How many positions each memory keeps (this one, and DD MAU's own). Random play and bots read
    again only the newest, and more would only keep garbage alive; a server that shows many tables
    at once writes a round of moves, one per table, then reads each table's newest position for its
    viewers, and keeps as many as a round may hold (`remember_positions`)."""

    at_most = 4
    memories: list[dict[int, Any]] = []

    @classmethod
    def new(cls) -> dict[int, Any]:
        """A memory of positions by `id`, kept to the size above."""
        memory: dict[int, Any] = {}
        cls.memories.append(memory)
        return memory

    @classmethod
    def keep(cls, memory: dict[int, Any], position: Any, entry: Any) -> None:
        """Put `entry` into `memory` under `position`, the oldest entry going if it is full: one
        position freed per position remembered keeps the number of live objects level, where freeing
        them by the batch would set off the cyclic collector."""
        if len(memory) >= cls.at_most:
            del memory[next(iter(memory))]
        memory[id(position)] = entry


def remember_positions(count: int) -> None:
    """Keep the last `count` positions `apply` wrote in each memory (see above); at least one."""
    if count < 1:
        raise ValueError("remember at least one position")
    PositionMemory.at_most = count
    for memory in PositionMemory.memories:
        while len(memory) > count:
            del memory[next(iter(memory))]


_REMEMBERED: dict[int, tuple[dict[str, Any], Rules[Any, Any], Any, dict[str, Any]]] = PositionMemory.new()


def _remember(rules: Rules[S, A], position: dict[str, Any], state: S, before: S) -> None:
    found = rules.remembered(position, state, before)
    if found is not None:
        keep_position(position, rules, found[0], found[1])


def keep_position(position: dict[str, Any], rules: Rules[Any, Any], state: Any, copy: dict[str, Any]) -> None:
    """Remember `position`, which `rules` just wrote, with the state a read of it gives and its
    private copy (see above); a game's own dict path (`apply_dict`) remembers its positions here."""
    PositionMemory.keep(_REMEMBERED, position, (position, rules, state, copy))


def recall_entry(
    rules: Rules[Any, Any], position: Mapping[str, Any]
) -> tuple[dict[str, Any], Rules[Any, Any], Any, dict[str, Any]] | None:
    """What the memory holds of a position `rules` wrote lately, if it is unchanged since (see
    above): (the position, the rules, the state a read of it gives, its private copy). The state is
    as remembered: `Rules.recalled` is not asked (`_recall` asks it)."""
    found = _REMEMBERED.get(id(position))
    if found is None or found[0] is not position or found[1] is not rules or position != found[3]:
        return None
    return found


def _recall(rules: Rules[S, A], position: Mapping[str, Any]) -> S | None:
    """The state of a position `rules` wrote lately, if it is unchanged since (see above)."""
    found = recall_entry(rules, position)
    if found is None:
        return None
    recalled: S = rules.recalled(found[2])
    return recalled


def forget_positions() -> None:
    """Forget every remembered position (tests compare the answers with and without them)."""
    _REMEMBERED.clear()


def known_cards(codes: frozenset[str], hands: Sequence[Sequence[str]], before: Sequence[Sequence[str]]) -> bool:
    """Do all `hands` hold only `codes`, `before`'s hands having been checked already? Only the
    hands that are not the very hands of `before` are looked at (a step leaves the hands it does
    not touch as they were): where a read checks every hand, a remembered state checks these."""
    for hand, old in zip(hands, before, strict=True):
        if hand is not old and not codes.issuperset(hand):
            break
    else:
        return True  # a loop rather than `all(...)` of a generator: this runs on every action
    return False


def json_copy(value: Any) -> Any:
    """A copy of a JSON-shaped value sharing no list or dict with it (for private copies of the
    small parts of a position, see `Rules.remembered`)."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


RulesFactory = Callable[[Mapping[str, Any] | None], Rules[Any, Any]]
_REGISTRY: dict[str, RulesFactory] = {}
# each variant's rules without house rule options, by variant: `rules` None, and `rules` `{}` as
# positions written by `apply` hold it (every position the engine writes asks for these)
_DEFAULTS: dict[str, Rules[Any, Any]] = {}
_DEFAULTS_EMPTY: dict[str, Rules[Any, Any]] = {}


def register(key: str, factory: RulesFactory) -> None:
    """Make a variant available to `get_rules` (and so to positions whose `variant` is `key`)."""
    _REGISTRY[key] = factory
    _DEFAULTS.pop(key, None)
    _DEFAULTS_EMPTY.pop(key, None)


def _load(variant: str) -> RulesFactory | None:
    factory = _REGISTRY.get(variant)
    if factory is None and variant in KNOWN_VARIANTS:
        try:
            importlib.import_module(f"games.engine.{variant}")  # its package registers itself
        except ModuleNotFoundError as missing:
            if missing.name != f"games.engine.{variant}":
                raise
        factory = _REGISTRY.get(variant)
    return factory


def get_rules(variant: str = "ddmau", rules: Mapping[str, Any] | None = None) -> Rules[Any, Any]:
    """The rules of `variant` with the house rule options `rules`; ValueError for an unknown
    variant or a bad option (the message says which and why)."""
    if type(variant) is str:
        if rules is None:
            found = _DEFAULTS.get(variant)
        elif type(rules) is dict and not rules:
            found = _DEFAULTS_EMPTY.get(variant)
        else:
            found = None
        if found is not None:
            return found
    factory = _load(variant) if isinstance(variant, str) else None
    if factory is None:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(variants())}")
    game = factory(rules)
    if type(variant) is str:
        if rules is None:
            _DEFAULTS[variant] = game
        elif type(rules) is dict and not rules:
            _DEFAULTS_EMPTY[variant] = game
    return game


def variants() -> list[str]:
    """The variant keys the engine plays, in the site's order."""
    known = [key for key in KNOWN_VARIANTS if _load(key) is not None]
    return known + sorted(set(_REGISTRY) - set(known))
