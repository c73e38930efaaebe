from __future__ import annotations

import zoneinfo
from typing import Any

from allauth.account.forms import LoginForm as AllauthLoginForm
from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import HttpRequest

from accounts.models import Profile

UNKNOWN_TIME_ZONE = "“%(value)s” is not a time zone we know: pick one from the list, e.g. Europe/Berlin."


def is_time_zone(name: str) -> bool:
    return name in zoneinfo.available_timezones()


class LoginForm(AllauthLoginForm):  # type: ignore[misc]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].label = "Username or email"


class SignupForm(AllauthSignupForm):  # type: ignore[misc]
    """allauth's sign-up form, plus the browser's time zone, sent along by static/js/site.js."""

    time_zone = forms.CharField(required=False, widget=forms.HiddenInput(attrs={"data-detect-time-zone": ""}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "Your name at the table and on your player page."

    def custom_signup(self, request: HttpRequest, user: Any) -> None:
        super().custom_signup(request, user)
        time_zone = self.cleaned_data.get("time_zone") or ""
        if is_time_zone(time_zone):
            Profile.objects.filter(user=user).update(time_zone=time_zone)


class ProfileForm(forms.ModelForm[Profile]):
    class Meta:
        model = Profile
        fields = ["display_name", "time_zone", "turn_mail", "reminders", "result_mail"]
        labels = {
            "display_name": "Name at the table",
            "time_zone": "Time zone",
            "turn_mail": "Emails when it is your turn",
            "reminders": "Reminders",
            "result_mail": "Results by email",
        }
        error_messages = {"time_zone": {"invalid_choice": UNKNOWN_TIME_ZONE}}

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"].strip()
        if not name:
            return name
        me = self.instance.user_id
        others = get_user_model().objects.exclude(pk=me)
        if others.filter(Q(username__iexact=name) | Q(profile__display_name__iexact=name)).exists():
            raise forms.ValidationError("Another player already goes by that name.", code="taken")
        return name
