"""RBB-style championship (an online league's 2023 rules for Formule Dé): a variant of Formula D.

Where its document says what Formula D says (the blocked-braking table, the gear-skip costs, the
start roll, the overshoot), the tables and functions are rules.formula_d's, imported; these
modules hold what RBB says otherwise: the wear-point setup and the home track's tyres, the spin
on any last tyre WP, the house rule for the racer in front of an eliminated one, body damage for
everyone beside, engine damage on a 1, the speed limit and the two pit stops, slipstreaming from
4th gear, the reverse grid and the places of racers that did not reach the line.

Standard library only; the dice are rules.dice's (the damage die is the black d20).
"""

from rules.rbb.braking import FRONT_RACER_BODY_WP, Blocked, blocked
from rules.rbb.car import (
    HOME_TRACK_TYRES,
    RBB_NAMES,
    WEAR_POINT_SETUP,
    InvalidSetup,
    race_sheet,
    wear_point_setup,
    zone_named,
)
from rules.rbb.damage import (
    BODY_DAMAGE_MAX,
    ENGINE_DAMAGE_GEARS,
    ENGINE_DAMAGE_MAX,
    ENGINE_DAMAGE_TRIGGERS,
    HANDLING_DAMAGE_MAX,
    RAIN_BODY_DAMAGE_MAX,
    RAIN_HANDLING_DAMAGE_MAX,
    InvalidBodyRoll,
    body_damage_max,
    body_damages,
    body_rollers,
    calls_engine_damage,
    engine_damages,
    engine_rollers,
    handling_damage_max,
    handling_damages,
    places_damage_marker,
)
from rules.rbb.gears import GEAR_SKIP_TABLE
from rules.rbb.pit_stop import (
    PIT_EXIT_GEAR,
    PIT_SPEED_LIMIT,
    QUICK_STOP_MAX,
    REPAIRABLE,
    TECHNICAL_STOP_WP,
    PitExit,
    PitStop,
    pit_lane_gear,
    quick_stop_roll,
    technical_repairs,
    technical_stop,
)
from rules.rbb.places import RACE_LAPS, RACERS, RACES, TEAM_SIZE, Crossing, Reached, places
from rules.rbb.slipstream import SLIPSTREAM_MIN_GEAR, SLIPSTREAM_SPACES, check_slipstream
from rules.rbb.start import (
    FANTASTIC_START_ROLL,
    FANTASTIC_START_SPACES,
    STALL_ROLL,
    reverse_grid,
)
from rules.rbb.tyres import TYRE_WP_PER_SPACE, TyreLoss, crashes_for_stops, lose_tyres

__all__ = [
    "BODY_DAMAGE_MAX",
    "ENGINE_DAMAGE_GEARS",
    "ENGINE_DAMAGE_MAX",
    "ENGINE_DAMAGE_TRIGGERS",
    "FANTASTIC_START_ROLL",
    "FANTASTIC_START_SPACES",
    "FRONT_RACER_BODY_WP",
    "GEAR_SKIP_TABLE",
    "HANDLING_DAMAGE_MAX",
    "HOME_TRACK_TYRES",
    "PIT_EXIT_GEAR",
    "PIT_SPEED_LIMIT",
    "QUICK_STOP_MAX",
    "RACERS",
    "RACES",
    "RACE_LAPS",
    "RAIN_BODY_DAMAGE_MAX",
    "RAIN_HANDLING_DAMAGE_MAX",
    "RBB_NAMES",
    "REPAIRABLE",
    "SLIPSTREAM_MIN_GEAR",
    "SLIPSTREAM_SPACES",
    "STALL_ROLL",
    "TEAM_SIZE",
    "TECHNICAL_STOP_WP",
    "TYRE_WP_PER_SPACE",
    "WEAR_POINT_SETUP",
    "Blocked",
    "Crossing",
    "InvalidBodyRoll",
    "InvalidSetup",
    "PitExit",
    "PitStop",
    "Reached",
    "TyreLoss",
    "blocked",
    "body_damage_max",
    "body_damages",
    "body_rollers",
    "calls_engine_damage",
    "check_slipstream",
    "crashes_for_stops",
    "engine_damages",
    "engine_rollers",
    "handling_damage_max",
    "handling_damages",
    "lose_tyres",
    "pit_lane_gear",
    "places",
    "places_damage_marker",
    "quick_stop_roll",
    "race_sheet",
    "reverse_grid",
    "technical_repairs",
    "technical_stop",
    "wear_point_setup",
    "zone_named",
]
