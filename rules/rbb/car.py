"""Car Setup: the wear-point setup every car of a season starts with, and the home-track tyres.

RBB's car has Formula D's six zones (tyres, brakes, gears, body, engine, handling: the same
scorecard as rules.formula_d's CarSheet, whose gearbox is RBB's "Gears" and road handling its
"Handling").

Rulings where the document is silent (docs/rulings.md, "RBB"):
- The 2023 Wear Points setup is missing from the text: the preset is Formula D's standard car
  (tyres 6, brakes 3, gears 3, body 3, engine 3, handling 2), which a season may change.
- A season's setup gives every zone at least 1 WP (a zone at 0 would start the car eliminated or
  unable to brake); the document sets no total.
- Home track: the 2 bonus tyre WP are part of the car's tyres for the race, so a pit stop, which
  "fully restores" them, refits the setup's tyres plus the 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from rules.formula_d.car import STANDARD_CAR, CarSheet, InvalidCar, Zone
from rules.language import gettext as _
from rules.language import gettext_noop as N_

# Car Setup: "For the 2023 season all cars have the following Wear Points setup:" (no numbers).
WEAR_POINT_SETUP = STANDARD_CAR
SETUP_LEAST_WP = 1  # in every zone
SETUP_MOST_WP = 20  # in any zone: a sanity bound on what a season may enter

HOME_TRACK_TYRES = 2  # bonus tyre WP at the racer's home track


class InvalidSetup(ValueError):
    """A season's wear-point setup with a zone missing or outside 1 to 20 WP."""


def zone_named(raw: Any) -> Zone:
    """A zone by its rules name ("car body"), its field ("body") or its RBB name ("tyres")."""
    if isinstance(raw, Zone):
        return raw
    text = str(raw).strip().lower().replace("_", " ")
    for zone in Zone:
        if text in (zone.value, zone.name.lower().replace("_", " "), RBB_NAMES[zone].lower()):
            return zone
    raise InvalidSetup(
        _("A car has no zone {raw!r}: its zones are {zone_list}.").format(
            raw=raw, zone_list=zone_list()
        )
    )


# The zones as the RBB document heads its sections.
RBB_NAMES: Mapping[Zone, str] = MappingProxyType(
    {
        Zone.TIRES: "Tyres",
        Zone.BRAKES: "Brakes",
        Zone.GEARBOX: "Gears",
        Zone.BODY: "Body",
        Zone.ENGINE: "Engine",
        Zone.ROAD_HANDLING: "Handling",
    }
)

# Each zone's number of the season setup, labelled as the dashboard's columns name it (RBB's
# names: "Tyres WP", "Gears WP"), said in the reader's language where a page shows it.
SETUP_LABELS: Mapping[Zone, str] = MappingProxyType(
    {
        Zone.TIRES: N_("Tyres WP"),
        Zone.BRAKES: N_("Brakes WP"),
        Zone.GEARBOX: N_("Gears WP"),
        Zone.BODY: N_("Body WP"),
        Zone.ENGINE: N_("Engine WP"),
        Zone.ROAD_HANDLING: N_("Handling WP"),
    }
)


def zone_list() -> str:
    return ", ".join(name.lower() for name in RBB_NAMES.values())


def wear_point_setup(raw: CarSheet | Mapping[Any, int] | None = None) -> CarSheet:
    """The season's setup from a CarSheet or {zone: WP} (every zone given), or the preset."""
    if raw is None:
        return WEAR_POINT_SETUP
    if isinstance(raw, CarSheet):
        sheet = raw
    else:
        try:
            sheet = CarSheet.from_zones({zone_named(zone): wp for zone, wp in raw.items()})
        except (InvalidCar, TypeError) as refusal:
            raise InvalidSetup(str(refusal)) from None
    for zone in Zone:
        wp = sheet[zone]
        if isinstance(wp, bool) or not isinstance(wp, int):
            raise InvalidSetup(
                _("A setup gives whole WP: {zone_wp} {wp!r}.").format(
                    zone_wp=_(SETUP_LABELS[zone]), wp=wp
                )
            )
        if not SETUP_LEAST_WP <= wp <= SETUP_MOST_WP:
            raise InvalidSetup(
                _(
                    "A setup gives each zone {setup_least_wp} to {setup_most_wp} WP: "
                    "{zone_wp} {wp}."
                ).format(
                    setup_least_wp=SETUP_LEAST_WP,
                    setup_most_wp=SETUP_MOST_WP,
                    zone_wp=_(SETUP_LABELS[zone]),
                    wp=wp,
                )
            )
    return sheet


def race_sheet(setup: CarSheet, *, home: bool) -> CarSheet:
    """The car a racer starts the race with: the season's setup, plus the home-track tyres."""
    return replace(setup, tires=setup.tires + HOME_TRACK_TYRES) if home else setup
