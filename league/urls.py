from django.urls import path

from . import members, views

app_name = "league"

season = "<slug:slug>/seasons/<id:number>/"
round_ = season + "rounds/<id:round_number>/"

urlpatterns = [
    path("", views.home, name="home"),
    path("leagues/new/", views.league_new, name="league_new"),
    path("tracks/", views.tracks, name="tracks"),
    path("tracks/<id:track_id>/edit/", views.track_edit, name="track_edit"),
    path("join/<str:token>/", members.join, name="join"),
    path("<slug:slug>/", views.league_detail, name="league"),
    path("<slug:slug>/points/", views.league_points, name="league_points"),
    path("<slug:slug>/members/", members.members, name="members"),
    path("<slug:slug>/members/<id:member_id>/", members.member, name="member"),
    path(
        "<slug:slug>/invitations/<id:invitation_id>/withdraw/",
        members.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path("<slug:slug>/teams/new/", views.team_new, name="team_new"),
    path("<slug:slug>/teams/<id:team_id>/", views.team_detail, name="team"),
    path("<slug:slug>/teams/<id:team_id>/hire/", views.driver_hire, name="driver_hire"),
    path("<slug:slug>/teams/<id:team_id>/rename/", members.team_rename, name="team_rename"),
    path("<slug:slug>/drivers/<id:driver_id>/", views.driver_detail, name="driver"),
    path(
        "<slug:slug>/drivers/<id:driver_id>/home-track/",
        views.driver_home_track,
        name="driver_home_track",
    ),
    path("<slug:slug>/seasons/new/", views.season_new, name="season_new"),
    path(season, views.season_detail, name="season"),
    path(season + "end/", views.season_end, name="season_end"),
    path(season + "report/", views.season_report, name="season_report"),
    path(round_, views.round_detail, name="round"),
    path(round_ + "start/", views.round_start, name="round_start"),
    path(round_ + "hire/", views.round_hire, name="round_hire"),
    path(round_ + "choose/", members.round_choose, name="round_choose"),
    path(round_ + "result/", views.round_result, name="round_result"),
    path(round_ + "format/", views.round_format, name="round_format"),
    path(round_ + "injury/", views.round_injury_roll, name="round_injury_roll"),
    path(round_ + "commit/", views.round_commit, name="round_commit"),
]
