from __future__ import annotations

from typing import Any

from django import forms

from games.actions import ActionRefused, check_house_rules, check_table_shape
from games.models import LIVE_MOVE_SECONDS, MAX_SEATS, MIN_SEATS, TURN_MOVE_SECONDS, Game, Seat, describe_seconds

TIME_CONTROL_CHOICES = [
    ("Live", [(seconds, f"{describe_seconds(seconds)} per move") for seconds in LIVE_MOVE_SECONDS]),
    ("Turn by turn", [(seconds, f"{describe_seconds(seconds)} per move") for seconds in TURN_MOVE_SECONDS]),
]
SEAT_CHOICES = [(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)]


def variant_choices() -> list[tuple[str, str]]:
    from games import engine

    return [(key, engine.get_rules(key).title) for key in engine.variants()]


def option_field(spec: Any) -> forms.Field:
    """A form field for one of a game's house rule options (games.engine.rules.Option)."""
    common: dict[str, Any] = {"label": spec.label, "help_text": spec.help}
    if spec.kind == "bool":
        return forms.BooleanField(required=False, initial=spec.default, **common)
    if spec.kind == "choice":
        choices = [(str(choice), str(choice).replace("_", " ")) for choice in spec.choices]
        return forms.ChoiceField(choices=choices, initial=str(spec.default), **common)
    return forms.IntegerField(
        min_value=spec.minimum,
        max_value=spec.maximum,
        initial=spec.default,
        required=spec.default is not None,
        **common,
    )


class CreateGameForm(forms.Form):
    variant = forms.ChoiceField(label="Game", choices=(), required=False, initial="ddmau", widget=forms.HiddenInput)
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
    league: forms.ModelChoiceField[Any] = forms.ModelChoiceField(
        queryset=None,
        required=False,
        empty_label="None: a friendly game",
        help_text="A league table counts for the league's standings and ratings; only its members sit at it.",
    )

    def __init__(self, *args: Any, user: Any, variant: str = "ddmau", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from games import engine

        choices = variant_choices()
        variant_field = self.fields["variant"]
        assert isinstance(variant_field, forms.ChoiceField)
        variant_field.choices = choices
        if self.is_bound:
            variant = str(self.data.get("variant") or variant)
        if variant not in dict(choices):
            variant = str(variant_field.initial)
        self.variant_key = variant
        self.initial["variant"] = variant
        self.game_rules = engine.get_rules(variant)
        self.option_keys: list[str] = []
        for spec in self.game_rules.option_specs:
            if spec.kind != "mapping":
                self.fields[spec.key] = option_field(spec)
                self.option_keys.append(spec.key)
        low, high = max(MIN_SEATS, self.game_rules.min_players), min(MAX_SEATS, self.game_rules.max_players)
        seat_field = self.fields["seat_count"]
        assert isinstance(seat_field, forms.TypedChoiceField)
        seat_field.choices = [(n, str(n)) for n in range(low, high + 1)]
        if not low <= 4 <= high:
            seat_field.initial = high
        if not self.game_rules.team_sizes:
            del self.fields["teams"]  # a game without partnerships

        league_field = self.fields["league"]
        assert isinstance(league_field, forms.ModelChoiceField)
        league_model = Game._meta.get_field("league").related_model  # leagues' model, without importing leagues
        assert league_model is not None
        assert not isinstance(league_model, str)
        # A league plays one game: only the leagues of this table's game are offered.
        leagues = league_model._default_manager.filter(memberships__user=user, variant=variant)
        league_field.queryset = leagues.order_by("name")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            data.setdefault("teams", False)
            check_table_shape(data["seat_count"], data["teams"], data["bots"], self.variant_key)
            chosen = {key: self._option_value(key, data[key]) for key in self.option_keys}
            data["rules"] = check_house_rules(chosen, self.variant_key)
        except ActionRefused as refusal:
            raise forms.ValidationError(refusal.message) from None
        return data

    def _option_value(self, key: str, value: Any) -> Any:
        spec = next(spec for spec in self.game_rules.option_specs if spec.key == key)
        if spec.kind == "choice":  # the form speaks strings; give the option back its own type
            return next((choice for choice in spec.choices if str(choice) == value), value)
        return value

    def option_fields(self) -> list[Any]:
        return [self[key] for key in self.option_keys]


class StartForm(forms.Form):
    fill_with_bots = forms.BooleanField(required=False, label="Fill empty seats with bots")
    bot_level = forms.ChoiceField(choices=Seat.Bot.choices, initial=Seat.Bot.GREEDY, required=False)


class LobbyFilterForm(forms.Form):
    game = forms.ChoiceField(choices=(), required=False, label="Game")
    seats = forms.TypedChoiceField(choices=[("", "Any"), *SEAT_CHOICES], coerce=int, empty_value=None, required=False)
    pace = forms.ChoiceField(
        choices=[("", "Any"), ("live", "Live"), ("turn", "Turn by turn")], required=False, label="Time control"
    )
    free = forms.BooleanField(required=False, label="Has a free seat")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game_field = self.fields["game"]
        assert isinstance(game_field, forms.ChoiceField)
        game_field.choices = [("", "Any"), *variant_choices()]
