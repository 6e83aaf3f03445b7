"""What the rule set says once a driver's roster changed by hand (league/services/roster.py):
the team they left short of drivers able to race, and the injury a driver who moved takes with
them. Words of the rule set's hooks; the apps never name it."""

from __future__ import annotations

from ..models import Driver, League, Team


def roster_change_notes(league: League, driver: Driver, *, left: Team) -> list[str]:
    """The rule set's words after `driver` left `left` (a transfer, a release, a retirement;
    `driver` as the change left them): what an injury carried to another team becomes, and
    what the team may do with fewer drivers able to race than it races cars."""
    rules = league.rules
    notes = []
    if driver.team_id != left.pk:
        healing = rules.still_healing(driver=str(driver), races_to_miss=driver.races_to_miss)
        if healing:
            notes.append(healing)
    able = Driver.objects.filter(team=left, races_to_miss=0).racing().count()
    cars = league.cars_per_team
    if able < cars:
        notes.append(rules.short_of_drivers(team=left.name, able=able, cars=cars))
    return notes
