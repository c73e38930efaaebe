from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from games import chat
from games.models import ChatMessage, ChatMute, Game, Move, Seat


class SeatInline(admin.TabularInline[Seat, Game]):
    model = Seat
    extra = 0
    fields = ["index", "user", "bot", "team", "away", "timeouts_in_a_row"]
    raw_id_fields = ["user"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ["id", "status", "seat_count", "teams", "move_seconds", "visibility", "creator", "seq", "created"]
    list_filter = ["status", "visibility", "teams", "mode", "seat_count"]
    search_fields = ["id", "creator__username", "seats__user__username"]
    readonly_fields = ["seq", "seed_hash", "started", "finished", "created"]
    raw_id_fields = ["creator", "league", "tournament"]
    # The position and the seed hold hidden cards: they stay out of the admin's forms.
    exclude = ["position", "seed", "invite_token"]
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin[Move]):
    list_display = ["game", "seq", "seat", "public_line", "source", "created"]
    list_filter = ["source"]
    search_fields = ["game__id"]
    raw_id_fields = ["game"]
    # Moves are the game's proof (Game.rebuild_position): they are never edited.
    readonly_fields = [
        "game", "seq", "seat", "action", "notation", "public_line", "source", "client_move_id", "created"
    ]  # fmt: skip


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin[ChatMessage]):
    """Table chat (games.chat). Removing marks the line removed and takes it off every open page."""

    list_display = ["id", "game", "room", "user", "text", "created", "removed", "removed_by"]
    list_filter = ["room", "removed"]
    search_fields = ["text", "user__username", "game__id"]
    raw_id_fields = ["game", "user", "removed_by"]
    readonly_fields = ["game", "user", "room", "text", "created", "removed", "removed_by"]
    actions = ["remove_messages"]

    @admin.action(description="Remove the selected messages (for everyone, live)")
    def remove_messages(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        count = 0
        for message_id in queryset.filter(removed=False).values_list("pk", flat=True):
            chat.do_remove(message_id, request.user)
            count += 1
        self.message_user(request, f"Removed {count} message(s).", messages.SUCCESS)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ChatMute)
class ChatMuteAdmin(admin.ModelAdmin[ChatMute]):
    list_display = ["user", "muted_user", "created"]
    search_fields = ["user__username", "muted_user__username"]
    raw_id_fields = ["user", "muted_user"]
