"""The boundary: `maumau` positions and actions as JSON-shaped dicts <-> `State` and `Action`.

Reading a position trusts its structure as far as cheap checks go (ValueError for one that is
not a `maumau` position). Reading an action checks everything, since actions come from players:
anything malformed is refused with `IllegalAction` naming C1, C2, C3 or C7 (C8), never a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any

from ..errors import refuse
from ..rules import known_cards
from .cards import CODES, SUITS
from .options import DEFAULT_OPTIONS, Options
from .state import Action, LastHand, Pending, Pile, State

VARIANT = "maumau"
# the fields each act may carry (C7): anything else is refused
FIELDS: Mapping[str, frozenset[str]] = {
    "play": frozenset({"seat", "act", "cards", "color", "mau"}),
    "draw": frozenset({"seat", "act"}),
    "pass": frozenset({"seat", "act"}),
    "take": frozenset({"seat", "act"}),
    "mau": frozenset({"seat", "act"}),
    "catch": frozenset({"seat", "act", "target"}),
    "close": frozenset({"seat", "act"}),
}
ACT_LIST = "play, draw, pass, take, mau or catch"
_new = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (every field given)


def state_from_dict(position: Mapping[str, Any]) -> State:
    """Read a position; ValueError if it is not a `maumau` one."""
    try:
        return _read(position)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a maumau position: {exc!r}") from exc


def _read(p: Mapping[str, Any]) -> State:
    if p.get("variant", VARIANT) != VARIANT:
        raise ValueError(f"this engine plays 'maumau', not {p.get('variant')!r}")
    options = Options.from_rules(p.get("rules"))
    codes = CODES[options.deck]
    hands = tuple([tuple(h) for h in p["hands"]])
    n = len(hands)
    if not 2 <= n <= 4:
        raise ValueError("a maumau position has 2 to 4 hands")
    draw = tuple(p["draw"])
    pile = p["pile"]
    if not isinstance(pile, list | tuple):
        raise ValueError("the pile must be a list of plays")
    if not codes.issuperset(chain(chain.from_iterable(hands), draw)):
        raise ValueError("a card code in the position is not in this game's deck")
    top = p["top"]
    pend = p.get("pending")
    totals = p.get("totals")
    last = p.get("last_hand")
    winners = p.get("winners")
    drawn = p.get("drawn")
    turn = p.get("turn")
    seed = p.get("seed")
    state = _new(
        State,
        (
            options,
            hands,
            draw,
            Pile(tuple(pile)),
            top["card"],
            top["color"],
            None if pend is None else _new(Pending, (int(pend["target"]), int(pend["cards"]))),
            None if turn is None else int(turn),
            drawn,
            tuple(p.get("must_call") or ()),
            tuple(p.get("caught") or ()),
            tuple(p.get("emptied") or ()),
            int(p.get("dealer", 0)),
            None if totals is None else tuple(totals),
            0 if seed is None else seed,
            int(p.get("hand", 1)),
            bool(p.get("over", False)),
            None if winners is None else tuple(winners),
            None if last is None else LastHand(int(last["out"]), tuple(last["points"])),
            int(p.get("reshuffles", 0)),
        ),
    )
    if state.top not in codes or state.color not in SUITS:
        raise ValueError("the top must be a card of this deck and a suit")
    if drawn is not None and drawn is not True and drawn not in codes:
        raise ValueError("drawn must be null, true or a card code")
    return state


def state_to_dict(s: State) -> dict[str, Any]:
    """Write a position: the keys VARIANTS.md names for `maumau`, and the engine's `caught` and `reshuffles`."""
    (
        options,
        hands,
        draw,
        pile,
        top,
        color,
        pending,
        turn,
        drawn,
        must_call,
        caught,
        emptied,
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
        "pile": pile.to_dicts(),
        "top": {"card": top, "color": color},
        "pending": None if pending is None else {"target": pending.target, "kind": "7", "cards": pending.cards},
        "turn": turn,
        "direction": 1,
        "drawn": drawn,
        "must_call": list(must_call),
        "dealer": dealer,
        "totals": None if totals is None else list(totals),
        "seed": seed,
        "hand": hand,
        "over": over,
        "winners": None if winners is None else list(winners),
        "last_hand": None if last is None else {"out": last.out, "points": list(last.points)},
        "emptied": list(emptied),
        "caught": list(caught),
        "reshuffles": reshuffles,
    }


def remembered(p: dict[str, Any], s: State, before: State) -> tuple[State, dict[str, Any]] | None:
    """`Rules.remembered` for a position `p` just written from `s`, a step from `before`: the state a
    read of `p` gives (`s` with the pile read lazily from `p`'s own list, as `_read` does) and a
    private copy of `p`; None if a read would refuse `p` (a card from a malformed pile, say). The
    cards a read checks are checked where they may have come from elsewhere than `before`'s hands
    and draw pile: a hand the step changed, and the draw pile after a rebuild or a new deal."""
    codes = CODES[s.options.deck]
    drawn = s.drawn
    if (
        s.seed is None
        or s.top not in codes
        or s.color not in SUITS
        or (drawn is not None and drawn is not True and drawn not in codes)
    ):
        return None
    if s.reshuffles != before.reshuffles or s.hand != before.hand:
        if not codes.issuperset(chain(chain.from_iterable(s.hands), s.draw)):
            return None
    elif not known_cards(codes, s.hands, before.hands):
        return None
    pile = p["pile"]
    state: State = _new(State, (*s[:3], Pile(tuple(pile)), *s[4:]))
    return state, _private_copy(p, pile)


def _private_copy(p: dict[str, Any], pile: list[Any]) -> dict[str, Any]:
    """A copy of a position `state_to_dict` wrote, equal to it and sharing with it nothing that can
    be changed in place but the plays of its pile (which the remembered state reads from `p`)."""
    copy = p.copy()
    copy["rules"] = p["rules"].copy()  # every option is a number, a string or a flag
    copy["hands"] = list(map(list.copy, p["hands"]))
    copy["draw"] = p["draw"][:]
    copy["pile"] = pile[:]
    copy["top"] = p["top"].copy()
    if (pending := p["pending"]) is not None:
        copy["pending"] = pending.copy()
    copy["must_call"] = p["must_call"][:]
    if (totals := p["totals"]) is not None:
        copy["totals"] = totals[:]
    if (winners := p["winners"]) is not None:
        copy["winners"] = winners[:]
    if (last := p["last_hand"]) is not None:
        copy["last_hand"] = {"out": last["out"], "points": last["points"][:]}
    copy["emptied"] = p["emptied"][:]
    copy["caught"] = p["caught"][:]
    return copy


def action_from_dict(a: Any, s: State) -> Action:
    """Read and type-check an action; `IllegalAction` for anything malformed."""
    return read_action(a, len(s.hands), s.options.deck)


def read_action(a: Any, seats: int, deck: int) -> Action:
    """`action_from_dict` for a table of `seats` (up to 4 when unknown) playing the `deck`-card pack."""
    if not isinstance(a, Mapping):
        raise refuse("C7", "an action must be an object with a seat and an act")
    act = a.get("act")
    fields = FIELDS.get(act) if isinstance(act, str) else None
    if fields is None:
        raise refuse("C7", f"unknown act {act!r}: {ACT_LIST}")
    if len(a) > len(fields) or not fields.issuperset(a):
        extra = sorted(map(repr, set(a) - fields))[:3]
        raise refuse("C7", f"unknown field(s) for {act}: {', '.join(extra)}")
    seat = a.get("seat")
    if act == "close":
        if seat is not None:
            raise refuse("C3", "only the server closes a reaction window (seat null)")
        return Action(None, "close")
    if type(seat) is not int or not 0 <= seat < seats:
        raise refuse("C3", f"there is no seat {seat!r} at this table")
    if act == "play":
        return _read_play(seat, a, deck)
    if act == "catch":
        target = a.get("target")
        if type(target) is not int or not 0 <= target < seats:
            raise refuse("C3", f"catch needs the seat to catch as its target; there is no seat {target!r}")
        return _new(Action, (seat, act, None, None, False, target))
    return _new(Action, (seat, act, None, None, False, None))


def _read_play(seat: int, a: Mapping[str, Any], deck: int) -> Action:
    cards = a.get("cards")
    if not isinstance(cards, list | tuple) or len(cards) != 1:
        raise refuse("C2", "a play puts down exactly one card: give it as a list of one code")
    code = cards[0]
    if not isinstance(code, str) or code not in CODES[deck]:
        raise refuse("C1", f"{code!r} is not a card of this {deck}-card pack")
    color = a.get("color")
    if color is not None and (not isinstance(color, str) or color not in SUITS):
        raise refuse("MM9", f"{color!r} is not a suit: name C, D, H or S")
    mau = a.get("mau", False)
    if mau is None:
        mau = False
    if not isinstance(mau, bool):
        raise refuse("C7", "mau must be true or false")
    return _new(Action, (seat, "play", code, color, mau, None))


def action_to_dict(a: Action) -> dict[str, Any]:
    seat, act, card, color, mau, target = a
    if act == "play":
        d: dict[str, Any] = {"seat": seat, "act": "play", "cards": [card]}
        if color is not None:
            d["color"] = color
        if mau:
            d["mau"] = True
        return d
    if act == "catch":
        return {"seat": seat, "act": "catch", "target": target}
    return {"seat": seat, "act": act}
