"""JSON game records: the initial position plus every action, replayable to the same final position.

A record is ``{"format": "ddmau-record/1", "initial": <position>, "actions": [<action>, ...]}``.
Each action is a NOTATION.md action object; a notation line (``"2: LM G7 G8 G9"``) is accepted too.
The engine is deterministic (draws and reshuffles follow the position's seed), so replaying the
actions from the initial position reproduces every position of the game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from games import engine
from games.engine.ddmau.notation import NotationError, format_action, parse_action

FORMAT = "ddmau-record/1"

Position = dict[str, Any]
Action = dict[str, Any]


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the step and the reason."""


def new_record(initial: Mapping[str, Any], actions: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """A record starting at `initial` (copied through JSON, so later changes do not leak in)."""
    return {
        "format": FORMAT,
        "initial": json.loads(json.dumps(initial)),
        "actions": [json.loads(json.dumps(action)) for action in actions],
    }


def _action_at(step: int, raw: Any) -> Action:
    if isinstance(raw, str):
        try:
            return parse_action(raw)
        except NotationError as error:
            raise RecordError(f"step {step} ({raw!r}): {error}") from error
    if not isinstance(raw, dict):
        raise RecordError(f"step {step}: an action is an object or a notation line, not {type(raw).__name__}")
    return raw


def _describe(action: Mapping[str, Any]) -> str:
    try:
        return format_action(action)
    except NotationError:
        return json.dumps(action, sort_keys=True, default=str)


def _checked(record: Mapping[str, Any]) -> tuple[Position, list[Any]]:
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unknown record format {record.get('format')!r}, expected {FORMAT!r}")
    initial = record.get("initial")
    actions = record.get("actions")
    if not isinstance(initial, dict):
        raise RecordError("the record has no initial position")
    if not isinstance(actions, list):
        raise RecordError("the record has no list of actions")
    return initial, actions


def iter_positions(record: Mapping[str, Any]) -> Iterator[Position]:
    """The initial position, then the position after each action in turn.

    A step the engine refuses raises RecordError naming the step (1 is the first action).
    """
    position, actions = _checked(record)
    yield position
    for step, raw in enumerate(actions, start=1):
        action = _action_at(step, raw)
        try:
            position = engine.apply(position, action)
        except engine.IllegalAction as error:
            raise RecordError(f"step {step} ({_describe(action)}): {error}") from error
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise RecordError(
                f"step {step} ({_describe(action)}): the position or action is corrupt ({error!r})"
            ) from error
        yield position


def replay(record: Mapping[str, Any]) -> list[Position]:
    """Every position of the game: the initial one and one after each action."""
    return list(iter_positions(record))


def final_position(record: Mapping[str, Any]) -> Position:
    """The position after the last action."""
    last: Position = {}
    for position in iter_positions(record):
        last = position
    return last


def dumps(record: Mapping[str, Any]) -> str:
    """The record as compact JSON text, one action per line for readable diffs."""
    head = json.dumps({"format": record["format"], "initial": record["initial"]}, separators=(",", ":"))
    lines = [json.dumps(action, separators=(",", ":")) for action in record["actions"]]
    return head[:-1] + ',"actions":[\n' + ",\n".join(lines) + "\n]}"


def loads(text: str) -> dict[str, Any]:
    """A record from JSON text; refuses text that is not a record."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"the record is not valid JSON: {error}") from error
    _checked(record)
    return dict(record)
