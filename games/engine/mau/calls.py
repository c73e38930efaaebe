"""The calls of MA13: which a card needs, and which offences (MA14) a list of calls leaves open."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .cards import JOKER, RANK, SUIT

SPADE = "spade"
LAST_CARD = "last_card"
MAU = "mau"
MAU_MAU = "mau_mau"
OOM_PAPA = "oom_papa_mau_mau"
WONDERFUL = "wonderful_spam"
SLOW = "slow"
# every call, in the order a list of calls is written (canonical)
CALLS: tuple[str, ...] = (SPADE, LAST_CARD, MAU, MAU_MAU, OOM_PAPA, WONDERFUL)
CALL_ORDER: Mapping[str, int] = MappingProxyType({c: i for i, c in enumerate(CALLS)})
GOING_OUT: frozenset[str] = frozenset((MAU, MAU_MAU, OOM_PAPA))
# what a penalty may name: a call, or taking too long (MA15)
REASONS: frozenset[str] = frozenset((*CALLS, SLOW))
CALL_WORDS: Mapping[str, str] = MappingProxyType(
    {
        SPADE: "spade",
        LAST_CARD: "last card",
        MAU: "mau",
        MAU_MAU: "mau mau",
        OOM_PAPA: "oom papa mau mau",
        WONDERFUL: "wonderful spam",
        SLOW: "taking too long",
    }
)


def going_out_call(card: str) -> str:
    """The one call for the card that empties a hand."""
    rank = RANK[card]
    return OOM_PAPA if rank == JOKER else MAU_MAU if rank == "J" else MAU


def required(card: str, left: int | None, wonderful: bool) -> tuple[str, ...]:
    """The calls due when `card` is put down leaving `left` cards (None: the dealer's turned card,
    which leaves the hand as it is); `wonderful`: a SPAM that makes four identical cards in a row."""
    due: list[str] = []
    if SUIT[card] == "S":
        due.append(SPADE)
    if left == 1:
        due.append(LAST_CARD)
    elif left == 0:
        due.append(going_out_call(card))
    if wonderful:
        due.append(WONDERFUL)
    return tuple(due)


def offences(due: tuple[str, ...], calls: tuple[str, ...], strict: bool) -> tuple[str, ...]:
    """The reasons a penalty may name after an action that made `calls` where `due` were due.

    A missing call is always one; an untrue call only under `strict_calls`. The going-out calls are
    one answer: naming two of them counts as naming a wrong one, so the due one is missing."""
    if calls == due:
        return ()
    named_out = [c for c in calls if c in GOING_OUT]
    conflicted = len(named_out) > 1
    reasons = [c for c in due if c not in calls or (conflicted and c in GOING_OUT)]
    if strict:
        reasons.extend(c for c in calls if c not in due)
    return tuple(sorted(reasons, key=CALL_ORDER.__getitem__))
