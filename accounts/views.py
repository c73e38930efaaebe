from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts.forms import ProfileForm
from accounts.models import Profile


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    user_profile, _ = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=user_profile)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, "Your profile is saved.")
            return redirect("accounts:profile")
        # The instance was changed by validation: show the saved profile beside the form's errors.
        user_profile.refresh_from_db()
    return render(request, "accounts/profile.html", {"form": form, "profile": user_profile})


def player(request: HttpRequest, username: str) -> HttpResponse:
    person = get_object_or_404(get_user_model(), username__iexact=username, is_active=True)
    person_profile, _ = Profile.objects.get_or_create(user=person)
    return render(request, "accounts/player.html", {"person": person, "profile": person_profile})
