"""Every WebSocket route of the site, collected from the apps."""

from django.urls import path

from accounts.consumers import PlayerConsumer
from games.routing import websocket_urlpatterns as games_websocket_urlpatterns

websocket_urlpatterns = [
    path("ws/me/", PlayerConsumer.as_asgi()),
    *games_websocket_urlpatterns,
]
