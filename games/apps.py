from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The rules engine (games.engine, pure Python) and everything about playing a table."""

    name = "games"

    def ready(self) -> None:
        from games import engine

        # After a round of moves (games.move_batches: one per table, hundreds when many tables play)
        # every viewer's push asks the engine for legal actions on the position just written: kept
        # in memory, it is not read again from its dict for each viewer.
        engine.remember_positions(ROUND_OF_MOVES)


ROUND_OF_MOVES = 1024
