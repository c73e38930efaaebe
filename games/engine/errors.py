"""The one exception the engine raises for an action it refuses."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse. `ruling` is the nearest ruling ("R12"); the message starts with it."""

    def __init__(self, ruling: str, reason: str) -> None:
        super().__init__(f"{ruling}: {reason}")
        self.ruling = ruling
        self.reason = reason


def refuse(ruling: str, reason: str) -> IllegalAction:
    """Build the refusal to raise: `raise refuse("R12", "...")`."""
    return IllegalAction(ruling, reason)
