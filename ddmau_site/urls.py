from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from ddmau_site import views

# The admin's own login form has no rate limits: send it through allauth's login instead.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]
admin.site.site_header = "DD MAU Online administration"

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("games/", include("games.urls")),
    path("leagues/", include("leagues.urls")),
    # Answer 404 unless DEBUG is on (the views check it at each request).
    path("dev/mail/", views.dev_mailbox, name="dev_mailbox"),
    path("dev/mail/<str:name>/", views.dev_mail, name="dev_mail"),
]
