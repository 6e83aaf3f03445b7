"""Each car's team colour at the table: the class (`team-<key>`, league/team_colours.py) that the
turn page, the big screen and the strip draw a car's mark with, read from the round's entries
(the car each driver races under, and its team) in one query."""

from __future__ import annotations

from league.models import Entry
from league.team_colours import colour_class


def car_colours(round_id: int) -> dict[str, str]:
    """The class of each car's team colour in the round, by car."""
    return {
        car: colour_class(colour)
        for car, colour in Entry.objects.filter(round_id=round_id).values_list(
            "car", "team__colour"
        )
    }
