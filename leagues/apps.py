from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues, partnerships, tournaments and ratings."""

    name = "leagues"
