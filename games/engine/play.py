"""A whole DD MAU game between bots, printed as a readable log in the terminal.

    python -m games.engine.play --seats 4 --bots greedy,random,random,random --seed 1
    python -m games.engine.play --seats 4 --bots greedy --teams --rules target=300 --record game.json

Every action is printed in the notation of `notation.py` (what a hit made someone pick up, and
who went out, in brackets); after each hand its scoring: who went out, each seat's points, the
Shadow Master multiplier, safety nets (R31), eliminations (R35) and the running totals; at the end
the final standings and the winners.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from games.engine.bots import BOT_NAMES, get_bot
from games.engine.bots.arena import PlayedGame, play_game
from games.engine.notation import format_action
from games.engine.record import dumps, new_record

Position = dict[str, Any]
Action = dict[str, Any]


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


def _count(position: Mapping[str, Any], seat: int) -> int:
    return len(position["hands"][seat])


def _side_effects(before: Position, action: Action, after: Position) -> list[str]:
    """What else the action did that its notation does not show: pick-ups, going out."""
    notes: list[str] = []
    seat = action["seat"]
    if after.get("hand") != before.get("hand") or after.get("over"):
        return ["out"] if action["act"] in ("play", "block") else notes
    for other in range(len(before["hands"])):
        gained = _count(after, other) - _count(before, other)
        if action["act"] == "play" and other != seat and gained > 0:
            notes.append(f"seat {other} picks up {gained}")
        elif action["act"] == "take" and other == seat:
            notes.append(f"picked up {gained}")
        elif action["act"] == "catch" and gained > 0:
            notes.append(f"seat {other} draws {gained}")
    if action["act"] == "draw" and _count(after, seat) == _count(before, seat):
        notes.append("nothing left to draw")
    return notes


def _teams_line(position: Mapping[str, Any]) -> str | None:
    teams = position.get("teams")
    if not teams:
        return None
    return "teams: " + ", ".join("+".join(f"seat {s}" for s in team) for team in teams)


class Printer:
    """Writes the log of one game as it is played."""

    def __init__(self, names: Sequence[str], out: TextIO) -> None:
        self.names = list(names)
        self.out = out

    def line(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def seat_name(self, seat: int) -> str:
        return f"seat {seat} ({self.names[seat]})"

    def hand_header(self, position: Mapping[str, Any]) -> None:
        self.line()
        self.line(
            f"== Hand {position['hand']}: seat {position['dealer']} deals, seat {position['turn']} leads "
            f"({len(position['draw'])} cards to draw) =="
        )
        for seat, hand in enumerate(position["hands"]):
            if seat not in (position.get("out") or []):
                self.line(f"   {self.seat_name(seat)}: {' '.join(hand)}")

    def start(self, position: Mapping[str, Any], seed: Any) -> None:
        mode = position.get("mode", "standard")
        self.line(f"DD MAU, {len(position['hands'])} seats, seed {seed}, {mode} play")
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

    def action(self, before: Position, action: Action, after: Position) -> None:
        notes = _side_effects(before, action, after)
        text = format_action(action)
        self.line(f"{text}  [{'; '.join(notes)}]" if notes else text)
        if after.get("hand") != before.get("hand") or after.get("over"):
            self.scoring(before, after)
            if not after.get("over"):
                self.hand_header(after)

    def scoring(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
        last = after["last_hand"]
        out_seat = last["out"]
        self.line(f"-- Hand {before['hand']} scored: {self.seat_name(out_seat)} went out")
        multiplier = last.get("multiplier", 1)
        if multiplier > 1:
            self.line(f"   Shadow Master multiplier: x{multiplier}")
        scores = last.get("scores", last["points"])
        score_label = "team score" if after.get("teams") else "hand score"
        self.line(f"   {'seat':<16} {'points':>7} {score_label:>11} {'total':>7}")
        was_out = set(before.get("out") or [])
        for seat in range(len(after["totals"])):
            if seat in was_out:
                continue
            old, new = before["totals"][seat], after["totals"][seat]
            note = ""
            if new != old + scores[seat]:
                note = f"  safety net: {old + scores[seat]} -> {new}"
            if seat in (after.get("out") or []):
                note += "  eliminated"
            self.line(f"   {self.seat_name(seat):<16} {last['points'][seat]:>+7} {scores[seat]:>+11} {new:>7}{note}")

    def finish(self, final: Mapping[str, Any], played: PlayedGame) -> None:
        self.line()
        self.line(f"== Game over after {final['hand']} hands and {len(played.actions)} actions ==")
        totals = final["totals"]
        ranked = sorted(range(len(totals)), key=lambda s: totals[s])
        self.line("final standings:")
        for seat in ranked:
            mark = "  winner" if seat in (final.get("winners") or []) else ""
            gone = "  (eliminated)" if seat in (final.get("out") or []) else ""
            self.line(f"   {self.seat_name(seat):<16} {totals[seat]:>5}{gone}{mark}")
        self.line("winners: " + ", ".join(self.seat_name(s) for s in final.get("winners") or []))


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    stream = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m games.engine.play", description="Watch bots play DD MAU.")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument(
        "--bots", default="greedy", help=f"comma list, one per seat or one for all ({', '.join(BOT_NAMES)})"
    )
    parser.add_argument("--seed", default="1", help="the game's shuffle seed")
    parser.add_argument("--teams", action="store_true", help="team play (4 or 6 seats, R36)")
    parser.add_argument("--tournament", action="store_true", help="elimination play (R35)")
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
        bots = [get_bot(name, seed=f"{seed}/{seat}") for seat, name in enumerate(names)]
    except ValueError as error:
        parser.error(str(error))
    printer = Printer(names, stream)
    try:
        played = play_game(
            bots,
            seed=seed,
            rules=rules or None,
            mode="tournament" if args.tournament else "standard",
            teams=args.teams,
            on_start=lambda position: printer.start(position, seed),
            observe=printer.action,
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
