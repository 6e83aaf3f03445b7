"""Road Races at the table (an optional rule): the move prompt's facts of a road race (the nitro,
the skills of the driver cards used on a move, the danger zone, the engine-noise area), what they
add to a move, the rolls and the WP they call for (the engine-noise roll, the thrown car radio,
the checkpoint and the pole station at the line), and the Weather Frog's second weather roll.

The tables are rules.formula_d.road_race's and rules.formula_d.driver_cards'; the readings are
listed in docs/rulings.md ("Road races")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.engine.events import EventRejected, Field, Prompt
from rules.engine.pieces import board_fact, name, names, plural, with_car
from rules.formula_d import TireEffect, Zone, chart_weather, is_rain, refit_tires
from rules.formula_d.car import wp_text as zone_wp_text
from rules.formula_d.driver_cards import (
    BETTER_NITRO_SPACES,
    HOW_SWEET_SPACES,
    WEATHER_FROG_RAIN_SLIDE,
    Skill,
    checkpoint_wp,
    collision_rolls,
    skid,
    skill_title,
)
from rules.formula_d.race import reasons
from rules.formula_d.race.common import gear_name, label, place_marker, value_words
from rules.formula_d.race.facts import cars_fact, marker_label
from rules.formula_d.race.reasons import Reason, reason_words
from rules.formula_d.race.state import CarState, Check, FormulaDT, RaceState
from rules.formula_d.road_race import (
    ENGINE_NOISE_TABLE,
    POLE_STATION_WP,
    Crossing,
    damaged_zones,
    nitro_spaces,
    pole_speed,
    pole_winner,
)
from rules.language import gettext as _
from rules.language import gettext_noop as N_

NONE = "none"
DANGER = "danger"  # Pile of Scrap stopped on a red space of the danger zone
DANGER_ZONE = "danger zone"  # the reason of a road handling roll for a red space


def _lap(car: CarState) -> int:
    """The lap the car is on (the one it began its move on)."""
    return car.laps + 1


def nitro_ready(state: RaceState, car: CarState) -> bool:
    """Nitro: once a lap, after rolling the gear die (not on a move made without one)."""
    return state.setup.road_race and not state.fixed_move and car.nitro_lap != _lap(car)


# --- The move's facts --------------------------------------------------------------------------


def move_facts(
    state: RaceState, car: CarState, markers: tuple[str, ...], others: tuple[str, ...]
) -> list[Field]:
    """The facts a road race adds to `car`'s move prompt: the nitro first, then, folded away,
    its skill's, the danger zone and the engine-noise area; `markers` are the dangerous spaces
    it may pass over, `others` the cars it may end beside."""
    if not state.setup.road_race:
        return []
    skill = state.setup.skill(car.car)
    fields: list[Field] = []
    if nitro_ready(state, car):
        boost = nitro_spaces(car.gear)
        fields.append(
            _yes_no(
                "nitro",
                _("Nitro, once a lap: +{spaces} in {gear} gear").format(
                    spaces=plural(boost, "space"), gear=gear_name(car.gear)
                ),
                _("Nitro +{spaces}").format(spaces=boost),
                folded=False,
            )
        )
        if skill is Skill.BETTER_NITRO:
            fields.append(
                _yes_no(
                    "better_nitro",
                    _("Better Nitro: {spaces} spaces more with the nitro").format(
                        spaces=BETTER_NITRO_SPACES
                    ),
                    _("Better Nitro +{spaces}").format(spaces=BETTER_NITRO_SPACES),
                    folded=False,
                )
            )
    if skill is Skill.SKIDDING_PRO:
        fields.append(
            Field(
                "skid",
                _("Skidding Pro: adjusted the move in a corner (1 tire WP)"),
                "choice",
                choices=(
                    ("0", _("No")),
                    ("1", _("1 space further")),
                    ("-1", _("1 space shorter")),
                ),
                required=False,
                default="0",
                short=_("Skid"),
                folded=True,
            )
        )
    sweet = tuple(key for key in state.setup.with_skill(Skill.HOW_SWEET) if key in others)
    if sweet:
        fields.append(
            cars_fact(
                state,
                "sweet",
                _("Overtook on a straight (How Sweet!: {spaces} space less each)").format(
                    spaces=HOW_SWEET_SPACES
                ),
                sweet,
                short=_("Overtook"),
                folded=True,
            )
        )
    fields.append(
        board_fact(
            "danger",
            _("Red spaces of the danger zone passed over or landed on (a road handling roll each)"),
            _("spaces"),
            short=_("Danger zone"),
            folded=True,
        )
    )
    if skill is Skill.PILE_OF_SCRAP:
        fields += _scrap_facts(state, car, markers)
    fields.append(
        _yes_no(
            "noise",
            _("Ended its move in the engine-noise area (a resident shoots: roll black)"),
            _("Engine noise"),
        )
    )
    if skill is Skill.CAR_RADIO and not car.radio_thrown and others:
        fields.append(
            Field(
                "radio",
                _("Car Radio, once a race: thrown out of the window onto a car it ended next to"),
                "choice",
                choices=((NONE, _("Not thrown")), *((key, label(state, key)) for key in others)),
                required=False,
                default=NONE,
                short=_("Car Radio"),
                folded=True,
            )
        )
    return fields


def _yes_no(key: str, question: str, short: str, *, folded: bool = True) -> Field:
    return Field(key, question, "bool", required=False, default=False, short=short, folded=folded)


def _scrap_facts(state: RaceState, car: CarState, markers: tuple[str, ...]) -> list[Field]:
    fields = []
    if car.scrap_lap != _lap(car):
        fields.append(
            _yes_no(
                "scrap",
                _("Pile of Scrap, once a lap: placed a damage marker on the space it left"),
                _("Scrap marker"),
            )
        )
    spaces = ((NONE, _("None")),) + tuple((key, marker_label(state, key)) for key in markers)
    fields.append(
        Field(
            "stopped_on",
            _("Pile of Scrap: the dangerous space it stopped on (its roll there: 1-2 only)"),
            "choice",
            choices=(*spaces, (DANGER, _("A red space of the danger zone"))),
            required=False,
            default=NONE,
            short=_("Stopped on"),
            folded=True,
        )
    )
    return fields


@dataclass(frozen=True)
class RoadMove:
    """What a road race's facts do to a move: the nitro's spaces (Better Nitro's included), the
    spaces the skills add or take (Skidding Pro, How Sweet!), the tire WP they cost, and what
    the move calls for."""

    nitro: int = 0
    spaces: int = 0
    tires: int = 0
    danger: int = 0
    stopped_on: str = NONE
    noise: bool = False
    scrap: bool = False
    radio: str = NONE
    checkpoint: bool = False


NO_ROAD = RoadMove()


def read_move(
    state: RaceState, car: CarState, entry: Mapping[str, Any], *, finish: float
) -> RoadMove:
    """The road race's facts of a move, checked against the others (`entry`, as read)."""
    if not state.setup.road_race:
        return NO_ROAD
    who = name(car.car)
    nitro = nitro_spaces(car.gear) if entry.get("nitro") else 0
    if entry.get("better_nitro"):
        if not nitro:
            raise EventRejected(
                _(
                    "Better Nitro's {spaces} spaces come with the nitro: {car} did not use it."
                ).format(spaces=BETTER_NITRO_SPACES, car=who)
            )
        nitro += BETTER_NITRO_SPACES
    adjustment = int(entry.get("skid", "0"))
    sweet = len(entry.get("sweet", ()))
    danger = entry.get("danger", 0)
    stopped_on = entry.get("stopped_on", NONE)
    if stopped_on == DANGER and not danger:
        raise EventRejected(
            _("{car} stopped on a red space: count it among the red spaces.").format(car=who)
        )
    if stopped_on not in (NONE, DANGER) and stopped_on not in entry.get("markers", ()):
        raise EventRejected(
            _(
                "{car} stopped on a damage marker: name it among the markers it passed over or "
                "landed on."
            ).format(car=who)
        )
    radio = entry.get("radio", NONE)
    if radio != NONE and radio not in entry.get("adjacent", ()):
        raise EventRejected(
            _(
                "{car}'s car radio lands on a car in an adjacent space: name {target} among "
                "the cars it ended next to."
            ).format(car=who, target=name(radio))
        )
    return RoadMove(
        nitro=nitro,
        spaces=nitro + adjustment - HOW_SWEET_SPACES * sweet,
        tires=skid(adjustment),
        danger=danger,
        stopped_on=stopped_on,
        noise=bool(entry.get("noise")),
        scrap=bool(entry.get("scrap")),
        radio=radio,
        checkpoint=bool(finish) and _lap(car) < state.setup.laps,
    )


def before_move(state: FormulaDT, car: CarState, road: RoadMove) -> FormulaDT:
    """What happens as the move begins: Pile of Scrap's marker on the space it leaves; and what
    the car has used (the nitro and its marker for this lap, the car radio for the race)."""
    if road is NO_ROAD:
        return state
    if road.scrap:
        state = place_marker(state, car.car)
    lap = _lap(car)
    return with_car(
        state,
        car.car,
        nitro_lap=lap if road.nitro else car.nitro_lap,
        scrap_lap=lap if road.scrap else car.scrap_lap,
        radio_thrown=car.radio_thrown or road.radio != NONE,
    )


def at_the_line(state: FormulaDT, car: CarState, road: RoadMove) -> FormulaDT:
    """The checkpoint: crossing the line (before the last lap's), the car receives its entire
    tire WP; the WP to distribute are asked after the move (checkpoint_checks)."""
    if not road.checkpoint:
        return state
    built = state.setup.car(car.car).sheet
    return with_car(state, car.car, sheet=refit_tires(state.car(car.car).sheet, built))


def record_crossing(state: FormulaDT, car: CarState, road: RoadMove, roll: int) -> FormulaDT:
    """The pole station records the speed of a car crossing the line: its gear-die number x10
    (0 for a move made without a die)."""
    if not road.checkpoint:
        return state
    crossing = Crossing(car.car, _lap(car), pole_speed(roll), state.clock + 1)
    return replace(state, crossings=(*state.crossings, crossing))


# --- The rolls and WP a move calls for ---------------------------------------------------------


def checkpoint_checks(state: RaceState, key: str, road: RoadMove) -> list[Check]:
    """The checkpoint's WP to distribute, asked first (the car crossed the line during its move);
    none when nothing on the car is damaged."""
    if not road.checkpoint or not _damaged_wp(state, key):
        return []
    return [Check("checkpoint", key)]


def handling_checks(
    state: RaceState, key: str, markers: list[Check], road: RoadMove
) -> list[Check]:
    """The road handling rolls for the damage markers (`markers`) and the red spaces, the one for
    the space Pile of Scrap stopped on so marked."""
    checks = [replace(check, stopped_on=check.marker == road.stopped_on) for check in markers]
    checks += [
        Check(
            "handling_roll",
            key,
            DANGER_ZONE,
            stopped_on=road.stopped_on == DANGER and number == road.danger,
        )
        for number in range(1, road.danger + 1)
    ]
    return checks


def collision_checks(state: RaceState, key: str, adjacent: tuple[str, ...]) -> list[Check]:
    """The collision roll for ending beside `adjacent`: twice beside an Aggressive driver, each
    a check of its own."""
    beside = frozenset(state.setup.skill(other) for other in adjacent)
    rolls = collision_rolls(beside)
    return [
        Check(
            "collision_roll",
            key,
            why=Reason(reasons.BESIDE if number == 1 else reasons.BESIDE_AGAIN, cars=adjacent),
        )
        for number in range(1, rolls + 1)
    ]


def noise_and_radio_checks(state: RaceState, key: str, road: RoadMove) -> list[Check]:
    checks = []
    if road.noise:
        checks.append(Check("noise_roll", key))
    if road.radio != NONE:
        checks.append(Check("radio_roll", road.radio, why=Reason(reasons.RADIO, car=key)))
    return checks


# --- Their prompts -----------------------------------------------------------------------------


def noise_text(state: RaceState, check: Check) -> str:
    lines = "; ".join(
        f"{line.low}{'' if line.low == line.high else f'-{line.high}'}: {_(line.result)}"
        for line in ENGINE_NOISE_TABLE
    )
    return _(
        "{car} ended its move in the engine-noise area, a resident takes a shot: roll black "
        "({lines})"
    ).format(car=label(state, check.car), lines=lines)


RADIO_TABLE_WORDS = N_(
    "1-4 tire, 5-7 brake, 8-10 gearbox, 11-13 car body, 14-17 engine, 18-20 road handling"
)


def radio_text(state: RaceState, check: Check) -> str:
    return _("{reason} onto {car}: roll black for the WP it loses ({table})").format(
        reason=reason_words(check), car=label(state, check.car), table=_(RADIO_TABLE_WORDS)
    )


def _damaged_wp(state: RaceState, key: str) -> int:
    built, now = state.setup.car(key).sheet, state.car(key).sheet
    return sum(built[zone] - now[zone] for zone in damaged_zones(now, built))


def wp_text(state: RaceState, check: Check) -> str:
    """The checkpoint's or the pole station's prompt: the WP to distribute between damaged
    zones (the fields are the pit stops' repair fields, one a WP: wp_count of them)."""
    key = check.car
    allowance = wp_allowance(state, check)
    if check.kind == "checkpoint":
        if allowance != checkpoint_wp(None):
            text = _(
                "{car} crossed the line: checkpoint, its tire WP back ({tires}) and {wp} WP "
                "(Experienced Mechanic) to distribute between damaged zones, never above the start"
            )
        else:
            text = _(
                "{car} crossed the line: checkpoint, its tire WP back ({tires}) and {wp} WP to "
                "distribute between damaged zones, never above the start"
            )
        text = text.format(car=label(state, key), tires=state.car(key).sheet.tires, wp=allowance)
    else:
        lap = state.pole_laps + 1
        text = _(
            "Pole station, lap {lap}: {car} was the fastest over the line ({speeds}): {wp} WP to "
            "distribute between damaged zones, never above the start"
        ).format(lap=lap, car=label(state, key), speeds=pole_speeds(state, lap), wp=allowance)
    if not wp_count(state, check):
        text += _(": nothing is damaged, the WP are not used")
    return text


def wp_count(state: RaceState, check: Check) -> int:
    """The WP the car can take: its allowance, or fewer if fewer are damaged."""
    return min(wp_allowance(state, check), _damaged_wp(state, check.car))


def wp_zones(state: RaceState, key: str) -> tuple[Zone, ...]:
    return damaged_zones(state.car(key).sheet, state.setup.car(key).sheet)


def pole_speeds(state: RaceState, lap: int) -> str:
    """Lap `lap`'s crossings, fastest first: "Red 120, Blue 90"."""
    crossings = sorted(
        (crossing for crossing in state.crossings if crossing.lap == lap),
        key=lambda crossing: (-crossing.speed, crossing.at),
    )
    return ", ".join(f"{name(crossing.car)} {crossing.speed}" for crossing in crossings)


def wp_allowance(state: RaceState, check: Check) -> int:
    if check.kind == "checkpoint":
        return checkpoint_wp(state.setup.skill(check.car))
    return POLE_STATION_WP


# --- The pole station --------------------------------------------------------------------------


def pole_station(state: FormulaDT) -> FormulaDT:
    """When all drivers racing have crossed the line of the next lap whose pole station is not
    settled, the fastest of them (the first over in a tie) gets its WP: asked for as a check; a
    lap whose crossers are all out of the race is settled with no one to reward."""
    while state.setup.road_race and state.pole_laps + 1 < state.setup.laps:
        lap = state.pole_laps + 1
        racing = [car for car in state.cars if car.racing]
        if any(car.laps < lap for car in racing):
            return state
        keys = {car.car for car in racing}
        winner = pole_winner([c for c in state.crossings if c.lap == lap and c.car in keys])
        if winner is not None:
            return replace(
                state,
                pending=(Check("pole_station", winner.car, why=Reason(reasons.LAP, number=lap)),),
            )
        state = replace(state, pole_laps=lap)
    return state


# --- The Weather Frog --------------------------------------------------------------------------


def frogs(state: RaceState) -> tuple[str, ...]:
    """The Weather Frogs still racing: each may have a weather roll rolled again."""
    return tuple(key for key in state.setup.with_skill(Skill.WEATHER_FROG) if state.car(key).racing)


def holds_weather(state: RaceState) -> bool:
    """Whether a weather roll now waits for a Weather Frog's choice (not after his second)."""
    return bool(frogs(state)) and not state.frog_second


FROG_KEEP, FROG_AGAIN = "keep", "again"


def frog_prompt(state: RaceState) -> Prompt:
    """A Weather Frog may roll the weather die again; the second result counts."""
    held = state.held_weather
    line = value_words(chart_weather(state.setup.weather_chart, held).value)
    who = frogs(state)
    text = _(
        "Weather roll {held} ({line}): Weather Frog {cars} may roll the black die again, and the "
        "second result counts"
    ).format(held=held, line=line, cars=names([label(state, k) for k in who]))
    field = Field(
        "frog",
        _("The Weather Frog"),
        "choice",
        choices=(
            (FROG_KEEP, _("Keep {held} ({line})").format(held=held, line=line)),
            (FROG_AGAIN, _("Roll again")),
        ),
    )
    return Prompt("frog_choice", text, who[0], (field,))


def weather_prompt_text(state: RaceState, text: str) -> str:
    """A weather roll's prompt, saying when it is the Weather Frog's second."""
    if state.frog_second:
        return _("{text}: the Weather Frog's second roll, which counts").format(text=text)
    return text


def frog_tire_effect(state: RaceState, car: CarState, effect: TireEffect) -> TireEffect:
    """Weather Frog: if it is raining, he only slides 1 space forward (instead of 3 spaces)."""
    if (
        state.setup.skill(car.car) is Skill.WEATHER_FROG
        and is_rain(state.weather)
        and effect.extra_spaces > WEATHER_FROG_RAIN_SLIDE
    ):
        return replace(effect, extra_spaces=WEATHER_FROG_RAIN_SLIDE)
    return effect


# --- The dashboard -----------------------------------------------------------------------------


def notes(state: RaceState, car: CarState) -> list[str]:
    """What the dashboard says of a car in a road race: its skill, and what it has used."""
    if not state.setup.road_race:
        return []
    skill = state.setup.skill(car.car)
    said = [skill_title(skill)] if skill else []
    lap = _lap(car)
    said.append(_("nitro used this lap") if car.nitro_lap == lap else _("nitro ready"))
    if skill is Skill.PILE_OF_SCRAP and car.scrap_lap == lap:
        said.append(_("scrap marker used this lap"))
    if car.radio_thrown:
        said.append(_("car radio thrown"))
    return said


def zones_named(zones: Sequence[Zone]) -> str:
    """ "1 brake WP and 1 engine WP": WP given back, zone by zone."""
    counts: dict[Zone, int] = {}
    for zone in zones:
        counts[zone] = counts.get(zone, 0) + 1
    said = ""
    for zone, count in counts.items():
        wp = zone_wp_text(zone, count)
        said = _("{some} and {last}").format(some=said, last=wp) if said else wp
    return said
