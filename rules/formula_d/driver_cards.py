"""Optional Rules, Road Races: the driver cards. Each driver has a card with WPs and special
features; the summary prints the eleven skills (its Skill Reference) but not the cards' WP, which
the organiser enters.

Rulings where the document is silent or loose (docs/rulings.md, "Road races: the driver cards"):
- A card's WP are 1 to 20 in each zone (a zone with none would be out at once; 20 is the black
  die's top), with no total: cards are not built from 20 WP.
- How Sweet!: the overtaking car moves 1 space less for each How Sweet! driver it passed on a
  straight; its gear-die number (its speed for slipstreaming and the pole station) is unchanged.
- Weather Frog: one re-roll in all for each weather roll, however many Weather Frogs race; the
  second result counts. "Slides 1 space forward (instead of 3)" is hard tires' 3 spaces in rain.
- Aggressive: the car that ends its move next to or behind him rolls the collision roll twice;
  when he is the one moving, he rolls once, as anyone does.
- Skidding Pro: at most one adjustment a move (+1 or -1 space), for 1 tire WP.
- Experienced Mechanic: 4 WP at the checkpoint instead of 2.
- Quick Off The Mark: first among cars level on the engine's count (laps, then spaces), before
  the higher gear; wins a grid tie outright (two such drivers tied roll off).
- Car Radio: thrown once a race, on his own move, onto a car it ended next to; brakes or gearbox
  already at 0 lose nothing.
- Pile of Scrap: the 1-2 roll is for the dangerous space he stops on (a damage marker or a red
  space), in any weather; the marker he drops goes on the space he leaves as his move begins.
- Little Genius: 1-3 (1-2 in rain) on the Motor Damage roll only.
- Better Nitro: the 3 spaces come on top of the nitro's, if the driver wishes.
- Ace At The Wheel: the summary prints the name and no text: Paddock tracks nothing for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules.dice import Die, check_roll
from rules.formula_d.car import CarSheet, InvalidCar, Zone, wp_label, wp_text
from rules.formula_d.damage import motor_damage_max, road_handling_max
from rules.formula_d.road_race import CHECKPOINT_WP
from rules.language import gettext as _
from rules.language import gettext_noop as N_


class InvalidDriverCard(ValueError):
    """A driver card with a skill the summary does not print, or WP outside 1-20 in a zone."""


class Skill(StrEnum):
    """The special features of the Skill Reference, in its order."""

    HOW_SWEET = "how_sweet"
    WEATHER_FROG = "weather_frog"
    AGGRESSIVE = "aggressive"
    SKIDDING_PRO = "skidding_pro"
    EXPERIENCED_MECHANIC = "experienced_mechanic"
    QUICK_OFF_THE_MARK = "quick_off_the_mark"
    CAR_RADIO = "car_radio"
    PILE_OF_SCRAP = "pile_of_scrap"
    LITTLE_GENIUS = "little_genius"
    BETTER_NITRO = "better_nitro"
    ACE_AT_THE_WHEEL = "ace_at_the_wheel"


class Limit(StrEnum):
    """How often a skill may be used."""

    ALWAYS = "every time"
    ONCE_A_LAP = "once a lap"
    ONCE_A_RACE = "once a race"


@dataclass(frozen=True)
class SkillCard:
    title: str  # as printed
    text: str  # what it does, in a line
    limit: Limit = Limit.ALWAYS


# The Skill Reference, card by card.
SKILLS: Mapping[Skill, SkillCard] = MappingProxyType(
    {
        Skill.HOW_SWEET: SkillCard(
            N_("How Sweet!"), "an opponent overtaking her on a straight moves 1 space less"
        ),
        Skill.WEATHER_FROG: SkillCard(
            N_("Weather Frog"),
            "may roll the weather die again (the second result counts); in rain slides 1 space "
            "in a corner, not 3",
        ),
        Skill.AGGRESSIVE: SkillCard(
            N_("Aggressive"), "an opponent in a collision with him rolls the black die twice"
        ),
        Skill.SKIDDING_PRO: SkillCard(
            N_("Skidding Pro"),
            "may adjust his move by 1 space either way in a corner, for 1 tire WP",
        ),
        Skill.EXPERIENCED_MECHANIC: SkillCard(
            N_("Experienced Mechanic"), "regains 4 WP instead of 2 at the finishing line"
        ),
        Skill.QUICK_OFF_THE_MARK: SkillCard(
            N_("Quick Off The Mark"), "moves first from a level position, and wins grid ties"
        ),
        Skill.CAR_RADIO: SkillCard(
            N_("Car Radio"),
            "throws his radio onto a car in an adjacent space: it loses 1 WP by the radio table",
            Limit.ONCE_A_RACE,
        ),
        Skill.PILE_OF_SCRAP: SkillCard(
            N_("Pile of Scrap"),
            "may leave a damage marker on the space he leaves; stopping on one, loses road "
            "handling only on 1-2",
            Limit.ONCE_A_LAP,
        ),
        Skill.LITTLE_GENIUS: SkillCard(
            N_("Little Genius"), "loses an engine WP to engine failure only on 1-3 (1-2 in rain)"
        ),
        Skill.BETTER_NITRO: SkillCard(N_("Better Nitro"), "may take 3 more spaces with the nitro"),
        Skill.ACE_AT_THE_WHEEL: SkillCard(
            N_("Ace At The Wheel"), "the summary prints no text for this card: the table applies it"
        ),
    }
)

# How Sweet!: an overtaking opponent's speed is reduced by one square.
HOW_SWEET_SPACES = 1
# Weather Frog: if it is raining, he only slides 1 space forward (instead of 3 spaces).
WEATHER_FROG_RAIN_SLIDE = 1
# Aggressive: his opponent has to roll the black die twice instead of once.
AGGRESSIVE_COLLISION_ROLLS = 2
# Skidding Pro: plus or minus 1 space in every corner; 1 tire WP whenever he uses the skill.
SKID_SPACES = 1
SKID_TIRE_WP = 1
# Experienced Mechanic: 4 WP instead of 2 every time she crosses the finishing line.
EXPERIENCED_MECHANIC_WP = 4
# Pile of Scrap: landing on a space with a damage marker, -1 road handling WP only on 1 or 2.
PILE_OF_SCRAP_HANDLING_MAX = 2
# Little Genius: engine failure costs 1 engine WP only on 1-3 (1-2 if it is raining).
LITTLE_GENIUS_MOTOR_MAX = 3
LITTLE_GENIUS_RAIN_MOTOR_MAX = 2
# Better Nitro: a bonus of 3 additional spaces every time he uses the nitro.
BETTER_NITRO_SPACES = 3

# Car Radio: the target car loses 1 WP in a category defined by rolling the black die.
# Black die   Category
CAR_RADIO_TABLE: tuple[tuple[int, int, Zone], ...] = (
    (1, 4, Zone.TIRES),
    (5, 7, Zone.BRAKES),
    (8, 10, Zone.GEARBOX),
    (11, 13, Zone.BODY),
    (14, 17, Zone.ENGINE),
    (18, 20, Zone.ROAD_HANDLING),
)


def car_radio_zone(black_roll: int) -> Zone:
    """The zone the thrown radio costs its target 1 WP in."""
    check_roll(Die.BLACK, black_roll)
    return next(zone for low, high, zone in CAR_RADIO_TABLE if low <= black_roll <= high)


def collision_rolls(beside: set[Skill | None] | frozenset[Skill | None]) -> int:
    """The collision rolls a car makes ending its move beside cars whose drivers have the skills
    `beside`: twice if one of them is Aggressive, else once."""
    return AGGRESSIVE_COLLISION_ROLLS if Skill.AGGRESSIVE in beside else 1


def checkpoint_wp(skill: Skill | None) -> int:
    """The WP to distribute between damaged zones on crossing the finishing line."""
    return EXPERIENCED_MECHANIC_WP if skill is Skill.EXPERIENCED_MECHANIC else CHECKPOINT_WP


def engine_failure_max(skill: Skill | None, *, rain: bool) -> int:
    """The highest Motor Damage roll that costs the driver's car an engine WP: Little Genius's
    1-3 (1-2 in rain), else the base game's (or rain's)."""
    if skill is Skill.LITTLE_GENIUS:
        return LITTLE_GENIUS_RAIN_MOTOR_MAX if rain else LITTLE_GENIUS_MOTOR_MAX
    return motor_damage_max(rain=rain)


def road_handling_roll_max(skill: Skill | None, *, stopped_on: bool, rain: bool) -> int:
    """The highest road handling roll that costs the driver's car a road handling WP for a
    dangerous space: Pile of Scrap's 1-2 on the one he stops on, else the base game's (or
    rain's)."""
    if skill is Skill.PILE_OF_SCRAP and stopped_on:
        return PILE_OF_SCRAP_HANDLING_MAX
    return road_handling_max(rain=rain)


def skid(adjustment: int) -> int:
    """Skidding Pro's adjustment of a move, +1 or -1 space: the tire WP it costs (0 unused)."""
    if abs(adjustment) > SKID_SPACES:
        raise InvalidDriverCard(
            _(
                "Skidding Pro adjusts a move by {skid_spaces} space either way, not {adjustment}."
            ).format(skid_spaces=SKID_SPACES, adjustment=adjustment)
        )
    return SKID_TIRE_WP if adjustment else 0


def grid_score(quick: bool, black_roll: int) -> int:
    """A grid roll as the grid compares it: a Quick Off The Mark driver wins a tie with a driver
    who is not (the rolls doubled, his one more), so only a tie between two of them rolls off."""
    return 2 * black_roll + (1 if quick else 0)


# --- The card ----------------------------------------------------------------------------------

CARD_WP = (1, 20)  # the WP a card may give a zone


@dataclass(frozen=True)
class DriverCard:
    """A driver's card: the skill (None: a card without one) and the car's WP (None: the car the
    race would give it otherwise)."""

    skill: Skill | None = None
    sheet: CarSheet | None = None


def check_card_sheet(sheet: CarSheet) -> CarSheet:
    """`sheet` if every zone has 1 to 20 WP, else which does not."""
    low, high = CARD_WP
    for zone in Zone:
        if not low <= sheet[zone] <= high:
            raise InvalidDriverCard(
                _("A driver card gives {low} to {high} WP in each zone, not {wp}.").format(
                    low=low, high=high, wp=wp_text(zone, sheet[zone])
                )
            )
    return sheet


def driver_card(raw: Mapping[str, object]) -> DriverCard:
    """A card from {"skill": key or "", zone: WP...} (zones by the scorecard's field names,
    "body"); WP are given for all six zones or none."""
    skill_key = str(raw.get("skill") or "")
    try:
        skill = Skill(skill_key) if skill_key else None
    except ValueError:
        raise InvalidDriverCard(
            _("No driver card has the skill {skill_key!r}.").format(skill_key=skill_key)
        ) from None
    given = {zone: raw.get(zone.name.lower()) for zone in Zone}
    if all(value in (None, "") for value in given.values()):
        return DriverCard(skill)
    missing = [wp_label(zone) for zone, value in given.items() if value in (None, "")]
    if missing:
        raise InvalidDriverCard(
            _("A driver card gives WP in all six zones: {values}?").format(
                values=", ".join(missing)
            )
        )
    try:
        sheet = CarSheet.from_zones({zone: _whole(zone, value) for zone, value in given.items()})
    except InvalidCar as refusal:
        raise InvalidDriverCard(str(refusal)) from None
    return DriverCard(skill, check_card_sheet(sheet))


def _whole(zone: Zone, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidDriverCard(
            _("{wp}: a whole number, not {value!r}.").format(wp=wp_label(zone), value=value)
        )
    try:
        return int(value)
    except ValueError:
        raise InvalidDriverCard(
            _("{wp}: a whole number, not {value!r}.").format(wp=wp_label(zone), value=value)
        ) from None


def skill_title(skill: Skill | None) -> str:
    return _(SKILLS[skill].title) if skill else ""
