from django.urls import path

from . import exports, members, publishing, race_options, restore, sessions, views
from .publishing import public

app_name = "league"

season = "<slug:slug>/seasons/<id:number>/"
round_ = season + "rounds/<id:round_number>/"

urlpatterns = [
    path("", views.home, name="home"),
    path("leagues/new/", views.league_new, name="league_new"),
    path("leagues/restore/", restore.league_restore, name="league_restore"),
    path("tracks/", views.tracks, name="tracks"),
    path("tracks/<id:track_id>/edit/", views.track_edit, name="track_edit"),
    path("join/<token:token>/", members.join, name="join"),
    path("<slug:slug>/", public(views.league_detail), name="league"),
    path("<slug:slug>/archive/", views.league_archive, name="league_archive"),
    path("<slug:slug>/backup/", views.league_backup, name="league_backup"),
    path("<slug:slug>/calendar.ics", public(exports.calendar), name="calendar"),
    path(
        "<slug:slug>/standings.json", public(exports.current_standings_json), name="standings_json"
    ),
    path("<slug:slug>/points/", views.league_points, name="league_points"),
    path("<slug:slug>/publish/", publishing.league_publish, name="league_publish"),
    path("<slug:slug>/members/", members.members, name="members"),
    path("<slug:slug>/members/<id:member_id>/", members.member, name="member"),
    path(
        "<slug:slug>/invitations/<id:invitation_id>/withdraw/",
        members.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path("<slug:slug>/teams/new/", views.team_new, name="team_new"),
    path("<slug:slug>/teams/<id:team_id>/", public(views.team_detail), name="team"),
    path("<slug:slug>/teams/<id:team_id>/hire/", views.driver_hire, name="driver_hire"),
    path("<slug:slug>/teams/<id:team_id>/rename/", members.team_rename, name="team_rename"),
    path("<slug:slug>/teams/<id:team_id>/sheet/", public(exports.team_sheet), name="team_sheet"),
    path("<slug:slug>/drivers/<id:driver_id>/", public(views.driver_detail), name="driver"),
    path(
        "<slug:slug>/drivers/<id:driver_id>/home-track/",
        views.driver_home_track,
        name="driver_home_track",
    ),
    path("<slug:slug>/drivers/<id:driver_id>/card/", views.driver_card, name="driver_card"),
    path("<slug:slug>/seasons/new/", views.season_new, name="season_new"),
    path(season, public(views.season_detail), name="season"),
    path(season + "setup/", views.season_setup, name="season_setup"),
    path(season + "end/", views.season_end, name="season_end"),
    path(season + "report/", public(views.season_report), name="season_report"),
    path(season + "standings.json", public(exports.standings_json), name="season_standings_json"),
    path(
        season + "drivers.csv",
        public(exports.standings_csv),
        {"table": "drivers"},
        name="drivers_csv",
    ),
    path(season + "teams.csv", public(exports.standings_csv), {"table": "teams"}, name="teams_csv"),
    path(season + "results.csv", public(exports.results_csv), name="results_csv"),
    path(round_, public(views.round_detail), name="round"),
    path(round_ + "start/", views.round_start, name="round_start"),
    path(round_ + "hire/", views.round_hire, name="round_hire"),
    path(round_ + "choose/", members.round_choose, name="round_choose"),
    path(round_ + "result/", views.round_result, name="round_result"),
    path(round_ + "format/", views.round_format, name="round_format"),
    path(round_ + "session/", sessions.round_session, name="round_session"),
    path(round_ + "options/", race_options.round_race_options, name="round_race_options"),
    path(round_ + "injury/", views.round_injury_roll, name="round_injury_roll"),
    path(round_ + "commit/", views.round_commit, name="round_commit"),
]
