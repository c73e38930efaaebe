"""Project package: settings, URLs, ASGI and the Celery app."""

from ddmau_site.celery import app as celery_app

__all__ = ["celery_app"]
