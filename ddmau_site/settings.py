"""Django settings for DD MAU Online, read from the environment (see README: Configuration)."""

from __future__ import annotations

from pathlib import Path

import dj_database_url
import django_stubs_ext

from ddmau_site.env import env_bool, env_int, env_list, env_str

django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("DDMAU_VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", default=False)
# The fallback starts with "django-insecure-" so `manage.py check --deploy` flags a production
# server started without SECRET_KEY.
SECRET_KEY = env_str("SECRET_KEY") or "django-insecure-dev-only-key-set-SECRET_KEY-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [SITE_URL])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "allauth",
    "allauth.account",
    "ddmau_site",
    "accounts",
    "games",
    "leagues",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",  # CONTENT_SECURITY_POLICY below
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.TimezoneMiddleware",
]

ROOT_URLCONF = "ddmau_site.urls"
WSGI_APPLICATION = None
ASGI_APPLICATION = "ddmau_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ddmau_site.context_processors.site",
            ],
        },
    },
    {
        # The table's live fragment only (templates/games/*.jinja, games/jinja.py): rendered per viewer
        # per move, it is the one template where Jinja2's speed counts.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "games.jinja.environment", "autoescape": True},
    },
]

# Database: DATABASE_URL, else SQLite under var/ (make run on a bare machine).
_sqlite_url = f"sqlite:///{VAR_DIR / 'ddmau.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or _sqlite_url,
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    # A file, not memory: the live daphne server and the Celery worker in tests share it.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-ddmau.sqlite3")}
    # daphne and the Celery worker write at the same time: WAL lets readers go on during a write,
    # and IMMEDIATE transactions wait for the lock up front instead of failing halfway.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
    # SQLite is the try-it-out database: constraints it cannot express (NULLS NOT DISTINCT) are
    # enforced on PostgreSQL, which production and CI use.
    SILENCED_SYSTEM_CHECKS = ["models.W047"]
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DB_POOL"):
    # Django's psycopg pool (PostgreSQL only): a request or push borrows an open connection instead
    # of making PostgreSQL start a backend process for it. The pool replaces persistent connections.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env_int("DB_POOL_MIN_SIZE", 2),
        "max_size": env_int("DB_POOL_MAX_SIZE", 20),
        "timeout": 10,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, writing JSON columns faster (ddmau_site/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "ddmau_site.postgresql"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: channel layer, Celery broker and results, cache (allauth rate limits).
REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/0")

CHANNEL_LAYERS = {
    "default": {
        # Redis publish/subscribe: a move's group message is one PUBLISH, pushed to every daphne process
        # with a socket at the table, which hands it to them all. The queued layer
        # (channels_redis.core) took eight round trips to Redis per move and process (bench/live.py:
        # 99 moves/s against 67). Published messages are not kept, so one sent while Redis restarts is
        # lost: games.consumers makes it good (the next patch, or the page's minutely "here").
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": "ddmau"},
    }
}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env_str("DDMAU_CACHE_PREFIX", "ddmau"),
    }
}

# HTTP requests inside Django at once, per daphne process (ddmau_site/http_slots.py); 0: no limit.
HTTP_CONCURRENCY = env_int("HTTP_CONCURRENCY", 4)

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_RESULT_EXPIRES = 3600
# A message a worker holds unacknowledged (a countdown waiting for its time, an acks_late task running)
# is delivered again once the visibility timeout has passed: to a second worker if the first still
# holds it, which is why no countdown may be longer (games.clock.COUNTDOWN_HORIZON, 10 minutes; mail
# retries wait at most 10 minutes too). What a worker that died was holding comes back within the
# hour; a table's turn whose message died is played by the beat sweep within seconds anyway.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = False
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {}

# Accounts (django-allauth): email + username, verified email, login with either.
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "accounts:profile"
ACCOUNT_LOGIN_METHODS = {"email", "username"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_FORMS = {"login": "accounts.forms.LoginForm", "signup": "accounts.forms.SignupForm"}
# Failed logins count per client address and account together (accounts/adapter.py).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_USERNAME_VALIDATORS = "accounts.validators.USERNAME_VALIDATORS"
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_EMAIL_NOTIFICATIONS = True
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[DD MAU] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"
ACCOUNT_RATE_LIMITS = {
    # Per address, and per address and account together (the adapter's key): a lockout that someone
    # who only knows a username cannot aim at its player.
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "confirm_email": "1/3m/key",
    "reset_password": "20/m/ip,5/m/key",
    "change_password": "5/m/user",
}
ACCOUNT_USERNAME_BLACKLIST = ["admin", "bot", "staff", "system", "ddmau"]
# Behind a reverse proxy, the number of proxies in front of daphne: rate limits per IP then use the
# client's address from X-Forwarded-For instead of the proxy's.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
if env_bool("DDMAU_DISABLE_RATE_LIMITS"):
    ACCOUNT_RATE_LIMITS = False  # type: ignore[assignment]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Email: SMTP in production; in development every mail is printed and kept under var/mail/.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "ddmau_site.mail.DevMailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "DD MAU Online <noreply@ddmau.local>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
DEV_MAIL_DIR = Path(env_str("DEV_MAIL_DIR", str(VAR_DIR / "mail")))

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
# The site speaks English only; with translations off, Django reads no per-thread language in
# every number it renders (asgiref's locked Local was a fifth of a busy daphne's time).
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env_bool("DDMAU_PLAIN_STATIC")
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG or env_bool("DDMAU_PLAIN_STATIC")
if WHITENOISE_USE_FINDERS:
    # Files come straight from static/ then; an empty STATIC_ROOT keeps WhiteNoise from warning.
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)

# Production hardening; `manage.py check --deploy` passes with DEBUG off and HTTPS on.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=False)
SESSION_COOKIE_SECURE = SITE_URL.startswith("https")
CSRF_COOKIE_SECURE = SITE_URL.startswith("https")
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
if SITE_URL.startswith("https"):
    # Served over HTTPS means behind a TLS-terminating proxy: trust its word on the scheme.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy on every response (django-csp; Django 6 has its own): scripts, styles, images
# and connections from this site only, so injected markup can run nothing. No inline script, style
# or handler anywhere (static/js/, static/css/); htmx is told not to inline its own (templates/base.html).
# The table's WebSocket: 'self' covers ws(s) to the same host in current browsers, SITE_URL's origin
# is named for the others.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", "ws" + SITE_URL.removeprefix("http")],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Game play: delays that make bots feel human; zero in tests.
DDMAU_BOT_DELAY_SECONDS = float(env_str("DDMAU_BOT_DELAY_SECONDS", "1.0"))
# An away seat (its player timed out three times) in a turn-by-turn game is played by the bot this
# long after its turn starts (at most the move time), not at once: the player has a window to take the
# seat back, and the others get their turns at a person's pace. Live tables use the bot delay.
DDMAU_AWAY_DELAY_SECONDS = float(env_str("DDMAU_AWAY_DELAY_SECONDS", "600"))
# Reaction windows (VARIANTS.md C5: a Joker or a last card in `mau`, a jump-in in `emojical`): the
# server closes one this long after it opened; at a turn-by-turn table a window stays open this many
# seconds (at most the move time), so that people who look in now and then still get to react.
DDMAU_REACT_MS = env_int("DDMAU_REACT_MS", 2500)
DDMAU_TURN_REACT_SECONDS = env_int("DDMAU_TURN_REACT_SECONDS", 60)
# Between two hands at a live table the result shows this long, unless every player says Ready first.
DDMAU_HAND_BREAK_SECONDS = float(env_str("DDMAU_HAND_BREAK_SECONDS", "15"))
# The daily digest of games waiting for a player goes out at this hour of the player's time zone.
DDMAU_DIGEST_HOUR = env_int("DDMAU_DIGEST_HOUR", 7)
# games.tasks: the clock's safety net (a timeout never depends on one countdown message), the 80%
# reminders, and the daily digests (checked every 15 minutes, sent once per player and local day).
CELERY_BEAT_SCHEDULE.update(
    {
        # Every two seconds (games.clock.SWEEP_SECONDS): a turn whose message died is played this soon.
        "games-sweep-clock": {"task": "games.tasks.sweep_clock", "schedule": 2.0, "options": {"expires": 10}},
        "games-sweep-windows": {"task": "games.tasks.sweep_windows", "schedule": 2.0, "options": {"expires": 10}},
        "games-send-reminders": {"task": "games.tasks.send_reminders", "schedule": 60.0, "options": {"expires": 120}},
        "games-send-digests": {"task": "games.tasks.send_digests", "schedule": 900.0, "options": {"expires": 1800}},
    }
)
# leagues.tasks: a result or a tournament's next step never depends on one after-hand hook either.
CELERY_BEAT_SCHEDULE["leagues-sweep-results"] = {
    "task": "leagues.tasks.sweep_results",
    "schedule": 5.0,
    "options": {"expires": 30},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}
