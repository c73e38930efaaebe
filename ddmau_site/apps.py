from django.apps import AppConfig


class SiteConfig(AppConfig):
    """Project-wide glue: the dev runner, demo data, health checks and the dev mailbox."""

    name = "ddmau_site"
    verbose_name = "DD MAU site"
