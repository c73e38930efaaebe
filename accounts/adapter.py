"""allauth's account adapter, with failed logins counted per client address and account together."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.internal.ratelimit import get_ip
from django.http import HttpRequest


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """The key of ACCOUNT_RATE_LIMITS["login_failed"]'s per-key limit. allauth's is the account
        alone, so five wrong passwords from anywhere lock its player out everywhere: anyone who knows
        a username could keep a player from logging in. With the client's address in the key (IPv6
        by its /64, as allauth counts addresses), a lockout holds only where the failures came from;
        the per-address limit still slows one address trying many accounts."""
        account: str = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}:{get_ip(request)}"
