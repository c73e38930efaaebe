"""DD MAU's cards in HTML and in words: `{% load ddmau_cards %}`, `{% card "R7" %}`,
`{{ "TR"|card_label }}`, `{{ hand|sorted_hand }}`; DD MAU's presenter (games/presenters/ddmau.py)
draws its table, its replays and its mails with these, and gives them to its Jinja2 templates.

Every card reads without colour vision: besides its colour it carries the colour's letter and a shape
(red circle, yellow triangle, blue square, green diamond), and power cards show their name and points.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.engine.ddmau.cards import CARDS, COLOUR_NAMES, COLOURS, KIND_NAMES, MM_DECLARATIONS, NUMBER, CardInfo
from games.engine.ddmau.notation import CALL

register = template.Library()

# What the middle of a power card shows; names stay short enough for a phone-sized card.
FACES = {"T": "T", "S": "⊘", "O": "⇄", "JT": "JTT", "SM": "SM", "LM": "LM", "DM": "DM", "MM": "MM"}
SHORT_NAMES = {**{kind: name.replace('"', "") for kind, name in KIND_NAMES.items()}, "JT": "Just Take 2"}
# The order power cards are grouped in a sorted hand: coloured kinds first, then colourless.
POWER_ORDER = ("T", "S", "O", "JT", "SM", "LM", "DM", "MM")
MM_KIND_NAMES = {kind: KIND_NAMES[kind].replace('"', "") for kind in MM_DECLARATIONS}


def card_info(code: str) -> CardInfo:
    try:
        return CARDS[code]
    except KeyError:
        raise ValueError(f"unknown card code {code!r}") from None


def label(code: str) -> str:
    """Words a screen reader says: "red 7", "Penal T, red, 20 points", "Master Mau, 50 points"."""
    info = card_info(code)
    if info.kind == NUMBER:
        return info.name
    colour = f", {COLOUR_NAMES[info.colour]}" if info.colour else ""
    return f"{MM_KIND_NAMES.get(info.kind, SHORT_NAMES[info.kind])}{colour}, {info.points} points"


def sort_key(code: str) -> tuple[int, int, int]:
    info = card_info(code)
    colour = COLOURS.index(info.colour) if info.colour else 0
    if info.kind == NUMBER:
        return (0, colour, info.number or 0)
    return (1, POWER_ORDER.index(info.kind), colour)


def sort_hand(codes: Iterable[str]) -> list[str]:
    """Number cards by colour then number, then power cards grouped by kind."""
    return sorted(codes, key=sort_key)


@register.filter
def sorted_hand(codes: Iterable[str]) -> list[str]:
    return sort_hand(codes)


@register.filter
def card_label(code: str) -> str:
    return label(code)


@register.filter
def colour_name(colour: str | None) -> str:
    return COLOUR_NAMES.get(colour or "", "")


@register.filter
def mm_kind_name(kind: str) -> str:
    return MM_KIND_NAMES.get(kind, kind)


@register.simple_tag
def pip(colour: str | None) -> SafeString:
    """The colour's shape, beside any text that names a colour."""
    return _PIPS.get(colour or "", _NOTHING)


@register.simple_tag
def swatch(colour: str | None) -> SafeString:
    """A colour named in words, in its colour and with its shape: "● red"."""
    return _SWATCHES.get(colour or "", _NOTHING)


# Four colours, four pieces each: made once (the felt shows them on every move, and every card
# face that names a colour carries a pip).
_NOTHING = SafeString("")
_PIPS = {colour: format_html('<span class="pip pip-{0}" aria-hidden="true"></span>', colour) for colour in COLOUR_NAMES}
_SWATCHES = {
    colour: format_html('<span class="swatch swatch-{0}">{1}{2}</span>', colour, _PIPS[colour], name)
    for colour, name in COLOUR_NAMES.items()
}


@register.simple_tag
def card(code: str, size: str = "", declared: str = "", colour: str = "", example: bool = False) -> SafeString:
    """One card face. `declared`: the kind a Master Mau was played as; `colour`: its current colour.

    `example`: a picture beside words that already name the card (the help), hidden from screen
    readers and carrying no label, so a page's card labels are exactly the cards in play.
    """
    return _card_html(code, size, declared or "", colour or "", bool(example))


@lru_cache(maxsize=4096)  # a few hundred distinct faces at most; every table render reuses them
def _card_html(code: str, size: str, declared: str, colour: str, example: bool) -> SafeString:
    info = card_info(code)
    classes = ["cd", f"cd-{info.colour or 'X'}", "cd-num" if info.kind == NUMBER else "cd-pow", f"cd-k-{info.kind}"]
    if size:
        classes.append(f"cd-{size}")
    text = label(code)
    note = SafeString("")
    if declared:
        text = f"{text}, played as {MM_KIND_NAMES.get(declared, declared)}"
        note = format_html('<span class="cd-as">as {0}</span>', MM_KIND_NAMES.get(declared, declared))
    if colour in COLOUR_NAMES and colour != info.colour:
        classes.append(f"cd-now-{colour}")
        text = f"{text}, now {COLOUR_NAMES[colour]}"
    corner_colour = info.colour or (colour if colour in COLOUR_NAMES else "")
    corner = (
        format_html('<span class="cd-corner"><b>{0}</b>{1}</span>', corner_colour, pip(corner_colour))
        if corner_colour
        else SafeString("")
    )
    name = format_html('<span class="cd-name">{0}</span>', SHORT_NAMES[info.kind]) if info.kind != NUMBER else ""
    points = format_html('<span class="cd-pts">{0}</span>', info.points) if info.kind != NUMBER else ""
    labelled = SafeString('aria-hidden="true"') if example else format_html('role="img" aria-label="{0}"', text)
    return format_html(
        '<span class="{0}" {1}><span class="cd-in" aria-hidden="true">'
        '{2}<span class="cd-face">{3}</span>{4}{5}{6}</span></span>',
        " ".join(classes),
        labelled,
        corner,
        FACES.get(info.kind, str(info.number)),
        name,
        points,
        note,
    )


# --- in words, for a reader away from the table (the mails) ----------------------------------------


def _card_words(token: str) -> str | None:
    """A notation token in words ("SM>R": "Shadow Master naming red"); None if it is no card."""
    code, _, colour = token.partition(">")
    if code.startswith("MM="):
        words = f"Master Mau as {MM_KIND_NAMES.get(code[3:], code[3:])}"
    elif code in CARDS:
        words = CARDS[code].name.replace('"', "")
    else:
        return None
    return f"{words} naming {COLOUR_NAMES[colour]}" if colour in COLOUR_NAMES else words


def in_words(text: str) -> str:
    """A public log line for a reader away from the table: "LM G7 G8" as "Link Master, green 7, green 8"."""
    called = text.endswith(f" {CALL}")
    words: list[str] = []
    after_card = False
    for token in text.removesuffix(f" {CALL}").split():
        card = _card_words(token)
        if card is not None and after_card:
            words[-1] += ","
        words.append(card or token)
        after_card = card is not None
    return " ".join(words) + (f", calling {CALL}" if called else "")
