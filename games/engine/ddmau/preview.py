"""What a play will do, in words, before it is played: the table's Play button says it (issue 12).

"skips {p1}", "{p2} picks up 4 and misses the turn", "turns play around, you play again", "names a
colour", "you go out and win the hand". `{p0}`..`{p9}` stand for the players, as in events; the
player making the play is "you".

Worked out from the player's own view alone (`engine.view` for the seat: the public table and the
player's own hand), with the rules' own play checker (`plays.PlayChecker`: the body, the leading
Skips, the hit streak, whether the play goes out) and the seat order of `game.advance`. Never by a
dry run of the play: that would pick up cards from the draw pile and score the other hands, which
the player may not see. So the words hold counts and names, never a card or a hand's points. Where
the outcome hangs on a hidden card (may the target block with a Master Mau?) they say both ways,
unless every Master Mau of the deck is in view. `tests/engine/ddmau/test_preview.py` holds these
words against a dry run of every legal play of many positions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import IllegalAction
from ..events import p
from .cards import CARDS, JUST_TAKE_TWO, MASTER_MAU, OTHER_WAY, SHADOW_MASTER
from .game import DDMAU, advance
from .options import Options
from .plays import HITS, PlayFacts, visible_in_entry
from .state import PileEntry, Top

PLACEHOLDER_COLOUR = "R"  # a play that must name a colour does the same whichever it names


class PlayPreview:
    """One seat's view, read once; `words` for each of its plays."""

    __slots__ = ("direction", "hand", "mm_unseen", "options", "out", "seat", "seats", "streak", "top")

    def __init__(self, view: Mapping[str, Any], seat: int) -> None:
        hand = view["hands"][seat]
        if not isinstance(hand, list | tuple):
            raise ValueError(f"the view does not show seat {seat}'s hand")
        self.seat = seat
        self.hand: Sequence[str] = hand
        self.seats = len(view["hands"])
        self.out = tuple(view.get("out") or ())
        self.direction = -1 if view.get("direction", 1) == -1 else 1
        self.streak = int(view.get("streak") or 0)
        self.options = Options.from_rules(view.get("rules"))
        pile: Sequence[Mapping[str, Any]] = view.get("pile") or ()
        self.top = _top(view.get("top"), pile)
        # Master Maus that may be in someone else's hand (or the draw pile): the deck's, less those in view.
        in_view = hand.count(MASTER_MAU) + sum(list(entry.get("cards") or ()).count(MASTER_MAU) for entry in pile)
        self.mm_unseen = dict(self.options.deck).get(MASTER_MAU, 0) - in_view

    def words(self, cards: Sequence[str], mm: Sequence[str] = (), color: str | None = None) -> str:
        """What playing `cards` (with the Master Mau declarations `mm`) does; "" for a plain play that
        only passes the turn on, or for a play the rules refuse. `color`: the colour it names, if any
        (the words are the same for every colour; without one, a play that must name one is read as
        naming one)."""
        try:
            facts = self._check(tuple(cards), tuple(mm), color)
        except IllegalAction:
            return ""
        return ", ".join(self._effects(tuple(cards), tuple(mm), facts))

    def _check(self, cards: tuple[str, ...], mm: tuple[str, ...], color: str | None) -> PlayFacts:
        check = DDMAU.checker.check
        try:
            return check(self.top, self.streak, len(self.hand), cards, mm, color)
        except IllegalAction as refused:
            if color is not None or refused.ruling != "R23":
                raise
            return check(self.top, self.streak, len(self.hand), cards, mm, PLACEHOLDER_COLOUR)

    def _effects(self, cards: tuple[str, ...], mm: tuple[str, ...], facts: PlayFacts) -> list[str]:
        """`DDMau.play_effects` and `DDMau.go_out`, told instead of done."""
        seat, direction, skips, body = self.seat, self.direction, facts.skips, facts.body
        said: list[str] = []
        if facts.going_out:
            said.append("you go out and win the hand")
            if body and body[-1].kind in HITS:  # R28: the final hit is still picked up
                target = advance(seat, direction, skips + 1, self.seats, (*self.out, seat))
                said.append(f"{p(target)} picks up {2 * facts.streak}")
            shadows = cards.count(SHADOW_MASTER) + mm.count(SHADOW_MASTER)
            if shadows:  # R30
                counted = "hand points" if self.options.shadow_doubles == "hand" else "totals"
                said.append(f"the others' {counted} count " + ("double" if shadows == 1 else f"{2**shadows} times"))
            return said
        if skips:
            skipped = [advance(seat, direction, i, self.seats, self.out) for i in range(1, skips + 1)]
            said.append("skips " + _listed([self._name(s) for s in skipped]))
        effect = body[skips].kind if skips < len(body) else None
        landing = advance(seat, direction, skips + 1, self.seats, self.out)
        if effect == OTHER_WAY:
            if (len(body) - skips) % 2:
                said.append("turns play around")
            said.append("you play again" if skips == 0 or landing == seat else f"{p(landing)} plays next")
        elif effect in HITS:
            said.append(self._hit(cards, landing, 2 * facts.streak, plays_on=effect == JUST_TAKE_TWO))
        elif skips and landing == seat:
            said.append("you play again")
        if facts.color is not None:
            said.append("names a colour")
        return said

    def _hit(self, cards: tuple[str, ...], target: int, count: int, plays_on: bool) -> str:
        """R19, R20, R25: the target picks up at once, unless it holds a Master Mau to block with."""
        if target == self.seat:
            rest = list(self.hand)
            for code in cards:
                rest.remove(code)
            may_block = MASTER_MAU in rest
            taken = f"you pick up {count} and " + ("play on" if plays_on else "miss the turn")
            asked = f"you must take {count} (and " + ("play on" if plays_on else "miss the turn") + ") or block"
        else:
            may_block = self.mm_unseen > 0
            name = p(target)
            taken = f"{name} picks up {count} and " + ("plays on" if plays_on else "misses the turn")
            asked = f"{name} must take {count} (and " + ("play on" if plays_on else "miss the turn") + ") or block"
        return asked if may_block else taken

    def _name(self, seat: int) -> str:
        return "you" if seat == self.seat else p(seat)


def play_effect(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """The words of one play action (see `PlayPreview.words`)."""
    return PlayPreview(view, seat).words(action.get("cards") or (), action.get("mm") or (), action.get("color"))


def _top(top: Mapping[str, Any] | None, pile: Sequence[Mapping[str, Any]]) -> Top | None:
    """The effective top as the rules read it (`convert._read_top`), from the view's public pile."""
    if top is None:
        return None
    card = top["card"]
    info = CARDS[card]
    kind = info.kind
    if card == MASTER_MAU:  # what it was played as (R16): the last visible card of the pile says
        kind = MASTER_MAU
        for entry in reversed(pile):
            found = visible_in_entry(
                PileEntry(
                    entry["seat"],
                    tuple(entry["cards"]),
                    tuple(entry.get("mm") or ()),
                    entry.get("color"),
                    entry.get("block") is True,
                )
            )
            if found is not None:
                kind = found[1]
                break
    return Top(card, top.get("color") or info.colour or "", kind, info.number)


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
