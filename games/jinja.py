"""The Jinja2 environment of the table's live fragment (templates/games/*.jinja).

The fragment is rendered for every viewer after every move, so it is the site's hottest template:
Jinja2 compiles it to Python and renders it several times faster than Django's engine (bench/live.py
measures it). Every other page stays a Django template. What the fragment's templates use of Django's
template language is here under the same names: `url(...)`, the generic card tags of
games.templatetags.cards, and the filters `date` (in the active time zone), `pluralize`, `yesno` and
`default_if_none`; each game's presenter adds what its own templates call (`template_globals`,
`template_filters`: DD MAU's card faces, say).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from datetime import datetime, tzinfo
from functools import lru_cache
from typing import Any

from django.template import defaultfilters
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.timezone import get_current_timezone, is_aware, localtime
from jinja2 import Environment, Undefined

from games import engine
from games.presenters import presenter_for
from games.templatetags import cards


def url(name: str, *args: Any) -> str:
    return _url(name, args, get_script_prefix(), get_urlconf())


@lru_cache(maxsize=4096)
def _url(name: str, args: tuple[Any, ...], prefix: str, urlconf: str | None) -> str:
    """A path never changes for the same arguments, script prefix and URLconf (both part of the key,
    as `reverse` reads them): a seat's player link is rendered on most moves."""
    return reverse(name, args=args, urlconf=urlconf)


def date(value: datetime | None, format: str | None = None) -> str:
    """Django's `date` filter, after the conversion to local time its template engine makes first.
    Every viewer of a table shows the same deadline after a move: each is formatted once."""
    if not value:
        return ""
    if format is not None and _BY_THE_MINUTE.isdisjoint(format):
        # nothing finer than the minute is shown: every deadline of that minute is written alike, so
        # the deadlines of a minute's moves, each a little later than the last, share one entry
        value = value.replace(second=0, microsecond=0)
    return _date(value, format, get_current_timezone())


# Django's date format characters that show seconds or finer, or a whole timestamp that holds them
# (`\\` escapes a character: a format with one is left as it is, not read here)
_BY_THE_MINUTE = frozenset("csuvrU\\")


@lru_cache(maxsize=4096)
def _date(value: datetime, format: str | None, zone: tzinfo) -> str:
    # the zone read once by the caller (a lookup in a context-local, as costly as the rest here)
    local = localtime(value, zone) if is_aware(value) else value
    if format == "c":  # Django's ISO 8601 is isoformat(), which its formatter reaches the slow way
        return local.isoformat()
    return str(defaultfilters.date(local, format))


def pluralize(value: Any, suffix: str = "s") -> str:
    return str(defaultfilters.pluralize(value, suffix))


def yesno(value: Any, mapping: str | None = None) -> str:
    return str(defaultfilters.yesno(value, mapping))


def default_if_none(value: Any, fallback: Any) -> Any:
    return fallback if value is None else value


class FragmentEnvironment(Environment):
    """Jinja2's environment, with each template's globals the environment's own dict.

    Jinja2 gives every template a ChainMap of its own globals over the environment's, and copies it
    into the context of every render and include (dict() over a ChainMap: a Python-level lookup per
    name). The fragment's templates have no globals of their own, and it renders several of them for
    every viewer of every move: there, the plain dict, copied in C. Nothing changes globals after
    the environment is made (`environment` below sets them all).
    """

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return self.globals if not d else super().make_globals(d)


def environment(**options: Any) -> Environment:
    # A name the fragment does not get (csrf_input without a request) renders empty, in DEBUG too
    # (Django's default there, DebugUndefined, would print the name into the page).
    options["undefined"] = Undefined
    env = FragmentEnvironment(**options)
    env.globals.update(url=url, card_back=cards.card_back, face=cards.face)
    env.filters.update(date=date, pluralize=pluralize, yesno=yesno, default_if_none=default_if_none)
    for variant in engine.variants():
        presenter = presenter_for(variant)
        _add(env.globals, presenter.template_globals(), variant)
        _add(env.filters, presenter.template_filters(), variant)
    return env


def _add(names: dict[str, Any], added: Mapping[str, Any], variant: str) -> None:
    """A game's own names for its templates, beside the others'; one name means one thing."""
    for name, value in added.items():
        if names.get(name, value) is not value:
            raise ValueError(f"{variant}'s templates name {name!r}, which means something else already")
        names[name] = value
