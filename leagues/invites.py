"""Invite links for leagues: a signed token naming the league and its current invite nonce."""

from __future__ import annotations

from django.core import signing

from leagues.models import League

SALT = "leagues.invite"


def invite_token(league: League) -> str:
    return signing.dumps({"league": league.pk, "nonce": league.invite_nonce}, salt=SALT)


def league_for_invite(token: str) -> League | None:
    """The league the token invites to, or None when it is forged or was reset since."""
    try:
        payload = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(payload, dict):
        return None
    league_id = payload.get("league")
    if not isinstance(league_id, int):
        return None
    league = League.objects.filter(pk=league_id).first()
    if league is None or league.invite_nonce != payload.get("nonce"):
        return None
    return league


def invite_is_valid(league: League, token: str | None) -> bool:
    if not token:
        return False
    found = league_for_invite(token)
    return found is not None and found.pk == league.pk
