"""ASGI entry point: plain HTTP goes to Django, WebSockets through Channels' auth and origin checks."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ddmau_site.settings")
django_asgi_app = get_asgi_application()

# Imported after Django is set up: the routing modules import models.
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from ddmau_site.http_slots import HttpSlots  # noqa: E402
from ddmau_site.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": HttpSlots(django_asgi_app, settings.HTTP_CONCURRENCY),
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# A garbage collection stops every push and answer in flight. Everything loaded so far lives as long
# as the process: moved out of the collector's sight, a full collection no longer walks it. And the
# young generation is collected every 10,000 new objects instead of 700, so that few of a move's
# short-lived objects (rows, views, request state) live long enough to be promoted and make full
# collections due: bench/live.py saw 7 full collections of up to 170 ms in 25 s at 100 tables with
# the defaults, none while playing with these (young collections then take 5-20 ms).
gc.freeze()
gc.set_threshold(10_000, 20, 50)
