"""The forms of a round: its session, its race options, its starters and their cars' builds,
and its result typed by hand (each car's outcome, an injury roll)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time
from typing import TYPE_CHECKING, cast

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, pgettext
from django.utils.translation import gettext_lazy as _

from rules.championship import BuildZone, Championship
from rules.language import gettext as said

from ..models import Driver, team_colours, time_zones
from ..services.results import MAX_BONUS_POINTS, MAX_DAMAGE, MAX_OVERSHOOT, EntryOutcome

if TYPE_CHECKING:
    from ..reads.round_panel import StarterLine


FINISHED = "finished"


SESSION_TIME_WITHOUT_DATE = gettext_noop("Give the session's date as well as its time.")
CAR_UNNAMED = gettext_noop("Name the car this driver races in.")


# The starters form's colour for a car the league leaves as its name or team says.
COLOUR_AS_NAMED = ""


class StarterForm(forms.Form):
    """One driver's line on the start form: races or not, in which car, and the colour the car
    is drawn in at the table (league/models/team_colours.py: by default its name's, else its
    team's)."""

    start = forms.BooleanField(required=False, label=_("Start"))
    car = forms.CharField(max_length=30, required=False, label=_("Car"))
    colour = forms.ChoiceField(
        choices=[(COLOUR_AS_NAMED, _("Its name's or team's colour")), *team_colours.CAR_CHOICES],
        required=False,
        label=_("Drawn in"),
    )

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("start") and not cleaned.get("car", "").strip():
            raise forms.ValidationError(gettext(CAR_UNNAMED))
        return cleaned


class OutcomeForm(forms.Form):
    """One car's line on the result form."""

    # The phone's width at most: a long way out (an option's label) never widens the page.
    outcome = forms.ChoiceField(
        label=_("Outcome"), widget=forms.Select(attrs={"class": "form-select form-select-sm"})
    )
    place = forms.IntegerField(required=False, min_value=1, label=_("Place"))
    # Where the car started, if the referee noted the grid (every car's or none: the service
    # checks the whole grid); pole is 1.
    grid = forms.IntegerField(required=False, min_value=1, label=_("Grid"))
    distance = forms.DecimalField(
        required=False, min_value=0, max_digits=6, decimal_places=1, label=_("Spaces covered")
    )
    overshoot = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_OVERSHOOT, label=_("Overshoot")
    )
    damage = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_DAMAGE, label=_("Damage points")
    )
    # Asked where the rule set scores points beyond the place (Mini's lap-leader points).
    bonus_points = forms.IntegerField(required=False, min_value=0, max_value=MAX_BONUS_POINTS)

    def __init__(self, *args, rules: Championship, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["outcome"]).choices = [
            (FINISHED, pgettext("a car", "Finished")),
            *((key, said(label)) for key, label in rules.out_reasons),
        ]
        # Styled as the line's other fields (small Bootstrap controls).
        self.fields["outcome"].widget.attrs["class"] = "form-select form-select-sm"
        if rules.bonus_points_label:
            self.fields["bonus_points"].label = said(rules.bonus_points_label)
        else:
            del self.fields["bonus_points"]
        cast(forms.IntegerField, self.fields["damage"]).min_value = rules.least_disabling_damage
        self.fields["damage"].validators.append(MinValueValidator(rules.least_disabling_damage))

    def outcome_for(self, entry_id: int) -> EntryOutcome:
        data = self.cleaned_data
        finished = data["outcome"] == FINISHED
        return EntryOutcome(
            entry_id=entry_id,
            finished=finished,
            place=data.get("place") if finished else None,
            out_reason="" if finished else data["outcome"],
            distance=None if finished else data.get("distance"),
            overshoot=data.get("overshoot"),
            damage=data.get("damage"),
            bonus_points=data.get("bonus_points") or 0,
            grid=data.get("grid"),
        )


class InjuryRollForm(forms.Form):
    entry = forms.IntegerField(widget=forms.HiddenInput)
    # No range here: the rules refuse a face the black die lacks, in their own words.
    value = forms.IntegerField(label=_("Black die"))


class RoundSessionForm(forms.Form):
    """When and where a round's race is played (both empty: not scheduled), the time on the
    clocks of the league's time zone `time_zone`."""

    def __init__(self, *args, time_zone: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.time_zone = time_zone

    date = forms.DateField(
        required=False, label=_("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    time = forms.TimeField(
        required=False, label=_("Time"), widget=forms.TimeInput(attrs={"type": "time"})
    )
    venue = forms.CharField(max_length=120, required=False, label=_("Place"))

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("time") and not cleaned.get("date"):
            raise forms.ValidationError(gettext(SESSION_TIME_WITHOUT_DATE))
        return cleaned

    @property
    def starts_at(self) -> datetime | None:
        """The session's start, aware in the league's time zone (a date alone: 00:00). A time
        the clocks skip (spring forward) reads as the one an hour later, a time they show twice
        (fall back) as the first (docs/architecture.md, "Time zones")."""
        date = self.cleaned_data.get("date")
        if date is None:
            return None
        moment = datetime.combine(date, self.cleaned_data.get("time") or time())
        return timezone.make_aware(moment, time_zones.zone(self.time_zone))


# A race option's choice on the round page that leaves it as the league says.
AS_THE_LEAGUE = ""


BOOL_VALUES = {"on": True, "off": False}


class RaceOptionsForm(forms.Form):
    """The race options of a round (its rule set's settings marked `race_option`): for each, the
    league's value or one of its own for this round's race."""

    def __init__(self, *args, round_, **kwargs):
        super().__init__(*args, **kwargs)
        for line in round_.season.rules.race_option_lines(round_.season.league_settings, {}):
            setting = line.setting
            values = (
                (("on", gettext("On")), ("off", gettext("Off")))
                if setting.kind == "bool"
                else setting.said_choices()
            )
            own = round_.race_options.get(setting.key)
            self.fields[setting.key] = forms.ChoiceField(
                label=setting.said_label(),
                required=False,
                choices=(
                    (
                        AS_THE_LEAGUE,
                        gettext("As the league: {value}").format(
                            value=setting.said_value(line.value)
                        ),
                    ),
                    *values,
                ),
                initial=AS_THE_LEAGUE if own is None else _option_text(own),
            )

    def race_options(self) -> dict[str, bool | str | None]:
        """Each option as posted: its value for this round, None for the league's; call once
        the form is valid."""
        return {
            key: None if value == AS_THE_LEAGUE else BOOL_VALUES.get(value, value)
            for key, value in self.cleaned_data.items()
        }


def _option_text(value: bool | str) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return value


BUILD_INCOMPLETE = gettext_noop(
    "{driver}: a built car gives the WP of every zone; leave them all blank for the standard car."
)


class CarBuildForm(forms.Form):
    """One starter's built car: the WP of each zone the rule set lets a player build."""

    def __init__(self, *args, zones: Sequence[BuildZone], **kwargs):
        super().__init__(*args, **kwargs)
        self.zones = tuple(zones)
        for zone in self.zones:
            self.fields[zone.key] = forms.IntegerField(
                required=False, min_value=zone.low, max_value=zone.high, label=said(zone.label)
            )

    def build(self, driver: Driver) -> dict[str, int] | None:
        """The WP by zone, or None for the standard car; call once the form is valid."""
        given = {zone.key: self.cleaned_data.get(zone.key) for zone in self.zones}
        if all(wp is None for wp in given.values()):
            return None
        if any(wp is None for wp in given.values()):
            raise ValidationError(gettext(BUILD_INCOMPLETE).format(driver=driver))
        return {key: wp for key, wp in given.items() if wp is not None}


@dataclass
class BuildLine:
    line: StarterLine
    form: CarBuildForm


def build_lines(
    starters: Sequence[tuple[str, Sequence[StarterLine]]], zones: Sequence[BuildZone], data=None
) -> list[BuildLine]:
    """A build form for every driver who may start, where the rule set lets cars be built (the
    turn helper's start and its change of starters)."""
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
        gettext("{driver} · {field}: {error}").format(
            driver=line.line.driver, field=line.form.fields[field].label, error=error
        )
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
