"""The table as HTML: the page around it, and the live fragment htmx answers and WebSocket pushes replace.

Everything shown comes from a `TableState` (games.table_state), which holds only what its viewer may
see; this module arranges it for people: seats in the order of play seen from the viewer's chair,
the effective top with the kind a Master Mau was played as, the hit waiting for its target, the
buttons the engine's legal actions allow, and the hand-end and final scores.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.html import format_html, format_html_join, strip_tags
from django.utils.safestring import SafeString

from games.engine.cards import CARDS, COLOURS, MM_DECLARATIONS
from games.table_state import LogLine, SeatState, TableState
from games.templatetags.cards import MM_KIND_NAMES, label, sort_hand

MAX_DRAWS = 3  # R17
# Cards the next player looks through (R7, R38); a Master Mau is invisible when declared as one of these.
SEE_THROUGH = frozenset(("JT", "LM", "DM"))
HIT_NAMES = {"T": "Penal T", "JT": "Just Take Two"}
TEAM_NAMES = ("Team A", "Team B", "Team C")


@dataclass(frozen=True)
class SeatView:
    seat: SeatState
    dealer: bool
    target: bool  # a pending hit waits for this seat
    missed_call: bool  # left one card without calling DD MAU and may be caught (R27)
    partner: bool  # the viewer's partner (R36)
    team_name: str

    @property
    def classes(self) -> str:
        flags = {
            "is-turn": self.seat.to_act,
            "is-me": self.seat.is_viewer,
            "is-out": self.seat.out,
            "is-target": self.target,
            "is-free": self.seat.is_free,
        }
        return " ".join(["seat", *(name for name, on in flags.items() if on)])


@dataclass(frozen=True)
class PlayedCard:
    code: str
    declared: str  # the kind a Master Mau was played as, "" otherwise


@dataclass(frozen=True)
class PlayView:
    seat_name: str
    cards: tuple[PlayedCard, ...]
    colour: str | None
    block: bool


@dataclass(frozen=True)
class TopView:
    code: str
    colour: str
    declared: str


@dataclass(frozen=True)
class HitView:
    target_name: str
    target_is_viewer: bool
    kind_name: str
    cards: int


@dataclass(frozen=True)
class HandCard:
    code: str
    label: str
    playable: bool


@dataclass(frozen=True)
class Controls:
    play: bool
    draw: bool
    draws_left: int
    pass_: bool
    take: bool
    block: bool
    catch_targets: tuple[tuple[int, str], ...]  # (seat, name) of every missed call the viewer may catch


@dataclass(frozen=True)
class ScoreRow:
    name: str
    points: int | None  # this hand's points (after the Shadow Master multiplier)
    total: int | None
    went_out: bool
    winner: bool
    safety_net: bool
    place: int = 0


@dataclass(frozen=True)
class HandSummary:
    number: int | None  # the hand that was scored
    out_name: str
    multiplier: int
    rows: tuple[ScoreRow, ...]


def render_table(state: TableState, request: HttpRequest) -> str:
    """The whole table page: the live fragment inside base.html, with the help and table.js."""
    return render_to_string("games/table.html", table_context(state), request=request)


def render_table_fragment(state: TableState) -> str:
    """The live part: `<div id="table-{id}" data-seq=...>`, swapped whole on every change."""
    return fragments.render(state)


class FragmentCache:
    """Fragments already rendered in this process, by the exact state they show.

    After a move the mover's own answer and the pushes to their other tabs, or to every spectator,
    show the same state: rendered once, sent to each. The key is the whole state (pickled, then
    hashed) apart from `viewer_id`, which the fragment does not show, so two viewers share an entry
    only when everything they may see is equal: a hand never reaches another viewer. The active time
    zone and language are part of the key, since the fragment's dates and words depend on them.
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self.entries: OrderedDict[bytes, str] = OrderedDict()
        self.lock = threading.Lock()
        self.rendered = self.reused = 0  # for bench/live.py

    @staticmethod
    def key(state: TableState) -> bytes | None:
        try:
            shown = pickle.dumps(
                (replace(state, viewer_id=None), timezone.get_current_timezone_name(), translation.get_language()),
                protocol=pickle.HIGHEST_PROTOCOL,
            )
        except (pickle.PicklingError, TypeError, AttributeError):  # something unusual in `extra`
            return None
        return hashlib.blake2b(shown, digest_size=20).digest()

    def render(self, state: TableState) -> str:
        key = self.key(state)
        if key is not None:
            with self.lock:
                html = self.entries.get(key)
                if html is not None:
                    self.entries.move_to_end(key)
                    self.reused += 1
                    return html
        context = table_context(state)
        context["seats_html"] = seats_html(context["seats"], context["seat_total_label"], state)
        html = render_to_string("games/_table_live.html", context)
        with self.lock:
            self.rendered += 1
            if key is not None:
                self.entries[key] = html
                if len(self.entries) > self.size:
                    self.entries.popitem(last=False)
        return html


fragments = FragmentCache()


def seats_html(seats: Sequence[SeatView], total_label: str, state: TableState) -> SafeString:
    """The fragment's seats. A seat looks the same to most viewers, and from one move to the next to
    all but the seats the move concerned: each look is rendered once. Only for the fragment: the page
    includes _seat.html itself, for the CSRF token of its "Sit here" forms."""
    language = translation.get_language()
    return SafeString(
        "".join(_seat_html(seat, total_label, state.can_join, state.urls.join, language) for seat in seats)
    )


@lru_cache(maxsize=4096)
def _seat_html(seat: SeatView, total_label: str, can_join: bool, join_url: str, language: str | None) -> str:
    # Everything games/_seat.html reads is in the arguments (its comment says so).
    urls = {"join": join_url}
    context = {"s": seat, "seat_total_label": total_label, "state": {"can_join": can_join, "urls": urls}}
    return render_to_string("games/_seat.html", context)


def table_context(state: TableState) -> dict[str, Any]:
    view: Mapping[str, Any] = state.view or {}
    names = {seat.index: seat.name for seat in state.seats}
    hand = sort_hand(state.hand)
    controls = controls_for(state.legal, view, names)
    turn_seat = view.get("turn") if state.status == "playing" else None
    log = log_lines(state.log, names)
    standing_rows = standings(state) if state.status == "finished" else ()
    return {
        "state": state,
        "view": view,
        "my_turn": turn_seat is not None and turn_seat == state.viewer_seat,
        "turn_name": names.get(turn_seat, "") if turn_seat is not None else "",
        "dealer_name": names.get(view.get("dealer", -1), ""),
        "free_seats": sum(seat.is_free for seat in state.seats),
        "rules_text": ", ".join(f"{key} {value}" for key, value in sorted(state.rules.items())),
        "colours": COLOURS,
        "first_log_seq": state.log[0].seq if state.log else 1,
        "announce": strip_tags(log[-1]) if log else "",
        "winners_text": winners_text(standing_rows, state.teams),
        "seats": seat_views(state, view),
        "hand": hand_cards(hand, state.legal),
        "hand_signature": " ".join(hand),
        "controls": controls,
        "top": effective_top(view),
        "last_play": last_play(view, names),
        "hit": hit_view(view, names, state.viewer_seat),
        "direction": view.get("direction", 1),
        "draw_pile": view.get("draw") if isinstance(view.get("draw"), int) else None,
        "hand_number": view.get("hand"),
        "mm_slots": range(hand.count("MM")),
        "mm_kinds": [(kind, MM_KIND_NAMES[kind]) for kind in MM_DECLARATIONS],
        "needs_colour_picker": "SM" in hand or "MM" in hand,
        "can_call": len(hand) >= 2,
        "summary": hand_summary(state, view),
        # Open while the next hand has not begun, closed (one line) once the pile fills again.
        "summary_open": not view.get("pile") or state.status == "finished",
        "standings": standing_rows,
        "log": log,
        "playing": state.status == "playing" and bool(view),
        "ws_path": state.urls.ws,
        "seat_total_label": "Team total" if state.teams else "Total",
    }


def seat_views(state: TableState, view: Mapping[str, Any]) -> list[SeatView]:
    """Every seat in the order of play, starting from the viewer's left (spectators, and before the start: from 0)."""
    seats = list(state.seats)
    if state.viewer_seat is not None and seats and state.status != "open":
        start = (state.viewer_seat + 1) % len(seats)
        seats = seats[start:] + seats[:start]
    pending = view.get("pending") or {}
    my_team = state.viewer_seat_state.team if state.viewer_seat_state else None
    return [
        SeatView(
            seat=seat,
            dealer=bool(view) and view.get("dealer") == seat.index,
            target=pending.get("target") == seat.index,
            missed_call=view.get("must_call") == seat.index,
            partner=state.teams and not seat.is_viewer and my_team is not None and seat.team == my_team,
            team_name=TEAM_NAMES[seat.team] if state.teams and seat.team is not None else "",
        )
        for seat in seats
    ]


def _declared(play: Mapping[str, Any]) -> list[PlayedCard]:
    declarations = iter(play.get("mm") or ())
    return [
        PlayedCard(code, next(declarations, "") if code == "MM" and not play.get("block") else "")
        for code in play.get("cards") or ()
    ]


def effective_top(view: Mapping[str, Any]) -> TopView | None:
    """R7: the last visible card with its current colour, and what a Master Mau there was played as."""
    top = view.get("top")
    if not top:
        return None
    declared = ""
    if top.get("card") == "MM":
        for play in reversed(view.get("pile") or ()):
            if play.get("block"):
                continue
            visible = [
                card for card in _declared(play) if card.code not in SEE_THROUGH and card.declared not in SEE_THROUGH
            ]
            if visible:
                declared = visible[-1].declared
                break
    return TopView(code=top["card"], colour=top.get("color") or "", declared=declared)


def last_play(view: Mapping[str, Any], names: Mapping[int, str]) -> PlayView | None:
    pile = view.get("pile") or ()
    if not pile:
        return None
    play = pile[-1]
    return PlayView(
        seat_name=names.get(play.get("seat"), "?"),
        cards=tuple(_declared(play)),
        colour=play.get("color"),
        block=bool(play.get("block")),
    )


def hit_view(view: Mapping[str, Any], names: Mapping[int, str], viewer_seat: int | None) -> HitView | None:
    pending = view.get("pending")
    if not pending:
        return None
    return HitView(
        target_name=names.get(pending["target"], "?"),
        target_is_viewer=pending["target"] == viewer_seat,
        kind_name=HIT_NAMES.get(pending.get("kind", ""), "hit"),
        cards=pending.get("cards", 0),
    )


def hand_cards(hand: Sequence[str], legal: Iterable[Mapping[str, Any]]) -> list[HandCard]:
    """The viewer's hand with a hint: which cards take part in at least one legal play now."""
    playable = {code for action in legal if action.get("act") == "play" for code in action.get("cards") or ()}
    return [HandCard(code=code, label=label(code), playable=code in playable) for code in hand]


def controls_for(legal: Sequence[Mapping[str, Any]], view: Mapping[str, Any], names: Mapping[int, str]) -> Controls:
    acts = {action.get("act") for action in legal}
    targets = sorted({action["target"] for action in legal if action.get("act") == "catch" and "target" in action})
    return Controls(
        play="play" in acts,
        draw="draw" in acts,
        draws_left=max(0, MAX_DRAWS - int(view.get("draws") or 0)),
        pass_="pass" in acts,
        take="take" in acts,
        block="block" in acts,
        catch_targets=tuple((seat, names.get(seat, f"seat {seat}")) for seat in targets),
    )


def _seat_names(state: TableState, seats: Iterable[int]) -> str:
    names = {seat.index: seat.name for seat in state.seats}
    return " & ".join(names.get(seat, "?") for seat in seats)


def hand_summary(state: TableState, view: Mapping[str, Any]) -> HandSummary | None:
    """The hand last scored: who went out, everyone's points, the multiplier, the safety nets."""
    last = state.last_hand
    if not last:
        return None
    points = list(last.get("points") or ())
    totals = list(view.get("totals") or ())
    nets = safety_nets(state, last)
    rows = tuple(
        ScoreRow(
            name=seat.name,
            points=points[seat.index] if seat.index < len(points) else None,
            total=totals[seat.index] if seat.index < len(totals) else None,
            went_out=seat.index == last.get("out"),
            winner=False,
            safety_net=seat.index in nets,
        )
        for seat in state.seats
    )
    number = view.get("hand")
    return HandSummary(
        number=(number - 1 if isinstance(number, int) and not view.get("over") else number),
        out_name=_seat_names(state, [last.get("out", -1)]),
        multiplier=int(last.get("multiplier") or 1),
        rows=rows,
    )


def safety_nets(state: TableState, last: Mapping[str, Any]) -> set[int]:
    """Seats whose total fell back to the reset value after this hand (R31).

    Taken from the engine's `last_hand["nets"]` when it says so, else worked out from the totals
    before the hand when the state carries them (`extra["totals_before"]`); otherwise unknown (empty).
    """
    if last.get("nets") is not None:
        return set(last["nets"])
    before = state.extra.get("totals_before")
    if not before:
        return set()
    low, high = int(state.rules.get("net_low", 500)), int(state.rules.get("target", 505))
    points = list(last.get("points") or ())
    teams = (state.view or {}).get("teams") or [[seat] for seat in range(len(points))]
    nets: set[int] = set()
    for team in teams:  # R36: partners share a total, and the hand's score is the sum of theirs
        score = sum(points[seat] for seat in team if seat < len(points))
        if all(seat < len(before) and low <= before[seat] + score <= high for seat in team):
            nets.update(team)
    return nets


def standings(state: TableState) -> tuple[ScoreRow, ...]:
    """Final places, lowest total first (R34); equal totals share a place. Teams count once."""
    totals = {seat.index: seat.total for seat in state.seats}
    groups: dict[Any, list[SeatState]] = {}
    for seat in state.seats:
        groups.setdefault(seat.team if state.teams else seat.index, []).append(seat)
    rows = []
    for members in groups.values():
        total = totals.get(members[0].index)
        rows.append(
            ScoreRow(
                name=" & ".join(member.name for member in members),
                points=None,
                total=total,
                went_out=False,
                winner=any(member.index in state.winners for member in members),
                safety_net=False,
            )
        )
    rows.sort(key=lambda row: (not row.winner, row.total if row.total is not None else 10**9))
    placed: list[ScoreRow] = []
    for position, row in enumerate(rows, start=1):
        tied = placed and placed[-1].total == row.total and placed[-1].winner == row.winner
        placed.append(replace(row, place=placed[-1].place if tied else position))
    return tuple(placed)


def winners_text(rows: Sequence[ScoreRow], teams: bool) -> str:
    winners = [row.name for row in rows if row.winner]
    verb = "wins" if len(winners) == 1 and not teams else "win"
    return f"{' and '.join(winners)} {verb}!" if winners else "Game over."


def log_lines(lines: Iterable[LogLine], names: Mapping[int, str]) -> list[SafeString]:
    """Public log lines with the seat's name instead of its number and card codes drawn as chips."""
    return [_log_line(names.get(line.seat, "?"), line.text) for line in lines]


@lru_cache(maxsize=8192)  # a line stays in the log for 30 moves and is shown to every viewer
def _log_line(name: str, text: str) -> SafeString:
    return format_html("<b>{0}</b> {1}", name, notation_html(_body(text)))


def _body(text: str) -> str:
    head, sep, body = text.partition(":")
    return body.strip() if sep and head.strip().isdigit() else text


def notation_html(text: str) -> SafeString:
    """A notation line with each card code as a small coloured chip (colour letter and shape kept)."""
    return format_html_join(" ", "{0}", ((_token_html(token),) for token in text.split()))


@lru_cache(maxsize=4096)
def _token_html(token: str) -> SafeString:
    code, _, colour = token.partition(">")
    if code.startswith("MM="):
        kind = code[3:]
        chip = format_html(
            '<span class="chip chip-X" title="Master Mau as {0}">MM={1}</span>', MM_KIND_NAMES.get(kind, kind), kind
        )
    elif code in CARDS:
        info = CARDS[code]
        chip = format_html('<span class="chip chip-{0}" title="{1}">{2}</span>', info.colour or "X", label(code), code)
    else:
        return format_html("{0}", token)
    if colour:
        chip = format_html('{0}<span class="chip-colour">&gt;<span class="pip pip-{1}"></span>{1}</span>', chip, colour)
    return chip
