from __future__ import annotations

from typing import Any

from django import forms

from games.actions import HOUSE_RULE_DEFAULTS, ActionRefused, check_house_rules, check_table_shape
from games.models import LIVE_MOVE_SECONDS, MAX_SEATS, MIN_SEATS, TURN_MOVE_SECONDS, Game, Seat, describe_seconds

TIME_CONTROL_CHOICES = [
    ("Live", [(seconds, f"{describe_seconds(seconds)} per move") for seconds in LIVE_MOVE_SECONDS]),
    ("Turn by turn", [(seconds, f"{describe_seconds(seconds)} per move") for seconds in TURN_MOVE_SECONDS]),
]
SEAT_CHOICES = [(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)]


class CreateGameForm(forms.Form):
    seat_count = forms.TypedChoiceField(label="Seats", choices=SEAT_CHOICES, coerce=int, initial=4)
    teams = forms.BooleanField(
        label="Partnerships", required=False, help_text="4 or 6 seats; partners sit opposite each other (R36)."
    )
    move_seconds = forms.TypedChoiceField(label="Time control", choices=TIME_CONTROL_CHOICES, coerce=int, initial=60)
    visibility = forms.ChoiceField(
        choices=Game.Visibility.choices, initial=Game.Visibility.PUBLIC, widget=forms.RadioSelect
    )
    bots = forms.IntegerField(
        label="Bot seats",
        min_value=0,
        max_value=MAX_SEATS,
        initial=0,
        help_text="Seats a bot plays from the start. A bot in every seat: you watch them play.",
    )
    bot_level = forms.ChoiceField(label="Bot level", choices=Seat.Bot.choices, initial=Seat.Bot.GREEDY)
    target = forms.IntegerField(label="Game ends above", min_value=1, initial=HOUSE_RULE_DEFAULTS["target"])
    net_low = forms.IntegerField(label="Safety net from", min_value=1, initial=HOUSE_RULE_DEFAULTS["net_low"])
    net_reset = forms.IntegerField(label="Safety net resets to", min_value=1, initial=HOUSE_RULE_DEFAULTS["net_reset"])
    shadow_doubles = forms.ChoiceField(
        label="Shadow Masters double",
        choices=[("hand", "the hand's points (R30)"), ("total", "the running totals")],
        initial=HOUSE_RULE_DEFAULTS["shadow_doubles"],
    )
    league: forms.ModelChoiceField[Any] = forms.ModelChoiceField(
        queryset=None,
        required=False,
        empty_label="None: a friendly game",
        help_text="A league table counts for the league's standings and ratings; only its members sit at it.",
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from leagues.models import League  # the leagues a player belongs to

        league_field = self.fields["league"]
        assert isinstance(league_field, forms.ModelChoiceField)
        league_field.queryset = League.objects.filter(memberships__user=user).order_by("name")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            check_table_shape(data["seat_count"], data["teams"], data["bots"])
            data["rules"] = check_house_rules({key: data[key] for key in HOUSE_RULE_DEFAULTS})
        except ActionRefused as refusal:
            raise forms.ValidationError(refusal.message) from None
        return data


class StartForm(forms.Form):
    fill_with_bots = forms.BooleanField(required=False, label="Fill empty seats with bots")
    bot_level = forms.ChoiceField(choices=Seat.Bot.choices, initial=Seat.Bot.GREEDY, required=False)


class LobbyFilterForm(forms.Form):
    seats = forms.TypedChoiceField(choices=[("", "Any"), *SEAT_CHOICES], coerce=int, empty_value=None, required=False)
    pace = forms.ChoiceField(
        choices=[("", "Any"), ("live", "Live"), ("turn", "Turn by turn")], required=False, label="Time control"
    )
    free = forms.BooleanField(required=False, label="Has a free seat")
