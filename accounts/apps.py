from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Players as people: profiles, preferences and public player pages (allauth does sign-in)."""

    name = "accounts"

    def ready(self) -> None:
        from accounts import signals  # noqa: F401
