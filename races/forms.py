"""Forms of the turn helper's pages. They parse input; the rules decide what they allow."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django import forms
from django.core.exceptions import ValidationError

from league.models import Driver
from league.round_panel import StarterLine
from rules.championship import BuildZone

BUILD_INCOMPLETE = (
    "{driver}: a built car gives the WP of every zone; leave them all blank for the standard car."
)


class CarBuildForm(forms.Form):
    """One starter's built car: the WP of each zone the rule set lets a player build."""

    def __init__(self, *args, zones: Sequence[BuildZone], **kwargs):
        super().__init__(*args, **kwargs)
        self.zones = tuple(zones)
        for zone in self.zones:
            self.fields[zone.key] = forms.IntegerField(
                required=False, min_value=zone.low, max_value=zone.high, label=zone.label
            )

    def build(self, driver: Driver) -> dict[str, int] | None:
        """The WP by zone, or None for the standard car; call once the form is valid."""
        given = {zone.key: self.cleaned_data.get(zone.key) for zone in self.zones}
        if all(wp is None for wp in given.values()):
            return None
        if any(wp is None for wp in given.values()):
            raise ValidationError(BUILD_INCOMPLETE.format(driver=driver))
        return given  # type: ignore[return-value]


@dataclass
class BuildLine:
    line: StarterLine
    form: CarBuildForm


def build_lines(
    starters: Sequence[tuple[str, Sequence[StarterLine]]], zones: Sequence[BuildZone], data=None
) -> list[BuildLine]:
    """A build form for every driver who may start, where the rule set lets cars be built."""
    if not zones:
        return []
    return [
        BuildLine(line, CarBuildForm(data, prefix=f"d{line.driver.pk}-build", zones=zones))
        for _team, lines in starters
        for line in lines
        if line.eligible
    ]


def chosen_builds(lines: Sequence[BuildLine]) -> dict[str, dict[str, int]]:
    """{car: WP by zone} for the starters whose car is built; ValidationError naming the driver
    whose build is not a number within its zone's limits, or only half given."""
    errors = [
        f"{line.line.driver}, {line.form.fields[field].label.lower()}: {error}"
        for line in lines
        for field, field_errors in line.form.errors.items()
        for error in field_errors
    ]
    if errors:
        raise ValidationError(errors)
    builds = {}
    for line in lines:
        start = line.line.form.cleaned_data
        if not start.get("start"):
            continue
        build = line.form.build(line.line.driver)
        if build is not None:
            builds[start["car"].strip()] = build
    return builds
