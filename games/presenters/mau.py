"""The table of Mau: the Joker's race for the turn, the last chance for penalties, SPAM runs, and the
calls each player still owes (anyone may call the penalty)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.presenters.base import Presenter

CALL_WORDS = {
    "spade": "spade",
    "last_card": "last card",
    "mau": "Mau",
    "mau_mau": "Mau-Mau",
    "oom_papa_mau_mau": "Oom-papa-Mau-Mau",
    "wonderful_spam": "wonderful SPAM",
    "slow": "too slow",
}


class MauPresenter(Presenter):
    variant = "mau"

    def pending_words(self, pending: Mapping[str, Any], names: Mapping[int, str], viewer: int | None) -> str:
        who = "You" if pending.get("target") == viewer else names.get(pending.get("target", -1), "?")
        return f"{who} must play a seven or pick up {pending.get('cards')} cards"

    def window_words(self, window: Mapping[str, Any], names: Mapping[int, str]) -> str:
        if window.get("kind") == "joker":
            seats = " or ".join(names.get(seat, "?") for seat in window.get("seats") or ())
            return f"Joker! {seats}: the first to play any card (or draw) takes the turn"
        if window.get("kind") == "final":
            return f"{names.get(window.get('seat', -1), '?')} played their last card: last chance to call a penalty"
        return super().window_words(window, names)

    def seat_flags(self, view: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        missed = [
            CALL_WORDS.get(o.get("reason"), o.get("reason"))
            for o in view.get("offences") or ()
            if o.get("seat") == seat
        ]
        return tuple(f"no “{reason}”" for reason in missed)

    def seat_notes(self, view: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
        notes = []
        if (view.get("run") or 0) >= 2:
            notes.append(f"{view['run']} identical cards in a row on top")
        if view.get("extra"):
            notes.append(f"{view['extra']} extra turn{'s' if view['extra'] != 1 else ''} for the player on turn")
        return notes


PRESENTER = MauPresenter()
