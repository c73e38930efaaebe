"""What every presenter offers the generic table; the defaults read only the engine's conventions
(VARIANTS.md C7: `top`, `pending`, `window`, `must_call`, `drawn`, `totals`, `last_hand`) and the
engine's own words (card faces, `describe`, event texts)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from markupsafe import escape

from games import engine
from games.table_state import TableState


@dataclass(frozen=True)
class Choice:
    """One legal action as a button: its words and the action sent."""

    label: str
    action_json: str
    act: str
    key: str = ""  # a keyboard key for the most common acts


@dataclass(frozen=True)
class CardChoices:
    """A card in the viewer's hand and what may be done with it now."""

    code: str
    face: engine.CardFace
    choices: tuple[Choice, ...]
    html: SafeString


@dataclass(frozen=True)
class ScoreRow:
    name: str
    points: int | None
    total: int | None
    went_out: bool
    winner: bool
    safety_net: bool
    place: int = 0


@dataclass(frozen=True)
class HandSummary:
    number: int | None
    out_name: str
    multiplier: int
    rows: tuple[ScoreRow, ...]
    # the multiplier in the game's own words (its presenter's `multiplier_words`): "" when the hand
    # counts once; `multiplier_plain` is the same for a plain-text mail
    multiplier_words: str = ""
    multiplier_plain: str = ""


# The hand last scored, as every viewer of a table sees it until the next hand ends: a push worked it
# out for each viewer of each move (the safety nets scored again, the rows built), though it changes
# once a hand. Each table keeps the last summary with everything it was worked out from; a push whose
# inputs are equal to those (`==`, mostly the very objects, which the shared view keeps from move to
# move) takes it as it is. Cleared when full: rare, and the next pushes refill it.
_SUMMARIES: dict[tuple[str, int], tuple[tuple[Any, ...], HandSummary | None]] = {}
SUMMARIES_KEPT = 4096


def kept_summary(
    variant: str,
    state: TableState,
    view: Mapping[str, Any],
    summarise: Callable[[TableState, Mapping[str, Any]], HandSummary | None],
) -> HandSummary | None:
    """`summarise(state, view)`, worked out again only when what a summary reads has changed."""
    last = view.get("last_hand")
    if not last:
        return None
    read = (
        last,
        view.get("totals"),
        view.get("hand"),
        view.get("over"),
        view.get("teams"),
        view.get("out"),
        tuple([(seat.index, seat.name) for seat in state.seats]),
        state.rules,
        state.extra.get("totals_before"),
    )
    key = (variant, state.game_id)
    kept = _SUMMARIES.get(key)
    if kept is not None and kept[0] == read:
        return kept[1]
    summary = summarise(state, view)
    if len(_SUMMARIES) >= SUMMARIES_KEPT:
        _SUMMARIES.clear()
    _SUMMARIES[key] = (read, summary)
    return summary


@dataclass(frozen=True)
class PlayedCard:
    code: str
    declared: str  # the kind the card was played as (DD MAU's Master Mau), "" otherwise


@dataclass(frozen=True)
class PlayView:
    """The last play on the pile, as a replay shows it."""

    seat_name: str
    cards: tuple[PlayedCard, ...]
    colour: str | None  # the colour the play named, if the game's plays name one
    block: bool


@dataclass(frozen=True)
class TopView:
    """The card on top, as a replay shows it: its colour now and the kind it was played as."""

    code: str
    colour: str
    declared: str


KEYS = {"draw": "d", "pass": "p", "take": "t", "block": "b", "catch": "c", "mau": "m"}


class Presenter:
    variant = ""
    felt_template = "games/variants/shedding/_felt.jinja"
    # Everything the felt template reads of the table's context, besides `state.deadline` and
    # `state.is_live`: the felt is rendered from these alone, once per look (games.rendering.felt_html).
    felt_reads: tuple[str, ...] = (
        "hand_number",
        "top_html",
        "top_colour",
        "draw_pile",
        "window",
        "direction",
        "window_deadline",
        "last_play_name",
        "last_play_html",
        "seat_notes",
        "dealer_name",
    )
    # The words of the felt that differ from one viewer to the next ("Your turn" or "Ana to play",
    # "You must answer..."): each is only printed or tested for being empty, so the felt is rendered
    # once for every viewer with a mark in their place, filled in for each (games.rendering.felt_html).
    felt_phrases: tuple[str, ...] = ("turn_words", "clock_words", "pending")
    hand_template = "games/variants/shedding/_hand.jinja"
    help_template = "games/variants/shedding/_help.html"
    # A script of the game's own for its hand (a static path, loaded by the table page before
    # table.js, whose hooks it sets: see "a game's own script" there); "" when buttons are enough.
    script = ""

    # Does a table's title name its game ("Table 12 · Mau-Mau" in a mail or a replay)?
    named_in_titles = True
    # How the game counts in a league's average final total, said after "lower is better" in
    # brackets: "" for a game that always keeps a score
    total_note = "a game without a score counts 0"

    @property
    def rules(self) -> Any:
        return engine.get_rules(self.variant)

    # --- cards ---
    def face(self, code: str) -> engine.CardFace:
        return _face(self.variant, code)

    def card_html(self, code: str, size: str = "md", declared: str = "", colour: str = "") -> SafeString:
        """A card's face; `size` "" is the usual size. `declared` (the kind the card was played as)
        and `colour` (its colour now) are for a game whose cards take them on."""
        return _card_html(self.variant, code, size or "md")

    def card_words(self, code: str) -> str:
        """A card in words, for a reader away from the table (a mail)."""
        return self.face(code).name

    def swatch_html(self, colour: str | None) -> SafeString:
        """A colour or suit named in words, with its symbol ("♦ diamonds")."""
        return format_html("{0}", self.colour_words(colour))

    def chip_html(self, code: str) -> SafeString:
        face = self.face(code)
        return format_html(
            '<span class="chip chip-{0}" title="{1}">{2}{3}</span>',
            face.colour or "X",
            face.name,
            face.symbol,
            face.short,
        )

    # --- events, in words ---
    def event_html(self, event: Mapping[str, Any], names: Mapping[int, str]) -> SafeString:
        """An event's text with the players' names (escaped, in bold) and its cards as chips."""
        return _event_html(self, event, names)

    def notation_words(self, text: str) -> str:
        """A move's notation in words, for a log line stored without its events (an older game's)."""
        return text

    # --- the seats ---
    def seat_flags(self, view: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        """Short tags a seat shows: whoever owes a call and can be caught."""
        owed = view.get("must_call")
        if isinstance(owed, list) and seat in owed:
            return ("owes Mau",)
        return ()

    # --- the felt and the hand ---
    def context(self, state: TableState, view: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
        top = view.get("top")
        pending = view.get("pending")
        window = view.get("window")
        rules = engine.get_rules(self.variant, state.rules or None)
        hand_choices, other_choices = self.choices(state, rules)
        last = self.last_play(view, names)
        return {
            "top_face": self.face(top["card"]) if top else None,
            "top_html": self.card_html(top["card"], "lg") if top else "",
            "top_colour": self.colour_words(top.get("color")) if top else "",
            "pending": self.pending_words(pending, names, state.viewer_seat) if pending else "",
            "window": self.window_words(window, names) if window else "",
            "window_deadline": state.window_deadline,
            "draw_pile": view.get("draw") if isinstance(view.get("draw"), int) else None,
            "direction": view.get("direction", 1),
            "hand_number": view.get("hand"),
            "hand_choices": hand_choices,
            "other_choices": other_choices,
            "hand_signature": " ".join(state.hand),
            "summary": kept_summary(self.variant, state, view, self.hand_summary),
            "last_play_name": last[0] if last else "",
            "last_play_html": format_html_join(" ", "{0}", ((self.chip_html(c),) for c in last[1])) if last else "",
            "seat_notes": self.seat_notes(view, names),
        }

    def seat_notes(self, view: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
        """Lines about the table a game wants shown under the felt (open offences, a face-down hand...)."""
        return []

    def colour_words(self, colour: str | None) -> str:
        """The current colour or suit in words, with its symbol; "" when any card may follow."""
        if not colour:
            return ""
        return _colour_words(self.variant).get(colour, colour)

    def pending_words(self, pending: Mapping[str, Any], names: Mapping[int, str], viewer: int | None) -> str:
        who = "You" if pending.get("target") == viewer else names.get(pending.get("target", -1), "?")
        cards = pending.get("cards")
        if cards:
            return f"{who} must answer a hit of {cards} card{'s' if cards != 1 else ''} or take them"
        return f"{who} must answer the card just played"

    def window_words(self, window: Mapping[str, Any], names: Mapping[int, str]) -> str:
        return "A moment to react: out-of-turn moves are open"

    def top_note(self, view: Mapping[str, Any]) -> str:
        """What follows the top card's name in a mail: its colour or suit now ("now ♦ diamonds")."""
        top = view.get("top")
        colour = top.get("color") if top else None
        return f"now {self.colour_words(colour)}" if colour else ""

    def top_view(self, view: Mapping[str, Any]) -> TopView | None:
        """The card on top of a position or a view, for a replay."""
        top = view.get("top")
        return TopView(code=top["card"], colour=top.get("color") or "", declared="") if top else None

    def last_play_view(self, view: Mapping[str, Any], names: Mapping[int, str]) -> PlayView | None:
        """The last play on the pile of a position or a view, for a replay."""
        pile = view.get("pile") or ()
        if not pile:
            return None
        play = pile[-1]
        cards = tuple(PlayedCard(code, "") for code in play.get("cards") or ())
        return PlayView(seat_name=names.get(play.get("seat", -1), "?"), cards=cards, colour=None, block=False)

    def multiplier_words(self, multiplier: int, *, plain: bool = False) -> str:
        """A hand's multiplier in the game's own words, for the heading of its scoring (DD MAU's
        "Shadow Master", a times sign and 2); "" when the hand counts once or the game multiplies
        nothing. `plain`: for a plain-text mail, in plain characters (an "x" for the times sign)."""
        return ""

    def replay_line(self, actor: str, notation: str, words: SafeString) -> SafeString:
        """A replay's step in one line: by default what happened in words (`words`, from the move's
        events); `notation` is the move's notation line, `actor` who made it."""
        return words

    # --- the game's own templates ---
    def template_globals(self) -> Mapping[str, Any]:
        """Functions the game's own Jinja2 templates call by name (its card faces, say); the names
        must not clash with another game's (games.jinja refuses that)."""
        return {}

    def template_filters(self) -> Mapping[str, Any]:
        """Filters the game's own Jinja2 templates use, likewise."""
        return {}

    def last_play(self, view: Mapping[str, Any], names: Mapping[int, str]) -> tuple[str, tuple[str, ...]] | None:
        pile = view.get("pile") or ()
        if not pile:
            return None
        play = pile[-1]
        return names.get(play.get("seat", -1), "?"), tuple(play.get("cards") or ())

    def choices(self, state: TableState, rules: Any) -> tuple[list[CardChoices], list[Choice]]:
        """The viewer's hand, each card with the legal actions that put it down, and the other acts."""
        import json

        by_card: dict[str, list[Choice]] = {}
        others: list[Choice] = []
        for action in state.legal:
            sent = {k: v for k, v in action.items() if k != "seat"}
            label = _with_names(rules.describe(action), state)
            choice = Choice(label, json.dumps(sent), str(action.get("act")), KEYS.get(str(action.get("act")), ""))
            cards = action.get("cards")
            if cards:
                by_card.setdefault(cards[0], []).append(choice)
            else:
                others.append(choice)
        shown = []
        seen: set[str] = set()
        for code in self.sort(state.hand):
            # a card the hand holds twice lists its choices once
            choices = () if code in seen else tuple(by_card.get(code, ()))
            seen.add(code)
            shown.append(CardChoices(code, self.face(code), choices, self.card_html(code)))
        return shown, others

    def sort(self, hand: Iterable[str]) -> list[str]:
        """A hand as a player holds it: by colour or suit, numbers and ranks in order, action cards last."""
        return sorted(hand, key=lambda code: _sort_key(self.variant, code))

    def hand_summary(self, state: TableState, view: Mapping[str, Any]) -> HandSummary | None:
        last = view.get("last_hand")
        if not last:
            return None
        points = list(last.get("points") or ())
        totals = list(view.get("totals") or ())
        rows = tuple(
            ScoreRow(
                name=seat.name,
                points=points[seat.index] if seat.index < len(points) else None,
                total=totals[seat.index] if seat.index < len(totals) else None,
                went_out=seat.index == last.get("out"),
                winner=False,
                safety_net=False,
            )
            for seat in state.seats
        )
        number = view.get("hand")
        out = last.get("out")
        return HandSummary(
            number=(number - 1 if isinstance(number, int) and not view.get("over") else number),
            out_name=next((seat.name for seat in state.seats if seat.index == out), "?"),
            multiplier=1,
            rows=rows,
            multiplier_words=self.multiplier_words(1),
            multiplier_plain=self.multiplier_words(1, plain=True),
        )


@lru_cache(maxsize=16)
def _colour_words(variant: str) -> dict[str, str]:
    """Each colour or suit key of the game in words ("♦ diamonds", "yellow"), read off the faces of a
    dealt deck: the Rules protocol lists no deck."""
    dealt = engine.new_game(engine.get_rules(variant).min_players, seed="colours", variant=variant)
    codes = [*dealt["draw"], *(code for hand in dealt["hands"] for code in hand)]
    codes += [code for play in dealt.get("pile") or () for code in play.get("cards") or ()]
    words: dict[str, str] = {}
    for code in codes:
        face = _face(variant, code)
        if face.colour and face.colour_name:
            symbol = "" if face.symbol == face.colour else f"{face.symbol} "
            words.setdefault(face.colour, symbol + face.colour_name)
    return words


SEAT_WORDS = re.compile(r"\bseat (\d+)\b")


def _with_names(words: str, state: TableState) -> str:
    """The engine's button words name seats by number; a player reads names ("Catch Ana")."""
    names = {seat.index: seat.name for seat in state.seats}
    return SEAT_WORDS.sub(lambda match: names.get(int(match.group(1)), match.group(0)), words)


FACE_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}


@lru_cache(maxsize=4096)
def _sort_key(variant: str, code: str) -> tuple[str, int, int, str]:
    face = _face(variant, code)
    short = face.short
    rank = int(short) if short.isdigit() else FACE_RANKS.get(short, 99)
    return (face.colour or "~", 0 if rank < 99 else 1, rank, code)


@lru_cache(maxsize=4096)
def _face(variant: str, code: str) -> engine.CardFace:
    return engine.get_rules(variant).card(code)


@lru_cache(maxsize=4096)
def _card_html(variant: str, code: str, size: str) -> SafeString:
    """A card face that reads without colour vision: its symbol (a suit, a colour's initial) and its
    short label in the corner, the label large in the middle, the full name for screen readers."""
    face = _face(variant, code)
    return format_html(
        '<span class="cd vc vc-{0} cd-{1}" role="img" aria-label="{2}" title="{2}">'
        '<span class="cd-corner"><b>{3}</b>{4}</span><span class="vc-face">{3}</span>'
        '<span class="vc-sym" aria-hidden="true">{4}</span></span>',
        face.colour or "X",
        size,
        face.name,
        face.short,
        face.symbol,
    )


def _event_html(presenter: Presenter, event: Mapping[str, Any], names: Mapping[int, str]) -> SafeString:
    # Written with markupsafe's escape (Jinja's own, in C), not Django's format_html: a move's line
    # is rendered once per process after every move, and Django's helpers were most of its cost.
    text = str(event.get("text", ""))
    cards = event.get("cards") or ()
    parts: list[str] = []
    rest = text
    while rest:
        start = rest.find("{")
        end = rest.find("}", start)
        if start < 0 or end < 0:
            parts.append(escape(rest))
            break
        parts.append(escape(rest[:start]))
        key = rest[start + 1 : end]
        if key == "cards":
            parts.append(" ".join([escape(presenter.chip_html(code)) for code in cards]))
        elif key.startswith("p") and key[1:].isdigit():
            parts.append(f"<b>{escape(names.get(int(key[1:]), f'seat {key[1:]}'))}</b>")
        else:
            parts.append(escape(rest[start : end + 1]))
        rest = rest[end + 1 :]
    return SafeString("".join(parts))


def describe_events(presenter: Presenter, events: Sequence[Mapping[str, Any]], names: Mapping[int, str]) -> SafeString:
    return SafeString("; ".join([escape(presenter.event_html(e, names)) for e in events]))
