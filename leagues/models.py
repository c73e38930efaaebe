"""Leagues and their members, seasons, partnerships, recorded results, ratings and tournaments.

Every write goes through leagues/actions.py; the models hold data, constraints and small lookups.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse

PROVISIONAL_GAMES = 10


def new_nonce() -> str:
    return secrets.token_urlsafe(12)


DDMAU = "ddmau"  # the site's first game: the default of a new league or tournament


def game_choices() -> list[tuple[str, str]]:
    """The games the site plays, (key, title), in the engine's order."""
    from games import engine

    return [(key, str(engine.get_rules(key).title)) for key in engine.variants()]


def game_title(variant: str) -> str:
    return dict(game_choices()).get(variant, variant)


def eliminates(variant: str) -> bool:
    """Is a tournament of this game an elimination past its target, its tables bringing the players'
    totals along (its rules have the "tournament" mode, DD MAU's R35), rather than rounds scored by placing?"""
    from games import engine

    return "tournament" in engine.get_rules(variant).modes


def plays_partnerships(variant: str) -> bool:
    """Is this game played in partnerships (its rules have team sizes, DD MAU's R36)?"""
    from games import engine

    return bool(engine.get_rules(variant).team_sizes)


def partnership_games() -> str:
    """The titles of the games played in partnerships, in words ("DD MAU")."""
    titles = [title for key, title in game_choices() if plays_partnerships(key)]
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)


class League(models.Model):
    class Visibility(models.TextChoices):
        PUBLIC = "public", "Public: anyone may join"
        APPROVAL = "approval", "By approval: the league's admins accept join requests"
        PRIVATE = "private", "Private: only with the invite link"

    name = models.CharField(max_length=80, unique=True)
    description = models.TextField(blank=True, max_length=2000)
    # The one game the league plays: its tables, standings and ratings are of this game only.
    variant = models.CharField("game", max_length=20, choices=game_choices, default=DDMAU)
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_leagues")
    # Part of the signed invite token: changing it makes every earlier invite link stop working.
    invite_nonce = models.CharField(max_length=32, default=new_nonce)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:detail", args=[self.pk])

    @property
    def is_private(self) -> bool:
        return self.visibility == self.Visibility.PRIVATE

    def has_member(self, user: Any) -> bool:
        return self.memberships.filter(user_id=user.pk).exists()

    @property
    def game_title(self) -> str:
        return game_title(self.variant)

    @property
    def higher_total_wins(self) -> bool:
        """Whether a higher final total is the better one in this league's game (Mau-Mau's point game)."""
        from games import engine

        return bool(engine.get_rules(self.variant).higher_total_wins)

    @property
    def plays_partnerships(self) -> bool:
        """Whether this league's game is played in partnerships (its rules have team sizes), so the
        league has partnerships and their standings."""
        return plays_partnerships(self.variant)

    @property
    def total_note(self) -> str:
        """How this league's game counts in the average final total, in its presenter's words ("a
        game without a score counts 0"); "" for a game that always keeps a score."""
        from games.presenters import presenter_for

        return presenter_for(self.variant).total_note

    @property
    def joining(self) -> str:
        """The visibility in a word or two, for lists."""
        return {"public": "Public", "approval": "By approval", "private": "Private"}[self.visibility]


class Membership(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", "Member"
        ADMIN = "admin", "Admin"
        OWNER = "owner", "Owner"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined"]
        constraints = [models.UniqueConstraint(fields=["league", "user"], name="one_membership_per_league")]

    def __str__(self) -> str:
        return f"{self.user} in {self.league} ({self.role})"

    @property
    def manages(self) -> bool:
        return self.role in {self.Role.ADMIN, self.Role.OWNER}


class JoinRequest(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_join_requests")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "user"], condition=Q(status="pending"), name="one_pending_request_per_league"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} asks to join {self.league} ({self.status})"


class Season(models.Model):
    """A stretch of dates; a game counts for the season in which it finished."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    starts_on = models.DateField()
    ends_on = models.DateField()

    class Meta:
        ordering = ["-starts_on"]
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")), name="season_ends_after_start"),
            models.UniqueConstraint(fields=["league", "name"], name="season_name_unique_in_league"),
        ]

    def __str__(self) -> str:
        return f"{self.league}: {self.name}"


class Partnership(models.Model):
    """Two partners (R36: 4-seat games seat two pairs, 6-seat games three): active once both accepted."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the partners to accept"
        ACTIVE = "active", "Active"
        DECLINED = "declined", "Declined"
        DISSOLVED = "dissolved", "Dissolved"

    league = models.ForeignKey(League, on_delete=models.CASCADE, null=True, blank=True, related_name="partnerships")
    name = models.CharField(max_length=60)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:partnership", args=[self.pk])


class PartnershipMember(models.Model):
    partnership = models.ForeignKey(Partnership, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="partnership_seats")
    accepted = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["partnership", "user"], name="one_seat_per_partnership")]

    def __str__(self) -> str:
        return f"{self.user} in {self.partnership}"


class Tournament(models.Model):
    class Kind(models.TextChoices):
        INDIVIDUAL = "individual", "Individual"
        PARTNERSHIPS = "partnerships", "Partnerships"

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        REGISTRATION = "registration", "Registration"
        RUNNING = "running", "Running"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=4000)
    # A game with an elimination past its target (`eliminates`, DD MAU's) plays it (leagues.tournament_runner);
    # every other game plays `rounds` rounds of one game per table, scored by placing (leagues.round_runner).
    variant = models.CharField("game", max_length=20, choices=game_choices, default=DDMAU)
    rounds = models.PositiveSmallIntegerField(
        default=3, help_text="Rounds of one game per table (every game but DD MAU, whose tournaments eliminate)."
    )
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.INDIVIDUAL)
    move_seconds = models.PositiveIntegerField(default=120, help_text="Time per move, as at a table.")
    min_entrants = models.PositiveSmallIntegerField(default=4)
    max_entrants = models.PositiveSmallIntegerField(default=32)
    table_size = models.PositiveSmallIntegerField(default=4)
    registration_opens = models.DateTimeField()
    registration_closes = models.DateTimeField()
    house_rules = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT)
    # Published from the start so anyone can check the random seating afterwards.
    seed = models.CharField(max_length=64, default=new_nonce)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Running (leagues.tournament_runner): how many table draws were made; a redraw waits for a hand's end.
    # In a tournament of rounds (leagues.round_runner) draw k seats round k.
    draws = models.PositiveSmallIntegerField(default=0, editable=False)
    redraw_pending = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["-registration_opens"]
        constraints = [
            models.CheckConstraint(
                condition=Q(registration_closes__gt=models.F("registration_opens")), name="registration_closes_later"
            ),
            models.CheckConstraint(condition=Q(max_entrants__gte=models.F("min_entrants")), name="max_at_least_min"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:tournament", args=[self.pk])

    @property
    def plays_rounds(self) -> bool:
        """A tournament of rounds scored by placing (every game without an elimination), not an elimination."""
        return not eliminates(self.variant)

    @property
    def game_title(self) -> str:
        return game_title(self.variant)


class Entrant(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="tournament_entries"
    )
    partnership = models.ForeignKey(
        Partnership, on_delete=models.PROTECT, null=True, blank=True, related_name="tournament_entries"
    )
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    registered = models.DateTimeField()
    withdrawn = models.DateTimeField(null=True, blank=True)
    eliminated = models.DateTimeField(null=True, blank=True)
    placing = models.PositiveSmallIntegerField(null=True, blank=True)
    disqualified = models.BooleanField(default=False)
    # The running total carried from table to table (R35); final once the entrant is out.
    total = models.IntegerField(default=0, editable=False)
    # A tournament of rounds (leagues.round_runner): points by placing, first places, the sum of places.
    points = models.PositiveIntegerField(default=0, editable=False)
    wins = models.PositiveSmallIntegerField(default=0, editable=False)
    place_sum = models.PositiveIntegerField(default=0, editable=False)
    games = models.PositiveSmallIntegerField(default=0, editable=False)
    # Where the entrant plays now; None while waiting for a table, and once out.
    table = models.ForeignKey(
        "TournamentTable",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="entrants",
    )

    class Meta:
        ordering = ["registered"]
        constraints = [
            models.CheckConstraint(
                condition=Q(user__isnull=False, partnership__isnull=True)
                | Q(user__isnull=True, partnership__isnull=False),
                name="entrant_is_player_or_partnership",
            ),
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "partnership"], name="one_entry_per_partnership"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.tournament}"

    @property
    def name(self) -> str:
        if self.partnership is not None:
            return self.partnership.name
        return self.user.profile.name if self.user is not None else "?"

    @property
    def active(self) -> bool:
        return self.withdrawn is None


class TournamentTable(models.Model):
    """One table of a running tournament: its game, who sits where, and how it closed."""

    class Closed(models.TextChoices):
        FINISHED = "finished", "Played out"
        MERGED = "merged", "Merged between hands"
        ENDED = "ended", "Ended by the staff"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    game = models.OneToOneField("games.Game", on_delete=models.PROTECT, related_name="tournament_table")
    number = models.PositiveSmallIntegerField(help_text="Table 1, 2, ... in the order the tables opened.")
    draw = models.PositiveSmallIntegerField(help_text="The draw that seated it: 1 at the start.")
    seats = models.JSONField(default=list, help_text="The entrant id at each seat index.")
    opened = models.DateTimeField(auto_now_add=True)
    closed = models.DateTimeField(null=True, blank=True)
    close_reason = models.CharField(max_length=10, choices=Closed.choices, blank=True)
    # The game's seq at the last hand end the runner settled: a later Game.hand_ended_seq is still to settle.
    settled_seq = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="table_number_unique")]

    def __str__(self) -> str:
        return f"Table {self.number} of {self.tournament}"

    @property
    def is_open(self) -> bool:
        return self.closed is None


class AdminAction(models.Model):
    """Who did what to a tournament, and when: every staff action leaves one of these."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="admin_actions")
    staff = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=40)
    detail = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.staff}: {self.action} ({self.tournament})"


class GameRecord(models.Model):
    """A finished game as reported by games (leagues.results.GameResult); one per game, ever."""

    game_id = models.BigIntegerField(unique=True)
    league = models.ForeignKey(League, on_delete=models.SET_NULL, null=True, blank=True, related_name="records")
    tournament = models.ForeignKey(Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="records")
    finished_at = models.DateTimeField(db_index=True)
    teams = models.BooleanField(default=False)
    recorded = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-finished_at"]

    def __str__(self) -> str:
        return f"game {self.game_id} finished {self.finished_at:%Y-%m-%d %H:%M}"


class ResultRow(models.Model):
    """One seat's outcome of a recorded game: the rows standings are computed from."""

    record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="rows")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="game_results"
    )
    bot_level = models.CharField(max_length=20, blank=True)
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    partnership = models.ForeignKey(
        Partnership, on_delete=models.SET_NULL, null=True, blank=True, related_name="result_rows"
    )
    final_total = models.IntegerField()
    place = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["record", "place", "seat"]
        constraints = [models.UniqueConstraint(fields=["record", "seat"], name="one_row_per_seat")]

    def __str__(self) -> str:
        return f"{self.record}: seat {self.seat} place {self.place}"


class Skill(models.Model):
    """An OpenSkill estimate (mu, sigma) after `games` rated games; shown as the ordinal mu - 3 sigma."""

    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class PlayerRating(Skill):
    """A player's current OpenSkill rating: the global one (league empty) or one per league."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    league = models.ForeignKey(League, on_delete=models.CASCADE, null=True, blank=True, related_name="ratings")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "league"], nulls_distinct=False, name="one_rating_per_scope")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.ordinal:.1f} ({self.league or 'global'})"


class PartnershipRating(Skill):
    partnership = models.OneToOneField(Partnership, on_delete=models.CASCADE, related_name="rating")
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.partnership} {self.ordinal:.1f}"


class RatingPoint(Skill):
    """A rating just after one recorded game: the history the player's chart is drawn from."""

    record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="rating_points")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="rating_points"
    )
    partnership = models.ForeignKey(
        Partnership, on_delete=models.CASCADE, null=True, blank=True, related_name="rating_points"
    )
    league = models.ForeignKey(League, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    games = models.PositiveIntegerField()  # always written with the point, so no default
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(user__isnull=False, partnership__isnull=True)
                | Q(user__isnull=True, partnership__isnull=False),
                name="rating_point_for_player_or_partnership",
            ),
        ]
        indexes = [models.Index(fields=["user", "league", "at"], name="rating_point_history")]

    def __str__(self) -> str:
        return f"{self.user or self.partnership} {self.ordinal:.1f} after {self.record}"
