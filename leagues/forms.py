from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model

from games.engine.options import Options
from games.models import LIVE_MOVE_SECONDS, MAX_SEATS, MIN_SEATS, TEAM_SIZES, TURN_MOVE_SECONDS
from leagues.models import League, Tournament
from leagues.templatetags.leagues_tags import move_time


class LeagueForm(forms.ModelForm[League]):
    class Meta:
        model = League
        fields = ["name", "description", "visibility"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3}), "visibility": forms.RadioSelect}


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=60)
    starts_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))


class PartnershipForm(forms.Form):
    name = forms.CharField(max_length=60, help_text="How your pair is shown in standings and at the table.")
    partner = forms.CharField(max_length=150, help_text="Your partner's username.")

    def clean_partner(self) -> Any:
        username = self.cleaned_data["partner"].strip().lstrip("@")
        user = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
        if user is None:
            raise forms.ValidationError(f"There is no player called {username}.")
        return user


MOVE_TIME_CHOICES = [(seconds, move_time(seconds)) for seconds in (*LIVE_MOVE_SECONDS, *TURN_MOVE_SECONDS)]
LOCAL_DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class TournamentForm(forms.ModelForm[Tournament]):
    """Used by the staff pages and the Django admin alike, so both refuse the same bad settings."""

    move_seconds = forms.TypedChoiceField(choices=MOVE_TIME_CHOICES, coerce=int, label="Time per move")
    house_rules = forms.JSONField(
        required=False,
        initial=dict,
        help_text='House rule options that differ from the defaults, e.g. {"target": 404}. Empty for none.',
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "description",
            "kind",
            "move_seconds",
            "table_size",
            "min_entrants",
            "max_entrants",
            "registration_opens",
            "registration_closes",
            "house_rules",
        ]
        widgets = {
            "description": forms.Textarea(attrs={"rows": 3}),
            "registration_opens": LOCAL_DATETIME,
            "registration_closes": LOCAL_DATETIME,
        }
        help_texts = {
            "table_size": f"Seats per table, {MIN_SEATS} to {MAX_SEATS}; partnership tournaments play at 4 or 6.",
            "min_entrants": "The tournament cannot start with fewer.",
            "registration_opens": "In your time zone.",
        }

    def clean_house_rules(self) -> dict[str, Any]:
        rules = self.cleaned_data.get("house_rules") or {}
        try:
            return Options.from_rules(rules).to_rules()
        except ValueError as error:
            raise forms.ValidationError(str(error)) from error

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        size = data.get("table_size")
        if size is not None and not MIN_SEATS <= size <= MAX_SEATS:
            self.add_error("table_size", f"A table has {MIN_SEATS} to {MAX_SEATS} seats.")
        elif size is not None and data.get("kind") == Tournament.Kind.PARTNERSHIPS and size not in TEAM_SIZES:
            self.add_error("table_size", "R36: partnerships play at tables of 4 or 6.")
        low, high = data.get("min_entrants"), data.get("max_entrants")
        if low is not None and low < 2:
            self.add_error("min_entrants", "A tournament needs at least 2 entrants.")
        if low is not None and high is not None and high < low:
            self.add_error("max_entrants", "The most entrants cannot be fewer than the fewest.")
        opens, closes = data.get("registration_opens"), data.get("registration_closes")
        if opens and closes and closes <= opens:
            self.add_error("registration_closes", "Registration must close after it opens.")
        return data
