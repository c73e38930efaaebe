"""The Celery app: Redis broker, tasks discovered in each Django app, schedules in settings."""

import os

from celery import Celery

from ddmau_site import broker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ddmau_site.settings")

# Before any connection to Redis: a worker must survive a restart of Redis (see ddmau_site/broker.py).
broker.apply()

app = Celery("ddmau_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
