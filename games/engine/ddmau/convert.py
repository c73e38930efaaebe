"""The boundary: positions and actions as JSON-shaped dicts (NOTATION.md) <-> `State` and `Action`.

Reading a position trusts its structure as far as cheap checks go (a malformed position raises
ValueError); reading an action checks everything, since actions come from players: whatever is
wrong with one is refused with `IllegalAction` naming the nearest ruling (R50), never a crash.

What a caller may assume of the positions `apply` returns (issue 9, decided for speed):
- `apply` never changes the position it is given, and every answer (`apply`, `legal_actions`) is
  the one a fresh read of the position *as it is now* gives: a position a caller changed in place
  is never answered from what the engine remembers of it (see "Positions `apply` wrote lately").
- A position `apply` returns shares with the one it came from every list and dict the action left
  as it was (each hand, the draw pile, the pile and its plays, the totals, `rules`, `top`...;
  `tests/engine/ddmau/test_remembered.py` says which): treat positions as read-only values, and
  copy one (`copy.deepcopy`, a JSON round trip) before changing it, or the change shows in the
  positions it shares with. The site never changes a position the engine returned (it changes a
  fresh `new_game` deal's totals and a fresh `view`'s seed, nothing else).
- The plays of the pile are the caller's: a position's plays are carried into the next position
  as they are, shared, without being read, checked or put in the engine's own form (as the pile
  is left unread, `unread_pile.py`); they are read (and a malformed one reported, ValueError) when
  the rules look at the pile (a reshuffle, R32, R47, R49; a Master Mau's declaration, R16), and
  when a position is read as a stranger. So a play a caller broke in place is reported by the
  first call that reads the pile after it, not necessarily by the `apply` that carried it over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, TypeGuard, cast

from ..errors import refuse
from ..events import Event
from ..rules import PositionMemory, known_cards
from .cards import CARDS, COLOURS, MASTER_MAU, MM_DECLARATIONS
from .options import DEFAULT_OPTIONS, Options
from .state import MAX_SEATS, SEAT_ACTS, Action, LastHand, Pending, PileEntry, State, Top
from .unread_pile import PileNeeded, UnreadPile, new_unread_pile

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
    if not 2 <= len(hands) <= MAX_SEATS:
        raise ValueError(f"R3: a DD MAU table has 2 to {MAX_SEATS} seats, not {len(hands)}")
    if not CODES.issuperset(chain.from_iterable(hands)):
        for hand in hands:
            if not CODES.issuperset(hand):
                raise ValueError(f"unknown card code in a hand: {sorted(set(hand) - CODES)}")
    top_d = p["top"]
    entries = p["pile"]
    pile: tuple[PileEntry, ...]
    if unread_pile and isinstance(entries, list) and (top_d is None or top_d["card"] != MASTER_MAU):
        pile = new_unread_pile(entries)
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


def read_top(position: Mapping[str, Any]) -> Top | None:
    """The effective top of a position or a view (R7); its pile is read only for a Master Mau's
    declaration (R16)."""
    t = position.get("top")
    if not t:
        return None
    return _read_top(t, _read_pile(position.get("pile") or ()) if t["card"] == MASTER_MAU else ())


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


def _visible_play(plays: Sequence[Mapping[str, Any]]) -> tuple[PileEntry, ...]:
    """The last play of `plays` with a visible card, read, as a pile of its own (or an empty one):
    all `_declared_top_kind` looks at, without reading the plays below it."""
    from .plays import visible_in_entry

    for i in range(len(plays) - 1, -1, -1):
        play = _read_pile((plays[i],))
        if visible_in_entry(play[0]) is not None:
            return play
    return ()


def _read_last(d: Mapping[str, Any]) -> LastHand:
    points = tuple(d["points"])
    nets = d.get("nets")
    return LastHand(int(d["out"]), points, int(d.get("multiplier", 1)), None if nets is None else tuple(nets))


def state_to_dict(s: State) -> dict[str, Any]:
    """Write a position (NOTATION.md) with the engine's extra keys."""
    return _position(s, _write_pile(s.pile)[0])


def _top_dict(top: Top | None) -> dict[str, Any] | None:
    return None if top is None else {"card": top[0], "color": top[1]}


def _pending_dict(pending: Pending | None) -> dict[str, Any] | None:
    return None if pending is None else {"target": pending[0], "kind": pending[1], "cards": pending[2]}


def _position(s: State, pile: list[dict[str, Any]]) -> dict[str, Any]:
    """The position of `s` with `pile` as its pile: every other value a new object."""
    (
        options,
        hands,
        draw,
        _,
        top,
        streak,
        pending,
        turn,
        direction,
        draws,
        must_call,
        blocked,
        dealer,
        totals,
        out,
        teams,
        mode,
        seed,
        hand,
        over,
        winners,
        last,
        reshuffles,
        dealoff,
    ) = s
    d: dict[str, Any] = {
        "variant": VARIANT,
        "rules": {} if options is DEFAULT_OPTIONS else options.to_rules(),
        "hands": list(map(list, hands)),
        "draw": list(draw),
        "pile": pile,
        "top": _top_dict(top),
        "streak": streak,
        "pending": _pending_dict(pending),
        "turn": turn,
        "direction": direction,
        "draws": draws,
        "must_call": must_call,
        "blocked": blocked,
        "dealer": dealer,
        "totals": list(totals),
        "out": list(out),
        "teams": None if teams is None else list(map(list, teams)),
        "mode": mode,
        "hand": hand,
        "over": over,
        "winners": None if winners is None else list(winners),
        "last_hand": None if last is None else _last_dict(last),
        "reshuffles": reshuffles,
    }
    if seed is not None:
        d["seed"] = seed
    if dealoff is not None:
        d["dealoff"] = list(dealoff)
    return d


def _write_pile(
    pile: tuple[PileEntry, ...], keep: bool = False
) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | None, tuple[PileEntry, ...] | None]:
    """The pile's plays as a position's list, and with `keep` the engine's own copies of them
    (equal, but never handed out: see "Positions `apply` wrote lately" below), else None, and then
    the plays as entries too when they are known (what reading the copies gives), else None. Plays
    below an unread pile with private copies (a position `apply` wrote) are shared as they are,
    not copied (see the module docstring); others are copied, checked."""
    written: list[dict[str, Any]] = []
    private: list[dict[str, Any]] | None = [] if keep else None
    entries: tuple[PileEntry, ...] | None = pile if keep else None
    if isinstance(pile, UnreadPile):
        if pile.private is not None:
            written = cast("list[dict[str, Any]]", list(pile.below))
            private = list(pile.private) if keep else None
            below = pile.entries
            entries = None if below is None or not keep else below + pile.added
        else:
            written = _copy_unread(pile.below)
            private = _copy_unread(pile.below) if keep else None
            entries = None
        pile = pile.added
    for seat, cards, mm, color, block in pile:
        written.append(_play_dict(seat, cards, mm, color, block))
        if private is not None:
            private.append(_play_dict(seat, cards, mm, color, block))
    return written, private, entries


def _play_dict(
    seat: int, cards: tuple[str, ...], mm: tuple[str, ...], color: str | None, block: bool
) -> dict[str, Any]:
    if block:
        return {"seat": seat, "cards": [*cards], "mm": [*mm], "color": color, "block": True}
    return {"seat": seat, "cards": [*cards], "mm": [*mm], "color": color}


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


def action_from_dict(a: Any, seats: int) -> Action:
    """Read and type-check an action; IllegalAction for anything malformed."""
    if type(a) is not dict and not isinstance(a, Mapping):
        raise refuse("R17", "an action must be an object with a seat and an act")
    seat = a.get("seat")
    if (type(seat) is not int and not _is_int(seat)) or not 0 <= seat < seats:
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
        return _new(Action, (seat, act, (), (), None, False, target))
    return SEAT_ACTS[act][seat]


def _read_play(seat: int, a: Mapping[str, Any]) -> Action:
    cards = a.get("cards")
    if (type(cards) is not list and not isinstance(cards, list | tuple)) or not cards:
        raise refuse("R17", "a play needs the list of cards put down")
    played = tuple(cards)
    try:
        known = CODES.issuperset(played)
    except TypeError:  # a code that cannot be hashed, so no card's
        known = False
    if not known:
        for code in played:
            if not isinstance(code, str) or code not in CODES:
                raise refuse("R2", f"{code!r} is not a DD MAU card")
    masters = played.count(MASTER_MAU)
    mm = a.get("mm")
    if mm is None or (type(mm) is list and not mm):
        mm = ()
    elif not isinstance(mm, list | tuple) or any(not isinstance(k, str) for k in mm):
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
    elif ddmau is not False and ddmau is not True:
        raise refuse("R26", "ddmau must be true or false")
    return _new(Action, (seat, "play", played, tuple(mm), color, ddmau, None))


def action_to_dict(a: Action) -> dict[str, Any]:
    return actions_to_dicts((a,))[0]


def actions_to_dicts(actions: Iterable[Action]) -> list[dict[str, Any]]:
    """The actions as dicts (NOTATION.md), each a new object: `legal_actions` writes every action
    it lists, so this is one loop rather than a call per action."""
    written: list[dict[str, Any]] = []
    append = written.append
    for seat, act, cards, mm, color, ddmau, target in actions:
        if act == "play":
            if color is None:
                append({"seat": seat, "act": "play", "cards": [*cards], "mm": [*mm], "ddmau": ddmau})
            else:
                append({"seat": seat, "act": "play", "cards": [*cards], "mm": [*mm], "color": color, "ddmau": ddmau})
        elif act == "catch":
            append({"seat": seat, "act": "catch", "target": target})
        else:
            append({"seat": seat, "act": act})
    return written


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


# --- positions `apply` wrote lately, read again without reading them ---
#
# Random play and the site call `legal_actions(position, seat)` and then `apply(position, action)`
# on the position the last `apply` returned: reading it (dicts to a `State`) twice per action, and
# writing the next position in full, were most of the cost of the dict path. So `apply` remembers
# the last few positions it wrote, by `id`, with their `State` (the pile left unread, as
# `unread_pile.py` reads it) and a private copy of the position that is never handed out. A
# position is read from memory only if it is that very dict, still holding that very pile list,
# and equal to its private copy: any change a caller made to it since (a key set or removed, a
# hand, the draw pile, the top changed in place...) makes it a stranger, read as any other.
#
# The plays are the exception (see the module docstring): the private copy holds the position's
# own pile list, and the plays are not compared when a position is read from memory; the state
# remembered reads them from that list, unread, as a read does, so a play changed in place is seen
# as a read would see it. The private copies of the plays (`private`, made when `apply` had them at
# hand) and the plays as entries (`UnreadPile.entries`) serve only to read the plays without
# reading them again: they are used only once the plays are found equal to them (`_read_in_full`),
# and a position whose top is a Master Mau (its declaration is read from the pile) is remembered
# only with them, and read from memory only while its plays are found equal to them,
# `legal_actions` included. Plays without private copies (a position read as a stranger) are
# copied out, checked, as from any position.
#
# The next position is written from the remembered one (`_write_next`): a copy of it (a dict copy,
# in C) with the keys the action changed set anew, and its private copy likewise from the private
# copy; both share the rest with the ones they came from (a private copy only with private
# copies). Equal is `==`: a caller that swapped a value for an equal one of another type (1.0 for
# 1) in place, or removed a key and set it again, would get the remembered answer, and the next
# position would keep that value (or key order) where the action left the key as it was.
# (position, state, private copy, its pile list, private copies of its plays or None, a Master Mau
# on top, whether the position is what writing the state gives: see `_write_next`)
_Remembered = tuple[dict[str, Any], State, dict[str, Any], list[Any], list[dict[str, Any]] | None, bool, bool]
_REMEMBERED: dict[int, _Remembered] = PositionMemory.new()
# what `_read_top` works out from a card alone: its kind and number
_FACE = {code: (info.kind, info.number) for code, info in CARDS.items()}


def _remember(
    position: dict[str, Any],
    s: State,
    private: list[dict[str, Any]] | None,
    entries: tuple[PileEntry, ...] | None,
    before: State,
    copy: dict[str, Any] | None,
    known: bool | None = None,
) -> None:
    """Remember `position`, just written from `s` (`private`: copies of its plays, or None;
    `entries`: with them, the plays as entries, if known; `copy`: its private copy, if made), the
    result of a step from `before`, whose hands were read (or remembered) and so checked (`known`:
    whether the hands it changed hold only DD MAU cards, if the caller looked)."""
    top_d = position["top"]
    master_on_top = top_d is not None and top_d["card"] == MASTER_MAU
    if master_on_top and private is None:
        return
    # the hands a read checks: those the step changed (a new deal changes them all). A step that
    # leaves the draw pile as it was (a play, a block, a pass) took cards out of hands and put none
    # in: nothing to check
    if known is None:
        known = s.draw is before.draw or known_cards(CODES, s.hands, before.hands)
    if not known:
        return  # reading it again would refuse it: leave that to the reading
    pile = position["pile"]
    unread = new_unread_pile(pile, (), private, entries)
    # the State reading the position gives: the position's own pile list, unread, and the top and
    # the seats out as they are read
    top = s.top
    if top is not None:
        if master_on_top:
            assert private is not None
            top = _read_top(top_d, _visible_play(private))
        elif not _read_as_written(top):
            top = _read_top(top_d, unread)
    out = s.out if len(s.out) < 2 else tuple(sorted(s.out))
    state: State = _new(State, (*s[:3], unread, top, *s[5:14], out, *s[15:]))
    # is the position what writing `state` gives (its top and seats out as they are read)?
    read_top = s.top
    plain = out == s.out and (top is read_top or (top is not None and read_top is not None and top[:2] == read_top[:2]))
    if copy is None:
        copy = _private_copy(position)
    PositionMemory.keep(_REMEMBERED, position, (position, state, copy, pile, private, master_on_top, plain))


def _read_as_written(top: Top) -> bool:
    """Does reading the top `_top_dict` wrote from `top` give `top` again? It does unless the top is
    a Master Mau (its declaration is read from the pile) or a top built by hand."""
    kind, number = _FACE[top[0]]
    return bool(top[1]) and top[2] == kind and top[3] == number and top[0] != MASTER_MAU


def _private_copy(position: dict[str, Any]) -> dict[str, Any]:
    """A copy of a position `_position` wrote, equal to it and sharing with it nothing that can be
    changed in place but its pile list."""
    copy = position.copy()
    copy["rules"] = _copy_rules(position["rules"])
    copy["hands"] = list(map(list.copy, position["hands"]))
    copy["draw"] = position["draw"][:]
    copy["totals"] = position["totals"][:]
    copy["out"] = position["out"][:]
    if (top := position["top"]) is not None:
        copy["top"] = top.copy()
    if (pending := position["pending"]) is not None:
        copy["pending"] = pending.copy()
    if (teams := position["teams"]) is not None:
        copy["teams"] = list(map(list, teams))
    if (winners := position["winners"]) is not None:
        copy["winners"] = winners[:]
    if (last := position["last_hand"]) is not None:
        copy["last_hand"] = _copy_last(last)
    if "dealoff" in position:
        copy["dealoff"] = position["dealoff"][:]
    return copy


def _copy_rules(rules: dict[str, Any]) -> dict[str, Any]:
    return {k: dict(v) if isinstance(v, dict) else v for k, v in rules.items()} if rules else {}


def _copy_last(last: dict[str, Any]) -> dict[str, Any]:
    copy = last.copy()
    copy["points"] = last["points"][:]
    if "nets" in last:
        copy["nets"] = last["nets"][:]
    return copy


def _recall(position: Mapping[str, Any]) -> State | None:
    """The `State` of a position `apply` wrote, if it is unchanged since but for its plays (see
    above)."""
    found = _REMEMBERED.get(id(position))
    return None if found is None else _recalled(found, position)


def _recalled(found: _Remembered, position: Mapping[str, Any]) -> State | None:
    """`_recall` of the position remembered in `found`."""
    written, state, copy, pile, private, master_on_top, _ = found
    if written is not position or written["pile"] is not pile or written != copy:
        return None
    if master_on_top and pile != private:
        return None  # the declaration of the Master Mau on top is read from the plays
    return state


def forget_positions() -> None:
    """Forget every remembered position (tests compare the answers with and without them)."""
    _REMEMBERED.clear()


def apply_dict(game: DDMau, position: Mapping[str, Any], action: Any) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """`step` on dicts, reading the pile only if the rules look at it (see unread_pile.py) and
    the position not at all if `apply` wrote it and it is unchanged (see above); then the next
    position is written from it, sharing what the action left as it was (see above)."""
    found = _REMEMBERED.get(id(position))
    state = None if found is None else _recalled(found, position)
    keep = state is not None
    if state is None:
        found = None  # a stranger: read, and written in full
        state = state_from_dict(position, unread_pile=True)
    parsed = action_from_dict(action, len(state.hands))
    try:
        after, events = game.step(state, parsed)
    except PileNeeded:
        state = _read_in_full(position, state if keep else None)
        after, events = game.step(state, parsed)
        keep = True
    if found is not None and found[6] and after[0] is state[0] and after[12:] == state[12:]:
        return _write_next(found, state, after), events
    pile, private, entries = _write_pile(after.pile, keep)
    written = _position(after, pile)
    _remember(written, after, private, entries, state, None)
    return written, events


# the keys of a position `_write_next` may set that hold neither a list nor a dict, with their fields
_SCALARS = tuple(
    (State._fields.index(key), key) for key in ("streak", "turn", "direction", "draws", "must_call", "blocked")
)


def _write_next(found: _Remembered, before: State, after: State) -> dict[str, Any]:
    """The position after `before` (remembered in `found`, its position found unchanged) and its
    private copy, when the action changed nothing but hands, draw pile, pile, top, streak, pending
    hit, turn, direction, draws, call and block: copies of the position and of its private copy
    (dict copies, in C) with those keys set anew, both sharing what did not change with the ones
    they came from. Remembered."""
    position, _, copy, _, private, _, _ = found
    # dict copies (in C) with the keys that hold neither a list nor a dict set anew where the action
    # changed them; the private copy shares these values
    written = position.copy()
    own = copy.copy()
    for i, key in _SCALARS:
        value = after[i]
        if value is not before[i]:
            written[key] = own[key] = value
    draw = after[2]
    drew = draw is not before[2]
    # the hands a read checks (see `_remember`): those the step changed, if it took cards from the draw pile
    known = True
    hands = after[1]
    held = before[1]
    if hands is not held:  # new lists for the hands that changed, the others shared
        written["hands"] = handed = position["hands"].copy()
        own["hands"] = kept = copy["hands"].copy()
        for seat, hand in enumerate(hands):
            if hand is not held[seat]:
                handed[seat] = [*hand]
                kept[seat] = [*hand]
                if drew and not CODES.issuperset(hand):
                    known = False
    if drew:
        written["draw"] = [*draw]
        own["draw"] = [*draw]
    pile = after[3]
    top = after[4]
    pending = after[6]
    if top is not before[4]:  # a dict each: the private copy shares nothing handed out
        written["top"], own["top"] = _top_dict(top), _top_dict(top)
    if pending is not before[6]:
        written["pending"], own["pending"] = _pending_dict(pending), _pending_dict(pending)
    below = before[3]
    if pile is below and private is not None and type(below) is UnreadPile and top is before[4]:
        # the pile as it was, its plays found equal to their copies: the position keeps its pile
        # list, and `after` (its pile that list unread, its top and seats out as read) is the state
        # reading the position gives
        if known:  # else reading it again would refuse it: leave that to the reading
            PositionMemory.keep(_REMEMBERED, written, (written, after, own, written["pile"], private, found[5], True))
        return written
    entries: tuple[PileEntry, ...] | None
    if pile is not below or private is None:  # plays without private copies are copied, checked
        plays, private, entries = _write_pile(pile, True)
        written["pile"] = own["pile"] = plays
        if pile is not below and type(pile) is UnreadPile and known and (top is None or _read_as_written(top)):
            # a play put on the pile (most actions that change it): the unread pile this step made,
            # which nothing else holds, becomes the pile of the position just written, unread, and
            # `after` the state reading that position gives (what `_remember` would build anew)
            pile.__dict__.update(below=plays, added=(), private=private, entries=entries)
            PositionMemory.keep(_REMEMBERED, written, (written, after, own, plays, private, False, True))
            return written
    else:
        entries = below.entries if isinstance(below, UnreadPile) else below
    _remember(written, after, private, entries, before, own, known)
    return written


def _read_in_full(position: Mapping[str, Any], remembered: State | None) -> State:
    """`state_from_dict(position)`, for a position read with its pile unread (`remembered`: from
    memory, else None): when the plays are known as entries (see `UnreadPile.entries`) and are
    found equal to their private copies, the state remembered with them as its pile, which is what
    reading the position in full gives, without reading its plays again (a reshuffle, or an empty
    draw pile, reads the pile on every action until the next reshuffle)."""
    if remembered is not None:
        pile = remembered.pile
        if isinstance(pile, UnreadPile) and pile.entries is not None and pile.below == pile.private:
            return remembered._replace(pile=pile.entries)
    return state_from_dict(position)


def legal_dicts(game: DDMau, position: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """`legal` on dicts, with the same unread pile and remembered positions."""
    state = _recall(position)
    try:
        actions = game.legal(state_from_dict(position, unread_pile=True) if state is None else state, seat)
    except PileNeeded:
        actions = game.legal(_read_in_full(position, state), seat)
    return actions_to_dicts(actions)
