"""The Celery app: Redis broker, tasks discovered in each Django app, schedules in settings."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ddmau_site.settings")

app = Celery("ddmau_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
