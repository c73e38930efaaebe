"""The table as HTML: the page around it, and the live fragment htmx answers and WebSocket pushes replace.

Everything shown comes from a `TableState` (games.table_state), which holds only what its viewer may
see; this module arranges it for people: seats in the order of play seen from the viewer's chair,
the effective top with the kind a Master Mau was played as, the hit waiting for its target, the
buttons the engine's legal actions allow, and the hand-end and final scores.
"""

from __future__ import annotations

import hashlib
import pickle
import re
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Generic, TypeVar

from django.http import HttpRequest
from django.template import engines
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import SafeString
from markupsafe import escape

from games.engine.events import events_in_words
from games.presenters import presenter_for
from games.presenters.base import HandSummary, Presenter, ScoreRow, describe_events
from games.table_state import LOG_LINES, LogLine, SeatState, TableState

V = TypeVar("V")
TEAM_NAMES = ("Team A", "Team B", "Team C")
# The table's sounds (static/js/table_motion.js), each with a switch of its own.
SOUND_CHOICES = (("turn", "your turn"), ("hit", "a hit on you"), ("caught", "a catch"), ("won", "a hand won"))


@dataclass(frozen=True)
class SeatView:
    seat: SeatState
    dealer: bool
    target: bool  # a pending hit waits for this seat
    flags: tuple[str, ...]  # the game's own tags: a missed call that may be caught (R27), ...
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


FRAGMENT = "games/_table_live.jinja"


def fragment_template(name: str = FRAGMENT) -> Any:
    """A template of the live fragment, from the Jinja2 engine (games/jinja.py). Several are looked
    up for every viewer of every move: each is kept, unless the engine reloads edited templates
    (DEBUG), and kept by its engine, which tests that change the template settings replace."""
    backend: Any = engines["jinja2"]  # Django's Jinja2 backend, whose `env` is Jinja2's environment
    if backend.env.auto_reload:
        return backend.get_template(name)
    return _kept_template(backend, name)


@lru_cache(maxsize=64)
def _kept_template(backend: Any, name: str) -> Any:
    return backend.get_template(name)


def render_table(state: TableState, request: HttpRequest) -> str:
    """The whole table page: the live fragment inside base.html, with the help and table.js."""
    context = table_context(state)
    # The page's fragment carries the CSRF tokens of its forms (for browsers without JavaScript).
    context["fragment_html"] = SafeString(fragment_template().render({**context, "seats_html": None}, request))
    return render_to_string("games/table.html", context, request=request)


def render_table_fragment(state: TableState) -> str:
    """The live part: `<div id="table-{id}" data-seq=...>`, swapped whole when a viewer first comes or
    anything but a move changed."""
    return fragments.render(state)


def render_table_patch(state: TableState, base: int) -> dict[str, Any] | None:
    """What a viewer holding the table at seq `base` needs after the moves since: the parts that
    depend on the position (seats, board, the log's heading), the new log lines to append and the
    fragment's attributes; everything else on the page stays. None when the whole fragment must go
    (the status changed, or a move since `base` is not in the log at hand)."""
    return fragments.patch(state, base)


class FragmentCache:
    """Spectators' fragments already rendered in this process, by the exact state they show.

    After a move every spectator of a table sees the same state: rendered once, sent to each. The
    key is the whole state (pickled, then hashed) apart from `viewer_id`, which the fragment does
    not show, so two viewers share an entry only when everything they may see is equal. The active
    time zone and language are part of the key, since the fragment's dates and words depend on them.
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
        html: str = self._cached(state, b"whole", lambda: _render_whole(state))
        return html

    def patch(self, state: TableState, base: int) -> dict[str, Any] | None:
        if state.status != "playing" or base <= 0 or base >= state.seq:
            return None
        # the lines since `base` end the log (oldest first): read from its end, not the whole log
        log = state.log
        start = len(log)
        while start and log[start - 1].seq > base:
            start -= 1
        since = tuple(log[start:])
        if [line.seq for line in since] != list(range(base + 1, state.seq + 1)):
            return None
        found: dict[str, Any] = self._cached(state, b"since %d" % base, lambda: _render_patch(state, since, base))
        return found

    def _cached(self, state: TableState, part: bytes, render: Any) -> Any:
        # Only spectators share a look; a player's fragment holds their hand, so its key (a pickle of
        # the whole state, a tenth of the render) would almost never be found again.
        key = self.key(state) if state.viewer_seat is None else None
        if key is not None:
            key += part
            with self.lock:
                found = self.entries.get(key)
                if found is not None:
                    self.entries.move_to_end(key)
                    self.reused += 1
                    return found
        found = render()
        with self.lock:
            self.rendered += 1
            if key is not None:
                self.entries[key] = found
                if len(self.entries) > self.size:
                    self.entries.popitem(last=False)
        return found


def _render_whole(state: TableState) -> str:
    context = table_context(state)
    context["seats_html"] = seats_html(context["seats"], context["seat_total_label"], state, context["language"])
    return str(fragment_template().render(context))


def _render_patch(state: TableState, since: tuple[LogLine, ...], base: int) -> dict[str, Any]:
    # Only the new lines go through the log's words: the viewer's page has the others already.
    context = table_context(state, log_lines=since)
    context["seats_html"] = seats_html(context["seats"], context["seat_total_label"], state, context["language"])
    template = fragment_template().template  # Jinja2's own, whose blocks render alone
    blocks = template.blocks
    jinja_context = template.new_context(context)
    parts = {
        name: "".join(blocks[block](jinja_context))
        for name, block in (("seats", "seats"), ("board", "board"), ("log-head", "log_head"))
    }
    return {
        "type": "patch",
        "seq": state.seq,
        "base": base,
        "attrs": {"data-hand": context.get("hand_signature", ""), "data-announce-text": context["announce"] or None},
        "parts": parts,
        "log": str(context["log_html"]),
    }


fragments = FragmentCache()


def seats_html(seats: Sequence[SeatView], total_label: str, state: TableState, language: str | None) -> SafeString:
    """The fragment's seats, in the active `language`. A seat looks the same to most viewers, and from
    one move to the next to all but the seats the move concerned: each look is rendered once. Only for
    the fragment: the page includes _seat.jinja itself, for the CSRF token of its "Sit here" forms."""
    return SafeString(
        "".join(_seat_html(seat, total_label, state.can_join, state.urls.join, language) for seat in seats)
    )


@lru_cache(maxsize=4096)
def _seat_html(seat: SeatView, total_label: str, can_join: bool, join_url: str, language: str | None) -> str:
    # Everything games/_seat.jinja reads is in the arguments (its comment says so).
    urls = {"join": join_url}
    context = {"s": seat, "seat_total_label": total_label, "state": {"can_join": can_join, "urls": urls}}
    return str(fragment_template("games/_seat.jinja").render(context))


def table_context(state: TableState, log_lines: Sequence[LogLine] | None = None) -> dict[str, Any]:
    """What the table's templates read; `log_lines`: only these lines of the state's log (a patch's new ones)."""
    view: Mapping[str, Any] = state.view or {}
    presenter = presenter_for(state.variant)
    names = {seat.index: seat.name for seat in state.seats}
    waiting = state.to_act if state.status == "playing" else ()
    my_turn = state.viewer_seat is not None and state.viewer_seat in waiting
    turn_name = " & ".join(names.get(seat, "") for seat in waiting)
    lines = state.log if log_lines is None else log_lines
    log_rows = logged(lines, names, presenter)
    log = [row.words for row in log_rows]
    standing_rows = standings(state) if state.status == "finished" else ()
    language = translation.get_language()
    total_label = "Team total" if state.teams else "Total"
    context = {
        "state": state,
        "view": view,
        "presenter": presenter,
        "variant": state.variant,
        "hand_template": presenter.hand_template,
        "help_template": presenter.help_template,
        "game_title": state.title,
        "my_turn": my_turn,
        "turn_name": turn_name,
        "turn_words": "Your turn" if my_turn else f"{turn_name} to play" if turn_name else "",
        "clock_words": "You have" if my_turn else "Time left",
        "dealer_name": names.get(view.get("dealer", -1), ""),
        "free_seats": sum(seat.is_free for seat in state.seats),
        "rules_text": ", ".join(f"{key} {value}" for key, value in sorted(state.rules.items())),
        "first_log_seq": lines[0].seq if lines else 1,
        "announce": log_rows[-1].spoken if log_rows else "",
        "happened": log[-1] if log else "",
        "happened_kinds": " ".join(sorted({str(event.get("kind")) for event in lines[-1].events})) if lines else "",
        "sound_choices": SOUND_CHOICES,
        "log_html": SafeString("".join(row.html for row in log_rows)),
        "winners_text": winners_text(standing_rows, state.teams),
        "seats": seat_views(state, view, presenter),
        "hand_number": view.get("hand"),
        # Open while the next hand has not begun, closed (one line) once the pile fills again.
        "summary_open": not view.get("pile") or state.status == "finished" or state.break_until is not None,
        "on_break": state.break_until is not None,
        "i_am_ready": state.viewer_seat in state.ready,
        "ready_names": [names.get(seat, "?") for seat in state.ready],
        "standings": standing_rows,
        "log": log,
        "playing": state.status == "playing" and bool(view),
        "ws_path": state.urls.ws,
        "seat_total_label": total_label,
        "log_limit": LOG_LINES,
        # what the felt's and the seats' looks depend on besides the state, read once for all of them
        "time_zone": timezone.get_current_timezone_name(),
        "language": language,
    }
    context.update(presenter.context(state, view, names) if view else {})
    summary = context.get("summary")
    if isinstance(summary, HandSummary) and state.break_until is None:
        context["summary_html"] = summary_html(summary, bool(context["summary_open"]), total_label, language)
    if context["playing"]:
        context["felt_html"] = felt_html(presenter, context)
    return context


def summary_html(summary: HandSummary, open_: bool, total_label: str, language: str | None) -> SafeString:
    """The last hand's summary under the board. Every viewer of a table is handed the very same summary,
    move after move until the next hand ends (presenters.base.kept_summary): each look of it is
    rendered once, kept by that summary object, and the language its words are in."""
    key = (id(summary), open_, total_label, language)
    kept = _summaries.get(key)
    if kept is not None and kept[0] is summary:  # the entry keeps its summary alive: no other has its id
        return kept[1]
    context = {"summary": summary, "summary_open": open_, "seat_total_label": total_label}
    html = SafeString(fragment_template("games/_hand_summary.jinja").render(context))
    _summaries.put(key, (summary, html))
    return html


class _Recent(Generic[V]):
    """Rendered pieces by everything they show, the oldest dropped as each new one comes in.

    A piece is looked up again by the viewers of the same move, within milliseconds, and seldom
    later. Dropping one entry per entry put keeps the number of live objects level once full: a
    cache cleared only when full grew by every move's pieces until then, and each of those objects
    outlived the young garbage collection that walked it (bench/live.py counts the collections).
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: dict[Hashable, V] = {}
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        return self.entries.get(key)

    def put(self, key: Hashable, value: V) -> None:
        with self.lock:
            entries = self.entries
            if len(entries) >= self.size and key not in entries:
                del entries[next(iter(entries))]  # the oldest: a dict keeps its keys in insertion order
            entries[key] = value


_felts: _Recent[tuple[str, ...]] = _Recent(1024)
_summaries: _Recent[tuple[HandSummary, SafeString]] = _Recent(1024)


def felt_html(presenter: Presenter, context: Mapping[str, Any]) -> SafeString:
    """The game's felt (the pile, the draw pile, whose turn, the last play), rendered once a move.

    After a move every viewer sees the same felt but for a few words (`presenter.felt_phrases`:
    "Your turn" for one, "Ana to play" for the others), and a spectator sees it too: it is rendered
    from the names its template reads (`presenter.felt_reads`, and the deadline) with a mark in
    place of each phrase, kept by them, and each viewer's phrases are put in the marks. A phrase
    that is empty for this viewer is rendered as empty (the template may test it), so whether each
    is empty is part of the key, with the time zone and language the felt's dates and words depend on.
    """
    state: TableState = context["state"]
    shown = {name: context.get(name) for name in presenter.felt_reads}
    phrases = {name: context.get(name) or "" for name in presenter.felt_phrases}
    clock = FeltClock(state.deadline, state.is_live)
    key: Any = (
        presenter.felt_template,
        tuple(_frozen(value) for value in shown.values()),
        tuple(bool(phrase) for phrase in phrases.values()),
        clock,
        context["time_zone"],
        context["language"],
    )
    try:
        found = _felts.get(key)  # hashing the key once, here (a tuple does not keep its hash)
    except TypeError:  # something a game shows that cannot be a key: rendered every time
        key = found = None
    if found is None:
        marks = {name: SafeString(f"\x00{name}\x00") if phrase else "" for name, phrase in phrases.items()}
        felt = fragment_template(presenter.felt_template).render({**shown, **marks, "state": clock})
        found = tuple(_PHRASE.split(felt))
        if key is not None:
            _felts.put(key, found)
    # The felt kept split at its marks: the text between them at even places, a phrase's name at odd ones.
    # Each phrase is escaped as the template would have (markupsafe, Jinja's own: what is safe stays as it is).
    return SafeString("".join(part if at % 2 == 0 else escape(phrases[part]) for at, part in enumerate(found)))


# A phrase's mark is its name between NULs, which nothing else puts in a page (Django's form fields
# refuse them in names and text); the felt is split at them once, when it is rendered, and each
# viewer's copy is joined from the parts, without looking again at what went into the marks.
_PHRASE = re.compile("\x00(\\w+)\x00")


@dataclass(frozen=True)
class FeltClock:
    """All a felt reads of the table state: the turn's deadline, and whether the table is live."""

    deadline: Any
    is_live: bool


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    return value


def seat_views(state: TableState, view: Mapping[str, Any], presenter: Presenter) -> list[SeatView]:
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
            flags=presenter.seat_flags(view, seat.index) if view else (),
            partner=state.teams and not seat.is_viewer and my_team is not None and seat.team == my_team,
            team_name=TEAM_NAMES[seat.team] if state.teams and seat.team is not None else "",
        )
        for seat in seats
    ]


def _seat_names(state: TableState, seats: Iterable[int]) -> str:
    names = {seat.index: seat.name for seat in state.seats}
    return " & ".join(names.get(seat, "?") for seat in seats)


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
    sign = -1 if state.higher_wins else 1
    rows.sort(key=lambda row: (not row.winner, sign * row.total if row.total is not None else 10**9))
    placed: list[ScoreRow] = []
    for position, row in enumerate(rows, start=1):
        tied = placed and placed[-1].total == row.total and placed[-1].winner == row.winner
        placed.append(replace(row, place=placed[-1].place if tied else position))
    return tuple(placed)


def winners_text(rows: Sequence[ScoreRow], teams: bool) -> str:
    winners = [row.name for row in rows if row.winner]
    verb = "wins" if len(winners) == 1 and not teams else "win"
    return f"{' and '.join(winners)} {verb}!" if winners else "Game over."


@dataclass
class LoggedMove:
    """One line of the log, rendered: its words, its list item (with the hand's end after it), and the
    words a screen reader announces (plain text, cards by name: the attribute is escaped once, by the
    template)."""

    words: SafeString
    html: SafeString
    spoken: str


def logged(lines: Sequence[LogLine], names: Mapping[int, str], presenter: Presenter) -> list[LoggedMove]:
    """The log in words from each move's events: names for seats, card chips for cards.

    A move's line never changes once stored, and every viewer of the table sees the same log: each
    line is rendered once per process (a push used to spend most of its time re-rendering the log,
    for every viewer, after every move). The key holds everything the line shows.
    """
    names_key = tuple(sorted(names.items()))
    return [_logged_move(presenter, line, names_key) for line in lines]


# Each line's events are kept beside it and compared, not made part of the key: every viewer of a
# move looks its line up, and writing the events out for a key cost more than the comparison (the
# viewers' lines share their events, so it is mostly a comparison of each event with itself).
_log_cache: _Recent[tuple[tuple[Mapping[str, Any], ...], LoggedMove]] = _Recent(4096)


def _logged_move(presenter: Presenter, line: LogLine, names: tuple[tuple[int, str], ...]) -> LoggedMove:
    key = (presenter.variant, line.seq, line.seat, line.source, line.text, names)
    kept = _log_cache.get(key)
    if kept is not None and kept[0] == line.events:
        return kept[1]
    by_seat = dict(names)
    words = _log_line(line, by_seat, presenter)
    note = _hand_break(line, by_seat)
    item = SafeString(f'<li value="{escape(line.seq)}">{escape(words)}</li>')
    if note:
        item = SafeString(f'{item}<li class="log-break" role="separator">{escape(note)}</li>')
    found = LoggedMove(words, item, _spoken_line(line, by_seat, presenter))
    _log_cache.put(key, (line.events, found))
    return found


def _hand_break(line: LogLine, names: Mapping[int, str]) -> str:
    """After a move that ended a hand: "Hand 2 is over: Ana went out · totals Ana 0, Ben 23"; else ""."""
    ended = next((event for event in line.events if event.get("kind") == "hand_over"), None)
    if ended is None:
        return ""
    data = ended.get("data") or {}
    number = data.get("hand")
    out = ended.get("seat")
    who = names.get(out, "Someone") if isinstance(out, int) else "Nobody"
    note = f"{'Hand ' + str(number) if number else 'The hand'} is over: {who} went out"
    totals = data.get("totals")
    if isinstance(totals, list | tuple) and totals:
        note += " · totals " + ", ".join(
            f"{names.get(seat, f'seat {seat}')} {total}" for seat, total in enumerate(totals)
        )
    return note


def _spoken_line(line: LogLine, names: Mapping[int, str], presenter: Presenter) -> str:
    words = events_in_words(line.events, names, presenter.card_words) if line.events else line.text
    note = _timeout_note(line, names)
    return f"{words} ({note})" if note else words


def _log_line(line: LogLine, names: Mapping[int, str], presenter: Presenter) -> SafeString:
    words = describe_events(presenter, line.events, names) if line.events else SafeString(escape(line.text))
    note = _timeout_note(line, names)
    return SafeString(f'{escape(words)} <span class="muted">({escape(note)})</span>') if note else words


def _timeout_note(line: LogLine, names: Mapping[int, str]) -> str:
    """For a move the table made for a player who ran out of time, the words saying so; else ""."""
    if line.source == "timeout" and line.seat is not None:
        return f"played for {names.get(line.seat, '?')}, who ran out of time"
    return ""
