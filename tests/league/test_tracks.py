"""The shared track list: a track edited (its name, number and weather table, never while a
round is raced on it) by whoever added it, and copied by anyone else for their league."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import escape

from league.models import Driver, League, Round, RoundStatus, Season, Track
from league.services.errors import AlreadyDone
from league.services.leagues import league_create, league_publish_set
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import (
    TRACK_CHANGED,
    TRACK_NOT_YOURS,
    TRACK_RENAME_TAKEN,
    TRACK_RUNNING,
    TRACK_RUNNING_ELSEWHERE,
    track_copy,
    track_create,
    track_edit,
    track_edit_refusal,
)
from tests.factories import UserFactory
from tests.league.test_services import play, racing_drivers, refused, start
from tests.pages import html_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def imola(season: Season, organiser) -> Track:
    """A sample schedule's track, here as if the league's organiser had added it."""
    Track.objects.filter(name="Imola").update(added_by=organiser)
    return Track.objects.get(name="Imola")


def edit(track: Track, **changes) -> Track:
    values = {
        "name": track.name,
        "number": track.number,
        "weather_table": track.weather_table,
        "expected_version": Track.objects.get(pk=track.pk).version,
        **changes,
    }
    return track_edit(track=track, **values)


def test_a_track_is_renamed_and_its_weather_table_corrected(imola):
    edited = edit(imola, name="Imola (Enzo e Dino Ferrari)", weather_table="1-15 sun, 16-20 rain")

    stored = Track.objects.get(pk=imola.pk)
    assert (stored.name, stored.weather_table) == (edited.name, edited.weather_table)
    assert stored.name == "Imola (Enzo e Dino Ferrari)"
    assert stored.weather_table == "1-15 sun, 16-20 rain"
    assert stored.version == imola.version + 1


def test_the_same_edit_twice_is_done_once(imola):
    built = imola.version
    edit(imola, name="Autodromo di Imola", expected_version=built)

    with pytest.raises(AlreadyDone):
        edit(imola, name="Autodromo di Imola", expected_version=built)
    assert Track.objects.get(pk=imola.pk).version == built + 1


def test_an_edit_built_on_an_older_version_is_refused(imola):
    built = imola.version
    edit(imola, name="Autodromo di Imola", expected_version=built)

    with refused(TRACK_CHANGED):
        edit(imola, name="Santerno", expected_version=built)


def test_a_track_may_not_take_another_tracks_name_whatever_the_case(imola):
    with refused(TRACK_RENAME_TAKEN.format(name="MONZA")):
        edit(imola, name="MONZA")


def test_a_track_keeps_its_own_name_in_another_case(imola):
    assert edit(imola, name="IMOLA").name == "IMOLA"


def test_a_weather_table_with_a_gap_is_refused(imola):
    with pytest.raises(ValidationError):
        edit(imola, weather_table="1-10 sun, 12-20 rain")
    assert Track.objects.get(pk=imola.pk).weather_table == imola.weather_table


def test_a_track_is_not_edited_while_a_round_is_raced_on_it(season, teams, imola):
    start(season.rounds.get(number=1), racing_drivers(teams))

    message = TRACK_RUNNING.format(
        number=1, league="Thursday Night League", season=1, track="Imola"
    )
    assert track_edit_refusal(imola) == message
    with refused(message):
        edit(imola, weather_table="1-20 sun")


def test_a_track_is_edited_once_its_round_is_finished(season, teams, imola):
    play(season.rounds.get(number=1), racing_drivers(teams))

    assert track_edit_refusal(imola) is None
    assert edit(imola, weather_table="1-20 sun").weather_table == "1-20 sun"


# --- the pages -------------------------------------------------------------------------------


def edit_url(track: Track) -> str:
    return reverse("league:track_edit", args=[track.pk])


def posted(track: Track, **changes) -> dict:
    return {
        "name": track.name,
        "number": track.number or "",
        "weather_table": track.weather_table,
        "version": track.version,
        **changes,
    }


def test_the_organiser_edits_a_track_from_the_track_list(client_organiser, league, imola):
    listing = client_organiser.get(reverse("league:tracks"))
    assert edit_url(imola) in listing.text
    page = client_organiser.get(edit_url(imola))
    assert page.status_code == 200 and 'value="Imola"' in page.text

    response = client_organiser.post(edit_url(imola), posted(imola, name="Santerno"))

    assert response.status_code == 302
    assert Track.objects.filter(name="Santerno").exists()


def test_only_whoever_added_a_track_edits_it_and_anyone_else_is_offered_a_copy(client, imola):
    """An invited referee renumbered another league's track: organising a league, or joining
    one, gives no right over the shared list."""
    other = UserFactory(username="other-organiser")
    league_create(name="Other League", organiser=other)
    client.force_login(other)
    listing = client.get(reverse("league:tracks")).text
    assert 'aria-label="Copy Imola"' in listing and 'aria-label="Edit Imola"' not in listing
    page = client.get(edit_url(imola)).text
    assert 'id="track-copy"' in page and 'name="version"' not in page
    refused = client.post(edit_url(imola), posted(imola, name="Santerno"))
    assert refused.status_code == 403
    assert escape(TRACK_NOT_YOURS.format(track=imola)) in refused.text
    assert Track.objects.get(pk=imola.pk).name == "Imola"


def test_a_sample_track_is_edited_by_a_site_admin_only(client, season):
    monza = Track.objects.get(name="Monza")
    assert monza.added_by is None
    client.force_login(season.league.organiser)
    assert client.post(edit_url(monza), posted(monza, number="99")).status_code == 403
    client.force_login(UserFactory(username="admin", is_superuser=True))
    assert client.post(edit_url(monza), posted(monza, number="99")).status_code == 302
    assert Track.objects.get(pk=monza.pk).number == 99


def test_a_copy_for_a_league_is_its_copier_s_and_the_league_races_its_rounds_to_come_on_it(
    client, season, teams
):
    monza = Track.objects.get(name="Monza")
    league = season.league
    played = season.rounds.filter(track=monza).first()
    Round.objects.filter(pk=played.pk).update(status=RoundStatus.FINISHED)
    to_come = list(season.rounds.filter(track=monza).exclude(pk=played.pk))
    client.force_login(league.organiser)
    response = client.post(reverse("league:track_copy", args=[monza.pk]), {"league": league.pk})
    copy = Track.objects.get(name=f"Monza ({league.organiser.username})")
    assert response.status_code == 302 and response.url == edit_url(copy)
    assert copy.added_by == league.organiser and copy.weather_table == monza.weather_table
    assert all(Round.objects.get(pk=round_.pk).track == copy for round_ in to_come)
    assert Round.objects.get(pk=played.pk).track == monza  # raced: it keeps its track
    again = client.post(reverse("league:track_copy", args=[monza.pk]), {"league": ""})
    assert again.status_code == 302
    assert Track.objects.filter(name=f"Monza ({league.organiser.username} 2)").exists()


def test_a_copy_is_for_a_league_the_copier_organises_only(client, season):
    monza = Track.objects.get(name="Monza")
    client.force_login(UserFactory(username="stranger"))
    response = client.post(
        reverse("league:track_copy", args=[monza.pk]), {"league": season.league.pk}
    )
    assert response.status_code == 400
    assert not Track.objects.filter(name__startswith="Monza (").exists()
    assert season.rounds.filter(track=monza).exists()


def test_a_stale_edit_gets_the_track_as_it_stands_with_a_409(client_organiser, imola):
    built = posted(imola)
    client_organiser.post(edit_url(imola), {**built, "name": "Santerno"})

    response = client_organiser.post(edit_url(imola), {**built, "name": "Autodromo"})

    assert response.status_code == 409
    assert TRACK_CHANGED in response.text.replace("&#x27;", "'")
    assert 'value="Santerno"' in response.text
    assert Track.objects.get(pk=imola.pk).name == "Santerno"


def test_a_double_tap_on_save_edits_once(client_organiser, imola):
    data = posted(imola, name="Santerno")
    assert client_organiser.post(edit_url(imola), data).status_code == 302
    second = client_organiser.post(edit_url(imola), data, follow=True)
    assert "already as asked" in second.text


def test_the_edit_page_says_first_that_a_running_round_holds_the_track(
    client_organiser, season, teams, imola
):
    start(season.rounds.get(number=1), racing_drivers(teams))

    page = client_organiser.get(edit_url(imola))
    assert "is being raced on Imola" in page.text.replace("&#x27;", "'")
    response = client_organiser.post(edit_url(imola), posted(imola, weather_table="1-20 sun"))
    assert response.status_code == 400
    assert Round.objects.get(season=season, number=1).status == RoundStatus.STARTED
    assert Track.objects.get(pk=imola.pk).weather_table == imola.weather_table


# --- Formula D's weather chart (its Weather Conditions rule) -----------------------------------


def test_a_track_s_formula_d_weather_chart_is_the_preset_until_its_organiser_corrects_it(imola):
    assert imola.weather_chart == "1-8 good, 9-14 changeable, 15-17 rain changeable, 18-20 rainy"
    edited = edit(imola, weather_chart="1-10 good; 11-20 rain, changeable")
    assert Track.objects.get(pk=imola.pk).weather_chart == "1-10 good, 11-20 rain changeable"
    assert edit(edited, name="Santerno").weather_chart == "1-10 good, 11-20 rain changeable"
    with pytest.raises(ValidationError, match="Roll 11 is missing on the weather"):
        edit(imola, weather_chart="1-10 good, 12-20 rainy")


def test_the_track_list_shows_and_takes_the_formula_d_weather_chart(client_organiser, league):
    response = client_organiser.post(
        reverse("league:tracks"), {"name": "Spa", "weather_chart": "1-5 good, 6-20 sunny"}
    )
    assert response.status_code == 400
    assert "&quot;sunny&quot; is not a line of the chart" in response.text
    response = client_organiser.post(
        reverse("league:tracks"), {"name": "Spa", "weather_chart": "1-5 good, 6-20 rainy"}
    )
    assert response.status_code == 302
    assert "1-5 good, 6-20 rainy" in client_organiser.get(reverse("league:tracks")).text


def test_the_track_page_names_a_league_racing_on_it_only_to_those_who_may_see_it(
    client, season, teams, imola
):
    """An unpublished league's name is given away nowhere: to another league's organiser the
    refusal says only that a round of another league is being raced on the track."""
    start(season.rounds.get(number=1), racing_drivers(teams))
    League.objects.filter(pk=season.league_id).update(published=False)
    other = UserFactory(username="other-organiser")
    league_create(name="Other League", organiser=other)
    client.force_login(other)
    page = client.get(edit_url(imola)).content.decode()
    assert "Thursday Night League" not in page
    assert escape(TRACK_RUNNING_ELSEWHERE.format(track="Imola")) in page
    response = client.post(edit_url(imola), posted(imola, weather_table="1-20 sun"))
    assert response.status_code == 403  # not theirs to edit, whatever races on it
    assert "Thursday Night League" not in response.content.decode()
    client.force_login(season.league.organiser)
    assert "Thursday Night League" in client.get(edit_url(imola)).content.decode()


# Issue 32: all 29 tracks carried one and the same chart, which the weather prompt called the
# track's.
PLACEHOLDER = "a placeholder chart, not this board's"


def test_the_track_list_marks_a_placeholder_chart_and_not_a_board_s(client_organiser, imola):
    edit(Track.objects.get(name="Monaco"), weather_chart="1-10 good, 11-20 rainy")
    html = client_organiser.get(reverse("league:tracks")).text
    imola_row = next(row for row in html.split("<tr>") if row.startswith("<td>Imola"))
    monaco_row = next(row for row in html.split("<tr>") if row.startswith("<td>Monaco"))
    assert PLACEHOLDER in imola_row and PLACEHOLDER not in monaco_row
    assert imola.weather_chart_is_placeholder
    assert not Track.objects.get(name="Monaco").weather_chart_is_placeholder


@pytest.mark.parametrize("own", [True, False], ids=["editor", "someone else"])
def test_the_track_page_marks_a_placeholder_chart(client, imola, organiser, own):
    client.force_login(organiser if own else UserFactory(username="other"))
    html = client.get(reverse("league:track_edit", args=[imola.pk])).text
    assert 'id="track-chart-placeholder"' in html and "not this board" in html
    edit(imola, weather_chart="1-10 good, 11-20 rainy")
    html = client.get(reverse("league:track_edit", args=[imola.pk])).text
    assert "not this board" not in html


@pytest.fixture
def formula_d_round(organiser) -> Round:
    """Round 1 of a Formula D season, on a track added without a chart (the placeholder's),
    by no one (a site admin's to edit)."""
    league = league_create(name="Sunday Grand Prix", organiser=organiser, ruleset="formula_d")
    team_create(league=league, name="Ann's", driver_names=["Ann"])
    ring = track_create(name="Monza Ring")
    season = season_open(league=league, tracks=[ring, ring])
    return season.rounds.select_related("track").get(number=1)


def test_a_round_on_a_placeholder_chart_asks_for_the_board_s_once_kept_on_the_track(
    client_organiser, organiser, formula_d_round
):
    url = formula_d_round.get_absolute_url()
    track = formula_d_round.track
    html = html_of(client_organiser.get(url))
    # A sample track is a site admin's: its organiser is offered a copy, and told why.
    assert 'id="track-chart-placeholder"' in html and "not this board" in html
    assert reverse("league:track_edit", args=[track.pk]) in html
    assert "Make a copy of the track with the board" in html
    Track.objects.filter(pk=track.pk).update(added_by=organiser)
    assert "Enter the board's chart" in html_of(client_organiser.get(url))
    edit(track, weather_chart="1-10 good, 11-20 rainy")  # entered once, on the track
    assert 'id="track-chart-placeholder"' not in client_organiser.get(url).text
    later = formula_d_round.season.rounds.filter(track=track).exclude(pk=formula_d_round.pk)
    for round_ in later:
        assert not round_.track_chart_wanted


def test_no_chart_is_asked_where_the_rule_set_reads_none_nor_of_the_public(
    client, client_organiser, season, formula_d_round
):
    """Season Pass rolls on the weather table, not the chart; a visitor has nothing to enter."""
    season_pass = season.rounds.get(number=1)
    assert season_pass.track.weather_chart_is_placeholder
    assert not season_pass.track_chart_wanted
    html = client_organiser.get(season_pass.get_absolute_url()).text
    assert 'id="track-chart-placeholder"' not in html
    assert formula_d_round.track_chart_wanted
    client.logout()
    league_publish_set(league=formula_d_round.season.league, published=True)
    html = client.get(formula_d_round.get_absolute_url()).text
    assert 'id="track-chart-placeholder"' not in html


def test_a_board_s_chart_that_reads_as_the_placeholder_is_kept_as_the_board_s(imola):
    """Entered once: a board printed with the very ranges of the placeholder is not asked for
    again; a blank chart is the placeholder again."""
    placeholder = imola.weather_chart
    assert imola.weather_chart_is_placeholder
    typed = edit(imola, weather_chart=placeholder)
    assert not Track.objects.get(pk=imola.pk).weather_chart_is_placeholder
    assert not edit(typed, name="Santerno").weather_chart_is_placeholder  # kept on a rename
    copy = track_copy(track=Track.objects.get(pk=imola.pk), user=UserFactory())
    assert not copy.weather_chart_is_placeholder
    edit(imola, weather_chart="")
    assert Track.objects.get(pk=imola.pk).weather_chart_is_placeholder


def test_the_edit_form_offers_a_placeholder_chart_blank_so_a_save_keeps_it_one(
    client_organiser, imola
):
    url = reverse("league:track_edit", args=[imola.pk])
    html = client_organiser.get(url).text
    assert 'name="weather_chart" value=' not in html  # blank: nothing taken for the board's
    response = client_organiser.post(
        url,
        {
            "name": "Santerno",
            "number": imola.number or "",
            "weather_table": imola.weather_table,
            "weather_chart": "",
            "version": imola.version,
        },
    )
    assert response.status_code == 302
    renamed = Track.objects.get(pk=imola.pk)
    assert renamed.name == "Santerno" and renamed.weather_chart_is_placeholder
    assert track_chart_field(client_organiser.get(url).text) == ""
    edit(renamed, weather_chart="1-10 good, 11-20 rainy")
    assert track_chart_field(client_organiser.get(url).text) == "1-10 good, 11-20 rainy"


def track_chart_field(html: str) -> str:
    """The value the edit form's weather chart field shows ("" if none)."""
    tag = next(part for part in html.split("<input") if 'name="weather_chart"' in part)
    value = tag.split('value="')[1].split('"')[0] if 'value="' in tag else ""
    return value


# Issue 32: the placeholder marked wherever it shows: the weather prompt at the table, the
# season's schedule; and asked for once when a season is scheduled on it.
PROMPT_ON_PLACEHOLDER = "roll black against the placeholder chart, not this board&#x27;s, before"
PROMPT_ON_BOARD = "roll black against the track&#x27;s chart before the race (1-10 good"


def _weather_prompt_page(client, organiser, ruleset: str, track: Track) -> str:
    """The turn page of a race of `ruleset` playing the weather, at the table on `track`."""
    league = league_create(
        name=f"Wet Club {track.pk}",
        organiser=organiser,
        ruleset=ruleset,
        settings={"weather": True},
    )
    names = [f"{name} {n}" for name in ("Ann", "Bob") for n in range(league.cars_per_team)]
    for team in range(2):
        team_names = names[team * league.cars_per_team : (team + 1) * league.cars_per_team]
        team_create(league=league, name=f"Team {team}", driver_names=team_names)
    drivers = list(Driver.objects.filter(team__league=league).order_by("pk"))[:2]
    season = season_open(league=league, tracks=[track])
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, ("red", "blue"), strict=True))
    )
    return client.get(race.get_absolute_url()).text


@pytest.mark.parametrize("ruleset", ["formula_d", "rbb"])
def test_the_weather_prompt_at_the_table_says_when_the_chart_is_the_placeholder(
    client_organiser, organiser, ruleset
):
    ring = track_create(name="Monza Ring")
    on_placeholder = _weather_prompt_page(client_organiser, organiser, ruleset, ring)
    assert PROMPT_ON_PLACEHOLDER in on_placeholder and "1-8 good" in on_placeholder
    board = track_create(name="Spa", weather_chart="1-10 good, 11-20 rainy")
    on_board = _weather_prompt_page(client_organiser, organiser, ruleset, board)
    assert PROMPT_ON_BOARD in on_board and "placeholder" not in on_board


def test_the_schedule_marks_each_round_to_come_on_a_placeholder_chart(client, formula_d_round):
    league = formula_d_round.season.league
    league_publish_set(league=league, published=True)
    url = formula_d_round.season.get_absolute_url()
    html = client.get(url).text
    assert html.count("weather chart: a placeholder, not this board") == 2
    assert 'id="season-charts-wanted"' not in html  # a visitor has nothing to enter
    edit(formula_d_round.track, weather_chart="1-10 good, 11-20 rainy")
    assert "weather chart: a placeholder" not in client.get(url).text


def test_scheduling_a_season_on_placeholder_charts_asks_for_each_board_s_once(
    client_organiser, organiser, formula_d_round
):
    """The season page its organiser lands on after opening it asks once a track (Monza Ring
    is raced twice) for the board's chart, a link to the track's page; entered, it is kept on
    the track and asked no more."""
    url = formula_d_round.season.get_absolute_url()
    track = formula_d_round.track
    html = client_organiser.get(url).text
    asked = html[html.index('id="season-charts-wanted"') :].split("</div>")[0]
    assert asked.count(reverse("league:track_edit", args=[track.pk])) == 1
    assert "Copy Monza Ring with its board" in asked  # a site admin's track: copied
    Track.objects.filter(pk=track.pk).update(added_by=organiser)
    assert "Enter Monza Ring's chart" in client_organiser.get(url).text
    edit(Track.objects.get(pk=track.pk), weather_chart="1-10 good, 11-20 rainy")
    assert 'id="season-charts-wanted"' not in client_organiser.get(url).text
