from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The rules engine (games.engine, pure Python) and everything about playing a table."""

    name = "games"

    def ready(self) -> None:
        from games import engine

        # After a round of moves (games.move_batches: one per table) every viewer's push asks the
        # engine for legal actions on the position just written: kept in memory, it is not read
        # again from its dict for each viewer.
        engine.remember_positions(ROUND_OF_MOVES)


# A round held about 33 moves a process in bench/live.py's closed loop. Kept much longer (1,024), the
# positions lived long enough for the garbage collector to go through them again and again: its CPU
# doubled (0.9-1.1 s against 0.5 s in 20 s of the closed loop), more than the reads it saved.
ROUND_OF_MOVES = 64
