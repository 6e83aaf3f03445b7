"""The car: its six wear-point zones, the standard car, a car built from 20 WP, and wear.

Rulings where the document is silent (docs/rulings.md):
- The standard car is not printed in the summary: tires 6, brakes 3, gearbox 3, car body 3,
  engine 3, road handling 2 (20 WP, inside the limits of Constructing Your Car).
- Constructing Your Car: all 20 WP are distributed, no fewer.
- Brake and gearbox WP are spent, never overdrawn: a loss the zone cannot pay is refused (its last
  point eliminates nobody, so nothing else would stop a car spending WP it lacks). Tires, car body,
  engine and road handling are lost, and Elimination says when that puts the car out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules.language import gettext as _
from rules.language import gettext_noop as N_


class Zone(StrEnum):
    """A zone of the scorecard; the value is its name in the rules' "1 brake WP"."""

    TIRES = "tire"
    BRAKES = "brake"
    GEARBOX = "gearbox"
    BODY = "car body"
    ENGINE = "engine"
    ROAD_HANDLING = "road handling"


# "1 brake WP" in each zone's words (Zone's values are the English ones), said through `_`.
ZONE_WP = {
    Zone.TIRES: N_("{points} tire WP"),
    Zone.BRAKES: N_("{points} brake WP"),
    Zone.GEARBOX: N_("{points} gearbox WP"),
    Zone.BODY: N_("{points} car body WP"),
    Zone.ENGINE: N_("{points} engine WP"),
    Zone.ROAD_HANDLING: N_("{points} road handling WP"),
}
# A zone's WP named on their own ("Tire WP": a form's field, a refusal's subject).
ZONE_WP_LABEL = {
    Zone.TIRES: N_("Tire WP"),
    Zone.BRAKES: N_("Brake WP"),
    Zone.GEARBOX: N_("Gearbox WP"),
    Zone.BODY: N_("Car body WP"),
    Zone.ENGINE: N_("Engine WP"),
    Zone.ROAD_HANDLING: N_("Road handling WP"),
}

# A zone's name as a label, said in the reader's language where a form shows it (a built car's
# WP): the zone's own name, capitalised.
ZONE_LABELS: Mapping[Zone, str] = MappingProxyType(
    {
        Zone.TIRES: N_("Tire"),
        Zone.BRAKES: N_("Brake"),
        Zone.GEARBOX: N_("Gearbox"),
        Zone.BODY: N_("Car body"),
        Zone.ENGINE: N_("Engine"),
        Zone.ROAD_HANDLING: N_("Road handling"),
    }
)


def wp_text(zone: Zone, points: int | str) -> str:
    """ "2 brake WP" (in French "2 PU freins"): `points` (a number, or a range "1-7") of
    `zone`."""
    return _(ZONE_WP[zone]).format(points=points)


def wp_label(zone: Zone) -> str:
    """ "Brake WP" (in French "PU freins"): a zone's WP named on their own."""
    return _(ZONE_WP_LABEL[zone])


class InvalidCar(ValueError):
    """A scorecard or a loss with a negative number of WP, or a zone missing from it."""


class InvalidBuild(ValueError):
    """A car built outside the limits of Constructing Your Car."""


class NotEnoughWear(ValueError):
    """A car asked to spend brake or gearbox WP that it does not have left."""


@dataclass(frozen=True)
class CarSheet:
    """The WP left in each zone; fields are the zones' names (Zone.BODY is `body`)."""

    tires: int
    brakes: int
    gearbox: int
    body: int
    engine: int
    road_handling: int

    def __post_init__(self) -> None:
        # Checked at every snapshot load: one min() first, the zone by zone search only to
        # name the culprit.
        if (
            min(self.tires, self.brakes, self.gearbox, self.body, self.engine, self.road_handling)
            < 0
        ):
            for zone in Zone:
                if self[zone] < 0:
                    raise InvalidCar(
                        _("A car cannot have {wp}.").format(wp=wp_text(zone, self[zone]))
                    )

    def __getitem__(self, zone: Zone) -> int:
        points: int = getattr(self, _field(zone))
        return points

    @classmethod
    def from_zones(cls, wear_points: Mapping[Zone, int]) -> CarSheet:
        """A sheet from {Zone: WP}, every zone given once."""
        given = {Zone(zone) for zone in wear_points}
        if given != set(Zone):
            missing = ", ".join(wp_label(zone) for zone in Zone if zone not in given)
            raise InvalidCar(
                _("A car has WP in all six zones: {missing} not given.").format(missing=missing)
            )
        return cls(**{_field(Zone(zone)): wp for zone, wp in wear_points.items()})

    def zones(self) -> Mapping[Zone, int]:
        return MappingProxyType({zone: self[zone] for zone in Zone})

    @property
    def total(self) -> int:
        return sum(self[zone] for zone in Zone)


def _field(zone: Zone) -> str:
    return _FIELDS[zone]


# The sheet's field for each zone, by the zone or its value in words (Zone is a StrEnum).
_FIELDS: Mapping[str, str] = MappingProxyType({zone: zone.name.lower() for zone in Zone})


# Not printed in the summary (Setup hands out a scorecard); the standard car of the full rules.
STANDARD_CAR = CarSheet(tires=6, brakes=3, gearbox=3, body=3, engine=3, road_handling=2)

# --- Constructing Your Car (optional rule) ---------------------------------------------------

BUILD_WP = 20

# WP tires 1-14   WP car body 1-7
# WP brakes 1-7   WP engine 1-7
# WP gearbox 1-7  WP road handling 1-7
BUILD_LIMITS: Mapping[Zone, tuple[int, int]] = MappingProxyType(
    {
        Zone.TIRES: (1, 14),
        Zone.BRAKES: (1, 7),
        Zone.GEARBOX: (1, 7),
        Zone.BODY: (1, 7),
        Zone.ENGINE: (1, 7),
        Zone.ROAD_HANDLING: (1, 7),
    }
)


def check_build(sheet: CarSheet) -> CarSheet:
    """Return `sheet` if it is a car a player may build from 20 WP, else say which limit fails."""
    for zone, (low, high) in BUILD_LIMITS.items():
        if not low <= sheet[zone] <= high:
            raise InvalidBuild(
                _("A car is built with {wp}, not {sheet}.").format(
                    wp=wp_text(zone, f"{low}-{high}"), sheet=sheet[zone]
                )
            )
    if sheet.total != BUILD_WP:
        raise InvalidBuild(
            _("A car is built from {build_wp} WP in all, not {total}.").format(
                build_wp=BUILD_WP, total=sheet.total
            )
        )
    return sheet


# --- Wear and Elimination --------------------------------------------------------------------

# Elimination: the last point of these puts the car out; tires only when more is lost than is left.
ELIMINATED_ON_LAST: frozenset[Zone] = frozenset({Zone.BODY, Zone.ENGINE, Zone.ROAD_HANDLING})
SPENT_NOT_LOST: frozenset[Zone] = frozenset({Zone.BRAKES, Zone.GEARBOX})


@dataclass(frozen=True)
class Wear:
    """A sheet after losses; an eliminated car's sheet shows 0 in the zone that put it out."""

    sheet: CarSheet
    eliminated: bool = False
    cause: Zone | None = None  # the first zone, in scorecard order, that eliminated the car


def wear(sheet: CarSheet, losses: Mapping[Zone, int]) -> Wear:
    """Take `losses` ({Zone: WP}) off `sheet` and say whether the car is eliminated."""
    for zone, points in losses.items():
        zone = Zone(zone)
        if points < 0:
            raise InvalidCar(_("A car cannot lose {wp}.").format(wp=wp_text(zone, points)))
        if zone in SPENT_NOT_LOST and points > sheet[zone]:
            raise NotEnoughWear(
                _("The car has {wp} left: it cannot lose {points}.").format(
                    wp=wp_text(zone, sheet[zone]), points=points
                )
            )
    left = {zone: sheet[zone] - losses.get(zone, 0) for zone in Zone}
    cause = elimination(sheet, losses)
    after = CarSheet.from_zones({zone: max(0, wp) for zone, wp in left.items()})
    return Wear(sheet=after, eliminated=cause is not None, cause=cause)


def elimination(sheet: CarSheet, losses: Mapping[Zone, int]) -> Zone | None:
    """The zone whose loss puts the car out (the first in scorecard order): more lost than is
    left, or the last point of a zone that eliminates on its last; None if the car races on."""
    for zone in Zone:
        points = losses.get(zone, 0)
        if points:
            left = sheet[zone] - points
            if left < 0 or (left == 0 and zone in ELIMINATED_ON_LAST):
                return zone
    return None
