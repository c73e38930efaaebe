from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest

from leagues import tournament_actions
from leagues.actions import Refused, record_admin_action
from leagues.forms import TournamentAdminForm
from leagues.models import (
    AdminAction,
    Entrant,
    GameRecord,
    JoinRequest,
    League,
    Membership,
    Partnership,
    PartnershipMember,
    PartnershipRating,
    PlayerRating,
    RatingPoint,
    ResultRow,
    Season,
    Tournament,
    TournamentTable,
)


class MembershipInline(admin.TabularInline[Membership, League]):
    model = Membership
    autocomplete_fields = ["user"]
    extra = 0


class SeasonInline(admin.TabularInline[Season, League]):
    model = Season
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin[League]):
    list_display = ["name", "variant", "visibility", "owner", "member_count", "created"]
    list_filter = ["variant", "visibility", "created"]
    search_fields = ["name", "owner__username", "description"]
    autocomplete_fields = ["owner"]
    inlines = [MembershipInline, SeasonInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[League]:
        return super().get_queryset(request).annotate(member_total=Count("memberships"))

    @admin.display(description="Members", ordering="member_total")
    def member_count(self, league: Any) -> int:
        return int(league.member_total)


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin[JoinRequest]):
    list_display = ["user", "league", "status", "created", "decided_by", "decided"]
    list_filter = ["status", "league"]
    search_fields = ["user__username", "league__name"]
    autocomplete_fields = ["user", "league", "decided_by"]


class PartnershipMemberInline(admin.TabularInline[PartnershipMember, Partnership]):
    model = PartnershipMember
    autocomplete_fields = ["user"]
    extra = 0


@admin.register(Partnership)
class PartnershipAdmin(admin.ModelAdmin[Partnership]):
    list_display = ["name", "league", "status", "created_by", "created"]
    list_filter = ["status", "league"]
    search_fields = ["name", "members__user__username", "league__name"]
    autocomplete_fields = ["league", "created_by"]
    inlines = [PartnershipMemberInline]


class EntrantInline(admin.TabularInline[Entrant, Tournament]):
    model = Entrant
    autocomplete_fields = ["user", "partnership"]
    fields = ["user", "partnership", "registered", "withdrawn", "eliminated", "placing", "disqualified"]
    extra = 0


ACTION_FIELDS = ("at", "staff", "action", "detail")
TABLE_FIELDS = ("number", "draw", "game", "seats", "opened", "closed", "close_reason")
ROW_FIELDS = ("seat", "user", "bot_level", "team", "partnership", "final_total", "place")


class ReadOnlyInline(admin.TabularInline[Any, Any]):
    """Rows kept as evidence (a log, results, tables): shown, never added or removed here."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class AdminActionInline(ReadOnlyInline):
    model = AdminAction
    fields = ACTION_FIELDS
    readonly_fields = ACTION_FIELDS


def _changes(form: Any) -> dict[str, str]:
    return {name: str(form.cleaned_data.get(name)) for name in form.changed_data}


def _run_on_each(
    model_admin: admin.ModelAdmin[Any],
    request: HttpRequest,
    objects: QuerySet[Any],
    act: Callable[[Any], Any],
    done: str,
) -> None:
    """A staff control applied to each selected row; a refusal is reported and the others still run."""
    for obj in objects:
        try:
            act(obj)
        except Refused as refusal:
            model_admin.message_user(request, f"{obj}: {refusal}", messages.ERROR)
        else:
            model_admin.message_user(request, f"{obj}: {done}", messages.SUCCESS)


def _tournament_control(do: Callable[[Any, int], Any], label: str, done: str) -> Any:
    @admin.action(description=label)
    def control(model_admin: admin.ModelAdmin[Tournament], request: HttpRequest, queryset: QuerySet[Any]) -> None:
        _run_on_each(model_admin, request, queryset, lambda t: do(request.user, t.pk), done)

    control.__name__ = do.__name__
    return control


def _entrant_control(do: Callable[[Any, int, int], Any], label: str, done: str) -> Any:
    @admin.action(description=label)
    def control(model_admin: admin.ModelAdmin[Entrant], request: HttpRequest, queryset: QuerySet[Entrant]) -> None:
        _run_on_each(model_admin, request, queryset, lambda e: do(request.user, e.tournament_id, e.pk), done)

    control.__name__ = do.__name__
    return control


class TournamentTableInline(ReadOnlyInline):
    model = TournamentTable
    fields = TABLE_FIELDS
    readonly_fields = TABLE_FIELDS


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin[Tournament]):
    form = TournamentAdminForm
    list_display = [
        "name",
        "variant",
        "kind",
        "status",
        "table_size",
        "entrant_count",
        "registration_opens",
        "registration_closes",
    ]
    list_filter = ["status", "variant", "kind", "table_size"]
    search_fields = ["name", "description"]
    readonly_fields = ["seed", "created_by", "created", "started", "finished"]
    fields = [*TournamentAdminForm.Meta.fields, "status", *readonly_fields]
    inlines = [EntrantInline, TournamentTableInline, AdminActionInline]
    date_hierarchy = "registration_opens"
    actions = [
        _tournament_control(tournament_actions.do_start_tournament, "Start: draw the tables", "started"),
        _tournament_control(tournament_actions.do_pause, "Pause: stop every clock", "paused"),
        _tournament_control(tournament_actions.do_resume, "Resume", "resumed"),
        _tournament_control(tournament_actions.do_redraw, "Reseat everyone between hands", "reseat requested"),
        _tournament_control(tournament_actions.do_end, "End now", "ended"),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Tournament]:
        return super().get_queryset(request).annotate(entrant_total=Count("entrants"))

    @admin.display(description="Entrants", ordering="entrant_total")
    def entrant_count(self, tournament: Any) -> int:
        return int(tournament.entrant_total)

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user  # type: ignore[assignment]
        super().save_model(request, obj, form, change)
        # The Django admin is a staff control too, so its changes join the tournament's action log.
        if form.changed_data or not change:
            record_admin_action(obj, request.user, "admin: edit" if change else "admin: create", **_changes(form))

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        super().save_formset(request, form, formset, change)
        if formset.model is not Entrant:
            return
        for entrant, fields in formset.changed_objects:
            record_admin_action(form.instance, request.user, "admin: entrant", entrant=entrant.name, changed=fields)
        for entrant in formset.new_objects:
            record_admin_action(form.instance, request.user, "admin: add entrant", entrant=entrant.name)
        for entrant in formset.deleted_objects:
            record_admin_action(form.instance, request.user, "admin: remove entrant", entrant=entrant.name)


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin[Entrant]):
    list_display = [
        "__str__",
        "tournament",
        "registered",
        "withdrawn",
        "eliminated",
        "placing",
        "total",
        "disqualified",
    ]
    readonly_fields = ["total", "table"]
    list_filter = ["disqualified", "tournament__status", "tournament"]
    search_fields = ["user__username", "partnership__name", "tournament__name"]
    autocomplete_fields = ["user", "partnership", "registered_by"]
    list_select_related = ["tournament", "user__profile", "partnership"]
    actions = [
        _entrant_control(tournament_actions.do_disqualify, "Disqualify: out now", "disqualified"),
        _entrant_control(tournament_actions.do_stand_in, "Replace with a bot (absent player)", "a bot plays for them"),
    ]

    def save_model(self, request: HttpRequest, obj: Entrant, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        action = "admin: entrant" if change else "admin: add entrant"
        record_admin_action(obj.tournament, request.user, action, entrant=obj.name, **_changes(form))


@admin.register(TournamentTable)
class TournamentTableAdmin(admin.ModelAdmin[TournamentTable]):
    list_display = ["__str__", "tournament", "draw", "game", "opened", "closed", "close_reason"]
    list_filter = ["close_reason", "tournament__status", "tournament"]
    search_fields = ["tournament__name", "game__id"]
    raw_id_fields = ["tournament", "game"]
    readonly_fields = ["tournament", "game", "number", "draw", "seats", "opened", "closed", "close_reason"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(AdminAction)
class AdminActionAdmin(admin.ModelAdmin[AdminAction]):
    """The log is evidence: readable here, never edited."""

    list_display = ["at", "tournament", "staff", "action"]
    list_filter = ["action", "tournament"]
    search_fields = ["tournament__name", "staff__username", "action"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ResultRowInline(ReadOnlyInline):
    model = ResultRow
    fields = ROW_FIELDS
    readonly_fields = ROW_FIELDS


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin[GameRecord]):
    """Results feed ratings in order, so they are shown, not edited."""

    list_display = ["game_id", "league", "tournament", "finished_at", "teams", "recorded"]
    list_filter = ["teams", "league", "tournament"]
    search_fields = ["game_id", "rows__user__username"]
    readonly_fields = ["game_id", "league", "tournament", "finished_at", "teams", "recorded"]
    date_hierarchy = "finished_at"
    inlines = [ResultRowInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin[PlayerRating]):
    list_display = ["user", "league", "shown", "mu", "sigma", "games", "updated"]
    list_filter = ["league"]
    search_fields = ["user__username", "league__name"]
    autocomplete_fields = ["user", "league"]
    list_select_related = ["user", "league"]

    @admin.display(description="Rating (mu - 3 sigma)")
    def shown(self, rating: PlayerRating) -> str:
        return f"{rating.ordinal:.1f}{' ?' if rating.provisional else ''}"


@admin.register(PartnershipRating)
class PartnershipRatingAdmin(admin.ModelAdmin[PartnershipRating]):
    list_display = ["partnership", "mu", "sigma", "games", "updated"]
    search_fields = ["partnership__name"]
    autocomplete_fields = ["partnership"]


@admin.register(RatingPoint)
class RatingPointAdmin(admin.ModelAdmin[RatingPoint]):
    list_display = ["at", "user", "partnership", "league", "mu", "sigma", "games"]
    list_filter = ["league"]
    search_fields = ["user__username", "partnership__name"]
    raw_id_fields = ["record", "user", "partnership", "league"]
    date_hierarchy = "at"
