"""Cars a table recognises (issue 21): each team has a colour of a palette colour-blind
players tell apart, its organiser's to pick; a car another team races under is refused where
its name is typed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from league.models import Driver, Role, Team, team_colours
from league.services.cars import CAR_OF_ANOTHER_TEAM, default_car
from league.services.errors import AlreadyDone
from league.services.members import member_add
from league.services.starts import round_start_at_table, round_starters_choose
from league.services.teams import team_colour_set, team_create
from races.reads.colours import car_colours
from tests.factories import UserFactory, published

pytestmark = pytest.mark.django_db


def test_teams_take_the_palettes_colours_in_the_order_they_join(league):
    made = [
        team_create(league=league, name=f"Team {n}", driver_names=[f"A{n}", f"B{n}"])
        for n in range(len(team_colours.PALETTE) + 1)
    ]
    keys = [colour.key for colour in team_colours.PALETTE]
    assert [team.colour for team in made] == [*keys, keys[0]]


def test_a_new_team_takes_the_first_colour_no_team_has(league, teams):
    team_colour_set(team=teams[0], colour="blue")
    third = team_create(league=league, name="Tyrrell", driver_names=["Eve", "Fay"])
    assert (teams[0].colour, teams[1].colour, third.colour) == ("blue", "sky", "orange")


def test_a_colour_another_team_has_is_refused_with_the_colours_still_free(league, teams):
    with pytest.raises(ValidationError, match="Blue Moons already races in Sky blue") as refused:
        team_colour_set(team=teams[0], colour=teams[1].colour)
    assert "Bluish green" in refused.value.messages[0]
    assert Team.objects.get(pk=teams[0].pk).colour == "orange"
    with pytest.raises(AlreadyDone):
        team_colour_set(team=teams[0], colour="orange")


def test_the_organiser_picks_a_colour_a_team_owner_may_not(client_organiser, league, teams):
    url = reverse("league:team_colour", args=[league.slug, teams[0].pk])
    page = client_organiser.get(teams[0].get_absolute_url()).content.decode()
    assert 'id="team-colour"' in page and 'class="swatch team-orange"' in page
    assert re.findall(r'value="(\w+)" checked', page) == [teams[0].colour]  # its own, alone
    response = client_organiser.post(url, {"colour": "vermillion"})
    assert response.status_code == 302
    assert Team.objects.get(pk=teams[0].pk).colour == "vermillion"
    refused = client_organiser.post(url, {"colour": teams[1].colour})
    assert refused.status_code == 400
    assert escape("Blue Moons already races in Sky blue") in refused.content.decode()
    assert re.findall(r'value="(\w+)" checked', refused.content.decode()) == [teams[1].colour]
    assert client_organiser.post(url, {"colour": "mauve"}).status_code == 400

    owner = UserFactory(username="owner")
    member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=teams[0])
    client = Client()
    client.force_login(owner)
    assert 'id="team-colour"' not in client.get(teams[0].get_absolute_url()).content.decode()
    assert client.post(url, {"colour": "black"}).status_code == 403
    assert Team.objects.get(pk=teams[0].pk).colour == "vermillion"


LEAGUE_LOOK_UP = 'SELECT "league_league"."id"'


@pytest.mark.parametrize(
    ("role", "own_team", "runs", "picks"),
    [
        (Role.ORGANISER, False, True, True),
        (Role.TEAM_OWNER, True, True, False),
        (Role.TEAM_OWNER, False, False, False),
        (Role.REFEREE, False, False, False),
    ],
)
def test_a_team_page_reads_a_members_membership_once_for_what_they_may_change(
    league, teams, role, own_team, runs, picks
):
    """A co-organiser renames the team and picks its colour, its owner renames it, another
    team's owner and a referee neither: the page asks their membership once for both."""
    member = UserFactory(username="member")
    team = teams[0] if own_team else teams[1]
    member_add(
        league=league, user=member, role=role, team=team if role == Role.TEAM_OWNER else None
    )
    client = Client()
    client.force_login(member)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(teams[0].get_absolute_url()).content.decode()
    # The league's own look-up asks, in its one query, whether they may see it at all
    # (league.views.common.seen_league): not counted here.
    asked = [
        query["sql"]
        for query in queries
        if "league_membership" in query["sql"] and not query["sql"].startswith(LEAGUE_LOOK_UP)
    ]
    assert len(asked) == 1, asked
    assert ('id="team-rename"' in page, 'id="team-colour"' in page) == (runs, picks)


def shown_on(page: str, form_id: str) -> str:
    """What the form `form_id` of `page` says it was built on (its hidden `shown`)."""
    form = page[page.index(f'id="{form_id}"') :]
    return re.search(r'name="shown" value="([^"]*)"', form[: form.index("</form>")])[1]


def test_a_stale_tab_renaming_a_team_is_refused_and_shows_the_name_as_it_stands(
    client_organiser, league, teams
):
    """Two tabs show "Red Arrows": the first renames it; the second's rename, built on the old
    name, is refused (409) with the name as it stands; its twin of the first's is a double tap."""
    url = reverse("league:team_rename", args=[league.slug, teams[0].pk])
    old = client_organiser.get(teams[0].get_absolute_url()).text
    shown = shown_on(old, "team-rename")
    assert shown == teams[0].name
    assert client_organiser.post(url, {"name": "Red Kites", "shown": shown}).status_code == 302
    stale = client_organiser.post(url, {"name": "Blue Kites", "shown": shown})
    assert stale.status_code == 409
    assert escape("Someone else changed this team's name first") in stale.text
    assert shown_on(stale.text, "team-rename") == "Red Kites"  # built on the name now
    assert Team.objects.get(pk=teams[0].pk).name == "Red Kites"
    twin = client_organiser.post(url, {"name": "Red Kites", "shown": shown})
    assert twin.status_code == 302 and Team.objects.get(pk=teams[0].pk).name == "Red Kites"
    again = client_organiser.post(url, {"name": "Blue Kites", "shown": "Red Kites"})
    assert again.status_code == 302 and Team.objects.get(pk=teams[0].pk).name == "Blue Kites"


def test_a_stale_tab_picking_a_colour_is_refused_and_shows_the_colour_as_it_stands(
    client_organiser, league, teams
):
    url = reverse("league:team_colour", args=[league.slug, teams[0].pk])
    shown = shown_on(client_organiser.get(teams[0].get_absolute_url()).text, "team-colour")
    assert shown == "orange"
    assert client_organiser.post(url, {"colour": "blue", "shown": shown}).status_code == 302
    stale = client_organiser.post(url, {"colour": "vermillion", "shown": shown})
    assert stale.status_code == 409
    assert escape("Someone else changed this team's colour first") in stale.text
    assert shown_on(stale.text, "team-colour") == "blue"
    assert re.findall(r'value="(\w+)" checked', stale.text) == ["blue"]
    assert Team.objects.get(pk=teams[0].pk).colour == "blue"


def _choose_post(round_, team: Team, cars: dict[str, str]) -> dict[str, object]:
    post: dict[str, object] = {"version": round_.version, "team": team.pk, "choose": ""}
    for driver in team.drivers.all():
        post[f"d{driver.pk}-car"] = cars.get(driver.name, "spare")
        if driver.name in cars:
            post[f"d{driver.pk}-start"] = "on"
    return post


def test_a_team_owner_naming_a_car_another_team_has_is_refused_where_it_is_typed(
    client, league, teams, season
):
    """A car "Blue Moons 1" chosen for the Red Herrings would have held up the referee's start
    (two cars alike): it is refused on the owner's form, with the reason, and nothing kept."""
    owner = UserFactory(username="owner")
    member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=teams[0])
    round_ = season.rounds.get(number=1)
    client.force_login(owner)
    url = reverse("league:round_choose", args=[league.slug, 1, 1])
    response = client.post(url, _choose_post(round_, teams[0], {"Ann": "blue moons 1"}))
    assert response.status_code == 400
    reason = CAR_OF_ANOTHER_TEAM.format(car="blue moons 1", team="Blue Moons")
    page = response.content.decode()
    assert escape(reason) in page
    assert page.index(escape(reason)) > page.index('id="own-starters"')
    assert not round_.starter_choices.exists()
    # Another team's owner's choice is the other team's car too.
    round_starters_choose(
        round_=round_, team=teams[1], starters=[(teams[1].drivers.get(name="Cid"), "Comet")]
    )
    with pytest.raises(ValidationError, match="'Comet' is Blue Moons's car"):
        round_starters_choose(
            round_=round_, team=teams[0], starters=[(teams[0].drivers.get(name="Ann"), "Comet")]
        )
    round_starters_choose(
        round_=round_, team=teams[0], starters=[(teams[0].drivers.get(name="Ann"), "Red 1")]
    )


@pytest.mark.django_db(transaction=True)
def test_the_migration_colours_each_leagues_teams_by_the_order_they_joined() -> None:
    before, after = (
        [("league", "0035_points_adjustments_and_drop_rounds")],
        [("league", "0036_team_colour")],
    )
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    organiser = old.get_model("auth", "User").objects.create(username="o")
    league_model, team_model = old.get_model("league", "League"), old.get_model("league", "Team")
    first = league_model.objects.create(name="First", slug="first", organiser=organiser)
    second = league_model.objects.create(name="Second", slug="second", organiser=organiser)
    for name in ("Zeta", "Alpha", "Mu"):
        team_model.objects.create(league=first, name=name)
    team_model.objects.create(league=second, name="Solo")

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    teams = new.get_model("league", "Team").objects.order_by("pk")
    assert [(team.name, team.colour) for team in teams] == [
        ("Zeta", "orange"),
        ("Alpha", "sky"),
        ("Mu", "green"),
        ("Solo", "orange"),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_the_standings_the_chart_and_the_round_page_show_each_teams_colour(organiser, client):
    from bench import builders

    league = published(builders.league_with_drivers(organiser=organiser, name="Hues", drivers=4))
    season = builders.season_raced(league, number=1, ended=False, raced_rounds=1, finished=1)
    first, second = league.teams.order_by("pk")[:2]
    team_colour_set(team=second, colour="black")

    page = client.get(season.get_absolute_url()).content.decode()
    standings = page.split('id="team-standings"')[1].split("</table>")[0]
    assert f"{first.name}'s colour: Orange" in standings
    assert f"{second.name}'s colour: Black" in standings
    drivers = page.split('id="driver-standings"')[1].split("</table>")[0]
    assert 'class="swatch team-orange"' in drivers
    assert 'stroke="#E69F00"' in page  # the chart's line of the orange team
    assert 'stroke="currentColor"' in page  # black, drawn in the text's colour

    round_page = client.get(season.rounds.get(number=1).get_absolute_url()).content.decode()
    result = round_page.split('id="round-result"')[1].split("</table>")[0]
    assert 'class="swatch team-orange"' in result and 'class="swatch team-black"' in result


# Issue 32: a car named "Red" was drawn in its team's amber, and the starters form proposed
# "Red Herrings 1" for a team racing in orange.
@pytest.mark.parametrize(
    ("car", "team_colour", "drawn"),
    [
        ("Red", "orange", "vermillion"),
        ("red #1", "sky", "vermillion"),
        ("Silver Arrow", "orange", "silver"),
        ("orange #3", "sky", "orange"),
        ("Sky Blue 2", "orange", "sky"),
        ("Blue Moons 1", "sky", "sky"),  # a shade of its team's colour: its team's
        ("WHITE", "blue", "white"),
        ("Arrow", "purple", "purple"),
        ("Redline 1", "green", "green"),  # a word that only starts with a colour's name
    ],
)
def test_a_car_named_after_a_colour_is_drawn_in_it_else_in_its_teams(car, team_colour, drawn):
    assert team_colours.car_colour(car, team_colour) == drawn


def test_the_stylesheet_draws_every_colour_with_the_ink_that_contrasts_most_on_it():
    """Each `team-<key>` class sets the palette's colour and the ink (black or white) of the
    higher contrast ratio on it, for the text of a car's box in the strip."""
    css = (Path(settings.BASE_DIR) / "static" / "css" / "paddock.css").read_text()
    for colour in team_colours.BY_KEY.values():
        rule = re.search(rf"\.team-{colour.key} \{{([^}}]*)\}}", css)
        assert rule is not None, colour.key
        assert f"--team-colour: {colour.hex};" in rule.group(1), colour.key
        assert f"--team-ink: {colour.ink};" in rule.group(1), colour.key
    assert team_colours.colour_of("blue").ink == "#FFFFFF"
    assert team_colours.colour_of("yellow").ink == "#000000"


def test_no_team_is_given_a_colour_meant_for_a_car_named_after_it(league):
    made = [
        team_create(league=league, name=f"Team {n}", driver_names=[f"A{n}", f"B{n}"])
        for n in range(len(team_colours.PALETTE) * 2)
    ]
    assert {team.colour for team in made} == {colour.key for colour in team_colours.PALETTE}


@pytest.mark.parametrize(
    ("team", "colour", "proposed"),
    [
        ("Rosso", "orange", "Rosso 1"),
        ("Red Herrings", "orange", "Herrings 1"),
        ("Red Herrings", "vermillion", "Red Herrings 1"),
        ("Blue", "green", "Bluish green 1"),
    ],
)
def test_the_starters_form_proposes_no_car_name_that_contradicts_its_teams_colour(
    league, team, colour, proposed
):
    made = team_create(league=league, name=team, driver_names=["Ann", "Bob"])
    if made.colour != colour:
        team_colour_set(team=made, colour=colour)
    assert default_car(made, 1) == proposed
    assert team_colours.car_colour(proposed, colour) == colour


def test_the_table_draws_a_car_named_after_a_colour_in_it(league, teams, season):
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(number=1),
        starters=list(zip(drivers, ["Red", "Arrow", "Silver", "Dart"], strict=True)),
    )
    assert (teams[0].colour, teams[1].colour) == ("orange", "sky")
    assert car_colours(race.round_id) == {
        "Red": "team-vermillion",
        "Arrow": "team-orange",
        "Silver": "team-silver",
        "Dart": "team-sky",
    }
