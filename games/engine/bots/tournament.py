"""Bots against bots over many games of any variant: win rate and average final total per bot.

    python -m games.engine.bots.tournament --games 1000 --bots greedy,random,random,random --seed 0
    python -m games.engine.bots.tournament --variant mau --games 1000
    python -m games.engine.bots.tournament --variant maumau --rules mode=points --games 1000

The line-up rotates one seat each game, so no bot keeps a seat's luck. A shared win (equal lowest
totals, R34; DK15) counts as a fraction of a win for each winner. Games that keep no totals
(`mau`, `maumau`'s solo game, `emojical` with `target` 0) show no average total.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.bots import BOT_NAMES, get_bot
from games.engine.bots.arena import play_game
from games.engine.rules import get_rules, variants


@dataclass
class Standing:
    """One bot line-up entry's results."""

    games: int = 0
    wins: float = 0.0
    totals: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_total(self) -> float | None:
        return sum(self.totals) / len(self.totals) if self.totals else None


def run(
    names: Sequence[str],
    games: int,
    seed: int,
    mode: str = "standard",
    *,
    variant: str = "ddmau",
    rules: Mapping[str, Any] | None = None,
) -> dict[str, Standing]:
    """Play `games` games of `variant` (house rules `rules`) with the line-up `names`, rotated each
    game; results keyed by `name#entry`. `mode` is one of the game's `modes` ("tournament": DD MAU's
    elimination past its target); a game without modes plays its one way whatever it is."""
    game = get_rules(variant, rules)  # ValueError for an unknown variant or a bad option, before any game
    if len(names) not in game.seat_counts():
        raise ValueError(f"{game.title} seats {', '.join(map(str, game.seat_counts()))} players, not {len(names)}")
    options = game.table_options(mode=mode, teams=False)
    seats = len(names)
    labels = [f"{name}#{i}" for i, name in enumerate(names)]
    results: dict[str, Standing] = defaultdict(Standing)
    for g in range(games):
        shift = g % seats
        order = [(i + shift) % seats for i in range(seats)]  # order[seat] = line-up entry in that seat
        bots = [get_bot(names[entry], seed=f"{seed}/{g}/{seat}", variant=variant) for seat, entry in enumerate(order)]
        final = play_game(bots, seed=f"{seed}/{g}", variant=variant, rules=rules, keep_actions=False, **options).final
        outcome = game.outcome(final)
        assert outcome is not None
        winners = outcome.winners
        for seat, entry in enumerate(order):
            standing = results[labels[entry]]
            standing.games += 1
            if outcome.totals is not None:
                standing.totals.append(outcome.totals[seat])
            if seat in winners:
                standing.wins += 1 / len(winners)
    return dict(results)


def main(argv: Sequence[str] | None = None) -> None:
    from games.engine.play import parse_rules, played_by  # the terminal game's reading of options

    parser = argparse.ArgumentParser(description="Bots against bots over many games of one variant.")
    parser.add_argument("--variant", default="ddmau", help="the game: " + ", ".join(variants()))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", default="greedy,random,random,random", help=f"comma list of: {', '.join(BOT_NAMES)}")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tournament", action="store_true", help="DD MAU: elimination play (R35)")
    parser.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE", help="house rule options")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    if args.tournament and args.variant in variants() and "tournament" not in get_rules(args.variant).modes:
        parser.error(f"--tournament is {played_by(lambda rules: 'tournament' in rules.modes)}'s")
    started = time.perf_counter()
    try:
        rules = parse_rules(args.rules) or None
        results = run(
            names,
            args.games,
            args.seed,
            "tournament" if args.tournament else "standard",
            variant=args.variant,
            rules=rules,
        )
    except ValueError as error:
        parser.error(str(error))
    elapsed = time.perf_counter() - started
    house = f", house rules {rules}" if rules else ""
    print(
        f"{args.variant}: {args.games} games, {len(names)} seats, line-up {args.bots} (rotated), "
        f"seed {args.seed}{house}, {elapsed:.1f} s"
    )
    print(f"{'bot':<12} {'games':>6} {'wins':>8} {'win rate':>9} {'avg final total':>16}")
    for label, standing in results.items():
        average = standing.average_total
        shown = f"{average:>16.1f}" if average is not None else f"{'-':>16}"
        print(f"{label:<12} {standing.games:>6} {standing.wins:>8.1f} {standing.win_rate:>8.1%} {shown}")
    print(f"fair share of wins per seat: {1 / len(names):.1%}")


if __name__ == "__main__":
    main()
