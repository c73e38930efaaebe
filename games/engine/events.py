"""What an action did, as public records (like pokerkit's operations): nobody diffs two positions.

`step` returns the new state and, in order, the events of the action: "seat 2 picks up 4 and
misses the turn", "seat 1 is skipped", "the draw pile was reshuffled", "seat 0 went out". The move
log, the table's line of what just happened, the mails and the replays are written from them.

An event is public: it never names a card that its seat's opponents may not see (a draw gives a
count, never the card). Its `text` is plain words in which `{p0}` .. `{p9}` stand for the players
at seats 0..9 and `{cards}` for the event's cards, so that the site puts in names and card faces:
`Event("take", "{p2} picks up 4 and misses the turn", seat=2, data=(("count", 4),))`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

# builds a NamedTuple without its Python-level `__new__` (every field given, in order): every step
# makes events
_new = tuple.__new__


class Event(NamedTuple):
    """One public thing that happened. `kind` is a short key a page may style or sound on
    ("play", "draw", "take", "skip", "reverse", "color", "swap", "reshuffle", "caught",
    "penalty", "mau", "window", "hand_over", "game_over", ...); `data` holds public details as
    key-value pairs (kept as a tuple so that events stay immutable and hashable)."""

    kind: str
    text: str
    seat: int | None = None
    cards: tuple[str, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def as_dict(self) -> dict[str, Any]:
        """The event as JSON-shaped data (for the move log and the socket)."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "seat": self.seat}
        if self.cards:
            out["cards"] = list(self.cards)
        if self.data:
            out["data"] = {k: _plain(v) for k, v in self.data}
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        data = raw.get("data") or {}
        return cls(
            str(raw["kind"]),
            str(raw["text"]),
            raw.get("seat"),
            tuple(raw.get("cards") or ()),
            tuple(data.items()),
        )


def event(kind: str, text: str, seat: int | None = None, cards: tuple[str, ...] = (), **data: Any) -> Event:
    """Build an event: `event("take", "{p2} picks up 4", seat=2, count=4)`."""
    built: Event = _new(Event, (kind, text, seat, cards, tuple(data.items())))
    return built


def p(seat: int) -> str:
    """The placeholder of the player at `seat` in an event's text."""
    if 0 <= seat < len(_PLACEHOLDERS):
        return _PLACEHOLDERS[seat]
    return "{p" + str(seat) + "}"


# the placeholders of the seats a table may have, made once: most steps write one or two
_PLACEHOLDERS = tuple(["{p" + str(seat) + "}" for seat in range(10)])


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def render_text(ev: Event, names: Mapping[int, str], cards: str | None = None) -> str:
    """The event's text with the players' names (and `cards` written out) put in; for terminals and mails."""
    values = {f"p{seat}": name for seat, name in names.items()}
    values["cards"] = cards if cards is not None else " ".join(ev.cards)
    try:
        return ev.text.format_map(_Missing(values))
    except (ValueError, IndexError):
        return ev.text


def events_in_words(
    events: Iterable[Mapping[str, Any]], names: Mapping[int, str], card_words: Callable[[str], str]
) -> str:
    """A move's stored events (`Event.as_dict`) in plain words, the players and the cards by name
    ("Ana plays red 7, red 8"): for a mail, and for a screen reader where the table shows cards."""
    said = []
    for raw in events:
        ev = Event.from_dict(raw)
        said.append(render_text(ev, names, ", ".join(card_words(code) for code in ev.cards)))
    return "; ".join(said)


class _Missing(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return key.replace("p", "seat ", 1) if key.startswith("p") and key[1:].isdigit() else "{" + key + "}"
