from typing import Any

from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues, partnerships, tournaments and ratings."""

    name = "leagues"

    def ready(self) -> None:
        # games announces hand ends; leagues records results and moves tournaments on (games never
        # imports leagues). The beat sweep (leagues.game_results.sweep) delivers any lost announcement.
        from games.signals import clock_stopped, hand_ended, partners_wanted

        hand_ended.connect(_on_hand_ended, dispatch_uid="leagues.hand_ended")
        clock_stopped.connect(_clock_stopped, dispatch_uid="leagues.clock_stopped")
        partners_wanted.connect(_partners, dispatch_uid="leagues.partners")


def _on_hand_ended(sender: Any, *, game_id: int, seq: int, **kwargs: Any) -> None:
    from leagues.game_results import hand_ended

    hand_ended(game_id, seq)


def _clock_stopped(sender: Any, *, tournament_id: int, **kwargs: Any) -> bool:
    from leagues.queries import tournament_paused

    return tournament_paused(tournament_id)


def _partners(sender: Any, *, user: Any, league_id: int | None, **kwargs: Any) -> set[int]:
    from leagues.queries import partners_of

    return partners_of(user, league_id)
