from django.contrib import admin

from games.models import Game, Move, Seat


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
