from django.urls import path

from . import restore
from .views import (
    drivers,
    exports,
    house_rules,
    leagues,
    members,
    penalties,
    records,
    results,
    rounds,
    seasons,
    starts,
    teams,
    tracks,
)
from .views.common import public

app_name = "league"

season = "<slug:slug>/seasons/<id:number>/"
round_ = season + "rounds/<id:round_number>/"

urlpatterns = [
    path("", leagues.home, name="home"),
    path("leagues/new/", leagues.league_new, name="league_new"),
    path("leagues/restore/", restore.league_restore, name="league_restore"),
    path("tracks/", tracks.tracks, name="tracks"),
    path("tracks/<id:track_id>/edit/", tracks.track_edit, name="track_edit"),
    path("tracks/<id:track_id>/copy/", tracks.track_copy, name="track_copy"),
    path("join/<token:token>/", members.join, name="join"),
    path("signup/", members.signup, name="signup"),
    path("<slug:slug>/", public(leagues.league_detail), name="league"),
    path("<slug:slug>/archive/", leagues.league_archive, name="league_archive"),
    path("<slug:slug>/backup/", leagues.league_backup, name="league_backup"),
    path("<slug:slug>/delete/", leagues.league_delete, name="league_delete"),
    path("<slug:slug>/calendar.ics", public(exports.calendar), name="calendar"),
    path(
        "<slug:slug>/standings.json", public(exports.current_standings_json), name="standings_json"
    ),
    path("<slug:slug>/points/", leagues.league_points, name="league_points"),
    path("<slug:slug>/house-rules/", public(house_rules.house_rules), name="house_rules"),
    path("<slug:slug>/house-rules/edit/", house_rules.house_rules_edit, name="house_rules_edit"),
    path("<slug:slug>/publish/", leagues.league_publish, name="league_publish"),
    path("<slug:slug>/time-zone/", leagues.league_time_zone, name="league_time_zone"),
    path("<slug:slug>/records/", public(records.records), name="records"),
    path("<slug:slug>/members/", members.members, name="members"),
    path("<slug:slug>/members/<id:member_id>/", members.member, name="member"),
    path(
        "<slug:slug>/invitations/<id:invitation_id>/withdraw/",
        members.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path("<slug:slug>/teams/new/", teams.team_new, name="team_new"),
    path("<slug:slug>/teams/<id:team_id>/", public(teams.team_detail), name="team"),
    path("<slug:slug>/teams/<id:team_id>/hire/", teams.driver_hire, name="driver_hire"),
    path("<slug:slug>/teams/<id:team_id>/rename/", teams.team_rename, name="team_rename"),
    path("<slug:slug>/teams/<id:team_id>/colour/", teams.team_colour, name="team_colour"),
    path("<slug:slug>/teams/<id:team_id>/sheet/", public(exports.team_sheet), name="team_sheet"),
    path("<slug:slug>/drivers/<id:driver_id>/", public(drivers.driver_detail), name="driver"),
    path(
        "<slug:slug>/drivers/<id:driver_id>/home-track/",
        drivers.driver_home_track,
        name="driver_home_track",
    ),
    path("<slug:slug>/drivers/<id:driver_id>/card/", drivers.driver_card, name="driver_card"),
    path("<slug:slug>/drivers/<id:driver_id>/roster/", drivers.driver_roster, name="driver_roster"),
    path("<slug:slug>/seasons/new/", seasons.season_new, name="season_new"),
    path(season, public(seasons.season_detail), name="season"),
    path(season + "setup/", seasons.season_setup, name="season_setup"),
    path(season + "rules/", seasons.season_rules, name="season_rules"),
    path(season + "end/", seasons.season_end, name="season_end"),
    path(season + "adjustments/", penalties.season_adjustments, name="season_adjustments"),
    path(season + "report/", public(seasons.season_report), name="season_report"),
    path(season + "standings.json", public(exports.standings_json), name="season_standings_json"),
    path(
        season + "drivers.csv",
        public(exports.standings_csv),
        {"table": "drivers"},
        name="drivers_csv",
    ),
    path(season + "teams.csv", public(exports.standings_csv), {"table": "teams"}, name="teams_csv"),
    path(season + "results.csv", public(exports.results_csv), name="results_csv"),
    # A round's page and every action on the round, however it is run.
    path(round_, public(rounds.round_detail), name="round"),
    path(round_ + "format/", rounds.round_format, name="round_format"),
    path(round_ + "session/", rounds.round_session, name="round_session"),
    path(round_ + "options/", rounds.round_race_options, name="round_race_options"),
    path(round_ + "choose/", rounds.round_choose, name="round_choose"),
    path(round_ + "start/", starts.round_start, name="round_start"),
    path(round_ + "table/", starts.round_table, name="round_table"),
    path(round_ + "by-hand/", starts.round_by_hand, name="round_by_hand"),
    path(round_ + "starters/", starts.round_starters, name="round_starters"),
    path(round_ + "hire/", starts.round_hire, name="round_hire"),
    path(round_ + "result/", results.round_result, name="round_result"),
    path(round_ + "injury/", results.round_injury_roll, name="round_injury_roll"),
    path(round_ + "commit/", results.round_commit, name="round_commit"),
    path(round_ + "reopen/", results.round_reopen, name="round_reopen"),
]
