"""The table of emojical Mau-Mau: what the card just played asks of its target (roll on, block, swap,
donate, gamble), the jump-in moment, and a donor's hand waiting face down."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.presenters.base import Presenter

# The eight smileys of the pack, as the faces show them (the engine names them in words).
SMILEYS = {"1": "😉", "2": "😀", "3": "😂", "4": "😍", "5": "😎", "6": "😘", "7": "😢", "8": "😠"}


class EmojicalPresenter(Presenter):
    variant = "emojical"

    def card_html(self, code: str, size: str = "md", declared: str = "", colour: str = "") -> SafeString:
        smiley = SMILEYS.get(code[1:]) if len(code) == 2 and code[0] in "YPGB" else None
        if smiley is None:
            return super().card_html(code, size)
        size = size or "md"
        face = self.face(code)
        return format_html(
            '<span class="cd vc vc-{0} cd-{1}" role="img" aria-label="{2}" title="{2}">'
            '<span class="cd-corner"><b>{3}</b>{4}</span><span class="vc-face vc-emoji">{5}</span></span>',
            face.colour or "X",
            size,
            face.name,
            face.short,
            face.symbol,
            smiley,
        )

    def pending_words(self, pending: Mapping[str, Any], names: Mapping[int, str], viewer: int | None) -> str:
        who = "You" if pending.get("target") == viewer else names.get(pending.get("target", -1), "?")
        other = names.get(pending.get("from", -1), "?")
        kind, cards = pending.get("kind"), pending.get("cards")
        words = {
            "T2": f"{who} must roll on a Take 2, block it, or take {cards} cards",
            "T4": f"{who} must roll on a Take 4 or take {cards} cards",
            "SK": f"{who} is skipped unless they block",
            "SW": f"{who} swaps hands with {other} unless they block",
            "DN": f"{who} takes a face-down card from {other} unless they block",
            "GM": f"{who} must choose: take 4 cards safely, or gamble on the top of the pile",
        }
        return words.get(str(kind), super().pending_words(pending, names, viewer))

    def window_words(self, window: Mapping[str, Any], names: Mapping[int, str]) -> str:
        if window.get("kind") == "jump":
            return (
                f"Jump in! Anyone holding the same card as {names.get(window.get('seat', -1), '?')} may put it on now"
            )
        return super().window_words(window, names)

    def seat_flags(self, view: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        return ("owes Mau",) if seat in (view.get("must_call") or ()) else ()

    def seat_notes(self, view: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
        order = view.get("donate_order")
        if order:
            return [f"{order if isinstance(order, int) else len(order)} cards lie face down to choose from"]
        return []


PRESENTER = EmojicalPresenter()
