"""The boundary: positions and actions as JSON-shaped dicts (NOTATION.md) <-> `State` and `Action`.

Reading a position trusts its structure as far as cheap checks go (a malformed position raises
ValueError); reading an action checks everything, since actions come from players: whatever is
wrong with one is refused with `IllegalAction` naming the nearest ruling (R50), never a crash.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, TypeGuard

from ..errors import refuse
from ..events import Event
from .cards import CARDS, COLOURS, MASTER_MAU, MM_DECLARATIONS
from .options import Options
from .state import Action, LastHand, Pending, PileEntry, State, Top
from .unread_pile import PileNeeded, UnreadPile

if TYPE_CHECKING:
    from .game import DDMau

VARIANT = "ddmau"
ACTS = frozenset({"play", "draw", "pass", "take", "block", "catch"})
CODES = frozenset(CARDS)
# Positions are read and written on every `apply` and `legal_actions`, their pile entries by the
# dozen: these build NamedTuples with `tuple.__new__` (every field given, in order), which skips
# the Python-level `__new__` NamedTuple generates and halves the cost of each.
_new = tuple.__new__


def state_from_dict(position: Mapping[str, Any], *, unread_pile: bool = False) -> State:
    """Read a position; ValueError if it is not one.

    `unread_pile=True` leaves the pile's plays unread (`unread_pile.py`: for callers that read the
    position in full and start again when the rules look at them) unless the top is a Master Mau,
    whose declaration is read from them."""
    try:
        return _read_state(position, unread_pile)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a DD MAU position: {exc!r}") from exc


def _read_state(p: Mapping[str, Any], unread_pile: bool) -> State:
    if p.get("variant", VARIANT) != VARIANT:
        raise ValueError(f"this engine plays variant 'ddmau', not {p.get('variant')!r}")
    hands = tuple([tuple(h) for h in p["hands"]])
    if not CODES.issuperset(chain.from_iterable(hands)):
        for hand in hands:
            if not CODES.issuperset(hand):
                raise ValueError(f"unknown card code in a hand: {sorted(set(hand) - CODES)}")
    top_d = p["top"]
    entries = p["pile"]
    pile: tuple[PileEntry, ...]
    if unread_pile and isinstance(entries, list) and (top_d is None or top_d["card"] != MASTER_MAU):
        pile = UnreadPile(entries)
    else:
        pile = _read_pile(entries)
    top = None if top_d is None else _read_top(top_d, pile)
    pend = p.get("pending")
    pending = None if pend is None else Pending(int(pend["target"]), str(pend["kind"]), int(pend["cards"]))
    teams = p.get("teams")
    last = p.get("last_hand")
    winners = p.get("winners")
    dealoff = p.get("dealoff")
    n = len(hands)
    return State(
        options=Options.from_rules(p.get("rules")),
        hands=hands,
        draw=tuple(p["draw"]),
        pile=pile,
        top=top,
        streak=int(p.get("streak", 0)),
        pending=pending,
        turn=p["turn"],
        direction=-1 if p.get("direction", 1) == -1 else 1,
        draws=int(p.get("draws", 0)),
        must_call=p.get("must_call"),
        blocked=p.get("blocked"),
        dealer=int(p.get("dealer", 0)),
        totals=tuple(p["totals"]) if "totals" in p else (0,) * n,
        out=tuple(sorted(p.get("out") or ())),
        teams=None if not teams else tuple(tuple(t) for t in teams),
        mode=p.get("mode", "standard"),
        seed=p.get("seed"),
        hand=int(p.get("hand", 1)),
        over=bool(p.get("over", False)),
        winners=None if winners is None else tuple(winners),
        last_hand=None if last is None else _read_last(last),
        reshuffles=int(p.get("reshuffles", 0)),
        dealoff=None if dealoff is None else tuple(dealoff),
    )


def _read_pile(entries: Iterable[Mapping[str, Any]]) -> tuple[PileEntry, ...]:
    return tuple(
        [
            _new(
                PileEntry,
                (
                    e["seat"],
                    tuple(e["cards"]),
                    tuple(mm) if (mm := e.get("mm")) else (),
                    e.get("color"),
                    e.get("block") is True,
                ),
            )
            for e in entries
        ]
    )


def _read_top(t: Mapping[str, Any], pile: tuple[PileEntry, ...]) -> Top:
    card = t["card"]
    info = CARDS[card]
    kind = info.kind
    if card == MASTER_MAU:
        kind = _declared_top_kind(pile)
    return Top(card, t.get("color") or info.colour or "", kind, info.number)


def _declared_top_kind(pile: tuple[PileEntry, ...]) -> str:
    """The declaration of the visible Master Mau on top, read from the pile (R16)."""
    from .plays import visible_in_entry  # the rules know what is visible

    for entry in reversed(pile):
        found = visible_in_entry(entry)
        if found is not None:
            return found[1]
    return MASTER_MAU


def _read_last(d: Mapping[str, Any]) -> LastHand:
    points = tuple(d["points"])
    nets = d.get("nets")
    return LastHand(int(d["out"]), points, int(d.get("multiplier", 1)), None if nets is None else tuple(nets))


def state_to_dict(s: State) -> dict[str, Any]:
    """Write a position (NOTATION.md) with the engine's extra keys."""
    top = s.top
    pending = s.pending
    last = s.last_hand
    d: dict[str, Any] = {
        "variant": VARIANT,
        "rules": s.options.to_rules(),
        "hands": [list(h) for h in s.hands],
        "draw": list(s.draw),
        "pile": _write_pile(s.pile),
        "top": None if top is None else _top_dict(top),
        "streak": s.streak,
        "pending": None
        if pending is None
        else {"target": pending.target, "kind": pending.kind, "cards": pending.cards},
        "turn": s.turn,
        "direction": s.direction,
        "draws": s.draws,
        "must_call": s.must_call,
        "blocked": s.blocked,
        "dealer": s.dealer,
        "totals": list(s.totals),
        "out": list(s.out),
        "teams": None if s.teams is None else [list(t) for t in s.teams],
        "mode": s.mode,
        "hand": s.hand,
        "over": s.over,
        "winners": None if s.winners is None else list(s.winners),
        "last_hand": None if last is None else _last_dict(last),
        "reshuffles": s.reshuffles,
    }
    if s.seed is not None:
        d["seed"] = s.seed
    if s.dealoff is not None:
        d["dealoff"] = list(s.dealoff)
    return d


def _write_pile(pile: tuple[PileEntry, ...]) -> list[dict[str, Any]]:
    written = []
    if isinstance(pile, UnreadPile):
        written = _copy_unread(pile.below)
        pile = pile.added
    written.extend(
        {"seat": seat, "cards": [*cards], "mm": [*mm], "color": color, "block": True}
        if block
        else {"seat": seat, "cards": [*cards], "mm": [*mm], "color": color}
        for seat, cards, mm, color, block in pile
    )
    return written


def _copy_unread(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The plays of an unread pile exactly as `_read_pile` then `_write_pile` would give them (each
    key looked up in the same order, so that a malformed play raises the same ValueError)."""
    try:
        plays = []
        for e in entries:
            play = {
                "seat": e["seat"],
                "cards": list(e["cards"]),
                "mm": list(mm) if (mm := e.get("mm")) else [],
                "color": e.get("color"),
            }
            if e.get("block") is True:
                play["block"] = True
            plays.append(play)
        return plays
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a DD MAU position: {exc!r}") from exc


def _last_dict(last: LastHand) -> dict[str, Any]:
    d: dict[str, Any] = {"out": last.out, "points": list(last.points), "multiplier": last.multiplier}
    if last.nets is not None:
        d["nets"] = list(last.nets)
    return d


def _top_dict(t: Top) -> dict[str, Any]:
    return {"card": t.card, "color": t.color}


def action_from_dict(a: Any, seats: int) -> Action:
    """Read and type-check an action; IllegalAction for anything malformed."""
    if not isinstance(a, Mapping):
        raise refuse("R17", "an action must be an object with a seat and an act")
    seat = a.get("seat")
    if not _is_int(seat) or not 0 <= seat < seats:
        raise refuse("R17", f"there is no seat {seat!r} at this table")
    act = a.get("act")
    if not isinstance(act, str) or act not in ACTS:
        raise refuse("R17", f"unknown act {act!r}: play, draw, pass, take, block or catch")
    if act == "play":
        return _read_play(seat, a)
    if act == "catch":
        target = a.get("target")
        if not _is_int(target) or not 0 <= target < seats:
            raise refuse("R27", f"catch needs the seat to catch as its target, not {target!r}")
        return Action(seat, act, target=target)
    return Action(seat, act)


def _read_play(seat: int, a: Mapping[str, Any]) -> Action:
    cards = a.get("cards")
    if not isinstance(cards, list | tuple) or not cards:
        raise refuse("R17", "a play needs the list of cards put down")
    for code in cards:
        if not isinstance(code, str) or code not in CARDS:
            raise refuse("R2", f"{code!r} is not a DD MAU card")
    masters = cards.count(MASTER_MAU)
    mm = a.get("mm")
    if mm is None:
        mm = []
    if not isinstance(mm, list | tuple) or any(not isinstance(k, str) for k in mm):
        raise refuse("R16", "mm must list what each Master Mau is declared as")
    if len(mm) != masters:
        raise refuse("R16", f"declare each Master Mau as one power card: {masters} needed, {len(mm)} given")
    for kind in mm:
        if kind not in MM_DECLARATIONS:
            raise refuse("R16", f"a Master Mau may be declared T, S, O, JT, SM or LM, not {kind!r}")
    color = a.get("color")
    if color is not None and color not in COLOURS:
        raise refuse("R23", f"{color!r} is not a colour: name R, Y, B or G")
    ddmau = a.get("ddmau", False)
    if ddmau is None:
        ddmau = False
    if not isinstance(ddmau, bool):
        raise refuse("R26", "ddmau must be true or false")
    return Action(seat, "play", tuple(cards), tuple(mm), color, ddmau)


def action_to_dict(a: Action) -> dict[str, Any]:
    seat, act, cards, mm, color, ddmau, target = a
    if act == "play":
        if color is None:
            return {"seat": seat, "act": "play", "cards": [*cards], "mm": [*mm], "ddmau": ddmau}
        return {"seat": seat, "act": "play", "cards": [*cards], "mm": [*mm], "color": color, "ddmau": ddmau}
    if act == "catch":
        return {"seat": seat, "act": "catch", "target": target}
    return {"seat": seat, "act": act}


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def apply_dict(game: DDMau, position: Mapping[str, Any], action: Any) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """`step` on dicts, reading the pile only if the rules look at it (see unread_pile.py)."""
    state = state_from_dict(position, unread_pile=True)
    parsed = action_from_dict(action, len(state.hands))
    try:
        after, events = game.step(state, parsed)
    except PileNeeded:
        after, events = game.step(state_from_dict(position), parsed)
    return state_to_dict(after), events


def legal_dicts(game: DDMau, position: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """`legal` on dicts, with the same unread pile."""
    try:
        actions = game.legal(state_from_dict(position, unread_pile=True), seat)
    except PileNeeded:
        actions = game.legal(state_from_dict(position), seat)
    return [action_to_dict(a) for a in actions]
