from django.contrib import admin

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin[Profile]):
    list_display = ["user", "display_name", "time_zone", "turn_mail", "is_bot", "timeouts", "created"]
    list_filter = ["turn_mail", "is_bot", "reminders"]
    search_fields = ["user__username", "user__email", "display_name"]
