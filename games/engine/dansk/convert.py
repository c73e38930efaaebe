"""The boundary: positions and actions as JSON-shaped dicts <-> `State` and `Action`.

A position is trusted as far as cheap checks go (a malformed one raises ValueError). An action
comes from a player and is checked in full: whatever is wrong with it is refused with
`IllegalAction` naming the ruling (C8), never another exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any, TypeGuard

from games.engine.errors import refuse
from games.engine.events import Event
from games.engine.rules import keep_position, recall_entry

from .cards import CHANGE, CODES, COLOUR_NAMES, COLOURS
from .moves import legal_actions
from .options import DEFAULT_OPTIONS, Options
from .state import Action, LastHand, Pending, Pile, State, Top

if TYPE_CHECKING:
    from .game import Dansk

VARIANT = "dansk"
ACTS = ("play", "draw", "take", "catch")
FIELDS: Mapping[str, frozenset[str]] = {
    "play": frozenset({"seat", "act", "cards", "color", "mau"}),
    "draw": frozenset({"seat", "act"}),
    "take": frozenset({"seat", "act"}),
    "catch": frozenset({"seat", "act", "target"}),
}
# NamedTuples built with `tuple.__new__` skip their Python-level `__new__`: every field must be given.
_new = tuple.__new__


def state_from_dict(position: Mapping[str, Any]) -> State:
    """Read a position; ValueError if it is not a Danish Mau Mau one."""
    try:
        return _read(position)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a dansk position: {exc!r}") from exc


def _read(p: Mapping[str, Any]) -> State:
    if p.get("variant", VARIANT) != VARIANT:
        raise ValueError(f"this engine plays variant 'dansk', not {p.get('variant')!r}")
    hands = tuple([tuple(h) for h in p["hands"]])
    draw = tuple(p["draw"])
    # the hands are checked here; the draw pile and the pile below the top when they are drawn from
    if not CODES.issuperset(chain.from_iterable(hands)):
        raise ValueError("unknown card code in a hand")
    raw = p["pile"]
    if not isinstance(raw, list | tuple):
        raise ValueError("the pile must be a list of plays")
    pile = Pile((), list(raw))
    t = p["top"]
    top = None if t is None else _new(Top, (t["card"], t.get("color")))
    if top is not None and (top.card not in CODES or (top.color is not None and top.color not in COLOUR_NAMES)):
        raise ValueError(f"not a top card: {t!r}")
    pend = p.get("pending")
    pending = None if pend is None else _new(Pending, (int(pend["target"]), str(pend["kind"]), int(pend["cards"])))
    n = len(hands)
    totals = p.get("totals")
    winners = p.get("winners")
    last = p.get("last_hand")
    seed = p.get("seed")
    turn = p.get("turn")
    if turn is not None and not (isinstance(turn, int) and 0 <= turn < n):
        raise ValueError(f"turn {turn!r} is not a seat")
    if pending is not None and not 0 <= pending.target < n:
        raise ValueError(f"pending target {pending.target!r} is not a seat")
    return _new(
        State,
        (
            Options.from_rules(p.get("rules")),
            hands,
            draw,
            pile,
            top,
            pending,
            turn,
            -1 if p.get("direction", 1) == -1 else 1,
            p.get("drawn"),
            tuple(p.get("must_call") or ()),
            int(p.get("dealer", 0)),
            (0,) * n if totals is None else tuple(totals),
            0 if seed is None else seed,  # C11: a position without a seed uses 0
            int(p.get("hand", 1)),
            bool(p.get("over", False)),
            None if winners is None else tuple(winners),
            None if last is None else LastHand(int(last["out"]), tuple(last["points"])),
            int(p.get("reshuffles", 0)),
        ),
    )


def state_to_dict(s: State) -> dict[str, Any]:
    """Write a position; ValueError if the pile read with it was malformed (`Pile`)."""
    try:
        return _write(s)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a dansk position: {exc!r}") from exc


def _write(s: State) -> dict[str, Any]:
    (
        options,
        hands,
        draw,
        pile,
        top,
        pending,
        turn,
        direction,
        drawn,
        must_call,
        dealer,
        totals,
        seed,
        hand,
        over,
        winners,
        last,
        reshuffles,
    ) = s
    return {
        "variant": VARIANT,
        "rules": {} if options is DEFAULT_OPTIONS else options.to_rules(),
        "hands": list(map(list, hands)),
        "draw": list(draw),
        "pile": pile.dicts(),
        "top": None if top is None else {"card": top.card, "color": top.color},
        "pending": None
        if pending is None
        else {"target": pending.target, "kind": pending.kind, "cards": pending.cards},
        "turn": turn,
        "window": None,  # C5, C9: this game opens no reaction windows
        "direction": direction,
        "drawn": drawn,
        "must_call": list(must_call),
        "dealer": dealer,
        "totals": list(totals),
        "seed": seed,
        "hand": hand,
        "over": over,
        "winners": None if winners is None else list(winners),
        "last_hand": None if last is None else {"out": last.out, "points": list(last.points)},
        "reshuffles": reshuffles,
    }


def remembered(p: dict[str, Any], s: State, before: State) -> tuple[State, dict[str, Any]]:
    """`Rules.remembered` for a position `p` just written from `s`, a step from `before`: the state a
    read of `p` gives (`s` with the plays of `p`'s pile unread, as `_read` leaves them) and a
    private copy of `p`. What a read checks needs no checking here: the hands hold what `before`'s
    did (checked), cards dealt from the deck and cards drawn, which the rules check as they draw
    them (`_Table.take`); the top is a card played from a hand, or turned from the deck."""
    copy = p.copy()
    copy["pile"] = pile = p["pile"][:]
    copy["rules"] = p["rules"].copy()  # every option is a number, a string or a flag
    copy["hands"] = list(map(list.copy, p["hands"]))
    copy["draw"] = p["draw"][:]
    if (top := p["top"]) is not None:
        copy["top"] = top.copy()
    if (pending := p["pending"]) is not None:
        copy["pending"] = pending.copy()
    copy["must_call"] = p["must_call"][:]
    copy["totals"] = p["totals"][:]
    if (winners := p["winners"]) is not None:
        copy["winners"] = winners[:]
    if (last := p["last_hand"]) is not None:
        copy["last_hand"] = {"out": last["out"], "points": last["points"][:]}
    return _unread(s, pile, before), copy


def _unread(s: State, plays: list[Any], before: State) -> State:
    """`s`, a step from `before`, with `plays` (a private copy's list of the position's own plays) as
    its pile, unread. A pile the step built (a play, a rebuild, a new round) is its own, and `s`
    is never handed out: that pile is set to read `plays` (`Pile.reread`), and `s` is the state."""
    pile = s[3]
    if pile is before[3]:
        return _new(State, (*s[:3], Pile((), plays), *s[4:]))
    pile.reread(plays)
    return s


def _next_copy(p: dict[str, Any], s: State, before: State, copy: dict[str, Any]) -> tuple[State, dict[str, Any]]:
    """`remembered` for a step within a round from `before`, whose position's private copy is
    `copy`: a copy of `copy` with what the step changed set anew, sharing the rest with it (private
    copies are never handed out nor changed). Within a round a step leaves `options` and every field
    from `dealer` to `last_hand` as they were, the very objects (`game._moved`)."""
    own = copy.copy()
    own["pile"] = plays = p["pile"][:]
    own["turn"] = s[6]
    own["direction"] = s[7]
    own["drawn"] = s[8]
    own["reshuffles"] = s[17]
    hands = s[1]
    held = before[1]
    if hands is not held:
        own["hands"] = kept = copy["hands"][:]
        for seat, hand in enumerate(hands):
            if hand is not held[seat]:
                kept[seat] = [*hand]
    if s[2] is not before[2]:
        own["draw"] = [*s[2]]
    if s[4] is not before[4]:
        top = p["top"]
        own["top"] = None if top is None else top.copy()
    if s[5] is not before[5]:
        pending = p["pending"]
        own["pending"] = None if pending is None else pending.copy()
    if s[9] is not before[9]:
        own["must_call"] = [*s[9]]
    return _unread(s, plays, before), own


def _is_int(v: Any) -> TypeGuard[int]:
    return type(v) is int  # not a bool


def action_from_dict(a: Any, seats: int) -> Action:
    """Read and type-check an action (C8 names the ruling for each way it can be wrong)."""
    if type(a) is not dict and not isinstance(a, Mapping):  # the exact type first: it is cheap to ask
        raise refuse("C7", "an action must be an object with a seat and an act")
    act = a.get("act")
    seat = a.get("seat")
    if act == "close":
        raise refuse("C5", "there is no reaction window to close in Danish Mau Mau")
    if not isinstance(act, str) or act not in FIELDS:
        raise refuse("C7", f"unknown act {act!r}: play, draw, take or catch")
    if type(seat) is not int or not 0 <= seat < seats:  # `_is_int`
        raise refuse("C3", f"there is no seat {seat!r} at this table")
    allowed = FIELDS[act]
    if not allowed.issuperset(a):  # then the first field that is not allowed is named
        for key in a:
            if key not in allowed:
                raise refuse("C7", f"a {act} has no field {key!r}")
    if act == "play":
        return _read_play(seat, a)
    if act == "catch":
        target = a.get("target")
        if not _is_int(target) or not 0 <= target < seats:
            raise refuse("C3", f"catch needs the seat to catch as its target, not {target!r}")
        return Action(seat, "catch", target=target)
    return _new(Action, (seat, act, None, None, False, None))


def _read_play(seat: int, a: Mapping[str, Any]) -> Action:
    cards = a.get("cards")
    if type(cards) is not list and not isinstance(cards, list | tuple):
        raise refuse("C2", "a play needs `cards`: a list holding the one card put down")
    if len(cards) != 1:
        raise refuse("C2", f"a play puts down exactly one card, not {len(cards)}")
    card = cards[0]
    if not isinstance(card, str) or card not in CODES:
        raise refuse("C1", f"{card!r} is not a Danish Mau Mau card")
    color = a.get("color")
    if color is not None and (not isinstance(color, str) or color not in COLOURS):
        raise refuse("DK11", f"{color!r} is not a colour: name G, B, R or Y")
    if card != CHANGE:
        color = None  # only a Colour change names a colour; any other card keeps its own
    mau = a.get("mau", False)
    if mau is not False and mau is not True:
        raise refuse("DK12", "mau must be true or false")
    return _new(Action, (seat, "play", card, color, mau, None))


def action_to_dict(a: Action) -> dict[str, Any]:
    seat, act, card, color, mau, target = a
    if act == "play":
        if color is None:
            return {"seat": seat, "act": "play", "cards": [card], "mau": mau}
        return {"seat": seat, "act": "play", "cards": [card], "color": color, "mau": mau}
    if act == "catch":
        return {"seat": seat, "act": "catch", "target": target}
    return {"seat": seat, "act": act}


# --- the dict path (`Rules.apply_dict`, `Rules.legal_dicts`): convert's functions are the methods
# themselves (they take the rules first). Positions are remembered in the engine's shared memory
# (rules.py, "Remembered positions"), as the generic path remembers them, so that `rules.recall_entry`
# and `forget_positions` serve dansk as any other game; what the generic path asks of the rules
# (`recalled`, `read`, `read_action`, `write`, `remembered`) is called here directly ---
def apply_dict(game: Dansk, position: Mapping[str, Any], action: Any) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """`Rules.apply_dict`; the private copy of the next position is made from the private copy of
    the position it came from when that was found in memory (`_next_copy`)."""
    found = recall_entry(game, position)  # a dansk state needs no `recalled`: its pile keeps nothing read
    before: State = state_from_dict(position) if found is None else found[2]
    after, events = game.step(before, action_from_dict(action, len(before.hands)))
    written = state_to_dict(after)
    if found is not None and after[11] is before[11]:  # new totals: a round ended
        state, copy = _next_copy(written, after, before, found[3])
    else:
        state, copy = remembered(written, after, before)
    keep_position(written, game, state, copy)
    return written, events


def legal_dicts(game: Dansk, position: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """`Rules.legal_dicts`, reading the position from memory as `apply_dict` does."""
    found = recall_entry(game, position)
    return list(map(action_to_dict, legal_actions(state_from_dict(position) if found is None else found[2], seat)))
