"""What the round page shows at each step of entering a result: start, result, injuries, done."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from rules.championship import Championship, team_race
from rules.dice import Die, values

from ..forms.rounds import FINISHED, OutcomeForm, StarterForm
from ..models import Driver, DriverStatus, Entry, Round, RoundStatus
from ..services.cars import proposed_cars, proposed_colours, teams_with_drivers
from ..services.results import pending_injuries
from ..services.starts import start_refusal, starters_change_refusal
from ..services.table import Discarded, table
from .standings import team_race_won


@dataclass
class StarterLine:
    driver: Driver
    form: StarterForm
    level_when_starting: str  # "" where the rule set has no levels
    eligible: bool
    reason: str


@dataclass
class OutcomeLine:
    entry: Entry
    form: OutcomeForm


@dataclass
class InjuryPrompt:
    entry: Entry
    column: str
    rolls: list[tuple[str, int]]
    keypad: tuple[int, ...] = field(default_factory=lambda: values(Die.BLACK))


@dataclass
class RoundPanel:
    step: str  # "start", "result", "injuries", "confirm", "at_table", "done", "waiting"
    starters: list[tuple[str, list[StarterLine]]] = field(default_factory=list)
    outcomes: list[OutcomeLine] = field(default_factory=list)
    injury: InjuryPrompt | None = None
    entries: list[Entry] = field(default_factory=list)
    team_totals: list[tuple[str, int]] = field(default_factory=list)
    # Who won the round, in words, where it was raced as a team race (else "").
    team_race_won: str = ""
    team_race_table: str = ""  # the points table it was scored by, as text
    # What the result form asks of a car out, besides why and how far: "overshoot", "damage".
    facts: frozenset[str] = frozenset()
    # Started by hand and nothing entered yet: the starters may change, the start be cancelled.
    may_change_starters: bool = False
    # What the result form asks of each car beyond its place ("" where nothing: see
    # Championship.bonus_points_label), and the most the cars of this round may earn so.
    bonus_label: str = ""
    most_bonus_points: int = 0
    # The race formats the round may still be given, (key, label), where the rule set has them.
    formats: tuple[tuple[str, str], ...] = ()
    # Run at the table: what typing its result by hand instead would discard and keep.
    discarding: Discarded | None = None


def starter_lines(
    round_: Round,
    data=None,
    current: Mapping[int, str] | None = None,
    current_colours: Mapping[int, str] | None = None,
) -> list[tuple[str, list[StarterLine]]]:
    """Each team's drivers with a line to tick, a car to name and the colour it is drawn in,
    the car proposed as league/services/cars.py says (kept from the driver's last round, else
    the team's name and a number: "Rosso 1"). `current`: the starters already chosen (driver id
    to car), for changing them, and `current_colours` their cars' colours; else a team whose
    owner chose its starters (StarterChoice) is proposed as chosen."""
    teams = list(teams_with_drivers(round_))
    choices = (
        list(round_.starter_choices.values_list("driver_id", "car", "colour"))
        if current is None
        else []
    )
    owners_choice = {driver_id: car for driver_id, car, _colour in choices}
    chosen = current if current is not None else owners_choice
    cars = proposed_cars(teams, chosen)
    chosen_colours = (
        (current_colours or {})
        if current is not None
        else {driver_id: colour for driver_id, _car, colour in choices}
    )
    colours = proposed_colours(teams, cars, chosen_colours)
    grouped = []
    for team in teams:
        lines = []
        # A retired or dead driver gets a line only when posted, so the service refuses them
        # with the rules' reason instead of the form silently dropping them.
        racing = [
            driver
            for driver in team.drivers.all()
            if driver.status == DriverStatus.ACTIVE or (data and f"d{driver.pk}-start" in data)
        ]
        rules = round_.season.rules
        # Said after the driver's name on their line: "Ann has 2 races still to miss".
        refusals = {driver.pk: start_refusal(driver, named_as="") for driver in racing}
        # Proposed: the team's first drivers who may start, one for each car it may field.
        may_start = [driver for driver in racing if refusals[driver.pk] is None]
        proposed = may_start[: round_.season.cars_per_team]
        team_chose = any(driver.pk in owners_choice for driver in team.drivers.all())
        for driver in racing:
            starts = (
                driver.pk in chosen if current is not None or team_chose else driver in proposed
            )
            form = StarterForm(
                data,
                prefix=f"d{driver.pk}",
                initial={"car": cars[driver.pk], "start": starts, "colour": colours[driver.pk]},
            )
            lines.append(
                StarterLine(
                    driver=driver,
                    form=form,
                    level_when_starting=rules.starting(driver.xp)[0],
                    eligible=refusals[driver.pk] is None,
                    reason=refusals[driver.pk] or "",
                )
            )
        grouped.append((team.name, lines))
    return grouped


def chosen_starters(
    grouped: list[tuple[str, list[StarterLine]]],
) -> list[tuple[Driver, str]]:
    """The (driver, car) pairs ticked on a start form; a line's bad input raises ValidationError
    naming the driver."""
    lines = [line for _, team_lines in grouped for line in team_lines]
    if not all(line.form.is_valid() for line in lines):
        raise ValidationError(
            [
                # Translators: a driver's name, then why their line of the form is refused.
                gettext("{driver}: {error}").format(driver=line.driver, error=error)
                for line in lines
                for errors in line.form.errors.values()
                for error in errors
            ]
        )
    return [
        (line.driver, line.form.cleaned_data["car"])
        for line in lines
        if line.form.cleaned_data["start"]
    ]


def chosen_colours(grouped: list[tuple[str, list[StarterLine]]]) -> dict[str, str]:
    """{car: colour key} for the cars ticked on a start form that the league drew in a colour
    of its choice (the others in their name's or team's); call after chosen_starters."""
    return {
        line.form.cleaned_data["car"].strip(): line.form.cleaned_data["colour"]
        for _, team_lines in grouped
        for line in team_lines
        if line.form.cleaned_data["start"] and line.form.cleaned_data.get("colour")
    }


def spaces(distance: Decimal | None) -> Decimal | int | None:
    """Spaces covered as the referee typed them: 40, not the stored 40.0; 40.5 stays."""
    if distance is None or distance != distance.to_integral_value():
        return distance
    return int(distance)


def outcome_lines(entries: Iterable[Entry], rules: Championship, data=None) -> list[OutcomeLine]:
    lines = []
    for entry in entries:
        initial = {
            "outcome": FINISHED if entry.finished in (True, None) else entry.out_reason,
            "place": entry.place if entry.finished else None,
            "grid": entry.grid,
            "distance": spaces(entry.distance),
            "overshoot": entry.overshoot,
            "damage": entry.damage,
            "bonus_points": entry.bonus_points,
        }
        form = OutcomeForm(data, prefix=f"e{entry.pk}", initial=initial, rules=rules)
        lines.append(OutcomeLine(entry, form))
    return lines


def round_panel(round_: Round, *, start_data=None, result_data=None) -> RoundPanel:
    """The panel for the step the round is at (forms bound to `*_data` after a refused POST)."""
    panel = RoundPanel(step="done")
    if round_.status == RoundStatus.SCHEDULED:
        earlier_open = round_.season.rounds.filter(number__lt=round_.number).exclude(
            status=RoundStatus.FINISHED
        )
        panel.step = "waiting" if earlier_open.exists() else "start"
        panel.starters = starter_lines(round_, start_data)
        panel.formats = round_.season.rules.race_formats
        return panel
    panel.entries = list(
        round_.entries.select_related("driver__team__league", "team").order_by("place", "pk")
    )
    if round_.status == RoundStatus.STARTED and round_.run_at_table:
        panel.step = "at_table"
        panel.discarding = table().discarding(round_)
        return panel
    if round_.status == RoundStatus.STARTED:
        rules = round_.season.rules
        panel.outcomes = outcome_lines(panel.entries, rules, result_data)
        panel.facts = frozenset(rules.out_reason_facts.values())
        panel.bonus_label = rules.said_bonus_points_label
        panel.most_bonus_points = rules.most_bonus_points(round_.race_format)
        if result_data is not None or any(entry.place is None for entry in panel.entries):
            panel.step = "result"
            panel.may_change_starters = starters_change_refusal(round_, panel.entries) is None
            return panel
        pending = pending_injuries(panel.entries, rules)
        if pending:
            entry = pending[0]
            check = entry.injury_check(rules)
            panel.step = "injuries"
            panel.injury = InjuryPrompt(
                entry=entry,
                column=check.next_column.value,
                rolls=[(column.value.title(), roll) for column, roll in check.rolls],
            )
        else:
            panel.step = "confirm"
        return panel
    rules = round_.season.rules
    team_table = rules.team_race_points(round_.race_settings)
    by_team: dict[str, list[int]] = {}
    for entry in panel.entries:
        by_team.setdefault(entry.team.name, []).append(
            entry.points if team_table is None else (entry.place or 0)
        )
    if team_table is not None:
        # A team race: its teams score their cars' places on its own table, and one wins.
        result = team_race(
            team_table, by_team, field_size=len(panel.entries), multiplier=round_.multiplier
        )
        panel.team_totals = [(str(name), points) for name, points in result.totals]
        panel.team_race_won = team_race_won([str(name) for name in result.winners])
        panel.team_race_table = str(team_table)
        return panel
    # Else a team scores the sum of its drivers' points.
    totals = {name: sum(points) for name, points in by_team.items()}
    panel.team_totals = sorted(totals.items(), key=lambda item: -item[1])
    return panel


def discarded_in_words(gone: Discarded) -> str:
    """What switching a round run at the table to typing its result by hand discarded and
    kept, and what to do next: a sentence each."""
    said = [
        ngettext(
            "The table's race is discarded: {count} event.",
            "The table's race is discarded: {count} events.",
            gone.events,
        ).format(count=gone.events)
    ]
    if gone.rulings:
        said.append(
            ngettext("Its ruling is kept.", "Its {count} rulings are kept.", gone.rulings).format(
                count=gone.rulings
            )
        )
    if gone.grid:
        said.append(gettext("The grid it settled is kept."))
    said.append(gettext("Enter the result below."))
    return " ".join(said)
