from django.urls import path

from accounts import unsubscribe, views

app_name = "accounts"
urlpatterns = [
    path("me/", views.profile, name="profile"),
    path("players/<str:username>/", views.player, name="player"),
    path("unsubscribe/<str:token>/", unsubscribe.unsubscribe, name="unsubscribe"),
]
