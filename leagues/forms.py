from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import engine
from games.actions import ActionRefused, check_house_rules
from games.forms import option_field
from games.models import LIVE_MOVE_SECONDS, MAX_SEATS, MIN_SEATS, TEAM_SIZES, TURN_MOVE_SECONDS
from leagues.actions import league_has_games
from leagues.models import DDMAU, League, Tournament, eliminates, game_choices, partnership_games, plays_partnerships
from leagues.templatetags.leagues_tags import move_time


class LeagueForm(forms.ModelForm[League]):
    class Meta:
        model = League
        fields = ["name", "variant", "description", "visibility"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3}), "visibility": forms.RadioSelect}
        help_texts = {"variant": "The one game the league plays: its tables, standings and ratings are of this game."}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        variant = self.fields["variant"]
        variant.required = False  # left out: DD MAU for a new league, the league's own game when editing
        if self.instance.pk is not None and league_has_games(self.instance):
            variant.disabled = True
            variant.help_text = "The league has games of this game, so its game can no longer change."

    def clean_variant(self) -> str:
        return str(self.cleaned_data.get("variant") or self.instance.variant or DDMAU)


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


REGISTRATION_DAYS = 7


def new_tournament_initial() -> dict[str, Any]:
    """What a new tournament's form starts with: registration open from now (to the minute, in the
    staff member's time zone) for a week, and a name from the month; the rest are the model's defaults."""
    opens = timezone.localtime().replace(second=0, microsecond=0)
    return {
        "name": f"{opens:%B %Y} Cup",
        "registration_opens": opens,
        "registration_closes": opens + datetime.timedelta(days=REGISTRATION_DAYS),
    }


MOVE_TIME_CHOICES = [(seconds, move_time(seconds)) for seconds in (*LIVE_MOVE_SECONDS, *TURN_MOVE_SECONDS)]
LOCAL_DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class TournamentSettingsForm(forms.ModelForm[Tournament]):
    """What the staff page's form and the Django admin's share, so both refuse the same bad settings."""

    move_seconds = forms.TypedChoiceField(choices=MOVE_TIME_CHOICES, coerce=int, label="Time per move")

    class Meta:
        model = Tournament
        fields = [
            "name",
            "description",
            "variant",
            "kind",
            "rounds",
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
            "kind": "Partnership tournaments are DD MAU's only (R36).",
            "rounds": "Each round every table plays one game; after the last round the standings decide.",
            "min_entrants": "The tournament cannot start with fewer.",
            "registration_opens": "In your time zone.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is None:  # a new tournament: every field starts from a default
            defaults = {**forms.models.model_to_dict(self.instance, self._meta.fields), **new_tournament_initial()}
            for name, value in defaults.items():
                if self.initial.get(name) in (None, ""):
                    self.initial[name] = value

    def chosen_variant(self) -> str:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        variant = str(data.get("variant") or self.instance.variant or DDMAU)
        return variant if variant in dict(game_choices()) else DDMAU

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        variant = self.chosen_variant()
        game = engine.get_rules(variant)
        low, high = max(MIN_SEATS, game.min_players), min(MAX_SEATS, game.max_players)
        size = data.get("table_size")
        if size is not None and not low <= size <= high:
            self.add_error("table_size", f"A table of {game.title} has {low} to {high} seats.")
        elif size is not None and data.get("kind") == Tournament.Kind.PARTNERSHIPS and size not in TEAM_SIZES:
            self.add_error("table_size", "R36: partnerships play at tables of 4 or 6.")
        if data.get("kind") == Tournament.Kind.PARTNERSHIPS and not plays_partnerships(variant):
            self.add_error("kind", f"{game.title} is not played in partnerships: only {partnership_games()} is (R36).")
        rounds = data.get("rounds")
        if rounds is not None and not eliminates(variant) and not 1 <= rounds <= MAX_ROUNDS:
            self.add_error("rounds", f"A tournament of {game.title} plays 1 to {MAX_ROUNDS} rounds.")
        low_entrants, high_entrants = data.get("min_entrants"), data.get("max_entrants")
        if low_entrants is not None and low_entrants < 2:
            self.add_error("min_entrants", "A tournament needs at least 2 entrants.")
        if low_entrants is not None and high_entrants is not None and high_entrants < low_entrants:
            self.add_error("max_entrants", "The most entrants cannot be fewer than the fewest.")
        opens, closes = data.get("registration_opens"), data.get("registration_closes")
        if opens and closes and closes <= opens:
            self.add_error("registration_closes", "Registration must close after it opens.")
        return data

    def check_rules(self, rules: dict[str, Any]) -> dict[str, Any] | None:
        """The house rules as the engine accepts them for the chosen game; None (and a form error) if refused."""
        try:
            return check_house_rules(rules, self.chosen_variant())
        except ActionRefused as refusal:
            self.add_error(None, refusal.message)
            return None


MAX_ROUNDS = 20
RULE_PREFIX = "rule_"  # a house rule's field: "rule_target" (dansk's option "rounds" is not the tournament's)


class TournamentForm(TournamentSettingsForm):
    """The staff page's form: the game is chosen first (?variant=, as on the new-table page); its house
    rules are fields made from the engine's options (games.forms.option_field); the table size offers
    the game's seat range."""

    class Meta(TournamentSettingsForm.Meta):
        fields = [name for name in TournamentSettingsForm.Meta.fields if name != "house_rules"]
        widgets = {**TournamentSettingsForm.Meta.widgets, "variant": forms.HiddenInput()}

    def __init__(self, *args: Any, variant: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = dict(game_choices())
        if self.is_bound:
            variant = str(self.data.get("variant") or "")
        variant = variant or self.instance.variant or DDMAU
        if variant not in choices:
            variant = DDMAU
        self.variant_key = variant
        self.initial["variant"] = variant
        self.fields["variant"].required = False  # left out of a post: the game the page was opened for
        self.game_rules = engine.get_rules(variant)
        same_game = self.instance.pk is not None and self.instance.variant == variant
        current = dict(self.instance.house_rules or {}) if same_game else {}
        # Options a form cannot show (a deck table) are kept as they are.
        self.kept_rules = {
            spec.key: current[spec.key]
            for spec in self.game_rules.option_specs
            if spec.kind == "mapping" and spec.key in current
        }
        self.rule_keys: list[str] = []
        for spec in self.game_rules.option_specs:
            if spec.kind == "mapping":
                continue
            field = option_field(spec)
            if spec.key in current:
                field.initial = str(current[spec.key]) if spec.kind == "choice" else current[spec.key]
            self.fields[RULE_PREFIX + spec.key] = field
            self.rule_keys.append(spec.key)
        low, high = max(MIN_SEATS, self.game_rules.min_players), min(MAX_SEATS, self.game_rules.max_players)
        self.initial["table_size"] = min(max(int(self.initial.get("table_size") or 4), low), high)
        self.fields["table_size"] = forms.TypedChoiceField(
            label="Table size",
            choices=[(n, str(n)) for n in range(low, high + 1)],
            coerce=int,
            help_text=f"Seats per table: {self.game_rules.title} is played by {low} to {high}"
            + (f"; partnership tournaments play at {self.team_sizes_in_words}." if self.partnerships else "."),
        )
        if self.eliminates:
            del self.fields["rounds"]  # an elimination (DD MAU's) plays past the target, not rounds
        if not self.partnerships:
            kind = self.fields["kind"]
            assert isinstance(kind, forms.ChoiceField)
            kind.choices = [(Tournament.Kind.INDIVIDUAL.value, Tournament.Kind.INDIVIDUAL.label)]
            kind.help_text = ""  # the ruling on partnerships (R36) is their game's

    def chosen_variant(self) -> str:
        return self.variant_key

    @property
    def eliminates(self) -> bool:
        """Is the chosen game's tournament an elimination past its target (its rules have a
        "tournament" mode), rather than rounds scored by placing?"""
        return "tournament" in self.game_rules.modes

    @property
    def partnerships(self) -> bool:
        """Is the chosen game played in partnerships (its rules have team sizes)?"""
        return bool(self.game_rules.team_sizes)

    @property
    def team_sizes_in_words(self) -> str:
        """The table sizes partnerships play at ("4 or 6")."""
        return " or ".join(str(size) for size in sorted(self.game_rules.team_sizes))

    def clean_variant(self) -> str:
        return self.variant_key

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["variant"] = self.variant_key
        if any(RULE_PREFIX + key in self.errors for key in self.rule_keys):
            return data
        chosen = {key: self._option_value(key, data.get(RULE_PREFIX + key)) for key in self.rule_keys}
        rules = self.check_rules({**chosen, **self.kept_rules})
        if rules is not None:
            data["house_rules"] = rules
            self.check_deal(data.get("table_size"), rules)
        return data

    def check_deal(self, size: int | None, rules: dict[str, Any]) -> None:
        """A full table of the game must be possible with these rules (enough cards for every hand)."""
        if size is None or self.eliminates or "table_size" in self.errors:
            return
        try:
            engine.new_game(size, seed="settings", variant=self.variant_key, rules=rules or None)
        except ValueError as error:
            self.add_error(None, f"{error}.")

    def _option_value(self, key: str, value: Any) -> Any:
        spec = next(spec for spec in self.game_rules.option_specs if spec.key == key)
        if spec.kind == "choice":  # the form speaks strings; give the option back its own type
            return next((choice for choice in spec.choices if str(choice) == value), value)
        return value

    def rule_fields(self) -> list[Any]:
        return [self[RULE_PREFIX + key] for key in self.rule_keys]

    def setting_fields(self) -> list[Any]:
        rules = {RULE_PREFIX + key for key in self.rule_keys}
        return [field for field in self.visible_fields() if field.name not in rules]


class TournamentAdminForm(TournamentSettingsForm):
    """The Django admin's form: the house rules as a JSON object, checked by the chosen game's engine."""

    house_rules = forms.JSONField(
        required=False,
        initial=dict,
        help_text='House rule options of the chosen game that differ from its defaults, e.g. {"target": 404}. '
        "Empty for none. The staff page offers them as fields.",
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rules = data.get("house_rules")
        if "house_rules" in self.errors:
            return data
        if not isinstance(rules, dict):
            self.add_error("house_rules", 'House rules are a JSON object of options, e.g. {"target": 404}.')
            return data
        checked = self.check_rules(rules)
        if checked is not None:
            data["house_rules"] = checked
        return data
