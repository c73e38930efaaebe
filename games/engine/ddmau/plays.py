"""The anatomy of a DD MAU play (R7-R16, R38-R43): riders and body, matching, chaining, runs.

`PlayChecker.check` reads one play against the effective top and says what it does (`PlayFacts`)
or refuses it. Matching and chaining are separate hooks (`matches`, `chain`) so that a rule set
can change them without rewriting the walk.

R11 and R12/R42 are written once, as the predicates `number_matches`, `power_matches` and
`power_follows`: `PlayChecker` refuses with them, and `moves` (the legal actions) enumerates with
them, so `legal_actions` and `apply` cannot disagree on what fits.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from ..errors import IllegalAction, refuse
from .cards import (
    CARDS,
    COLOUR_NAMES,
    DECK_MASTER,
    JUST_TAKE_TWO,
    KIND_NAMES,
    LINK_MASTER,
    MASTER_MAU,
    NUMBER,
    OTHER_WAY,
    PENAL_T,
    SHADOW_MASTER,
    SKIP,
)
from .state import PileEntry, Top

# Kinds that leave the effective top unchanged (R7, R38): Just Take Two and the riders.
INVISIBLE = frozenset({JUST_TAKE_TWO, LINK_MASTER, DECK_MASTER})
# Kinds that take the current colour of what they follow when they are a declared Master Mau (R8, R38).
ABSORBING = frozenset({PENAL_T, SKIP, OTHER_WAY})
HITS = frozenset({PENAL_T, JUST_TAKE_TWO})
# builds a NamedTuple without its Python-level `__new__` (every field given, in order): a play is
# checked on every `apply`, card by card
_new = tuple.__new__
_KIND = {code: info.kind for code, info in CARDS.items()}


class Card(NamedTuple):
    """A body card as it counts in a play: its code, the kind it counts as, current colour and number."""

    code: str
    kind: str
    colour: str | None
    number: int | None


class PlayFacts(NamedTuple):
    """What a legal play does."""

    body: tuple[Card, ...]
    links: int  # Link Masters, declared Master Maus included (R40)
    deck_masters: int
    skips: int  # k of R21: the Skips the body starts with
    top: Top | None  # the effective top after the play
    streak: int  # the hit streak after the play (R18, R43)
    color: str | None  # the colour the play names, if it names one (R39)
    going_out: bool


# a number card as a body card, and as the top it leaves: the same every time it is played
_NUMBER_CARD = {
    code: Card(code, NUMBER, info.colour, info.number) for code, info in CARDS.items() if info.kind == NUMBER
}
_NUMBER_TOP = {code: Top(code, card.colour or "", NUMBER, card.number) for code, card in _NUMBER_CARD.items()}


def describe(code: str) -> str:
    return CARDS[code].name


def kind_name(kind: str) -> str:
    return KIND_NAMES.get(kind, kind)


def visible_in_entry(entry: PileEntry) -> tuple[str, str] | None:
    """The last visible card of a pile entry and the kind it counts as, or None if the entry is invisible."""
    if entry.block:
        return None
    masters = list(entry.mm)
    found: tuple[str, str] | None = None
    for code in entry.cards:
        kind = masters.pop(0) if code == MASTER_MAU and masters else CARDS[code].kind
        if kind not in INVISIBLE:
            found = (code, kind)
    return found


class _Facing(Protocol):
    """What matching looks at in a card: the code, the kind it counts as and its current colour."""

    @property
    def code(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def colour(self) -> str | None: ...


def number_matches(colour: str | None, number: int | None, top: Top) -> bool:
    """R11 for a number card: the top's current colour or its number."""
    return colour == top.color or (number is not None and number == top.number)


def power_matches(card: _Facing, top_color: str | None, top_kind: str) -> bool:
    """R11 for a power card (a Master Mau as whatever it is declared): the Master Mau, Just Take Two
    and Shadow Master go on anything; any other power card needs the top's current colour or kind."""
    kind = card.kind
    if card.code == MASTER_MAU or kind in (JUST_TAKE_TWO, SHADOW_MASTER):
        return True
    return card.colour == top_color or top_kind == kind


def power_follows(prev: _Facing, card: _Facing) -> bool:
    """R12 and R42 between two power cards of one play: a stack (same kind), or a Skip sending a card
    of its colour, a Master Mau, a Just Take Two or a Shadow Master (R21)."""
    kind = card.kind
    if kind == prev.kind:
        return True
    if prev.kind == SKIP:
        return card.code == MASTER_MAU or kind in (JUST_TAKE_TWO, SHADOW_MASTER) or card.colour == prev.colour
    return False


class PlayChecker:
    """R10-R16 and R38-R42 as one walk over a play. Subclass and override `matches`/`chain` to vary them."""

    def matches(self, top: Top, card: Card) -> bool:
        """R11: may `card` be the first body card on `top`?"""
        if card.kind == NUMBER:
            return number_matches(card.colour, card.number, top)
        return power_matches(card, top.color, top.kind)

    def chain(self, prev: Card, card: Card) -> None:
        """R12 and R42 between two power cards (number cards are walked by `check`); refuses if illegal."""
        if power_follows(prev, card):
            return  # a stack, or sending (R21)
        if prev.kind == SKIP:
            raise refuse(
                "R42",
                f"a {describe(card.code)} sent by a Skip must match it: same colour, or another Skip",
            )
        raise refuse(
            "R12",
            f"only another {kind_name(prev.kind)} may follow a {kind_name(prev.kind)} in one play (a stack), "
            f"not a {kind_name(card.kind)}",
        )

    def check(
        self,
        top: Top | None,
        streak: int,
        hand_size: int,
        cards: tuple[str, ...],
        mm: tuple[str, ...],
        color: str | None,
    ) -> PlayFacts:
        """Check the shape of a play (cards already known to be held) and work out what it does."""
        if len(cards) == 1 and _KIND[cards[0]] == NUMBER:  # a number card alone (most plays): what `_walk` does
            code = cards[0]
            card = _NUMBER_CARD[code]
            if top is not None and not self.matches(top, card):
                raise _unmatched(code, top)
            return _new(PlayFacts, ((card,), 0, 0, 0, _NUMBER_TOP[code], 0, None, hand_size == 1))
        links = deck_masters = 0
        rainbow = False
        declared = iter(mm)
        raw: list[tuple[str, str]] = []
        for code in cards:
            kind = CARDS[code].kind
            if kind == MASTER_MAU:
                kind = next(declared)
                if kind == LINK_MASTER:
                    links += 1
                    rainbow = True
                    continue
            elif kind == LINK_MASTER:
                links += 1
                continue
            elif kind == DECK_MASTER:
                deck_masters += 1
                continue
            raw.append((code, kind))
        going_out = len(cards) == hand_size
        if deck_masters > links and not going_out:
            if not raw and not links:
                raise refuse("R14", "a Deck Master needs a Link Master to be played (except when going out)")
            raise refuse("R14", "each Deck Master needs its own Link Master, except in a play that goes out")
        if not raw:
            if not deck_masters:
                raise refuse("R10", "Link Masters alone are not a play: add a Deck Master or playable cards")
            return _new(PlayFacts, ((), links, deck_masters, 0, top, streak, None, going_out))
        return self._walk(top, streak, raw, links, deck_masters, rainbow, color, going_out)

    def _walk(
        self,
        top: Top | None,
        streak: int,
        raw: list[tuple[str, str]],
        links: int,
        deck_masters: int,
        rainbow: bool,
        color: str | None,
        going_out: bool,
    ) -> PlayFacts:
        body: list[Card] = []
        named = False
        runs = stretch = step = 0
        shown: Card | None = None  # the last visible body card: the effective top after the play (R7)
        prev: Card | None = None
        for code, kind in raw:
            info = CARDS[code]
            colour = info.colour
            if kind == SHADOW_MASTER:
                if color is None:
                    raise refuse("R23", "name the colour for the Shadow Master")
                colour, named = color, True
            elif code == MASTER_MAU and kind in ABSORBING:
                colour = prev.colour if prev is not None else (top.color if top is not None else None)
                if colour is None:
                    if color is None:
                        raise refuse("R23", f"name the colour of the Master Mau led as {kind_name(kind)}")
                    colour, named = color, True
            card: Card = _new(Card, (code, kind, colour, info.number))
            if prev is None:
                if top is not None and not self.matches(top, card):
                    raise _unmatched(code, top)
            elif kind == NUMBER and prev.kind == NUMBER:
                number, before = card.number or 0, prev.number or 0
                if number == before:
                    if stretch == 1:
                        raise refuse("R41", "a run needs at least three cards stepping the same way")
                    stretch = 0
                elif abs(number - before) == 1 and (rainbow or colour == prev.colour):
                    direction = number - before
                    if stretch == 0:
                        runs += 1
                        if runs > links:
                            raise refuse(
                                "R13", "each run needs its own Link Master (or Master Mau declared Link Master)"
                            )
                        stretch, step = 1, direction
                    elif direction != step:
                        raise refuse("R41", "a run cannot change direction without a set between")
                    else:
                        stretch += 1
                elif abs(number - before) == 1:
                    raise refuse("R13", "a run keeps one colour, unless a Master Mau declared Link Master is played")
                else:
                    raise refuse(
                        "R12",
                        f"no colour following inside a play: {describe(prev.code)} then {describe(code)} "
                        "is neither a set (same number) nor a run",
                    )
            elif kind == NUMBER or prev.kind == NUMBER:
                raise refuse("R12", "number cards and power cards cannot follow each other in one play")
            else:
                self.chain(prev, card)
            if kind in HITS:
                streak += 1
            else:
                streak = 0
            if kind != JUST_TAKE_TWO:
                shown = card
            body.append(card)
            prev = card
        if stretch == 1:
            raise refuse("R41", "a run needs at least three cards stepping the same way")
        skips = 0
        for card in body:
            if card.kind != SKIP:
                break
            skips += 1
        new_top = top if shown is None else _new(Top, (shown.code, shown.colour or "", shown.kind, shown.number))
        return _new(
            PlayFacts, (tuple(body), links, deck_masters, skips, new_top, streak, color if named else None, going_out)
        )


def _unmatched(code: str, top: Top) -> IllegalAction:
    """R11's refusal of a first body card that does not fit the top."""
    return refuse("R11", f"{describe(code)} does not match {_top_words(top)}")


def _top_words(top: Top) -> str:
    name = describe(top.card) if top.card != MASTER_MAU else f"the Master Mau played as {kind_name(top.kind)}"
    if CARDS[top.card].colour == top.color:
        return f"the {name} on the pile"
    return f"the {name} on the pile (colour {COLOUR_NAMES.get(top.color, top.color)})"
