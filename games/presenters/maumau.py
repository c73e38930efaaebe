"""The table of classic Mau-Mau: sevens waiting to be answered, and who has not said Mau yet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.presenters.base import Presenter


class MaumauPresenter(Presenter):
    variant = "maumau"
    total_note = "Mau-Mau's point game; a game without a score counts 0"  # the solo game keeps none

    def pending_words(self, pending: Mapping[str, Any], names: Mapping[int, str], viewer: int | None) -> str:
        who = "You" if pending.get("target") == viewer else names.get(pending.get("target", -1), "?")
        return f"{who} must play a seven or pick up {pending.get('cards')} cards"

    def seat_flags(self, view: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        return ("Mau not said!",) if seat in (view.get("must_call") or ()) else ()


PRESENTER = MaumauPresenter()
