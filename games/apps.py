from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The rules engine (games.engine, pure Python) and everything about playing a table."""

    name = "games"
