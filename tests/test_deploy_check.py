"""`manage.py check --deploy` under production-like settings, run as the operator would."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def production_env(**changes: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in {"DEBUG", "DDMAU_PLAIN_STATIC"}}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "ddmau_site.settings",  # production's, not the suite's
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "SITE_URL": "https://ddmau.example.org",
            "ALLOWED_HOSTS": "ddmau.example.org",
            "SECURE_SSL_REDIRECT": "1",
            "SECURE_HSTS_SECONDS": "31536000",
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        }
    )
    env.update(changes)
    return {key: value for key, value in env.items() if value}


def deploy_check(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_passes_with_production_settings() -> None:
    result = deploy_check(production_env())

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_it_warns_when_the_secret_key_was_forgotten() -> None:
    result = deploy_check(production_env(SECRET_KEY=""))

    assert result.returncode != 0
    assert "security.W009" in result.stdout + result.stderr


def test_it_warns_when_served_without_https() -> None:
    result = deploy_check(production_env(SITE_URL="http://ddmau.example.org", SECURE_SSL_REDIRECT="0"))

    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "security.W008" in output  # no redirect to HTTPS
    assert "security.W012" in output  # session cookie sent over plain HTTP
