"""The fragment's `date` filter (games.jinja.date) keeps the formatted deadlines of a minute in one
entry: what it writes must still be what Django's filter writes, to the second where a format shows it."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from django.template import defaultfilters
from django.utils import timezone

from games.jinja import date


def test_it_writes_a_deadline_to_the_minute_as_django_does_whatever_its_seconds() -> None:
    with timezone.override(ZoneInfo("Europe/Berlin")):
        for second in (0, 1, 59):
            moment = datetime(2026, 3, 29, 0, 59, second, 250_000, tzinfo=UTC)  # the hour before summer time
            local = timezone.localtime(moment)
            assert date(moment, "D j M, H:i e") == defaultfilters.date(local, "D j M, H:i e") == "Sun 29 Mar, 01:59 CET"
        after = datetime(2026, 3, 29, 1, 0, 30, tzinfo=UTC)
        assert date(after, "D j M, H:i e") == "Sun 29 Mar, 03:00 CEST"


def test_it_keeps_the_seconds_where_the_format_shows_them() -> None:
    with timezone.override(ZoneInfo("UTC")):
        first = datetime(2026, 11, 29, 12, 34, 5, 123_456, tzinfo=UTC)
        second = first.replace(second=6, microsecond=0)
        assert date(first, "H:i:s") == "12:34:05"
        assert date(second, "H:i:s") == "12:34:06"
        assert date(first, "c") == "2026-11-29T12:34:05.123456+00:00"
        assert date(first, r"H:i \s") != date(second, r"H:i \s") or date(first, r"H:i \s") == "12:34 s"
