"""Workers that outlive a Redis restart: a fix for kombu's Redis transport, applied with the Celery app.

The bug (kombu 5.7.0, celery 5.7.0, redis-py 7.1.1): when Redis goes away under a running worker,
Celery's consumer cleans up the broken connection in two steps
(celery/worker/consumer/consumer.py, `on_connection_error_after_connected`):

1. `Connection.collect()` closes the channel. The channel's close (kombu/transport/redis.py,
   `Channel.close`) first talks to Redis: it reads the reply of the BRPOP in flight, and deletes the
   auto-delete fanout queues (the worker's pidbox). On a dead socket that raises a ConnectionError
   before the channel counts as closed. `collect()` swallows it and detaches the transport from the
   connection: `Transport.client = None` (kombu/connection.py, `_do_close_transport`).
2. `Connection.close()` closes the same, still open, channel again. This time it gets as far as
   giving back the messages the worker held unacknowledged (countdowns: "Restoring 5 unacknowledged
   message(s)"), for which it builds a new connection pool from `self.connection.client`, now None:
   `AttributeError: 'NoneType' object has no attribute 'hostname'` (`Channel._connparams`). Celery
   ignores only connection errors there, so the AttributeError escapes: "Unrecoverable error", and
   the worker exits for good.

The fix: a channel whose transport was detached says what has happened, that the broker connection
is gone, by raising redis-py's ConnectionError instead. Celery then goes on as designed: it drops the
connection and reconnects (broker_connection_retry) once Redis answers again. The messages it could
not give back stay in Redis (its "unacked" hash) and are delivered again after the visibility timeout
(settings.CELERY_BROKER_TRANSPORT_OPTIONS); what they would have done at a table the beat sweep does
within seconds (games.clock.due_games), and every task checks the table's seq, so nothing happens twice.

The patch only turns that AttributeError into a connection error, so it is harmless on a kombu that
no longer has the bug; tests/tasks/test_redis_restart.py shows the worker surviving a restart.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError

_PATCHED = "_ddmau_detached_transport_fix"


def detached(channel: Any) -> bool:
    """Whether the channel's transport no longer belongs to a connection (closed or collected)."""
    return channel.connection is None or channel.connection.client is None


def apply() -> None:
    """Patch kombu's Redis channel once per process (the Celery app calls this when it is made)."""
    channel_class: Any = kombu_redis.Channel
    if getattr(channel_class, _PATCHED, False):
        return
    original = channel_class._connparams

    def _connparams(self: Any, asynchronous: bool = False) -> Any:
        if detached(self):
            raise RedisConnectionError("The connection to the broker is closed.")
        return original(self, asynchronous=asynchronous)

    channel_class._connparams = _connparams
    setattr(channel_class, _PATCHED, True)
