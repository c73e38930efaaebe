from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from ddmau_site import mail


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def health(request: HttpRequest) -> JsonResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})


def debug_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The dev mailbox shows every mail the site sent, reset links included: never in production."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not settings.DEBUG:
            raise Http404
        return view(request, *args, **kwargs)

    return wrapper


@debug_only
def dev_mailbox(request: HttpRequest) -> HttpResponse:
    kept = [
        {"name": name, "to": message["To"], "subject": message["Subject"], "date": message["Date"]}
        for name, message in mail.kept_messages()[:100]
    ]
    return render(request, "dev/mailbox.html", {"kept": kept})


@debug_only
def dev_mail(request: HttpRequest, name: str) -> HttpResponse:
    message = mail.kept_message(name)
    if message is None:
        raise Http404
    return render(request, "dev/mail.html", {"message": message, "body": mail.plain_text(message), "name": name})
