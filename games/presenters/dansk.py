"""The table of Danish Mau Mau: a Draw 2 total waiting, the round of the agreed rounds, missed Mau calls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.presenters.base import Presenter


class DanskPresenter(Presenter):
    variant = "dansk"
    total_note = ""  # every game keeps a score

    def pending_words(self, pending: Mapping[str, Any], names: Mapping[int, str], viewer: int | None) -> str:
        who = "You" if pending.get("target") == viewer else names.get(pending.get("target", -1), "?")
        return f"{who} must add a Draw 2 or pick up {pending.get('cards')} cards"

    def seat_flags(self, view: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        return ("Mau not said!",) if seat in (view.get("must_call") or ()) else ()

    def seat_notes(self, view: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
        rounds = self.rules_for(view).option_values().get("rounds")
        return [f"Round {view.get('hand')} of {rounds}"] if rounds else []

    def rules_for(self, view: Mapping[str, Any]) -> Any:
        from games import engine

        return engine.get_rules(self.variant, view.get("rules") or None)


PRESENTER = DanskPresenter()
