"""Bots against bots over many games: win rate and average final total per bot.

    python -m games.engine.bots.tournament --games 1000 --bots greedy,random,random,random --seed 0

The line-up rotates one seat each game, so no bot keeps a seat's luck. A shared win (equal lowest
totals, R34) counts as a fraction of a win for each winner.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engine.bots import BOT_NAMES, get_bot
from games.engine.bots.arena import play_game


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
    def average_total(self) -> float:
        return sum(self.totals) / len(self.totals) if self.totals else 0.0


def run(names: Sequence[str], games: int, seed: int, mode: str = "standard") -> dict[str, Standing]:
    """Play `games` games with the line-up `names` (rotated each game); results keyed by `name#entry`."""
    seats = len(names)
    labels = [f"{name}#{i}" for i, name in enumerate(names)]
    results: dict[str, Standing] = defaultdict(Standing)
    for g in range(games):
        shift = g % seats
        order = [(i + shift) % seats for i in range(seats)]  # order[seat] = line-up entry in that seat
        bots = [get_bot(names[entry], seed=f"{seed}/{g}/{seat}") for seat, entry in enumerate(order)]
        final = play_game(bots, seed=f"{seed}/{g}", mode=mode, keep_actions=False).final
        winners = final["winners"] or []
        for seat, entry in enumerate(order):
            standing = results[labels[entry]]
            standing.games += 1
            standing.totals.append(final["totals"][seat])
            if seat in winners:
                standing.wins += 1 / len(winners)
    return dict(results)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Bots against bots over many DD MAU games.")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", default="greedy,random,random,random", help=f"comma list of: {', '.join(BOT_NAMES)}")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tournament", action="store_true", help="elimination play (R35)")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    started = time.perf_counter()
    results = run(names, args.games, args.seed, "tournament" if args.tournament else "standard")
    elapsed = time.perf_counter() - started
    print(f"{args.games} games, {len(names)} seats, line-up {args.bots} (rotated), seed {args.seed}, {elapsed:.1f} s")
    print(f"{'bot':<12} {'games':>6} {'wins':>8} {'win rate':>9} {'avg final total':>16}")
    for label, standing in results.items():
        print(
            f"{label:<12} {standing.games:>6} {standing.wins:>8.1f} {standing.win_rate:>8.1%} "
            f"{standing.average_total:>16.1f}"
        )
    print(f"fair share of wins per seat: {1 / len(names):.1%}")


if __name__ == "__main__":
    main()
