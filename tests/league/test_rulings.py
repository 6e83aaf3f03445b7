"""League settings that choose between readings of Season Pass (docs/rulings.md)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from league.models import Driver, DriverStatus
from league.services.results import (
    OUT_PLACES_NOT_CONSECUTIVE,
    EntryOutcome,
    round_result_enter,
    round_result_record,
)
from league.services.schedules import SCHEDULE_TOO_LONG
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import tracks_ensure_sample
from rules.championship import championship_for

pytestmark = pytest.mark.django_db


def race_with_a_bad_crash(season, teams, *, victim: str) -> Driver:
    """Round 1: everybody starts; `victim` overshoots by 6 and rolls 4, 10, 6 (severity 2+3)."""
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams))
    round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    entries = list(round_.entries.select_related("driver"))
    outcomes, place = [], 1
    for entry in entries:
        if entry.driver.name == victim:
            outcome = EntryOutcome(
                entry_id=entry.pk, finished=False, out_reason="overshoot", distance=5, overshoot=6
            )
            victim_entry = entry
        else:
            outcome = EntryOutcome(entry_id=entry.pk, finished=True, place=place)
            place += 1
        outcomes.append(outcome)
    # Orange 4-5 -> Red; Red 6-8 -> 5: severity 5, XP 1 - (5 + age 1 + 0) = -5.
    round_result_record(round_=round_, outcomes=outcomes, injury_rolls={victim_entry.pk: [4, 7]})
    return Driver.objects.get(pk=victim_entry.driver_id)


def test_by_default_a_driver_below_zero_xp_retires_only_at_season_end(season, teams):
    dot = race_with_a_bad_crash(season, teams, victim="Dot")
    assert dot.xp == -5
    assert dot.status == DriverStatus.ACTIVE


def test_with_retire_mid_season_a_driver_below_zero_xp_retires_at_once(league, season, teams):
    league.settings["retire_mid_season"] = True
    league.save()
    dot = race_with_a_bad_crash(season, teams, victim="Dot")
    assert dot.xp == -5
    assert dot.status == DriverStatus.RETIRED


def test_next_smaller_field_size_rule_gives_fifth_of_five_nothing(league, season, teams):
    league.settings["field_size_rule"] = "next_smaller"
    league.save()
    team_create(league=league, name="Greens", driver_names=["Eve", "Fay"])
    round_ = season.rounds.get(number=2)
    for number in (1,):
        season.rounds.filter(number=number).update(status="finished")
    drivers = list(Driver.objects.filter(team__league=league).exclude(name="Fay"))
    round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    entries = list(round_.entries.order_by("pk"))
    committed = round_result_record(
        round_=round_,
        outcomes=[
            EntryOutcome(entry_id=entry.pk, finished=True, place=place)
            for place, entry in enumerate(entries, start=1)
        ],
        injury_rolls={},
    )
    # Scoring Table, 4 row: 100 60 30 5 — and nothing for 5th.
    assert [entry.points for entry in committed] == [100, 60, 30, 5, 0]


def test_a_custom_schedule_longer_than_nine_races_is_refused(league):
    tracks = list(tracks_ensure_sample(championship_for("season_pass")).values())[:10]
    with pytest.raises(ValidationError) as refused:
        season_open(league=league, tracks=tracks)
    assert refused.value.messages == [SCHEDULE_TOO_LONG.format(rounds=9, count=10)]
    assert not league.seasons.exists()


def test_cars_out_level_on_distance_keep_the_places_the_turn_helper_gives(season, teams):
    # Scoring orders cars out by how far they got; the engine breaks a tie (later out first),
    # so the turn helper sends places and the season keeps the real, equal distances.
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams).order_by("name"))  # Ann Bob Cid Dot
    round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    entry = {e.driver.name: e.pk for e in round_.entries.select_related("driver")}

    def out(name: str, place: int) -> EntryOutcome:
        return EntryOutcome(
            entry_id=entry[name],
            finished=False,
            place=place,
            out_reason="collision",
            distance=12,
            damage=2,
        )

    round_result_enter(
        round_=round_,
        outcomes=[
            EntryOutcome(entry_id=entry["Ann"], finished=True, place=1),
            EntryOutcome(entry_id=entry["Bob"], finished=True, place=2),
            out("Dot", 3),
            out("Cid", 4),
        ],
    )
    placed = dict(round_.entries.values_list("driver__name", "place"))
    assert (placed["Dot"], placed["Cid"]) == (3, 4)


def test_places_brought_by_cars_out_must_follow_the_finishers(season, teams):
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams).order_by("name"))
    round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    ids = list(round_.entries.order_by("driver__name").values_list("pk", flat=True))
    outcomes = [
        EntryOutcome(entry_id=ids[0], finished=True, place=1),
        EntryOutcome(entry_id=ids[1], finished=True, place=2),
        *(
            EntryOutcome(
                entry_id=pk,
                finished=False,
                place=place,
                out_reason="collision",
                distance=5,
                damage=2,
            )
            for pk, place in ((ids[2], 3), (ids[3], 3))
        ),
    ]
    with pytest.raises(ValidationError) as refused:
        round_result_enter(round_=round_, outcomes=outcomes)
    assert refused.value.messages == [
        OUT_PLACES_NOT_CONSECUTIVE.format(first=3, last=4, places="3 and 3 (3 twice, 4 missing)")
    ]
