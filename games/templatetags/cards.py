"""Cards of any game in a template: `{% face variant code %}`, `{% colour_swatch variant colour %}`,
`{% card_back count %}`.

Each game draws its own cards and colours (its presenter, games/presenters/<variant>.py): these tags
only hand the drawing to the presenter of `variant`. A game's own templates may load its own tags
too (DD MAU's: games.templatetags.ddmau_cards).
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.presenters import presenter_for

register = template.Library()


@register.simple_tag
def card_back(count: int | str = "", size: str = "sm") -> SafeString:
    """The back of a card, with a count on it (an opponent's hand, the draw pile)."""
    try:
        return _card_back(count, size)
    except TypeError:  # a count that cannot be a key
        return _card_back.__wrapped__(count, size)


@lru_cache(maxsize=1024)  # every seat and every felt of every push shows one; the counts are few
def _card_back(count: int | str, size: str) -> SafeString:
    return format_html(
        '<span class="cd cd-back cd-{0}" aria-hidden="true"><span class="cd-count">{1}</span></span>', size, count
    )


@register.simple_tag
def face(variant: str, code: str, size: str = "", declared: str = "", colour: str = "") -> SafeString:
    """One card of any game, as its presenter draws it. `declared`: the kind the card was played as;
    `colour`: its colour now (for the games whose cards take them on)."""
    return presenter_for(variant).card_html(code, size, declared or "", colour or "")


@register.simple_tag
def colour_swatch(variant: str, colour: str | None) -> SafeString:
    """A colour or suit of any game named in words, as its presenter shows it."""
    return presenter_for(variant).swatch_html(colour)
