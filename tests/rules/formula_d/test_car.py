"""The car: its six zones, the standard car, Constructing Your Car, and wear and elimination."""

from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.formula_d import (
    BUILD_LIMITS,
    BUILD_WP,
    ELIMINATED_ON_LAST,
    STANDARD_CAR,
    CarSheet,
    InvalidBuild,
    InvalidCar,
    NotEnoughWear,
    Wear,
    Zone,
    check_build,
    elimination,
    wear,
)

# --- The scorecard ---------------------------------------------------------------------------


def test_a_car_has_the_six_zones_of_the_scorecard_in_order():
    assert [zone.value for zone in Zone] == [
        "tire",
        "brake",
        "gearbox",
        "car body",
        "engine",
        "road handling",
    ]


def test_a_car_sheet_has_one_field_per_zone_in_the_same_order():
    assert [field.name for field in fields(CarSheet)] == [zone.name.lower() for zone in Zone]


def test_a_car_sheet_reads_by_zone():
    assert {zone: STANDARD_CAR[zone] for zone in Zone} == dict(STANDARD_CAR.zones())
    assert STANDARD_CAR[Zone.ROAD_HANDLING] == STANDARD_CAR.road_handling == 2


def test_a_car_sheet_is_built_from_every_zone_once():
    assert CarSheet.from_zones(STANDARD_CAR.zones()) == STANDARD_CAR
    partial = {zone: 3 for zone in Zone if zone is not Zone.ENGINE}
    with pytest.raises(InvalidCar, match="Engine WP not given"):
        CarSheet.from_zones(partial)


def test_a_car_cannot_have_negative_wear_points():
    with pytest.raises(InvalidCar, match="A car cannot have -1 brake WP"):
        CarSheet(tires=6, brakes=-1, gearbox=3, body=3, engine=3, road_handling=2)


def test_the_standard_car_is_6_3_3_3_3_2():
    # Not printed in the summary; the full rules' standard car (a ruling).
    assert CarSheet(tires=6, brakes=3, gearbox=3, body=3, engine=3, road_handling=2) == STANDARD_CAR
    assert STANDARD_CAR.total == 20


def test_the_standard_car_is_a_car_a_player_could_build():
    assert check_build(STANDARD_CAR) is STANDARD_CAR


# --- Constructing Your Car -------------------------------------------------------------------

BUILD_ROWS = [
    "WP tires\t1-14",
    "WP brakes\t1-7",
    "WP gearbox\t1-7",
    "WP car body\t1-7",
    "WP engine\t1-7",
    "WP road handling\t1-7",
]
PRINTED_ZONES = {
    "tires": Zone.TIRES,
    "brakes": Zone.BRAKES,
    "gearbox": Zone.GEARBOX,
    "car body": Zone.BODY,
    "engine": Zone.ENGINE,
    "road handling": Zone.ROAD_HANDLING,
}


def build(zone: Zone, wp: int) -> CarSheet:
    """A car with `wp` in `zone` and the rest of 20 WP spread over the other zones' limits."""
    points = {other: BUILD_LIMITS[other][0] for other in Zone}
    points[zone] = wp
    spare = BUILD_WP - sum(points.values())
    for other in Zone:
        if other is not zone and spare > 0:
            extra = min(spare, BUILD_LIMITS[other][1] - points[other])
            points[other] += extra
            spare -= extra
    return CarSheet.from_zones(points)


def test_a_car_is_built_from_20_wp():
    assert BUILD_WP == 20


@pytest.mark.parametrize("printed", BUILD_ROWS, ids=BUILD_ROWS)
def test_each_zone_is_built_within_the_printed_limits(printed):
    name, limits = printed.removeprefix("WP ").split("\t")
    zone = PRINTED_ZONES[name]
    low, high = (int(end) for end in limits.split("-"))
    assert BUILD_LIMITS[zone] == (low, high)
    for inside in (low, high):
        assert check_build(build(zone, inside))[zone] == inside
    for outside in (low - 1, high + 1):
        with pytest.raises(InvalidBuild, match=f"built with {low}-{high} {zone.value} WP, not"):
            check_build(build(zone, outside))


def test_the_limits_cover_every_zone():
    assert set(BUILD_LIMITS) == set(Zone)


def test_a_build_of_14_tires_leaves_six_wp_for_the_five_other_zones():
    car = CarSheet(tires=14, brakes=2, gearbox=1, body=1, engine=1, road_handling=1)
    assert check_build(car) is car


@pytest.mark.parametrize("tires", [5, 7])
def test_all_20_wp_are_distributed_no_more_no_fewer(tires):
    car = CarSheet(tires=tires, brakes=3, gearbox=3, body=3, engine=3, road_handling=2)
    with pytest.raises(InvalidBuild, match=f"built from 20 WP in all, not {car.total}"):
        check_build(car)


@given(st.lists(st.integers(0, 8), min_size=5, max_size=5), st.integers(0, 15))
def test_a_build_is_accepted_exactly_when_it_keeps_every_limit_and_the_total(others, tires):
    car = CarSheet(tires, *others)
    within = all(low <= car[zone] <= high for zone, (low, high) in BUILD_LIMITS.items())
    fits = within and car.total == BUILD_WP
    if fits:
        assert check_build(car) is car
    else:
        with pytest.raises(InvalidBuild):
            check_build(car)


# --- Wear and Elimination --------------------------------------------------------------------


@pytest.mark.parametrize("zone", [Zone.BODY, Zone.ENGINE, Zone.ROAD_HANDLING])
def test_a_car_that_loses_its_last_car_body_engine_or_road_handling_wp_is_eliminated(zone):
    assert zone in ELIMINATED_ON_LAST
    car = CarSheet.from_zones({**STANDARD_CAR.zones(), zone: 2})
    one_left = wear(car, {zone: 1})
    assert one_left == Wear(sheet=CarSheet.from_zones({**car.zones(), zone: 1}))
    last = wear(one_left.sheet, {zone: 1})
    assert last.eliminated and last.cause is zone and last.sheet[zone] == 0


def test_a_car_that_loses_its_last_tire_wp_is_not_eliminated():
    car = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.TIRES: 2})
    assert wear(car, {Zone.TIRES: 2}) == Wear(
        sheet=CarSheet.from_zones({**car.zones(), Zone.TIRES: 0})
    )


def test_a_car_that_loses_more_tire_wp_than_it_has_is_eliminated():
    car = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.TIRES: 2})
    out = wear(car, {Zone.TIRES: 3})
    assert out.eliminated and out.cause is Zone.TIRES and out.sheet.tires == 0


@pytest.mark.parametrize("zone", [Zone.BRAKES, Zone.GEARBOX])
def test_a_car_may_spend_its_last_brake_or_gearbox_wp_and_race_on(zone):
    assert wear(STANDARD_CAR, {zone: 3}) == Wear(
        sheet=CarSheet.from_zones({**STANDARD_CAR.zones(), zone: 0})
    )


@pytest.mark.parametrize("zone", [Zone.BRAKES, Zone.GEARBOX])
def test_a_car_cannot_spend_brake_or_gearbox_wp_it_does_not_have(zone):
    with pytest.raises(
        NotEnoughWear, match=f"The car has 3 {zone.value} WP left: it cannot lose 4"
    ):
        wear(STANDARD_CAR, {zone: 4})


def test_a_car_cannot_lose_negative_wear_points():
    with pytest.raises(InvalidCar, match="cannot lose -1 tire WP"):
        wear(STANDARD_CAR, {Zone.TIRES: -1})


def test_losing_nothing_changes_nothing():
    assert wear(STANDARD_CAR, {}) == Wear(sheet=STANDARD_CAR)
    assert wear(STANDARD_CAR, {Zone.ENGINE: 0}) == Wear(sheet=STANDARD_CAR)


def test_the_cause_is_the_first_zone_on_the_scorecard_that_put_the_car_out():
    car = CarSheet(tires=1, brakes=3, gearbox=3, body=1, engine=1, road_handling=2)
    out = wear(car, {Zone.ENGINE: 1, Zone.BODY: 1})
    assert out.cause is Zone.BODY and out.sheet.body == out.sheet.engine == 0


sheets = st.builds(CarSheet, *(st.integers(0, 14) for _ in Zone))
losses = st.dictionaries(st.sampled_from(list(Zone)), st.integers(0, 16))


@given(sheets, losses)
def test_wear_takes_off_what_was_lost_never_below_zero(sheet, lost):
    if any(lost[zone] > sheet[zone] for zone in (Zone.BRAKES, Zone.GEARBOX) if zone in lost):
        with pytest.raises(NotEnoughWear):
            wear(sheet, lost)
        return
    after = wear(sheet, lost)
    for zone in Zone:
        assert after.sheet[zone] == max(0, sheet[zone] - lost.get(zone, 0))
    out = {
        zone
        for zone, points in lost.items()
        if points
        and (points > sheet[zone] or (points == sheet[zone] and zone in ELIMINATED_ON_LAST))
    }
    assert after.eliminated is bool(out)
    assert after.cause == (min(out, key=list(Zone).index) if out else None)
    # What the gear prompt asks (whether a change keeps the car racing), without the wear.
    assert elimination(sheet, lost) == after.cause


def test_a_car_s_refusals_name_the_zone_in_french():
    """A built car, a missing zone and a loss were refused with the zone's English name in
    the French sentence ("Une voiture se construit avec 1-7 PU brake, pas 9.")."""
    from rules.language import speaking

    built = CarSheet(tires=4, brakes=9, gearbox=1, body=2, engine=2, road_handling=2)
    with speaking("fr"):
        with pytest.raises(InvalidBuild) as build:
            check_build(built)
        with pytest.raises(InvalidCar) as missing:
            CarSheet.from_zones({zone: 1 for zone in Zone if zone is not Zone.GEARBOX})
        with pytest.raises(InvalidCar) as negative:
            wear(STANDARD_CAR, {Zone.TIRES: -1})
        with pytest.raises(NotEnoughWear) as spent:
            wear(STANDARD_CAR, {Zone.BRAKES: 4})
    assert str(build.value) == "Une voiture se construit avec 1-7 PU freins, pas 9."
    assert str(missing.value) == "Une voiture a des PU dans les six zones : PU boîte non donnés."
    assert str(negative.value) == "Une voiture ne peut pas perdre -1 PU pneus."
    assert str(spent.value) == ("Il reste 3 PU freins à la voiture : elle ne peut pas en perdre 4.")
