"""A whole game between bots, printed as a readable log in the terminal, for every game.

    python -m games.engine.play --seats 4 --bots greedy,random,random,random --seed 1
    python -m games.engine.play --variant mau --seats 4 --bots greedy,random
    python -m games.engine.play --seats 4 --bots greedy --teams --rules target=300 --record game.json

Every action is printed in its game's notation, with what else it did in brackets (who picked up
how many, who was skipped: the engine's events, in words); after each hand its scoring: who went
out, each seat's points, safety nets and eliminations where the game has them, and the totals; at
the end the final standings and the winners.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from games.engine.bots import BOT_NAMES, get_bot
from games.engine.bots.arena import PlayedGame, play_game
from games.engine.events import Event, render_text
from games.engine.record import dumps, new_record
from games.engine.rules import Rules, get_rules, variants

Position = dict[str, Any]
Action = dict[str, Any]
# The events an action line already says by its notation, and those the hand's scoring prints.
SAID_BY_NOTATION = frozenset({"play", "draw", "pass"})
SCORING = frozenset({"hand_over", "game_over", "deal", "net", "eliminated"})


def parse_rules(pairs: Sequence[str]) -> dict[str, Any]:
    """`key=value` pairs as house rule options; values are read as JSON when they can be (numbers, objects)."""
    rules: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--rules takes key=value, not {pair!r}")
        try:
            rules[key] = json.loads(raw)
        except json.JSONDecodeError:
            rules[key] = raw
    return rules


def played_by(has: Callable[[Rules[Any, Any]], bool]) -> str:
    """The titles of the games whose rules `has` something (partnerships, a mode), for a refusal
    of an option the chosen game does not have: "DD MAU"."""
    return " and ".join(get_rules(key).title for key in variants() if has(get_rules(key))) or "no game"


def _teams_line(position: Mapping[str, Any]) -> str | None:
    teams = position.get("teams")
    if not teams:
        return None
    return "teams: " + ", ".join("+".join(f"seat {s}" for s in team) for team in teams)


class Printer:
    """Writes the log of one game as it is played, from the engine's events."""

    def __init__(self, game: Rules[Any, Any], names: Sequence[str], out: TextIO) -> None:
        self.game = game
        self.names = list(names)
        self.out = out
        self.labels = {seat: self.seat_name(seat) for seat in range(len(names))}

    def line(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def seat_name(self, seat: int) -> str:
        return f"seat {seat} ({self.names[seat]})"

    def words(self, ev: Event) -> str:
        return render_text(ev, self.labels)

    def hand_header(self, position: Mapping[str, Any]) -> None:
        self.line()
        lead = position.get("turn")
        leads = f", seat {lead} leads" if lead is not None else ""
        self.line(
            f"== Hand {position.get('hand', 1)}: seat {position.get('dealer')} deals{leads} "
            f"({len(position['draw'])} cards to draw) =="
        )
        top = position.get("top")
        if top:
            self.line(f"   turned up: {top['card']}")
        for seat, hand in enumerate(position["hands"]):
            if seat not in (position.get("out") or []):
                self.line(f"   {self.seat_name(seat)}: {' '.join(hand)}")

    def start(self, position: Mapping[str, Any], seed: Any) -> None:
        mode = position.get("mode")
        played = f", {mode} play" if mode else ""
        self.line(f"{self.game.title}, {len(position['hands'])} seats, seed {seed}{played}")
        self.line("bots: " + ", ".join(self.seat_name(s) for s in range(len(self.names))))
        teams = _teams_line(position)
        if teams:
            self.line(teams)
        if position.get("rules"):
            self.line(f"house rules: {json.dumps(position['rules'], sort_keys=True)}")
        dealoff = position.get("dealoff")
        if dealoff:
            self.line(f"deal-off (R4): {' '.join(dealoff)} -> seat {position['dealer']} deals first")
        self.hand_header(position)

    def action(self, before: Position, action: Action, after: Position, events: Sequence[Event]) -> None:
        notes = [self.words(ev) for ev in events if ev.kind not in SAID_BY_NOTATION and ev.kind not in SCORING]
        text = self.game.notation(action)
        self.line(f"{text}  [{'; '.join(notes)}]" if notes else text)
        ended = next((ev for ev in events if ev.kind == "hand_over"), None)
        if ended is not None:
            self.scoring(before, ended, events)
            if not after.get("over"):
                self.hand_header(after)

    def scoring(self, before: Mapping[str, Any], ended: Event, events: Sequence[Event]) -> None:
        out_seat = ended.seat
        went_out = f"{self.seat_name(out_seat)} went out" if out_seat is not None else "nobody went out"
        self.line(f"-- Hand {ended.get('hand', before.get('hand'))} scored: {went_out}")
        multiplier = ended.get("multiplier", 1)
        if multiplier and multiplier > 1:
            self.line(f"   Shadow Master multiplier: x{multiplier}")
        points = ended.get("points")
        totals = ended.get("totals")
        if points is None:
            return
        nets = set(ended.get("nets") or ())
        eliminated = {ev.seat for ev in events if ev.kind == "eliminated"}
        self.line(f"   {'seat':<16} {'points':>7} {'total':>7}")
        was_out = set(before.get("out") or [])
        for seat, gained in enumerate(points):
            if seat in was_out:
                continue
            note = "  safety net" if seat in nets else ""
            if seat in eliminated:
                note += "  eliminated"
            total = f"{totals[seat]:>7}" if totals else ""
            self.line(f"   {self.seat_name(seat):<16} {gained:>+7} {total}{note}")

    def finish(self, final: Mapping[str, Any], played: PlayedGame) -> None:
        self.line()
        self.line(f"== Game over after {final.get('hand', 1)} hands and {len(played.actions)} actions ==")
        outcome = self.game.outcome(final)
        assert outcome is not None
        ranked = sorted(range(len(outcome.placings)), key=lambda s: (outcome.placings[s], s))
        self.line("final standings:")
        for seat in ranked:
            mark = "  winner" if seat in outcome.winners else ""
            gone = "  (eliminated)" if seat in (final.get("out") or []) else ""
            score = outcome.totals[seat] if outcome.totals else f"{len(final['hands'][seat])} cards"
            self.line(f"   {self.seat_name(seat):<16} {score:>5}{gone}{mark}")
        self.line("winners: " + ", ".join(self.seat_name(s) for s in outcome.winners))


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    stream = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m games.engine.play", description="Watch bots play a game.")
    parser.add_argument("--variant", default="ddmau", help="the game: " + ", ".join(variants()))
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument(
        "--bots", default="greedy", help=f"comma list, one per seat or one for all ({', '.join(BOT_NAMES)})"
    )
    parser.add_argument("--seed", default="1", help="the game's shuffle seed")
    parser.add_argument("--teams", action="store_true", help="DD MAU: team play (4 or 6 seats, R36)")
    parser.add_argument("--tournament", action="store_true", help="DD MAU: elimination play (R35)")
    parser.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE", help="house rule options")
    parser.add_argument("--record", metavar="PATH", help="also write the game record (JSON) to PATH")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    if len(names) == 1:
        names = names * args.seats
    if len(names) != args.seats:
        parser.error(f"--bots names {len(names)} bots for {args.seats} seats")
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    try:
        rules = parse_rules(args.rules)
        game = get_rules(args.variant, rules or None)
        bots = [get_bot(name, seed=f"{seed}/{seat}", variant=args.variant) for seat, name in enumerate(names)]
    except ValueError as error:
        parser.error(str(error))
    if args.teams and not game.team_sizes:
        parser.error(f"--teams is {played_by(lambda rules: bool(rules.team_sizes))}'s")
    if args.tournament and "tournament" not in game.modes:
        parser.error(f"--tournament is {played_by(lambda rules: 'tournament' in rules.modes)}'s")
    options = game.table_options(mode="tournament" if args.tournament else "standard", teams=args.teams)
    printer = Printer(game, names, stream)
    try:
        played = play_game(
            bots,
            seed=seed,
            variant=args.variant,
            rules=rules or None,
            on_start=lambda position: printer.start(position, seed),
            observe_events=printer.action,
            **options,
        )
    except ValueError as error:
        parser.error(str(error))
    printer.finish(played.final, played)
    if args.record:
        with open(args.record, "w", encoding="utf-8") as handle:
            handle.write(dumps(new_record(played.initial, played.actions)))
        printer.line(f"record written to {args.record}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
