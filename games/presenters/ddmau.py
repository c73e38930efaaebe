"""DD MAU at the table: the effective top with the kind a Master Mau was played as, the hit waiting
for its target, the play builder's options (Master Mau declarations, the colour, the call), the
hand's scoring with the Shadow Master multiplier and safety nets, and the notation as card chips."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from ddmau_site import json_text
from games.engine.ddmau import DDMAU, DDMau, Options
from games.engine.ddmau.cards import CARDS, COLOUR_NAMES, COLOURS, MASTER_MAU, MM_DECLARATIONS
from games.engine.ddmau.preview import PLACEHOLDER_COLOUR, PlayPreview
from games.presenters.base import HandSummary, PlayedCard, PlayView, Presenter, ScoreRow, TopView, kept_summary
from games.table_state import TableState
from games.templatetags.ddmau_cards import MM_KIND_NAMES, card, colour_name, in_words, label, pip, sort_hand, swatch

HIT_NAMES = {"T": "Penal T", "JT": "Just Take Two"}


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


class DDMauPresenter(Presenter):
    variant = "ddmau"
    felt_template = "games/variants/ddmau/_felt.jinja"
    felt_reads = (
        "hand_number",
        "top",
        "draw_pile",
        "direction",
        "hit",
        "last_play",
        "dealer_name",
    )
    felt_phrases = ("turn_words", "clock_words", "hit_who", "hit_block")
    hand_template = "games/variants/ddmau/_hand.jinja"
    help_template = "games/variants/ddmau/_help.html"
    script = "js/variants/ddmau.js"  # the play builder

    def chip_html(self, code: str) -> SafeString:
        """A card in the log: a tiny face of it, read out by its name (the notation's codes are for
        the replay and the record)."""
        return card(code, "xs") if code in CARDS else _token_html(code)

    # --- what the generic pages, replays and mails ask of DD MAU ---
    named_in_titles = False  # the site's own game: "Table 12", not "Table 12 · DD MAU"
    total_note = ""  # every game keeps a score

    def card_html(self, code: str, size: str = "", declared: str = "", colour: str = "") -> SafeString:
        return card(code, size, declared, colour)

    def card_words(self, code: str) -> str:
        return label(code)

    def swatch_html(self, colour: str | None) -> SafeString:
        return swatch(colour)

    def notation_words(self, text: str) -> str:
        return in_words(text)

    def sort(self, hand: Iterable[str]) -> list[str]:
        return sort_hand(hand)

    def top_note(self, view: Mapping[str, Any]) -> str:
        """The kind a Master Mau on top was played as, and the colour when it is not the card's own."""
        top = effective_top(view)
        if top is None:
            return ""
        notes = [f"played as {MM_KIND_NAMES.get(top.declared, top.declared)}"] if top.declared else []
        if top.colour and top.colour != CARDS[top.code].colour:
            notes.append(f"now {COLOUR_NAMES[top.colour]}")
        return ", ".join(notes)

    def pending_words(self, pending: Mapping[str, Any], names: Mapping[int, str], viewer: int | None) -> str:
        hit = hit_view({"pending": pending}, names, viewer)
        if hit is None:
            return ""
        who = "You" if hit.target_is_viewer else hit.target_name
        return f"{who} must take {hit.cards} card{'s' if hit.cards != 1 else ''} ({hit.kind_name}) or block it"

    def hand_summary(self, state: TableState, view: Mapping[str, Any]) -> HandSummary | None:
        return hand_summary(state, view)

    def multiplier_words(self, multiplier: int, *, plain: bool = False) -> str:
        return multiplier_words(multiplier, plain=plain)

    def top_view(self, view: Mapping[str, Any]) -> TopView | None:
        return effective_top(view)

    def last_play_view(self, view: Mapping[str, Any], names: Mapping[int, str]) -> PlayView | None:
        return last_play(view, names)

    def replay_line(self, actor: str, notation: str, words: SafeString) -> SafeString:
        return format_html("{0}: {1}", actor, notation_html(notation))

    def template_globals(self) -> Mapping[str, Any]:
        return {"card": card, "swatch": swatch, "pip": pip}

    def template_filters(self) -> Mapping[str, Any]:
        return {"colour_name": colour_name}

    def seat_flags(self, view: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        return ("no DD MAU!",) if view.get("must_call") == seat else ()

    def context(self, state: TableState, view: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
        hand = sorted_codes(state.hand)
        controls = controls_for(state.legal, view, names)
        hit = hit_view(view, names, None)
        hit_on_viewer = hit is not None and view["pending"]["target"] == state.viewer_seat
        return {
            "plays_json": json_text.dumps(with_previews(play_shapes(state.legal), view, state.viewer_seat, names)),
            "hand": hand,
            "hand_html": hand_html(hand, playable_starts(state.legal), controls.play),
            "hand_signature": " ".join(hand),
            "controls": controls,
            "top": effective_top(view),
            "last_play": last_play(view, names),
            # the hit as everyone sees it; who it waits for is said to its target as "You"
            "hit": hit,
            "hit_who": "" if hit is None else "You" if hit_on_viewer else hit.target_name,
            "hit_block": ", or block it with a Master Mau" if hit_on_viewer and controls.block else "",
            "direction": view.get("direction", 1),
            "draw_pile": view.get("draw") if isinstance(view.get("draw"), int) else None,
            "hand_number": view.get("hand"),
            "colours": COLOURS,
            "mm_slots": range(hand.count("MM")),
            "mm_kinds": [(kind, MM_KIND_NAMES[kind]) for kind in MM_DECLARATIONS],
            "needs_colour_picker": "SM" in hand or "MM" in hand,
            "can_call": len(hand) >= 2,
            "summary": kept_summary(self.variant, state, view, hand_summary),
        }


NO_COLOUR, COLOUR_NEEDED, COLOUR_OPTIONAL = 0, 1, 2


def play_shapes(legal: Iterable[Mapping[str, Any]]) -> list[list[Any]]:
    """The legal plays as the table script reads them: [cards, Master Mau declarations, colour], the
    colour 1 when the play must name one, 2 when it may, 0 when it names none. The script lights the
    cards that can follow, offers the colour picker and says what is missing from these alone, so no
    rule (which cards ride, which name a colour, R8/R39) is written a second time in JavaScript."""
    named: dict[tuple[tuple[str, ...], tuple[str, ...]], set[bool]] = {}
    for action in legal:
        if action.get("act") == "play":
            shape = (tuple(action.get("cards") or ()), tuple(action.get("mm") or ()))
            named.setdefault(shape, set()).add(action.get("color") is not None)
    return [
        [list(cards), list(mm), COLOUR_OPTIONAL if len(ways) > 1 else COLOUR_NEEDED if True in ways else NO_COLOUR]
        for (cards, mm), ways in sorted(named.items())
    ]


def with_previews(
    shapes: list[list[Any]], view: Mapping[str, Any], seat: int | None, names: Mapping[int, str]
) -> list[list[Any]]:
    """Each legal play's shape with what it will do in words (the engine's, from the viewer's own view:
    games/engine/ddmau/preview.py), for the Play button to say before the play is sent."""
    if not shapes or seat is None:
        return shapes
    preview = PlayPreview(view, seat)
    for shape in shapes:
        words = preview.words(shape[0], shape[1], PLACEHOLDER_COLOUR if shape[2] == COLOUR_NEEDED else None)
        shape.append(PLAYER.sub(lambda match: names.get(int(match.group(1)), "?"), words) if words else "")
    return shapes


PLAYER = re.compile(r"\{p(\d+)\}")


def _declared(play: Mapping[str, Any]) -> list[PlayedCard]:
    declarations = iter(play.get("mm") or ())
    return [
        PlayedCard(code, next(declarations, "") if code == "MM" and not play.get("block") else "")
        for code in play.get("cards") or ()
    ]


def effective_top(view: Mapping[str, Any]) -> TopView | None:
    """R7: the last visible card with its current colour, and what a Master Mau there was played as
    (R16; "" for one played as itself), as the engine reads them from the view."""
    top = DDMAU.effective_top(view)
    if top is None:
        return None
    declared = top.kind if top.card == MASTER_MAU and top.kind != MASTER_MAU else ""
    return TopView(code=top.card, colour=top.color, declared=declared)


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


@lru_cache(maxsize=4096)
def sorted_codes(hand: tuple[str, ...]) -> tuple[str, ...]:
    """A hand in the order a player holds it (a waiting player's hand is the same from move to move)."""
    return tuple(sort_hand(hand))


def playable_starts(legal: Iterable[Mapping[str, Any]]) -> frozenset[str]:
    """The cards a legal play can start with now: the hand's hint (the builder's script,
    static/js/variants/ddmau.js, narrows the light to what can follow as cards are picked)."""
    return frozenset([(action.get("cards") or [""])[0] for action in legal if action.get("act") == "play"])


@lru_cache(maxsize=4096)
def hand_html(hand: tuple[str, ...], playable: frozenset[str], can_play: bool) -> SafeString:
    """The viewer's hand as the play builder's buttons: a player who waits holds the same hand, lit
    alike, from one move to the next, so each look of a whole hand is joined once per process."""
    return SafeString(
        "".join(
            hand_button(HandCard(code=code, label=label(code), playable=code in playable), at, can_play)
            for at, code in enumerate(hand)
        )
    )


@lru_cache(maxsize=4096)
def hand_button(held: HandCard, index: int, can_play: bool) -> SafeString:
    """A card of the viewer's hand as the play builder's button (static/js/variants/ddmau.js reads
    its code and index); each look is rendered once per process."""
    return format_html(
        '<button type="button" class="hand-card{0}" data-code="{1}" data-index="{2}" aria-pressed="false"'
        ' aria-label="{3}"{4}><span class="order" aria-hidden="true"></span>{5}</button>',
        " playable" if held.playable else "",
        held.code,
        index,
        held.label,
        "" if can_play else SafeString(" data-idle"),
        card(held.code),
    )


def controls_for(legal: Sequence[Mapping[str, Any]], view: Mapping[str, Any], names: Mapping[int, str]) -> Controls:
    acts = {action.get("act") for action in legal}
    targets = sorted({action["target"] for action in legal if action.get("act") == "catch" and "target" in action})
    return Controls(
        play="play" in acts,
        draw="draw" in acts,
        draws_left=DDMAU.draws_left(view),
        pass_="pass" in acts,
        take="take" in acts,
        block="block" in acts,
        catch_targets=tuple((seat, names.get(seat, f"seat {seat}")) for seat in targets),
    )


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
    multiplier = int(last.get("multiplier") or 1)
    return HandSummary(
        number=(number - 1 if isinstance(number, int) and not view.get("over") else number),
        out_name=next((seat.name for seat in state.seats if seat.index == last.get("out", -1)), "?"),
        multiplier=multiplier,
        rows=rows,
        multiplier_words=multiplier_words(multiplier),
        multiplier_plain=multiplier_words(multiplier, plain=True),
    )


def multiplier_words(multiplier: int, *, plain: bool = False) -> str:
    """R30: a hand going out on Shadow Masters multiplies: "Shadow Master", a times sign and the
    multiplier ("Shadow Master x2" in plain text)."""
    if multiplier <= 1:
        return ""
    return f"Shadow Master {'x' if plain else TIMES}{multiplier}"


TIMES = "\N{MULTIPLICATION SIGN}"


def safety_nets(state: TableState, last: Mapping[str, Any]) -> set[int]:
    """Seats whose total fell back to the reset value after this hand (R31), as the engine says:
    from the hand's own record (`last_hand["nets"]`), else, for a position written before hands
    recorded them, scored again by the engine on the totals before the hand when the state carries
    them (`extra["totals_before"]`); otherwise unknown (empty)."""
    view = state.view or {}
    rules = DDMau.for_options(Options.from_rules(state.rules or None))
    before = state.extra.get("totals_before") or ()
    return set(rules.safety_nets(last, before, view.get("teams"), view.get("out") or ()))


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


PRESENTER = DDMauPresenter()
