"""The page shell every page shares, the admin's door, static files, and the development mailbox."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from django.core.mail import EmailMessage, get_connection
from django.test import Client

from tests.support.personas import PASSWORD


def page_text(response: Any) -> str:
    return unescape(bytes(response.content).decode())


@pytest.mark.django_db
class TestPageShell:
    def test_it_offers_a_visitor_log_in_and_sign_up(self, client: Client) -> None:
        page = page_text(client.get("/"))

        assert 'href="/accounts/login/"' in page
        assert 'href="/accounts/signup/"' in page
        assert "Log out" not in page

    def test_it_shows_a_player_their_name_linking_to_their_profile_and_lets_them_log_out(
        self, client: Client, alice: Any
    ) -> None:
        client.force_login(alice)

        page = page_text(client.get("/"))

        assert re.search(r'<a href="/me/"[^>]*>Alice</a>', page)
        assert 'action="/accounts/logout/"' in page

    def test_it_loads_every_script_and_stylesheet_from_this_site(self, client: Client) -> None:
        page = page_text(client.get("/"))

        sources = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', page)
        assert any("htmx" in source for source in sources)
        assert sources
        assert all(source.startswith("/static/") for source in sources), sources

    def test_it_sends_the_csrf_token_with_htmx_requests(self, client: Client) -> None:
        page = page_text(client.get("/"))

        token = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'>", page)
        assert token
        assert len(token.group(1)) >= 32

    def test_it_fits_a_phone_screen(self, client: Client) -> None:
        page = page_text(client.get("/"))

        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page

    def test_it_shows_a_message_once_on_the_next_page(self, client: Client, alice: Any) -> None:
        client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})

        assert "Successfully signed in as alice." in page_text(client.get("/"))
        assert "Successfully signed in" not in page_text(client.get("/"))

    def test_it_shows_the_account_pages_in_the_site_layout(self, client: Client) -> None:
        page = page_text(client.get("/accounts/login/"))

        assert 'class="brand"' in page
        assert '<label for="id_login">Username or email</label>' in page
        assert '<form method="post" action="/accounts/login/" class="form card' in page

    def test_it_serves_its_static_files_itself(self, client: Client) -> None:
        response = client.get("/static/css/site.css")

        assert response.status_code == 200
        assert b"--accent" in b"".join(response.streaming_content)  # type: ignore[attr-defined]

    def test_it_refuses_to_let_its_pages_be_framed(self, client: Client) -> None:
        assert client.get("/")["X-Frame-Options"] == "DENY"

    def test_it_answers_the_health_check_when_the_database_does(self, client: Client) -> None:
        assert client.get("/health/").json() == {"ok": True}


@pytest.mark.django_db
class TestAdminDoor:
    def test_it_sends_visitors_from_the_admin_login_to_the_rate_limited_site_login(self, client: Client) -> None:
        response = client.get("/admin/login/")

        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")

    def test_it_refuses_a_player_who_is_not_staff(self, client: Client, alice: Any) -> None:
        client.force_login(alice)

        assert client.get("/admin/login/").status_code == 403

    def test_it_lets_staff_reach_the_admin_after_the_site_login(self, client: Client, staff_sam: Any) -> None:
        client.post("/accounts/login/", {"login": "sam", "password": PASSWORD})

        assert client.get("/admin/", follow=True).status_code == 200
        assert "Site administration" in page_text(client.get("/admin/"))


class TestDevMailbox:
    @pytest.fixture
    def kept_mail(self, settings: Any, tmp_path: Path) -> Path:
        settings.DEV_MAIL_DIR = tmp_path
        return tmp_path

    def send(self, to: str, subject: str, body: str) -> None:
        backend = get_connection("ddmau_site.mail.DevMailBackend")
        EmailMessage(subject, body, "noreply@ddmau.local", [to], connection=backend).send()

    def test_it_prints_each_mail_to_the_terminal_and_keeps_it(
        self, kept_mail: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        self.send("dave@example.com", "Confirm", "Go to http://127.0.0.1:8000/accounts/confirm-email/k/")

        printed = capsys.readouterr().out
        assert "To: dave@example.com" in printed
        assert "http://127.0.0.1:8000/accounts/confirm-email/k/" in printed
        assert len(list(kept_mail.glob("*.eml"))) == 1

    @pytest.mark.django_db
    def test_it_lists_and_shows_kept_mail_with_clickable_links_when_debugging(
        self, client: Client, kept_mail: Path, settings: Any
    ) -> None:
        settings.DEBUG = True
        self.send("dave@example.com", "Confirm your address", "Go to http://127.0.0.1:8000/accounts/confirm-email/k/")

        listing = page_text(client.get("/dev/mail/"))
        assert "Confirm your address" in listing
        mail_url = re.search(r'href="(/dev/mail/[^"]+\.eml/)"', listing)
        assert mail_url
        shown = page_text(client.get(mail_url.group(1)))
        assert '<a href="http://127.0.0.1:8000/accounts/confirm-email/k/"' in shown

    @pytest.mark.django_db
    def test_it_does_not_exist_in_production(self, client: Client, kept_mail: Path, settings: Any) -> None:
        settings.DEBUG = False
        self.send("dave@example.com", "Reset your password", "secret link")

        assert client.get("/dev/mail/").status_code == 404
        name = next(kept_mail.glob("*.eml")).name
        assert client.get(f"/dev/mail/{name}/").status_code == 404

    @pytest.mark.django_db
    def test_it_shows_no_file_outside_the_mail_folder(self, client: Client, kept_mail: Path, settings: Any) -> None:
        settings.DEBUG = True
        (kept_mail.parent / "secret.eml").write_text("Subject: secret\n\nnot mail")

        assert client.get("/dev/mail/..%2Fsecret.eml/").status_code == 404
        assert client.get("/dev/mail/secret.eml/").status_code == 404
