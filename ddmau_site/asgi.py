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
from ddmau_site.socket_log_words import use_plain_words  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": HttpSlots(django_asgi_app, settings.HTTP_CONCURRENCY),
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# A garbage collection stops every push and answer in flight. Everything loaded so far lives as long
# as the process: moved out of the collector's sight, a full collection no longer walks it. The young
# generation is collected every 10,000 new objects instead of 700, so that few of a move's
# short-lived objects (rows, views, request state) live long enough to be promoted; the middle one
# every 2 young collections instead of 10, while it is small (a move's rows and logs live a few
# seconds, and collected 20 young collections' worth at once it took up to 100 ms); a full one is
# considered only after 200 of those. bench/live.py, 200 tables at --think 2, runs of 60-90 s taken
# in turns: the pushes' p99 was 43-85 ms against 66-109 ms with (10,000, 20, 50), and the collections
# took about a fifth less time in all.
gc.freeze()
gc.set_threshold(10_000, 2, 200)
use_plain_words()  # autobahn's debug arguments for every frame, made cheap (see the module)
