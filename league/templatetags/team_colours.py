"""A team's colour on a page (league/models/team_colours.py): `{% swatch team %}` draws its swatch
(templates/league/_swatch.html), `{{ team|team_colour }}` gives the class that sets the
colour (`team-<key>`, whose `--team-colour` static/css/paddock.css sets) for any other mark.
Both take a team, or what belongs to one: an entry or a driver (their team read, so a list of
them selects it with them)."""

from __future__ import annotations

from typing import Any

from django import template

from ..models import Driver, Entry, Team
from ..models.team_colours import colour_class, colour_of

register = template.Library()


def _team(owner: Any) -> Team | None:
    if isinstance(owner, Team):
        return owner
    if isinstance(owner, Entry | Driver):
        return owner.team
    return None


@register.filter
def team_colour(owner: Any) -> str:
    """The class giving `owner`'s team colour; "" for anything else."""
    team = _team(owner)
    return colour_class(team.colour) if team is not None else ""


@register.inclusion_tag("league/_swatch.html")
def swatch(owner: Any) -> dict[str, object]:
    """A small square of `owner`'s team colour, named for screen readers by its team."""
    team = _team(owner)
    if team is None:
        return {"team": None}
    return {"team": team, "colour": colour_of(team.colour)}
