"""Django's PostgreSQL backend, but for how it writes JSON columns (see base.py)."""
