from django.urls import path

from games import invitations, rematch, take_back, views

app_name = "games"
urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.create, name="create"),
    path("watch/", views.in_progress, name="in_progress"),
    path("play/", views.play_now, name="play_now"),
    path("rules/<slug:variant>/", views.game_help, name="help"),
    path("<int:game_id>/", views.table, name="table"),
    path("<int:game_id>/join/", views.join, name="join"),
    path("<int:game_id>/leave/", views.leave, name="leave"),
    path("<int:game_id>/start/", views.start, name="start"),
    path("<int:game_id>/ready/", views.ready, name="ready"),
    path("<int:game_id>/move/", views.move, name="move"),
    path("<int:game_id>/replay/", views.replay, name="replay"),
    path("<int:game_id>/record.json", views.record, name="record"),
    path("<int:game_id>/back/", take_back.take_back_seat, name="take_back"),
    path("<int:game_id>/invite/", invitations.invite, name="invite"),
    path("<int:game_id>/rematch/", rematch.rematch_view, name="rematch"),
]
