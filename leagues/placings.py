"""Places from scores: lower is better and equal scores share the better place (R34: "1224" ranking)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)


def shared_places(scores: Mapping[K, Any], first: int = 1) -> dict[K, int]:
    """The place of each key, counting from `first`: the lowest score takes `first`, ties share a place."""
    ordered = sorted(scores, key=lambda key: scores[key])
    places: dict[K, int] = {}
    for index, key in enumerate(ordered):
        earlier = ordered[index - 1] if index else None
        same = earlier is not None and scores[earlier] == scores[key]
        places[key] = places[earlier] if same and earlier is not None else first + index
    return places
