"""Signing up, verifying the address, logging in and out, and the player's own profile."""

from __future__ import annotations

import ipaddress
import secrets
from html import unescape
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client

from tests.support.mail import confirmation_link
from tests.support.personas import PASSWORD

STRONG = "Penal-T-and-Skip-42"
SIGNUP = "/accounts/signup/"
LOGIN = "/accounts/login/"


def signup_form(**changes: str) -> dict[str, str]:
    form = {"email": "dave@example.com", "username": "dave", "password1": STRONG, "password2": STRONG}
    form.update(changes)
    return form


def page_text(response: Any) -> str:
    return unescape(bytes(response.content).decode())


def usernames() -> set[str]:
    return set(get_user_model().objects.values_list("username", flat=True))


def some_address() -> str:
    """A client address of its own, so that rate limits counted by earlier runs in Redis do not apply."""
    return str(ipaddress.IPv4Address(0x0A000000 + secrets.randbelow(1 << 24)))


def logged_in_as(client: Client) -> str | None:
    """Who the site thinks this browser is: the name on the profile page, or None when sent to log in."""
    response = client.get("/me/")
    if response.status_code != 200:
        return None
    username: str = response.context["user"].username
    return username


@pytest.mark.django_db
class TestSignUp:
    def test_it_creates_an_unverified_player_and_mails_the_verification_link(self, client: Client) -> None:
        response = client.post(SIGNUP, signup_form(), follow=True)

        assert "Verify Your Email Address" in page_text(response)
        dave = get_user_model().objects.get(username="dave")
        assert EmailAddress.objects.get(user=dave).verified is False
        assert [message.to for message in mail.outbox] == [["dave@example.com"]]
        assert "/accounts/confirm-email/" in mail.outbox[0].body
        assert logged_in_as(client) is None

    def test_it_keeps_the_time_zone_the_browser_sent(self, client: Client) -> None:
        client.post(SIGNUP, signup_form(time_zone="Asia/Ho_Chi_Minh"))

        assert get_user_model().objects.get(username="dave").profile.time_zone == "Asia/Ho_Chi_Minh"

    def test_it_ignores_a_time_zone_it_does_not_know(self, client: Client) -> None:
        client.post(SIGNUP, signup_form(time_zone="Mars/Olympus_Mons"))

        assert get_user_model().objects.get(username="dave").profile.time_zone == "UTC"

    @pytest.mark.parametrize(
        ("changes", "error"),
        [
            pytest.param({"username": "Alice"}, "A user with that username already exists.", id="taken-username"),
            pytest.param({"email": "dave-at-example.com"}, "Enter a valid email address.", id="bad-email"),
            pytest.param({"password1": "password", "password2": "password"}, "This password is too common.", id="weak"),
            pytest.param({"password2": STRONG + "!"}, "You must type the same password each time.", id="mismatch"),
            pytest.param({"username": "dave smith"}, "Use only letters, digits", id="space-in-name"),
            pytest.param({"username": "bot-dave"}, "kept for bot players", id="bot-name"),
            pytest.param({"username": "admin"}, "Username can not be used", id="reserved-name"),
        ],
    )
    def test_it_refuses_bad_input_with_a_message_and_creates_nobody(
        self, client: Client, alice: Any, changes: dict[str, str], error: str
    ) -> None:
        before = usernames()

        response = client.post(SIGNUP, signup_form(**changes))

        assert response.status_code == 200
        assert error in page_text(response)
        assert usernames() == before
        assert mail.outbox == []

    def test_it_keeps_the_form_filled_in_after_an_error(self, client: Client) -> None:
        response = client.post(SIGNUP, signup_form(password2="nope"))

        assert 'value="dave@example.com"' in page_text(response)
        assert 'value="dave"' in page_text(response)

    def test_it_creates_nobody_for_a_taken_email_and_tells_only_its_owner(self, client: Client, alice: Any) -> None:
        # Which addresses have accounts stays private: the page reads as for a new address, and
        # the owner of the address is told by mail instead.
        before = usernames()

        response = client.post(SIGNUP, signup_form(email="alice@example.com"), follow=True)

        assert "Verify Your Email Address" in page_text(response)
        assert usernames() == before
        assert [message.to for message in mail.outbox] == [["alice@example.com"]]
        assert "/accounts/confirm-email/" not in mail.outbox[0].body

    def test_it_labels_every_field_of_the_page(self, client: Client) -> None:
        page = page_text(client.get(SIGNUP))

        for field, label in [("email", "Email"), ("username", "Username"), ("password1", "Password")]:
            assert f'<label for="id_{field}">{label}' in page
        assert '<label for="id_password2">' in page


@pytest.mark.django_db
class TestVerification:
    def test_it_keeps_an_unverified_player_from_logging_in_until_the_link_is_followed(self, client: Client) -> None:
        client.post(SIGNUP, signup_form())
        link = confirmation_link(str(mail.outbox[0].body))
        mail.outbox.clear()

        refused = client.post(LOGIN, {"login": "dave", "password": STRONG}, follow=True)
        assert "Verify Your Email Address" in page_text(refused)
        assert logged_in_as(client) is None
        assert len(mail.outbox) == 1, "logging in again re-sends the verification mail"

        confirm_page = client.get(link)
        assert "Confirm Email Address" in page_text(confirm_page)
        client.post(link)
        client.post("/accounts/logout/")

        client.post(LOGIN, {"login": "dave", "password": STRONG})
        assert logged_in_as(client) == "dave"

    def test_it_confirms_nothing_for_a_made_up_link(self, client: Client) -> None:
        client.post(SIGNUP, signup_form())

        client.post("/accounts/confirm-email/not-a-real-key/")

        assert EmailAddress.objects.get(email="dave@example.com").verified is False
        assert "expired or is invalid" in page_text(client.get("/accounts/confirm-email/not-a-real-key/"))


@pytest.mark.django_db
class TestLogin:
    @pytest.mark.parametrize("login", ["alice", "alice@example.com", "ALICE@example.com"])
    def test_it_logs_in_by_username_or_email_and_opens_the_profile(
        self, client: Client, alice: Any, login: str
    ) -> None:
        response = client.post(LOGIN, {"login": login, "password": PASSWORD})

        assert response.status_code == 302
        assert response["Location"] == "/me/"
        assert logged_in_as(client) == "alice"

    def test_it_refuses_a_wrong_password_with_a_message(self, client: Client, alice: Any) -> None:
        response = client.post(LOGIN, {"login": "alice", "password": "not-it"})

        assert "password you specified are not correct" in page_text(response)
        assert logged_in_as(client) is None

    def test_it_ends_the_session_on_logging_out(self, client: Client, alice: Any) -> None:
        client.force_login(alice)

        client.post("/accounts/logout/")

        assert logged_in_as(client) is None

    def test_it_locks_the_account_for_a_while_after_repeated_failures(
        self, client: Client, alice: Any, settings: Any
    ) -> None:
        settings.ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip,3/5m/key"}
        cache.clear()  # earlier runs may have left counts in this Redis database
        try:
            for _ in range(3):
                client.post(LOGIN, {"login": "alice", "password": "guess"})

            # Even the right password, from another browser, waits until the limit expires.
            other = Client()
            response = other.post(LOGIN, {"login": "alice", "password": PASSWORD})

            assert "Too many failed login attempts" in page_text(response)
            assert logged_in_as(other) is None
        finally:
            cache.clear()

    def test_it_locks_out_the_address_that_failed_not_the_player_everywhere(self, alice: Any, settings: Any) -> None:
        settings.ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip,3/5m/key"}
        attacker, player = Client(REMOTE_ADDR=some_address()), Client(REMOTE_ADDR=some_address())
        for _ in range(3):
            attacker.post(LOGIN, {"login": "alice", "password": "guess"})

        locked = attacker.post(LOGIN, {"login": "alice", "password": PASSWORD})
        response = player.post(LOGIN, {"login": "alice", "password": PASSWORD})

        assert "Too many failed login attempts" in page_text(locked)
        assert logged_in_as(attacker) is None
        # Someone who only knows her name has not locked Alice out where she logs in.
        assert response.status_code == 302
        assert logged_in_as(player) == "alice"


@pytest.mark.django_db
class TestPasswordAndEmail:
    def test_it_resets_a_forgotten_password_through_the_mailed_link(self, client: Client, alice: Any) -> None:
        client.post("/accounts/password/reset/", {"email": "alice@example.com"})
        reset_link = next(word for word in mail.outbox[0].body.split() if "/accounts/password/reset/key/" in word)

        form_page = client.get(reset_link, follow=True)
        client.post(
            form_page.redirect_chain[-1][0] if form_page.redirect_chain else reset_link,
            {"password1": STRONG, "password2": STRONG},
        )

        assert client.login(username="alice", password=STRONG)

    def test_it_lets_a_player_change_their_password(self, client: Client, alice: Any) -> None:
        client.force_login(alice)

        client.post("/accounts/password/change/", {"oldpassword": PASSWORD, "password1": STRONG, "password2": STRONG})

        alice.refresh_from_db()
        assert alice.check_password(STRONG)

    def test_it_counts_a_new_email_address_only_once_verified(self, client: Client, alice: Any) -> None:
        client.force_login(alice)

        client.post("/accounts/email/", {"action_add": "", "email": "alice@new.example"})

        new = EmailAddress.objects.get(email="alice@new.example")
        assert new.verified is False
        client.post(confirmation_link(str(mail.outbox[-1].body)))
        new.refresh_from_db()
        assert new.verified is True


@pytest.mark.django_db
class TestProfile:
    def test_it_sends_visitors_to_log_in(self, client: Client) -> None:
        response = client.get("/me/")

        assert response.status_code == 302
        assert response["Location"].startswith(LOGIN)

    def test_it_saves_the_name_time_zone_and_mail_choices(self, client: Client, alice: Any) -> None:
        client.force_login(alice)

        response = client.post(
            "/me/",
            {"display_name": "Alice L.", "time_zone": "Europe/Berlin", "turn_mail": "digest", "reminders": "on"},
            follow=True,
        )

        assert "Your profile is saved." in page_text(response)
        alice.profile.refresh_from_db()
        assert (alice.profile.display_name, alice.profile.time_zone) == ("Alice L.", "Europe/Berlin")
        assert (alice.profile.turn_mail, alice.profile.reminders, alice.profile.result_mail) == ("digest", True, False)

    def test_it_shows_times_in_the_chosen_time_zone(self, client: Client, alice: Any) -> None:
        alice.profile.time_zone = "America/New_York"
        alice.profile.save()
        client.force_login(alice)

        page = page_text(client.get("/me/"))

        assert "Times on this site are shown in <strong>America/New_York</strong>" in page

    def test_it_refuses_an_unknown_time_zone_and_keeps_the_old_one(self, client: Client, alice: Any) -> None:
        client.force_login(alice)

        response = client.post("/me/", {"display_name": "Alice", "time_zone": "Moon/Base", "turn_mail": "every"})

        assert "“Moon/Base” is not a time zone we know" in page_text(response)
        alice.profile.refresh_from_db()
        assert alice.profile.time_zone == "UTC"

    def test_it_refuses_a_name_another_player_goes_by(self, client: Client, alice: Any, bob: Any) -> None:
        client.force_login(alice)

        response = client.post("/me/", {"display_name": "BOB", "time_zone": "UTC", "turn_mail": "every"})

        assert "Another player already goes by that name." in page_text(response)
        alice.profile.refresh_from_db()
        assert alice.profile.display_name == "Alice"


@pytest.mark.django_db
class TestPlayerPage:
    def test_it_shows_the_player_by_name(self, client: Client, alice: Any) -> None:
        page = page_text(client.get("/players/alice/"))

        assert "<h1>Alice" in page
        assert "@alice" in page

    def test_it_finds_the_player_whatever_the_case_of_the_name(self, client: Client, alice: Any) -> None:
        assert client.get("/players/ALICE/").status_code == 200

    def test_it_answers_404_for_nobody(self, client: Client) -> None:
        assert client.get("/players/nobody/").status_code == 404

    def test_it_keeps_the_email_address_private(self, client: Client, alice: Any) -> None:
        assert "alice@example.com" not in page_text(client.get("/players/alice/"))
