"""The boundary: `mau` positions and actions as JSON-shaped dicts <-> `State` and `Action`.

Reading a position trusts its structure as far as cheap checks go (a malformed one raises
ValueError). Reading an action checks everything, since actions come from players: whatever is
wrong with one is refused with `IllegalAction` naming the ruling (C8), never another exception.

Pile entries are shared, not copied (see `state.py`): a position written here holds the same entry
dicts as the position it was read from. Positions are values; nothing here changes one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any, TypeGuard

from ..errors import refuse
from ..events import Event
from ..rules import json_copy, keep_position, known_cards, recall_entry
from .calls import CALL_ORDER, REASONS
from .cards import CODES, RANK, SUITS
from .legal import legal_actions
from .moves import step
from .options import DEFAULT_OPTIONS, Options
from .state import Action, Held, LastHand, Offence, Pending, State, Window, bare_action

if TYPE_CHECKING:
    from .game import Mau

VARIANT = "mau"
SUIT_SET = frozenset(SUITS)
# the fields each act may carry besides `seat` and `act` (C7)
FIELDS: Mapping[str, frozenset[str]] = {
    "start": frozenset(("calls", "color")),
    "play": frozenset(("cards", "color", "calls")),
    "spam": frozenset(("cards", "calls")),
    "draw": frozenset(),
    "take": frozenset(),
    "penalty": frozenset(("target", "reason")),
    "close": frozenset(),
    "slow": frozenset(("target",)),
}
SERVER_ACTS = frozenset(("close", "slow"))
_new = tuple.__new__  # a NamedTuple without its Python-level __new__: every field given, in order


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# --- positions ---
def read_state(p: Mapping[str, Any]) -> State:
    """A position as a `State`; ValueError if it is not a `mau` position."""
    try:
        return _read_state(p)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a mau position: {exc!r}") from exc


def _read_state(p: Mapping[str, Any]) -> State:
    if p.get("variant", VARIANT) != VARIANT:
        raise ValueError(f"this engine plays variant 'mau', not {p.get('variant')!r}")
    hands = tuple([tuple(h) for h in p["hands"]])
    draw = tuple(p["draw"])
    # the hands are checked on every read; the draw pile, the engine's own, as its cards reach one
    if not CODES.issuperset(chain.from_iterable(hands)):
        raise ValueError(f"unknown card code(s): {sorted(set(chain.from_iterable(hands)) - CODES)}")
    n = len(hands)
    top_d = p["top"]
    top = top_d["card"]
    color = top_d.get("color")
    if top not in CODES or (color is not None and color not in SUIT_SET):
        raise ValueError(f"not a top card: {top_d!r}")
    pile = tuple(p["pile"])
    pend = p.get("pending")
    pending = None if pend is None else _new(Pending, (_seat(pend["target"], n), int(pend["cards"])))
    win = p.get("window")
    offences = p.get("offences")
    penalised = p.get("penalised")
    last = p.get("last_hand")
    winners = p.get("winners")
    held = p.get("held")
    skips = p.get("skips")
    turn = p.get("turn")
    slow = p.get("slow")
    return _new(
        State,
        (
            Options.from_rules(p.get("rules")),
            hands,
            draw,
            pile,
            top,
            color,
            pending,
            None if turn is None else _seat(turn, n),
            -1 if p.get("direction", 1) == -1 else 1,
            p.get("drawn"),
            p.get("started", True) is not False,
            None if win is None else _read_window(win, n),
            int(p.get("run", 1)),
            int(skips) if skips is not None else (1 if RANK[top] == "8" else 0),
            int(p.get("extra", 0)),
            () if not offences else tuple([_read_offence(o, n) for o in offences]),
            None if slow is None else _seat(slow, n),
            int(p.get("dealer", 0)),
            p.get("seed", 0),
            int(p.get("hand", 1)),
            bool(p.get("over", False)),
            None if winners is None else tuple(winners),
            None if last is None else LastHand(int(last["out"]), tuple(last["points"])),
            int(p.get("reshuffles", 0)),
            () if not penalised else tuple([_read_offence(o, n) for o in penalised]),
            None if held is None else _read_held(held, n),
        ),
    )


def _seat(value: Any, n: int) -> int:
    if not _is_int(value) or not 0 <= value < n:
        raise ValueError(f"there is no seat {value!r}")
    return int(value)


def _read_window(w: Mapping[str, Any], n: int) -> Window:
    kind = w["kind"]
    if kind == "joker":
        return Window("joker", tuple(_seat(s, n) for s in w["seats"]), _seat(w["from"], n))
    if kind == "final":
        seat = _seat(w["seat"], n)
        return Window("final", (seat,), seat)
    raise ValueError(f"unknown window kind {kind!r}")


def _read_offence(o: Mapping[str, Any], n: int) -> Offence:
    reason = o["reason"]
    if reason not in REASONS:
        raise ValueError(f"unknown offence {reason!r}")
    return Offence(_seat(o["seat"], n), reason)


def _read_held(h: Mapping[str, Any], n: int) -> Held:
    pend = h.get("pending")
    win = h.get("window")
    turn = h.get("turn")
    return Held(
        None if turn is None else _seat(turn, n),
        -1 if h.get("direction", 1) == -1 else 1,
        None if pend is None else Pending(_seat(pend["target"], n), int(pend["cards"])),
        None if win is None else _read_window(win, n),
        int(h.get("extra", 0)),
    )


def write_state(s: State) -> dict[str, Any]:
    """The position of a `State`: VARIANTS.md's keys, then the engine's own."""
    (
        options,
        hands,
        draw,
        pile,
        top,
        color,
        pending,
        turn,
        direction,
        drawn,
        started,
        window,
        run,
        skips,
        extra,
        offences,
        slow,
        dealer,
        seed,
        hand,
        over,
        winners,
        last,
        reshuffles,
        penalised,
        held,
    ) = s
    # a copy of a template of the keys, then the values set one by one: a dict literal this big is
    # built one insertion at a time, growing as it goes, at a quarter more of the cost
    p = _POSITION.copy()
    p["rules"] = {} if options is DEFAULT_OPTIONS else options.to_rules()
    p["hands"] = list(map(list, hands))
    p["draw"] = list(draw)
    p["pile"] = list(pile)
    p["top"] = {"card": top, "color": color}
    if pending is not None:
        p["pending"] = {"target": pending.target, "kind": "7", "cards": pending.cards}
    p["turn"], p["direction"], p["drawn"], p["started"] = turn, direction, drawn, started
    if window is not None:
        p["window"] = write_window(window)
    p["run"], p["skips"], p["extra"] = run, skips, extra
    p["offences"] = [{"seat": o.seat, "reason": o.reason} for o in offences] if offences else []
    p["slow"], p["dealer"], p["seed"], p["hand"], p["over"] = slow, dealer, seed, hand, over
    if winners is not None:
        p["winners"] = list(winners)
    if last is not None:
        p["last_hand"] = {"out": last.out, "points": list(last.points)}
    p["reshuffles"] = reshuffles
    p["penalised"] = [{"seat": o.seat, "reason": o.reason} for o in penalised] if penalised else []
    if held is not None:
        p["held"] = _write_held(held)
    return p


# every key of a position, in the order `write_state` writes them (the state's fields, its options
# as `rules` and its `color` in `top`), holding the values it leaves as they are when a state has
# none (no seven hit, no window...)
_POSITION: dict[str, Any] = dict.fromkeys(
    ("variant", "rules", *(field for field in State._fields if field != "options" and field != "color"))
)
_POSITION["variant"] = VARIANT


def remembered(
    p: dict[str, Any], s: State, before: State, last: dict[str, Any] | None = None
) -> tuple[State, dict[str, Any]] | None:
    """`Rules.remembered` for a position `p` just written from `s`, a step from `before`: the state a
    read of `p` gives (`s` itself: its pile holds the very plays of `p`'s pile) and a private copy
    of `p`; None if a read would refuse `p` (a card from a malformed pile reached a hand, say).
    `last`: the private copy of `before`'s position, if known, whose draw pile or pile the new one
    takes where the step left it as it was (see `_private_copy`)."""
    if not _readable(s, before):
        return None
    if last is None:
        return s, _private_copy(p)
    draw = last["draw"] if s.draw is before.draw else None
    return s, _private_copy(p, draw, last["pile"] if s.pile is before.pile else None)


def _readable(s: State, before: State) -> bool:
    """Would a read take the position written from `s`, a step from `before` (whose hands a read or
    a remembering checked)? Of the hands, which a read checks, those the step changed are checked,
    and none when the step left the draw pile as it was and shuffled none in: the hands then only
    lost cards."""
    if s.top not in CODES:
        return False
    if s.draw is before.draw and s.reshuffles == before.reshuffles:
        return True
    return known_cards(CODES, s.hands, before.hands)


def _private_copy(
    p: dict[str, Any], draw: list[str] | None = None, pile: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A copy of a position `write_state` wrote, equal to it and sharing with it nothing that can be
    changed in place but the plays of its pile (which the state holds too, as a read would). `draw`
    and `pile`: lists equal to `p`'s to take as they are, from the private copy of the position `p`
    came from where the step left them as they were (private copies are never handed out nor
    changed, so they may share among themselves): a step changes one of them at most."""
    copy = p.copy()
    copy["rules"] = _copy_rules(p["rules"])
    copy["hands"] = list(map(list.copy, p["hands"]))
    copy["draw"] = p["draw"][:] if draw is None else draw
    copy["pile"] = p["pile"][:] if pile is None else pile
    copy["top"] = p["top"].copy()
    if (pending := p["pending"]) is not None:
        copy["pending"] = pending.copy()
    if (window := p["window"]) is not None:
        copy["window"] = json_copy(window)
    if (held := p["held"]) is not None:
        copy["held"] = json_copy(held)
    if (last := p["last_hand"]) is not None:
        copy["last_hand"] = _copy_last(last)
    copy["offences"] = _copy_marks(p["offences"])
    copy["penalised"] = _copy_marks(p["penalised"])
    if (winners := p["winners"]) is not None:
        copy["winners"] = winners[:]
    return copy


def _copy_rules(rules: dict[str, Any]) -> dict[str, Any]:
    return json_copy(rules) if rules else {}


def _copy_marks(marks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [mark.copy() for mark in marks] if marks else []


def _copy_last(last: dict[str, Any]) -> dict[str, Any]:
    return {"out": last["out"], "points": last["points"][:]}


def write_window(w: Window) -> dict[str, Any]:
    if w.kind == "final":
        return {"kind": "final", "seat": w.origin}
    return {"kind": w.kind, "seats": [*w.seats], "from": w.origin}


def _write_held(h: Held) -> dict[str, Any]:
    pending = h.pending
    return {
        "turn": h.turn,
        "direction": h.direction,
        "pending": None if pending is None else {"target": pending.target, "kind": "7", "cards": pending.cards},
        "window": None if h.window is None else write_window(h.window),
        "extra": h.extra,
    }


# --- actions ---
def read_action(a: Any, seats: int) -> Action:
    """Read and type-check an action; `IllegalAction` for anything malformed (C1, C2, C3, C7, MA7,
    MA13, MA14)."""
    if type(a) is not dict and not isinstance(a, Mapping):
        raise refuse("C7", "an action must be an object with a seat and an act")
    act = a.get("act")
    if not isinstance(act, str) or act not in FIELDS:
        raise refuse("C7", f"unknown act {act!r}: start, play, spam, draw, take or penalty")
    if not _KEYS[act].issuperset(a):
        allowed = FIELDS[act]
        for key in a:
            if key != "seat" and key != "act" and key not in allowed:
                raise refuse("C7", f"{act} has no field {key!r}")
    seat = a.get("seat")
    if act in SERVER_ACTS:
        if seat is not None:
            raise refuse("C5", f"only the server sends {act}")
        if act == "close":
            return Action(None, "close")
        return Action(None, "slow", target=_target(a, seats, "C3"))
    if (type(seat) is not int and not _is_int(seat)) or not 0 <= seat < seats:
        raise refuse("C3", f"there is no seat {seat!r} at this table")
    if act == "draw" or act == "take":
        return bare_action(seat, act)
    if act == "penalty":
        reason = a.get("reason")
        if not isinstance(reason, str) or reason not in REASONS:
            raise refuse("MA14", f"{reason!r} is not something a penalty can name: a missing call or slow")
        return Action(seat, act, target=_target(a, seats, "C3"), reason=reason)
    card = None
    if act != "start":
        cards = a.get("cards")
        if (type(cards) is not list and not isinstance(cards, list | tuple)) or len(cards) != 1:
            raise refuse("C2", "put down exactly one card: cards must be a list of one code")
        card = cards[0]
        if not isinstance(card, str) or card not in CODES:
            raise refuse("C1", f"{card!r} is not a card of this game")
    color = a.get("color")
    if color is not None and (not isinstance(color, str) or color not in SUIT_SET):
        raise refuse("MA7", f"{color!r} is not a suit: name C, D, H or S")
    played: Action = _new(Action, (seat, act, card, color, _calls(a.get("calls")), None, None))
    return played


# every key each act may carry, `seat` and `act` included: one test for a well-formed action
_KEYS = {act: allowed | {"seat", "act"} for act, allowed in FIELDS.items()}


def _target(a: Mapping[str, Any], seats: int, ruling: str) -> int:
    target = a.get("target")
    if not _is_int(target) or not 0 <= target < seats:
        raise refuse(ruling, f"name a seat of this table as the target, not {target!r}")
    return int(target)


def _calls(calls: Any) -> tuple[str, ...]:
    if calls is None or (type(calls) is list and not calls):
        return ()
    if not isinstance(calls, list | tuple) or len(calls) > len(CALL_ORDER):
        raise refuse("MA13", "calls must be a list of call names, each at most once")
    for call in calls:
        if not isinstance(call, str) or call not in CALL_ORDER:
            raise refuse(
                "MA13", f"{call!r} is not a call: spade, last_card, mau, mau_mau, oom_papa_mau_mau, wonderful_spam"
            )
    if len(set(calls)) != len(calls):
        raise refuse("MA13", "make each call at most once")
    return tuple(sorted(calls, key=CALL_ORDER.__getitem__)) if len(calls) > 1 else tuple(calls)


def write_action(a: Action) -> dict[str, Any]:
    return write_actions((a,))[0]


def write_actions(actions: Iterable[Action]) -> list[dict[str, Any]]:
    """The actions as dicts, each a new object: `legal_actions` writes every action it lists, so
    this is one loop rather than a call per action."""
    written: list[dict[str, Any]] = []
    append = written.append
    for seat, act, card, color, calls, target, reason in actions:
        if act == "play":
            if color is None:
                append({"seat": seat, "act": act, "cards": [card], "calls": [*calls]})
            else:
                append({"seat": seat, "act": act, "cards": [card], "color": color, "calls": [*calls]})
        elif act == "spam":
            append({"seat": seat, "act": act, "cards": [card], "calls": [*calls]})
        elif act == "penalty":
            append({"seat": seat, "act": act, "target": target, "reason": reason})
        elif act == "start":
            if color is None:
                append({"seat": seat, "act": act, "calls": [*calls]})
            else:
                append({"seat": seat, "act": act, "color": color, "calls": [*calls]})
        elif act == "slow":
            append({"seat": None, "act": act, "target": target})
        else:
            append({"seat": seat, "act": act})
    return written


# --- the dict path: `Mau.apply_dict` and `Mau.legal_dicts` ---
#
# The positions are remembered as rules.py remembers them ("Remembered positions"), in its memory
# and in its form, so that either path recalls what the other wrote; what this path adds is a
# private copy of the next position that takes the draw pile or the pile from the private copy of
# the one it came from (see `_private_copy`), and the calls of the generic path's hooks saved.
def apply_dict(game: Mau, position: Mapping[str, Any], action: Any) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """`Rules.apply_dict`: the new position and the events."""
    found = recall_entry(game, position)  # a mau state keeps nothing to start afresh (`Rules.recalled`)
    before: State = read_state(position) if found is None else found[2]
    after, events = step(before.options, before, read_action(action, len(before.hands)))
    written = write_state(after)
    kept = remembered(written, after, before, None if found is None else found[3])
    if kept is not None:
        keep_position(written, game, *kept)
    return written, events


def legal_dicts(game: Mau, position: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """`Rules.legal_dicts`: the legal actions as dicts."""
    found = recall_entry(game, position)
    state: State = read_state(position) if found is None else found[2]
    return write_actions(legal_actions(state.options, state, seat))
