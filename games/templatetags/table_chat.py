"""The table page's chat panel (templates/games/_chat.html): what this viewer may read and write."""

from __future__ import annotations

from typing import Any

from django import template

from games import chat

register = template.Library()


@register.simple_tag(takes_context=True)
def chat_panel(context: template.Context) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None) if request is not None else context.get("user")
    return chat.page_context(int(context["state"].game_id), user)
