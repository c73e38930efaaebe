from django.urls import path

from leagues import views

app_name = "leagues"
urlpatterns = [
    path("", views.league_list, name="list"),
    path("new/", views.league_create, name="create"),
    path("invite/<str:token>/", views.invite, name="invite"),
    path("<int:pk>/", views.league_detail, name="detail"),
    path("<int:pk>/standings/", views.league_standings, name="standings"),
    path("<int:pk>/join/", views.league_join, name="join"),
    path("<int:pk>/leave/", views.league_leave, name="leave"),
    path("<int:pk>/request/cancel/", views.join_request_cancel, name="request_cancel"),
    path("<int:pk>/manage/", views.league_manage, name="manage"),
    path("<int:pk>/requests/<int:request_id>/", views.join_request_decide, name="request_decide"),
    path("<int:pk>/admins/<int:user_id>/", views.member_admin, name="member_admin"),
    path("<int:pk>/seasons/new/", views.season_save, name="season_create"),
    path("<int:pk>/seasons/<int:season_id>/", views.season_save, name="season_edit"),
    path("<int:pk>/invite/reset/", views.invite_reset, name="invite_reset"),
    path("<int:pk>/partnerships/new/", views.partnership_create, name="partnership_create"),
    path("partnerships/new/", views.partnership_create, name="partnership_create_open"),
    path("partnerships/<int:pk>/", views.partnership_detail, name="partnership"),
    path("partnerships/<int:pk>/answer/", views.partnership_answer, name="partnership_answer"),
    path("partnerships/<int:pk>/dissolve/", views.partnership_dissolve, name="partnership_dissolve"),
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.tournament_create, name="tournament_create"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament"),
    path("tournaments/<int:pk>/edit/", views.tournament_edit, name="tournament_edit"),
    path("tournaments/<int:pk>/open/", views.tournament_open, name="tournament_open"),
    path("tournaments/<int:pk>/register/", views.tournament_register, name="tournament_register"),
    path("tournaments/<int:pk>/bots/", views.tournament_bots, name="tournament_bots"),
    path("tournaments/<int:pk>/withdraw/", views.tournament_withdraw, name="tournament_withdraw"),
    path("tournaments/<int:pk>/live/", views.tournament_live, name="tournament_live"),
    path("tournaments/<int:pk>/run/", views.tournament_run, name="tournament_run"),
    path("tournaments/<int:pk>/run/<slug:control>/", views.tournament_control, name="tournament_control"),
]
