"""Querysets compiled once per process, for the few queries every move runs.

Django compiles a queryset to SQL anew each time it is evaluated: for the game row (thirty columns
and its league) and the seats (with their players and profiles) that is most of the query's cost
in this process, more than PostgreSQL's answer. A `Prepared` query keeps what compiling gave (the
SQL, the columns, how rows become model objects, the converters) and only runs the SQL with new
values. It builds the same objects the queryset would (select_related included), so callers cannot
tell the difference; tests/web/test_prepared.py holds it to that. A move's two writes, its row
and the table's new position, go to PostgreSQL in one statement (`insert_and_update`), and so do
those of a batch of moves (`insert_and_update_many`). A filter `key__any=[...]` (PostgreSQL's
`= ANY(array)`) lets one prepared query take any number of keys.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from django.core.exceptions import ObjectDoesNotExist
from django.db import connections
from django.db.models import Field, ForeignKey, Lookup, Model, QuerySet
from django.db.models.query import get_related_populators  # type: ignore[attr-defined]

M = TypeVar("M", bound=Model)

# A value no caller passes: the compiled SQL's parameters are matched against it to find where the
# arguments go. Chosen negative and huge so it cannot collide with a real primary key.
_HOLE = -7_331_999_173


@Field.register_lookup
class AnyOf(Lookup):  # type: ignore[type-arg]
    """`key__any=values`: the column equals one of the values (PostgreSQL's `= ANY(%s)`, the list
    passed as one array), so the SQL is the same however many values there are."""

    lookup_name = "any"
    prepare_rhs = False

    def get_db_prep_lookup(self, value: Any, connection: Any) -> tuple[str, list[Any]]:
        return "%s", [value]

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        return f"{lhs} = ANY({rhs})", [*lhs_params, *rhs_params]


ForeignKey.register_lookup(AnyOf)  # a field's own lookups do not reach its foreign keys


class Prepared(Generic[M]):
    """`Prepared(lambda key: Game.objects.filter(pk=key)...)`, then `.all(key)` / `.first(key)`.

    The queryset factory is called once, with a placeholder, per database alias; every later call
    reuses its compiled form. Only querysets whose SQL does not depend on the value fit (a filter on
    a key, not `__in` a list of varying length).
    """

    def __init__(self, build: Callable[[Any], QuerySet[M]]) -> None:
        self.build = build
        self.compiled: dict[str, _Compiled] = {}
        self.lock = threading.Lock()

    def all(self, key: Any, using: str = "default") -> list[M]:
        compiled = self.compiled.get(using) or self._compile(using)
        return compiled.run(key)

    def first(self, key: Any, using: str = "default") -> M | None:
        found = self.all(key, using)
        return found[0] if found else None

    def _compile(self, using: str) -> _Compiled:
        with self.lock:
            if using not in self.compiled:
                self.compiled[using] = _Compiled(self.build(_HOLE), using)
            return self.compiled[using]


class _Compiled:
    def __init__(self, queryset: QuerySet[Any], using: str) -> None:
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        holes = [index for index, value in enumerate(params) if value == _HOLE]
        if len(holes) != 1:
            raise ValueError("A prepared queryset must use its key exactly once.")
        self.using = using
        self.sql = sql
        self.params = list(params)
        self.hole = holes[0]
        self.compiler = compiler
        self.fields = [column[0] for column in compiler.select[: compiler.col_count]]
        self.converters = compiler.get_converters(self.fields)
        klass_info = compiler.klass_info
        self.model = klass_info["model"]
        select_fields = klass_info["select_fields"]
        self.start, self.end = select_fields[0], select_fields[-1] + 1
        self.init_list = [column[0].target.attname for column in compiler.select[self.start : self.end]]
        self.populators = get_related_populators(klass_info, compiler.select, using)

    def run(self, key: Any) -> list[Any]:
        params = list(self.params)
        params[self.hole] = key
        connection = connections[self.using]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if self.converters:
            rows = list(self.compiler.apply_converters(rows, self.converters))
        objects = []
        for row in rows:
            obj = self.model.from_db(self.using, self.init_list, row[self.start : self.end])
            for populator in self.populators:
                populator.populate(row, obj)
            objects.append(obj)
        return objects


_STATEMENTS: dict[tuple[str, type[Model], tuple[str, ...]], str] = {}


def _statement(kind: str, model: type[Model], names: tuple[str, ...], using: str) -> str:
    key = (kind + using, model, names)
    sql = _STATEMENTS.get(key)
    if sql is None:
        quote = connections[using].ops.quote_name
        meta = model._meta
        column_of = {field.name: field.column for field in meta.concrete_fields}
        columns = [column_of[name] for name in names]
        assert meta.pk is not None
        if kind == "insert":
            sql = "INSERT INTO {} ({}) VALUES ({}) RETURNING {}".format(
                quote(meta.db_table),
                ", ".join(map(quote, columns)),
                ", ".join(["%s"] * len(columns)),
                quote(meta.pk.column),
            )
        else:
            sets = ", ".join(f"{quote(column)} = %s" for column in columns)
            sql = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"
        _STATEMENTS[key] = sql
    return sql


def _insert_parts(obj: Model, using: str) -> tuple[str, list[Any]]:
    """The INSERT of `obj.save()` for a new row (no signals: the models this serves have no
    receivers; auto_now_add and defaults apply as in save()), written once per model."""
    fields = _insert_fields(obj)
    values = _insert_values(obj, fields, using)
    return _statement("insert", type(obj), tuple(field.name for field in fields), using), values


def _insert_fields(obj: Model) -> list[Any]:
    """The columns a new row is inserted with: all but a primary key the database will choose."""
    meta = obj._meta
    return [field for field in meta.concrete_fields if not field.primary_key or getattr(obj, field.attname) is not None]


def _insert_values(obj: Model, fields: Sequence[Any], using: str) -> list[Any]:
    connection = connections[using]
    return [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in fields]


def _update_parts(obj: Model, names: tuple[str, ...], using: str) -> tuple[str, list[Any]]:
    """The UPDATE of `obj.save(update_fields=names)`, written once per set of fields."""
    connection = connections[using]
    meta = obj._meta
    fields = [meta.get_field(name) for name in names]
    values = [field.get_db_prep_save(field.pre_save(obj, False), connection) for field in fields]  # type: ignore[union-attr]
    return _statement("update", type(obj), names, using), [*values, obj.pk]


def insert_and_update(new: M, obj: Model, names: tuple[str, ...], using: str = "default") -> M:
    """`new.save()` for a new row and `obj.save(update_fields=names)` for a row known to exist (it is
    locked), in one statement: one round trip to the database instead of two (a move's row and its
    table's new position). A failed insert (a unique constraint) changes neither row and raises
    IntegrityError, as save() would."""
    connection = connections[using]
    insert_sql, insert_values = _insert_parts(new, using)
    update_sql, update_values = _update_parts(obj, names, using)
    if connection.vendor == "postgresql":
        sql = _numbered(f"WITH inserted AS ({insert_sql}) {update_sql} RETURNING (SELECT * FROM inserted)")
        with _raw_cursor(connection) as cursor:
            cursor.execute(sql, [*insert_values, *update_values])
            found = cursor.fetchone()
    else:  # SQLite (make run on a bare machine) takes no INSERT inside WITH: two statements
        with connection.cursor() as cursor:
            cursor.execute(insert_sql, insert_values)
            found = cursor.fetchone()
            cursor.execute(update_sql, update_values)
            if cursor.rowcount != 1:
                found = None
    if found is None:
        raise ObjectDoesNotExist(f"{type(obj).__name__} {obj.pk} is gone: nothing was written")
    _stored(new, found[0], using)
    return new


def _raw_cursor(connection: Any) -> Any:
    """A cursor (Django's wrapper, so errors, query counts and logging are as usual) for a statement
    written with PostgreSQL's own placeholders, `$1, $2...`, whose values go to the server beside it.

    Through Django's own cursor psycopg searches the statement's text for `%s` and writes each value
    into it, quoted; for a long statement it caches neither step. A batch of moves is one statement
    of hundreds of placeholders and tens of kilobytes of positions: in the live server those two
    steps took most of the move writer's time, more than the engine (README, live capacity).
    """
    from psycopg import RawCursor

    connection.ensure_connection()
    # wrapped as Django wraps the cursors it makes itself (`connection.cursor()`)
    return connection._prepare_cursor(RawCursor(connection.connection))


def _numbered(sql: str) -> str:
    """`sql`, written by this module with `%s` for each value (and no other `%`), with `$1, $2...`."""
    pieces = sql.split("%s")
    return pieces[0] + "".join(f"${number}{piece}" for number, piece in enumerate(pieces[1:], start=1))


def _stored(new: Model, pk: Any, using: str) -> None:
    """`new` as save() leaves a row it inserted: with its id, known to be in the database."""
    new.pk = pk
    new._state.adding = False
    new._state.db = using


# A row's version: the transaction that wrote it and where it lies, both changed by any write of it
# (games.written_rows compares the version a batch's write gave a row with the one it has when locked).
ROW_VERSION = "xmin::text || ',' || ctid::text"


def insert_and_update_many(writes: Sequence[tuple[Model, Model, tuple[str, ...]]], using: str = "default") -> list[str]:
    """`insert_and_update` for several (new row, locked row, fields) at once, in one statement
    (PostgreSQL only): one INSERT of every new row and an UPDATE per locked row, as parts of one
    WITH. The locked rows must differ (a statement changes a row once). A failed insert changes
    nothing and raises IntegrityError; a locked row that is gone, ObjectDoesNotExist. Each locked
    row's new version, `xmin,ctid` (games.written_rows), in the order of `writes`."""
    if not writes:
        return []
    connection = connections[using]
    quote = connection.ops.quote_name
    first = writes[0][0]
    meta = first._meta
    assert meta.pk is not None
    fields = _insert_fields(first)
    columns = ", ".join(quote(field.column) for field in fields)
    row = "({})".format(", ".join(["%s"] * len(fields)))
    pk = quote(meta.pk.column)
    rows = ", ".join([row] * len(writes))
    parts = [f"inserted AS (INSERT INTO {quote(meta.db_table)} ({columns}) VALUES {rows} RETURNING {pk})"]
    values: list[Any] = []
    for new, _, _ in writes:
        values += _insert_values(new, fields, using)
    for number, (_, obj, names) in enumerate(writes):
        update_sql, update_values = _update_parts(obj, names, using)
        parts.append(f"updated{number} AS ({update_sql} RETURNING {ROW_VERSION} AS version)")
        values += update_values
    versions = ", ".join(f"(SELECT version FROM updated{number})" for number in range(len(writes)))
    # The new rows take their ids from the sequence in the order of VALUES, as bulk_create counts on.
    sql = f"WITH {', '.join(parts)} SELECT (SELECT array_agg({pk} ORDER BY {pk}) FROM inserted), ARRAY[{versions}]"
    with _raw_cursor(connection) as cursor:
        cursor.execute(_numbered(sql), values)
        ids, updated = cursor.fetchone()
    if None in updated:
        raise ObjectDoesNotExist("a locked row is gone: nothing was written")
    for (new, _, _), new_pk in zip(writes, ids, strict=True):
        _stored(new, new_pk, using)
    return list(updated)
