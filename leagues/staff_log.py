"""The staff log of a tournament in plain words: each AdminAction as one sentence, never a Python dict.

The stored `detail` stays as it was written (leagues.actions, leagues.tournament_actions and the
Django admin write it); this only reads it.
"""

from __future__ import annotations

import ast
import datetime
from collections.abc import Mapping
from typing import Any

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.dateparse import parse_datetime

from leagues.models import AdminAction, Tournament, game_title
from leagues.templatetags.leagues_tags import move_time

FIELDS = {
    "name": "name",
    "description": "description",
    "variant": "game",
    "rounds": "rounds",
    "kind": "format",
    "move_seconds": "time per move",
    "table_size": "seats per table",
    "min_entrants": "fewest entrants",
    "max_entrants": "most entrants",
    "registration_opens": "registration opens",
    "registration_closes": "registration closes",
    "house_rules": "house rules",
    "status": "status",
    "disqualified": "disqualified",
    "placing": "placing",
    "withdrawn": "withdrawn",
    "eliminated": "eliminated",
}


def _moment(value: Any) -> str:
    moment = value if isinstance(value, datetime.datetime) else parse_datetime(str(value).replace(" ", "T", 1))
    if moment is None:
        return str(value)
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return date_format(moment, "j M Y, H:i")


def _rules(value: Any) -> str:
    if isinstance(value, str):
        try:
            value = ast.literal_eval(value)  # the Django admin logs the dict as text
        except (ValueError, SyntaxError):
            return str(value)
    if not value:
        return "none (the standard rules)"
    if isinstance(value, Mapping):
        return ", ".join(f"{key} {item}" for key, item in sorted(value.items()))
    return str(value)


def value_in_words(field: str, value: Any) -> str:
    if value in (None, "", "None"):
        return "none"
    if field == "move_seconds":
        return move_time(int(value))
    if field == "variant":
        return game_title(str(value))
    if field == "kind":
        return str(Tournament.Kind(value).label).lower() if value in Tournament.Kind.values else str(value)
    if field == "status":
        return str(Tournament.Status(value).label).lower() if value in Tournament.Status.values else str(value)
    if field in ("registration_opens", "registration_closes", "withdrawn", "eliminated"):
        return _moment(value)
    if field == "house_rules":
        return _rules(value)
    if value in (True, "True"):
        return "yes"
    if value in (False, "False"):
        return "no"
    text = str(value)
    if field in ("name", "description"):
        return f"“{text[:60]}{'…' if len(text) > 60 else ''}”"
    return text


def _fields(detail: Mapping[str, Any], joiner: str) -> str:
    order = list(FIELDS)
    detail = dict(sorted(detail.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order)))
    return "; ".join(
        f"{FIELDS.get(key, key.replace('_', ' '))}{joiner}{value_in_words(key, value)}" for key, value in detail.items()
    )


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _sentence(action: str, detail: Mapping[str, Any]) -> str:
    entrant = detail.get("entrant", "an entrant")
    if action == "create":
        return f"Created the tournament: {_fields(detail, ' ')}."
    if action == "edit":
        return f"Changed {_fields(detail, ' to ')}." if detail else "Saved without a change."
    if action == "open registration":
        return "Opened registration."
    if action == "start":
        tables = detail.get("tables") or []
        count = len(tables) if isinstance(tables, list) else tables
        numbers = ", ".join(str(table) for table in tables) if isinstance(tables, list) else ""
        where = f" ({'tables' if count != 1 else 'table'} {numbers})" if numbers else ""
        seed = f", seated from the seed {detail['seed']}" if detail.get("seed") else ""
        at = f"{count} table{'s' if count != 1 else ''}"
        return f"Started the tournament: {detail.get('entrants', '?')} entrants at {at}{where}{seed}."
    if action == "pause":
        return "Paused the tournament: every clock stopped."
    if action == "resume":
        return "Resumed the tournament: every seat to act got a whole move time again."
    if action == "reseat":
        return "Asked for a redraw: each table closes at the end of its hand, then everyone still in is seated again."
    if action == "replace with bot":
        table = f" at table {detail['table']}" if detail.get("table") else ""
        return f"Let a bot play for {entrant}{table}; they can take the seat back."
    if action == "disqualify":
        reason = f" Reason: {detail['reason']}" if detail.get("reason") else ""
        return f"Disqualified {entrant}.{reason}"
    if action == "end":
        placings = detail.get("placings") or {}
        ranked = sorted(placings.items(), key=lambda item: item[1]) if isinstance(placings, Mapping) else []
        placed = "; ".join(f"{name} {_ordinal(int(place))}" for name, place in ranked)
        how = (
            "everyone placed by the standings"
            if detail.get("by") == "standings"
            else "those still in placed by their totals"
        )
        return f"Ended the tournament{': ' + how + ', ' + placed if placed else ''}."
    if action == "add bot":
        return f"Entered the bot {entrant}."
    if action == "remove bot":
        return f"Took the bot {entrant} out of the tournament."
    if action == "add entrant":
        return f"Added {entrant} as an entrant."
    if action == "remove entrant":
        return f"Removed the entrant {entrant}."
    if action == "entrant":
        rest = {key: value for key, value in detail.items() if key not in ("entrant", "changed")}
        if rest:
            return f"Changed the entry of {entrant}: {_fields(rest, ' ')}."
        changed = detail.get("changed") or []
        names = ", ".join(FIELDS.get(name, name.replace("_", " ")) for name in changed)
        return f"Changed the entry of {entrant}{': ' + names if names else ''}."
    extra = f": {_fields(detail, ' ')}" if detail else ""
    return f"{action[:1].upper()}{action[1:]}{extra}."


def in_words(entry: AdminAction) -> str:
    """One line of the staff log: "Disqualified Carol. Reason: left the table"."""
    detail = entry.detail if isinstance(entry.detail, Mapping) else {"detail": entry.detail}
    action = entry.action
    if action.startswith("admin: "):
        return f"{_sentence(action.removeprefix('admin: '), detail)} (in the Django admin)"
    return _sentence(action, detail)
