"""The settings the test suite runs with: the site's own, but with cheap password hashing.

PBKDF2's cost is there to slow down someone who stole the hashes; the suite creates hundreds of
players, and on a small machine each one took most of a second. Django's docs suggest this swap.
Subprocesses the tests start (daphne, Celery, `make run`) inherit DJANGO_SETTINGS_MODULE.
"""

from ddmau_site.settings import *  # noqa: F403

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
