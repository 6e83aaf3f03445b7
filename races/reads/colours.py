"""Each car's colour at the table: the class (`team-<key>`, league/models/team_colours.py) that the
turn page, the big screen and the strip draw a car with, read from the round's entries (the car
each driver races under, its team, and the colour the league chose for it) in one query: the
colour chosen for the car in the round, else its team's colour, or the colour its name names
("Red" is drawn red whatever its team's colour)."""

from __future__ import annotations

from league.models import Entry
from league.models.team_colours import car_colour, colour_class


def car_colours(round_id: int) -> dict[str, str]:
    """The class of each car's colour in the round, by car."""
    return {
        car: colour_class(car_colour(car, team_colour, chosen))
        for car, team_colour, chosen in Entry.objects.filter(round_id=round_id).values_list(
            "car", "team__colour", "colour"
        )
    }
