"""Django's PostgreSQL backend, writing JSON columns with ddmau_site.json_text.

Every move stores a position and its events as jsonb; Django hands them to psycopg with the standard
library's `json.dumps`, which was about 3% of a busy daphne's CPU. A column with an encoder of its
own keeps Django's way. settings.py names this backend for a postgres:// DATABASE_URL.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql import base, operations
from psycopg.types.json import Jsonb

from ddmau_site import json_text


class DatabaseOperations(operations.DatabaseOperations):
    def adapt_json_value(self, value: Any, encoder: Any) -> Any:
        if encoder is not None:
            return super().adapt_json_value(value, encoder)
        return Jsonb(value, dumps=json_text.dumps_bytes)


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
