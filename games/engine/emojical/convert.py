"""The boundary: positions and actions as JSON-shaped dicts <-> `State` and `Action`.

A position is trusted as far as cheap checks go (ValueError for one that is not an emojical
position). An action comes from a player, so everything about it is checked: whatever is wrong is
refused with `IllegalAction` naming the convention it breaks (C8: C1 unknown code, C2 not one
card, C3 bad seat, C7 unknown act or field), never another exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any

from ..errors import refuse
from ..rules import json_copy, known_cards
from .cards import CODES, COLOURS, KIND, SWAP, WILDS
from .options import DEFAULT_OPTIONS, Options
from .state import Action, LastHand, Pending, Pile, State, Top, Window

VARIANT = "emojical"
# The fields each act takes besides `seat` and `act`.
FIELDS: Mapping[str, frozenset[str]] = {
    "play": frozenset({"cards", "color", "target", "mau", "maumau"}),
    "jump_in": frozenset({"cards", "color", "target", "mau", "maumau"}),
    "block": frozenset({"cards", "mau", "maumau"}),
    "donate_pick": frozenset({"index"}),
    "draw": frozenset(),
    "pass": frozenset(),
    "take": frozenset(),
    "accept": frozenset(),
    "safe": frozenset(),
    "gamble": frozenset(),
    "mau": frozenset(),
    "close": frozenset(),
}
ACTS: frozenset[str] = frozenset(FIELDS)
PENDING_KINDS = frozenset({"T2", "T4", "SK", "SW", "DN", "GM"})
_new = tuple.__new__  # builds NamedTuples without their Python-level __new__ (every field, in order)


def state_from_dict(position: Mapping[str, Any]) -> State:
    """Read a position; ValueError if it is not an emojical one."""
    try:
        return _read(position)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not an emojical position: {exc!r}") from exc


def _read(p: Mapping[str, Any]) -> State:
    if p.get("variant", VARIANT) != VARIANT:
        raise ValueError(f"this engine plays variant 'emojical', not {p.get('variant')!r}")
    hands = tuple([tuple(h) for h in p["hands"]])
    n = len(hands)
    if not 2 <= n <= 10:
        raise ValueError("emojical is for 2 to 10 seats")
    draw = tuple(p["draw"])
    pile = Pile(tuple(p["pile"]))
    if not CODES.issuperset(chain(chain.from_iterable(hands), draw)):
        raise ValueError("unknown card code in the position")
    t = p["top"]
    top = _new(Top, (t["card"], t["color"]))
    if top.card not in CODES or (top.color is not None and top.color not in COLOURS):
        raise ValueError(f"bad top {t!r}")
    pend = p.get("pending")
    pending = None
    if pend is not None:
        if pend["kind"] not in PENDING_KINDS:
            raise ValueError(f"bad pending kind {pend['kind']!r}")
        pending = _new(Pending, (_seat(pend["target"], n), pend["kind"], int(pend["cards"]), _seat(pend["from"], n)))
    win = p.get("window")
    window = None
    if win is not None:
        if win.get("card") not in CODES:
            raise ValueError(f"bad window {win!r}")
        target = win.get("target")
        window = _new(
            Window, ("jump", win["card"], _seat(win["seat"], n), None if target is None else _seat(target, n))
        )
    turn = p.get("turn")
    drawn = p.get("drawn")
    if drawn is not None and drawn is not True and drawn not in CODES:
        raise ValueError(f"bad drawn {drawn!r}")
    totals = p.get("totals")
    last = p.get("last_hand")
    winners = p.get("winners")
    order = p.get("donate_order")
    return _new(
        State,
        (
            Options.from_rules(p.get("rules")),
            hands,
            draw,
            pile,
            top,
            pending,
            None if turn is None else _seat(turn, n),
            drawn,
            tuple(p.get("must_call") or ()),
            window,
            _seat(p.get("dealer", 0), n),
            None if totals is None else tuple(totals),
            p.get("seed", 0),
            int(p.get("hand", 1)),
            bool(p.get("over", False)),
            None if winners is None else tuple(winners),
            None if not last else _new(LastHand, (last["out"], tuple(last["points"]))),
            int(p.get("reshuffles", 0)),
            None if order is None else tuple(order),
        ),
    )


def _seat(value: Any, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise ValueError(f"bad seat {value!r}")
    return value


def state_to_dict(s: State) -> dict[str, Any]:
    """The position of a state (new lists and dicts throughout)."""
    (
        options,
        hands,
        draw,
        pile,
        top,
        pending,
        turn,
        drawn,
        must_call,
        window,
        dealer,
        totals,
        seed,
        hand,
        over,
        winners,
        last,
        reshuffles,
        order,
    ) = s
    if window is None:
        win = None
    else:
        win = {"kind": window.kind, "card": window.card, "seat": window.seat}
        if window.target is not None:
            win["target"] = window.target
    return {
        "variant": VARIANT,
        "rules": {} if options is DEFAULT_OPTIONS else options.to_rules(),
        "hands": list(map(list, hands)),
        "draw": list(draw),
        "pile": pile.to_dicts(),
        "top": {"card": top.card, "color": top.color},
        "pending": None
        if pending is None
        else {"target": pending.target, "kind": pending.kind, "cards": pending.cards, "from": pending.source},
        "turn": turn,
        "direction": 1,
        "drawn": drawn,
        "must_call": list(must_call),
        "window": win,
        "dealer": dealer,
        "totals": None if totals is None else list(totals),
        "seed": seed,
        "hand": hand,
        "over": over,
        "winners": None if winners is None else list(winners),
        "last_hand": None if last is None else {"out": last.out, "points": list(last.points)},
        "reshuffles": reshuffles,
        "donate_order": None if order is None else list(order),
    }


def remembered(p: dict[str, Any], s: State, before: State) -> tuple[State, dict[str, Any]] | None:
    """`Rules.remembered` for a position `p` just written from `s`, a step from `before`: the state a
    read of `p` gives (`s` with the plays of `p`'s pile unread, as `_read` leaves them) and a
    private copy of `p`; None if a read would refuse `p` (a card from a malformed pile, say). The
    cards a read checks are checked where they may have come from elsewhere than `before`'s hands
    and draw pile: a hand the step changed, and the draw pile after a rebuild or a new deal."""
    top = s.top
    drawn = s.drawn
    if (
        top.card not in CODES
        or (top.color is not None and top.color not in COLOURS)
        or (drawn is not None and drawn is not True and drawn not in CODES)
    ):
        return None
    if s.reshuffles != before.reshuffles or s.hand != before.hand:
        if not CODES.issuperset(chain(chain.from_iterable(s.hands), s.draw)):
            return None
    elif not known_cards(CODES, s.hands, before.hands):
        return None
    copy = p.copy()
    copy["pile"] = pile = p["pile"][:]
    state: State = _new(State, (*s[:3], Pile(tuple(pile)), *s[4:]))
    copy["rules"] = json_copy(rules) if (rules := p["rules"]) else {}
    copy["hands"] = list(map(list.copy, p["hands"]))
    copy["draw"] = p["draw"][:]
    copy["top"] = p["top"].copy()
    if (pending := p["pending"]) is not None:
        copy["pending"] = pending.copy()
    copy["must_call"] = p["must_call"][:]
    if (window := p["window"]) is not None:
        copy["window"] = window.copy()
    if (totals := p["totals"]) is not None:
        copy["totals"] = totals[:]
    if (winners := p["winners"]) is not None:
        copy["winners"] = winners[:]
    if (order := p["donate_order"]) is not None:
        copy["donate_order"] = order[:]
    if (last := p["last_hand"]) is not None:
        copy["last_hand"] = {"out": last["out"], "points": last["points"][:]}
    return state, copy


def action_from_dict(action: Any, seats: int) -> Action:
    """Parse and type-check an action; `IllegalAction` for anything malformed."""
    if not isinstance(action, Mapping):
        raise refuse("C7", "an action is an object with a seat and an act")
    act = action.get("act")
    if not isinstance(act, str) or act not in ACTS:
        raise refuse("C7", f"unknown act {act!r}")
    allowed = FIELDS[act]
    for key in action:
        if key != "seat" and key != "act" and key not in allowed:
            raise refuse("C7", f"{act} takes no field {key!r}" if isinstance(key, str) else "field names are strings")
    if "seat" not in action:
        raise refuse("C3", "the action names no seat")
    seat = action["seat"]
    if act == "close":
        if seat is not None:
            raise refuse("C5", "only the server closes a window")
        return _new(Action, (None, act, None, None, None, False, False, None))
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise refuse("C3", f"there is no seat {seat!r} at this table")
    if not allowed:
        return _new(Action, (seat, act, None, None, None, False, False, None))
    if act == "donate_pick":
        index = action.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            raise refuse("C7", "donate_pick needs an index: the position of a face-down card, from 0")
        return _new(Action, (seat, act, None, None, None, False, False, index))
    cards = action.get("cards")
    if not isinstance(cards, list | tuple) or len(cards) != 1:
        raise refuse("C2", "every card put down is exactly one card: cards holds one code")
    card = cards[0]
    if not isinstance(card, str) or card not in CODES:
        raise refuse("C1", f"unknown card code {card!r}")
    mau = _flag(action, "mau")
    maumau = _flag(action, "maumau")
    color = action.get("color")
    if color is not None:
        if not isinstance(color, str):
            raise refuse("C7", "color is a colour letter: Y, P, G or B")
        if color not in COLOURS:
            raise refuse("C1", f"unknown colour {color!r}: name Y, P, G or B")
    target = action.get("target")
    kind = KIND[card]
    if target is not None and (not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < seats):
        if kind == SWAP:
            raise refuse("EM9", f"there is no seat {target!r} to swap hands with")
        raise refuse("C3", f"there is no seat {target!r}")
    # a colour or a target on a card that names none is ignored (and dropped from the record)
    if kind not in WILDS:
        color = None
    if kind != SWAP:
        target = None
    return _new(Action, (seat, act, card, color, target, mau, maumau, None))


def _flag(action: Mapping[str, Any], key: str) -> bool:
    value = action.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise refuse("C7", f"{key} is true or false")
    return value


def action_to_dict(a: Action) -> dict[str, Any]:
    """The dict of an action, with only the fields it uses."""
    out: dict[str, Any] = {"seat": a.seat, "act": a.act}
    if a.card is not None:
        out["cards"] = [a.card]
        if a.color is not None:
            out["color"] = a.color
        if a.target is not None:
            out["target"] = a.target
        if a.mau:
            out["mau"] = True
        if a.maumau:
            out["maumau"] = True
    elif a.pick is not None:
        out["index"] = a.pick
    return out
