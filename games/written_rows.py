"""The game rows this process's move writer wrote last, kept to write the next move on without reading them.

A batch of socket moves (games.move_batches, games.actions.do_moves) locks its tables' rows and reads
them whole: thirty columns, the league, and the position as JSON, which PostgreSQL sends, psycopg and
Django parse, and the engine then reads as a position it has never seen. When this process wrote a
table's row last, it has all of that already: the row as it wrote it, whose position the engine
still remembers. So the writer keeps each row it wrote with the row's version, PostgreSQL's
`xmin` (the transaction that wrote that version) and `ctid` (where the version lies): any later
write of the row, by anyone, this transaction included, gives it another. The next batch locks its
rows reading only their versions; a row whose version is the one kept is taken from here, any
other is read whole, as before.

A row is kept only once its transaction commits, as a copy of its own (what the batch hands its
callers may change after), and taken out when a batch uses it: a batch that fails leaves nothing
here that the database does not hold. PostgreSQL only: SQLite has neither column, and there every
move is written alone.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Sequence

from django.db import connection, transaction

from games.models import Game
from games.prepared import ROW_VERSION

# Kept: what a move writer reads of a table it wrote last, more than the live tables of a process.
LIMIT = 5000

_kept: dict[int, tuple[str, Game]] = {}
_lock = threading.Lock()
_VERSIONS = f"SELECT id, {ROW_VERSION} FROM {{table}} WHERE id = ANY(%s) ORDER BY id FOR UPDATE OF {{table}}"


def locked(game_ids: Sequence[int], read: Callable[[list[int]], list[Game]]) -> dict[int, Game]:
    """The rows of `game_ids`, locked in the order of their ids (as `read` locks them); those this
    process wrote last and nobody wrote since from here, the others by `read`. A table that is gone
    is missing from the answer."""
    with _lock:
        kept = {game_id: _kept.pop(game_id) for game_id in game_ids if game_id in _kept}
    if not kept:
        return {game.pk: game for game in read(list(game_ids))}
    with connection.cursor() as cursor:
        cursor.execute(_VERSIONS.format(table=connection.ops.quote_name(Game._meta.db_table)), [list(game_ids)])
        versions = dict(cursor.fetchall())
    games = {game_id: game for game_id, (version, game) in kept.items() if versions.get(game_id) == version}
    missing = [game_id for game_id in versions if game_id not in games]
    if missing:  # locked already, by the query above
        games.update((game.pk, game) for game in read(missing))
    return games


def keep_on_commit(written: Sequence[tuple[Game, str]]) -> None:
    """Keep each (row, the version its write gave it) once the transaction commits."""
    rows = [(copy.copy(game), version) for game, version in written]  # as written: the caller's may change
    transaction.on_commit(lambda: _keep(rows))


def _keep(rows: Sequence[tuple[Game, str]]) -> None:
    with _lock:
        if len(_kept) + len(rows) > LIMIT:
            _kept.clear()
        for game, version in rows:
            _kept[game.pk] = (version, game)
