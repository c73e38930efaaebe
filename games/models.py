"""Tables, their seats and the moves played at them.

`Game.position` is the authoritative engine position (NOTATION.md): it holds every hand and the
draw pile, so it never leaves the server raw; viewers get `engine.view(position, seat)` through
games.table_state. Every write goes through games.actions.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse

# Per-move time controls offered at a table, in seconds; up to LIVE_MAX_SECONDS a table is "live".
LIVE_MOVE_SECONDS = (30, 60, 120, 300)
TURN_MOVE_SECONDS = (3600, 4 * 3600, 12 * 3600, 86400, 2 * 86400, 3 * 86400, 5 * 86400, 7 * 86400)
LIVE_MAX_SECONDS = max(LIVE_MOVE_SECONDS)
MIN_SEATS, MAX_SEATS = 2, 10
TEAM_SIZES = (4, 6)


def describe_seconds(seconds: int) -> str:
    """30 s, 2 min, 4 hours, 1 day."""
    for unit, size in (("day", 86400), ("hour", 3600), ("min", 60)):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count > 1 and unit != 'min' else ''}"
    return f"{seconds} s"


def new_seed() -> str:
    return secrets.token_hex(16)


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def seed_digest(seed: str) -> str:
    """The hash shown from the start; anyone can check the revealed seed against it."""
    return hashlib.sha256(seed.encode()).hexdigest()


def team_of(index: int, seat_count: int) -> int:
    """R36: partners sit opposite each other (4 seats: 0+2, 1+3; 6 seats: 0+3, 1+4, 2+5)."""
    return index % (seat_count // 2)


class GameQuerySet(models.QuerySet["Game"]):
    def live(self) -> GameQuerySet:
        return self.filter(move_seconds__lte=LIVE_MAX_SECONDS)

    def turn_by_turn(self) -> GameQuerySet:
        return self.filter(move_seconds__gt=LIVE_MAX_SECONDS)

    def open_public(self) -> GameQuerySet:
        return self.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)

    def with_free_seat(self) -> GameQuerySet:
        return self.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user__isnull=True, bot="")))

    def of_player(self, user: Any) -> GameQuerySet:
        return self.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=user)))


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"
        MERGED = "merged", "Merged (tournament tables redrawn)"

    class Mode(models.TextChoices):
        STANDARD = "standard", "Standard"
        TOURNAMENT = "tournament", "Tournament (elimination, R35)"

    class Visibility(models.TextChoices):
        PUBLIC = "public", "Public"
        PRIVATE = "private", "Private (invite link)"

    variant = models.CharField(max_length=20, default="ddmau")
    rules = models.JSONField(default=dict, blank=True, help_text="House rule options that differ from the defaults.")
    mode = models.CharField(max_length=12, choices=Mode.choices, default=Mode.STANDARD)
    teams = models.BooleanField(default=False, help_text="Partnerships (R36), 4 or 6 seats.")
    seat_count = models.PositiveSmallIntegerField()
    move_seconds = models.PositiveIntegerField(help_text="Time per move; up to 5 minutes the table is live.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    seq = models.PositiveIntegerField(default=0, help_text="Number of moves played; clients send it back.")
    # The seq just after the last move that ended a hand (the last hand, once the game is over); 0 before.
    # leagues settles each such hand end once, and sweeps for any whose after-hand hook was lost.
    hand_ended_seq = models.PositiveIntegerField(default=0, editable=False)
    position = models.JSONField(null=True, blank=True, editable=False)
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    seed_hash = models.CharField(max_length=64, editable=False)
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games")
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC)
    invite_token = models.CharField(max_length=32, default=new_invite_token, editable=False)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True, help_text="When the seat to act times out.")
    # When the server closes the reaction window the position holds (VARIANTS.md C5); None without one.
    window_deadline = models.DateTimeField(null=True, blank=True, db_index=True, editable=False)
    # Between hands at a live table: the hand's result shows until every player said Ready or this
    # moment passed; the next hand's clock starts only then (games.actions.do_ready).
    break_until = models.DateTimeField(null=True, blank=True, editable=False)
    ready_seats = models.JSONField(default=list, blank=True, editable=False)
    league = models.ForeignKey("leagues.League", null=True, blank=True, on_delete=models.SET_NULL, related_name="games")
    tournament = models.ForeignKey(
        "leagues.Tournament", null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    # A tournament table formed from merged tables: its players' running totals before its first hand.
    start_totals = models.JSONField(null=True, blank=True, editable=False)
    # The table its players opened to play again once this game was over (games.rematch).
    rematch = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of", editable=False
    )
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.CheckConstraint(
                condition=Q(seat_count__gte=MIN_SEATS) & Q(seat_count__lte=MAX_SEATS), name="game_seat_count_2_to_10"
            ),
            models.CheckConstraint(condition=Q(teams=False) | Q(seat_count__in=TEAM_SIZES), name="game_teams_4_or_6"),
        ]
        # leagues' sweep looks for recently finished games whose result was never recorded.
        indexes = [models.Index(fields=["finished"], condition=Q(status="finished"), name="game_finished_at")]

    def __str__(self) -> str:
        return f"Table {self.pk}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.seed_hash:
            self.seed_hash = seed_digest(self.seed)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.pk])

    @property
    def is_live(self) -> bool:
        return self.move_seconds <= LIVE_MAX_SECONDS

    @property
    def time_control_label(self) -> str:
        return f"{describe_seconds(self.move_seconds)} per move"

    @property
    def is_private(self) -> bool:
        return self.visibility == self.Visibility.PRIVATE

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED, self.Status.MERGED)

    def on_break(self, now: Any = None) -> bool:
        """Between two hands, the result still showing (live tables)."""
        from django.utils import timezone

        return self.break_until is not None and self.break_until > (now or timezone.now())

    @property
    def game_rules(self) -> Any:
        """The engine's rules this table plays by (its game and house rules)."""
        from games import engine

        return engine.get_rules(self.variant, self.rules or None)

    @property
    def title(self) -> str:
        return str(self.game_rules.title)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits for, from the position; () before the start, after the end and while
        a reaction window is open (the server closes it)."""
        if self.status != self.Status.PLAYING or not self.position:
            return ()
        from games import engine

        return tuple(engine.rules_of(self.position).to_act(self.position))

    @property
    def turn(self) -> int | None:
        """The seat to act, from the position; None before the start and after the end."""
        if self.status != self.Status.PLAYING or not self.position:
            return None
        waiting = self.to_act
        return waiting[0] if waiting else None

    @property
    def is_replayable(self) -> bool:
        """Nobody will ever play on: played out, a tournament table closed between hands (MERGED) whose
        players moved on with their totals, or a started game called off (ABORTED, as when the staff
        end a tournament mid-hand). Nothing is left to hide: the seed and the replay are public."""
        if self.status == self.Status.ABORTED:
            return self.started is not None
        return self.status in (self.Status.FINISHED, self.Status.MERGED)

    @property
    def revealed_seed(self) -> str | None:
        """The seed, once nothing is left to hide."""
        return self.seed if self.is_replayable else None

    def league_admits(self, user: Any) -> bool:
        """Whether `user` belongs to the league this table counts for (False when it has none)."""
        return self.league is not None and self.league.has_member(user)

    def invite_path(self) -> str:
        return f"{self.get_absolute_url()}?invite={self.invite_token}"

    def seat_of(self, user: Any, seats: list[Seat] | None = None) -> Seat | None:
        """The user's seat at this table, or None; pass `seats` already loaded to save a query."""
        if user is None or not user.is_authenticated:
            return None
        candidates = seats if seats is not None else list(self.seats.all())
        return next((seat for seat in candidates if seat.user_id == user.pk), None)

    def is_players_turn(self, seat_index: int) -> bool:
        return self.turn == seat_index

    def dealt_position(self) -> dict[str, Any]:
        """The current position of a game that has started."""
        if self.position is None:
            raise ValueError(f"{self} has not started")
        position: dict[str, Any] = self.position
        return position

    def initial_position(self) -> dict[str, Any]:
        """The deal, as the engine makes it from this game's seed; the same every time."""
        from games import engine

        options = self.game_rules.table_options(mode=self.mode, teams=self.teams)
        position = engine.new_game(
            self.seat_count, seed=self.seed, variant=self.variant, rules=self.rules or None, **options
        )
        if self.start_totals:
            position["totals"] = list(self.start_totals)
        return position

    def rebuild_position(self) -> dict[str, Any]:
        """The position recomputed from the deal and every stored move (the game's proof)."""
        from games import engine

        position = self.initial_position()
        for move in self.moves.order_by("seq"):
            position = engine.apply(position, move.action)
        return position


# Several bots often share a table: each seat's bot gets a name of its own so the log reads clearly.
# Machine names, none a person's (the demo players are ana, ben, cleo and dev), and every bot's name
# starts with BOT_MARK, short enough never to be cut off, so nobody takes a bot for a player.
BOT_MARK = "\N{ROBOT FACE}"
BOT_NAMES = ("Bolt", "Cog", "Dynamo", "Gizmo", "Pixel", "Rivet", "Sprocket", "Turbo", "Widget", "Zippy")


def bot_name(index: int) -> str:
    """The name of the bot at seat `index`: "🤖 Bolt"."""
    return f"{BOT_MARK} {BOT_NAMES[index % len(BOT_NAMES)]}"


class Seat(models.Model):
    class Bot(models.TextChoices):
        GREEDY = "greedy", "Greedy bot"
        RANDOM = "random", "Random bot"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    bot = models.CharField(max_length=10, choices=Bot.choices, blank=True, help_text="Set for a seat a bot plays.")
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    away = models.BooleanField(default=False, help_text="The player timed out repeatedly; the bot plays the seat.")
    timeouts_in_a_row = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False), name="seat_one_per_player"
            ),
            models.CheckConstraint(condition=Q(user__isnull=True) | Q(bot=""), name="seat_player_or_bot"),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}"

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.bot

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    @property
    def name(self) -> str:
        if self.user is not None:
            return str(self.user.profile.name)
        if self.bot:
            return bot_name(self.index)
        return "Free seat"

    @property
    def full_name(self) -> str:
        """The name with what plays the seat, for a `title`: "🤖 Bolt, greedy bot"."""
        if self.user is None and self.bot:
            return f"{self.name}, {self.get_bot_display().lower()}"
        return self.name


class Move(models.Model):
    class Source(models.TextChoices):
        PLAYER = "player", "Player"
        BOT = "bot", "Bot"
        TIMEOUT = "timeout", "Played on timeout"
        SERVER = "server", "The table (a reaction window closed)"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(help_text="1 for the first move; the game's seq after it.")
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="None: the server's own act.")
    action = models.JSONField()
    # The engine's public events of the move (games.engine.events), as JSON: the log, the line of
    # what just happened, mails and replays are written from them.
    events = models.JSONField(default=list, blank=True)
    notation = models.CharField(max_length=200)
    public_line = models.CharField(max_length=200, help_text="What every player may see of the move.")
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.PLAYER)
    client_move_id = models.CharField(max_length=64, blank=True, help_text="The client's id for the submission.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq"),
            models.UniqueConstraint(
                fields=["game", "client_move_id"],
                condition=~Q(client_move_id=""),
                name="move_unique_client_id",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}: {self.public_line}"


# --- Mail already sent (issue 5: games.notifications) -------------------------------------------


class SentMail(models.Model):
    """One notification mail a player was sent; the unique row makes each go out at most once.

    `key` says which occasion the mail is about: the turn (its deadline), the hand, the day.
    """

    class Kind(models.TextChoices):
        TURN = "turn", "Your turn"
        REMINDER = "reminder", "Move time running out"
        AWAY = "away", "Marked away"
        HAND = "hand", "Hand result"
        RESULT = "result", "Game result"
        DIGEST = "digest", "Daily digest"
        # user: the inviter; key: a hash of the address, or of the player invited by name
        INVITE = "invite", "Invitation to a table"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    key = models.CharField(max_length=40)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "kind", "key"], nulls_distinct=False, name="sent_mail_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to user {self.user_id} ({self.key})"


class DeferredTurnMail(models.Model):
    """A "your turn" mail held back because the player had the table open when the turn came.

    It goes out once they have been away for the grace period (games.notifications), unless the
    turn has moved on by then; the row is gone once the mail is sent or no longer needed. `key` is
    the turn's (its deadline, as in SentMail), `due` when to look again.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=40)
    due = models.DateTimeField(db_index=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game", "key"], name="deferred_turn_mail_once")]

    def __str__(self) -> str:
        return f"Turn mail to user {self.user_id} held for {self.game} ({self.key})"


CHAT_MAX_LENGTH = 200


class ChatMessage(models.Model):
    """A line said at a table (games.chat): kept with the game, never part of its moves or replay.

    Players talk in the "players" room, read by the seated players only; watchers talk in the
    "spectators" room, read by everyone who may watch the table. Staff may remove a line: it stays
    here, marked, and is shown to no one.
    """

    class Room(models.TextChoices):
        PLAYERS = "players", "Players"
        SPECTATORS = "spectators", "Spectators"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    room = models.CharField(max_length=10, choices=Room.choices)
    text = models.CharField(max_length=CHAT_MAX_LENGTH)
    created = models.DateTimeField(auto_now_add=True)
    removed = models.BooleanField(default=False)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [
            models.Index(fields=["game", "created"], name="chat_game_created"),
            models.Index(fields=["user", "game", "created"], name="chat_user_game_created"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.room} at table {self.game_id}: {self.text[:40]}"


class ChatMute(models.Model):
    """`user` no longer sees what `muted_user` says in any table chat (games.chat)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted_user"], name="chat_mute_once")]

    def __str__(self) -> str:
        return f"User {self.user_id} mutes user {self.muted_user_id}"
