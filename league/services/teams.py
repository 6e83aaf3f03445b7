"""Teams: made with their drivers, renamed, given another colour."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from ..models import (
    League,
    Team,
    team_colours,
)
from .common import league_for_write
from .drivers import check_no_round_in_progress, driver_add
from .errors import AlreadyDone, StaleTeam

TEAM_DRIVER_COUNT = gettext_noop("A new team starts with {count} drivers, one for each car.")
TEAM_NAME_TAKEN = gettext_noop("A team called {name!r} is already in this league.")
TEAM_EXISTS = gettext_noop("{team} is already in this league, with these drivers.")


@transaction.atomic
def team_create(*, league: League, name: str, driver_names: Sequence[str]) -> Team:
    """A new team with one new driver per car, each aged 1 with 0 XP ("Creating a Team")."""
    names = [driver_name.strip() for driver_name in driver_names if driver_name.strip()]
    if len(names) != league.cars_per_team:
        raise ValidationError(gettext(TEAM_DRIVER_COUNT).format(count=league.cars_per_team))
    league_for_write(league)
    existing = league.teams.filter(name__iexact=name.strip()).first()
    if existing is not None:
        hired = [driver.name.lower() for driver in existing.drivers.order_by("hired", "pk")]
        if hired == [driver_name.lower() for driver_name in names]:
            raise AlreadyDone(gettext(TEAM_EXISTS).format(team=existing), done=existing)
        raise ValidationError(gettext(TEAM_NAME_TAKEN).format(name=existing.name))
    check_no_round_in_progress(league)
    colour = team_colours.next_colour(league.teams.values_list("colour", flat=True))
    team = Team(league=league, name=name.strip(), colour=colour)
    team.full_clean()
    team.save()
    for driver_name in names:
        driver_add(team, driver_name)
    return team


TEAM_RENAMED_ALREADY = gettext_noop("The team is already called {name!r}.")
TEAM_NAME_CHANGED = gettext_noop(
    "Someone else changed this team's name first (another tab or device): here it is as it "
    "stands now. Pick again what still applies."
)
TEAM_COLOUR_CHANGED = gettext_noop(
    "Someone else changed this team's colour first (another tab or device): here it is as it "
    "stands now. Pick again what still applies."
)


def _team_as_it_stands(team: Team) -> Team:
    """`team` read again once its league is locked for the write (every write to a team locks
    its league first): what the page showed may have changed since."""
    team.league = league_for_write(team.league)
    team.refresh_from_db(fields=["name", "colour"])
    return team


@transaction.atomic
def team_rename(*, team: Team, name: str, shown: str | None = None) -> Team:
    """Give a team another name, free in its league whatever the case. `shown`: the name the
    page showed (StaleTeam if it has changed since, unless to `name`: a double tap)."""
    team = _team_as_it_stands(team)
    name = name.strip()
    if team.name == name:
        raise AlreadyDone(gettext(TEAM_RENAMED_ALREADY).format(name=name), done=team)
    if shown is not None and team.name != shown:
        raise StaleTeam(gettext(TEAM_NAME_CHANGED))
    if team.league.teams.filter(name__iexact=name).exclude(pk=team.pk).exists():
        raise ValidationError(gettext(TEAM_NAME_TAKEN).format(name=name))
    team.name = name
    team.full_clean()
    team.save(update_fields=["name"])
    return team


TEAM_COLOUR_ALREADY = gettext_noop("{team} already races in {colour}.")
TEAM_COLOUR_TAKEN = gettext_noop(
    "{other} already races in {colour}: pick a colour no other team has ({free})."
)


@transaction.atomic
def team_colour_set(*, team: Team, colour: str, shown: str | None = None) -> Team:
    """Give a team another colour of the palette, one no other team of its league has, so
    that no two teams look alike on the league's pages. `shown`: the colour the page showed
    (StaleTeam if it has changed since, unless to `colour`)."""
    team = _team_as_it_stands(team)
    label = team_colours.colour_of(colour).said_label
    if team.colour == colour:
        raise AlreadyDone(gettext(TEAM_COLOUR_ALREADY).format(team=team, colour=label), done=team)
    if shown is not None and team.colour != shown:
        raise StaleTeam(gettext(TEAM_COLOUR_CHANGED))
    others = {other.colour: other for other in team.league.teams.exclude(pk=team.pk)}
    free = [choice.said_label for choice in team_colours.PALETTE if choice.key not in others]
    # Past eight teams a colour is shared: then any may be picked.
    if colour in others and free:
        raise ValidationError(
            gettext(TEAM_COLOUR_TAKEN).format(
                other=others[colour], colour=label, free=", ".join(free)
            )
        )
    team.colour = colour
    team.full_clean()
    team.save(update_fields=["colour"])
    return team
