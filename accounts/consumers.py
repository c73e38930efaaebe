"""A signed-in player's own WebSocket: personal notices (your turn, invitations) pushed live."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer


def player_group(user_id: int) -> str:
    return f"player-{user_id}"


class PlayerConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = player_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "player": user.get_username()})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def player_notice(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "notice", "text": event["text"], "url": event.get("url")})
