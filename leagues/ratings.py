"""OpenSkill (Plackett-Luce) ratings: pure functions over (mu, sigma) pairs, no database.

A game's final order is a list of sides, each with a place (ties share a place, R34). A side is one
player, or a team of partners rated as a unit (R36). The shown number is the ordinal mu - 3 sigma.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def initial_skill() -> Skill:
    return Skill(mu=MODEL.mu, sigma=MODEL.sigma)


def rate(sides: Sequence[Sequence[Skill]], places: Sequence[int]) -> list[list[Skill]]:
    """Every side's members after a game in which side i finished at places[i]."""
    if len(sides) != len(places):
        raise ValueError("one place per side")
    if len(sides) < 2:
        return [list(side) for side in sides]
    teams = [[MODEL.create_rating([skill.mu, skill.sigma]) for skill in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [[Skill(mu=float(r.mu), sigma=float(r.sigma)) for r in team] for team in rated]
