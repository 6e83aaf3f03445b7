"""Setting the Schedule: nine races, 2x for the first and fifth, 3x for the ninth, extra healing."""

import re

import pytest

from rules.season_pass import (
    ROUNDS_PER_SEASON,
    SAMPLE_SCHEDULE,
    InvalidRound,
    ScheduledTrack,
    extra_healing_before,
    round_multiplier,
)

# Race  Spring  Summer  Fall — the sample schedule, row by row as printed.
PRINTED_ROWS = [
    "1 (2x points)\tImola (6)\tAtlanta(29)\tBudapest(21)",
    "2\tMonza (8)\tWatkins Glen(11)\tZeltwig(16)",
    "3\tNürburgring (22)\tLexington(28)\tZhuhai(31)",
    "4\tHockenheim(15)\tDetroit(27)\tSuzuka(19)",
    "5 (2x points)\tBarcelona (18)\tMontreal(13)\tSepang(32)",
    "6\tEstoril(9)\tEkhart-Lake(25)\tMelbourne(20)",
    "7\tSilverstone(12)\tPortland(24)\tKyalami(5)",
    "8\tSpa-Francorchamps(4)\tLong Beach (14)\tBuenos Aires(17)",
    "9 (3x points)\tMonaco(1)\tLaguna Seca(23)\tInterlagos(10)",
]
RACE = re.compile(r"^(\d)(?: \((\d)x points\))?$")
TRACK = re.compile(r"^(.+?) ?\((\d+)\)$")


@pytest.mark.parametrize("printed", PRINTED_ROWS, ids=PRINTED_ROWS)
def test_each_race_of_the_sample_schedule_is_as_printed(printed):
    race, *tracks = printed.split("\t")
    race, multiplier = RACE.match(race).groups()
    assert round_multiplier(int(race)) == int(multiplier or 1)
    assert [season.tracks[int(race) - 1] for season in SAMPLE_SCHEDULE] == [
        ScheduledTrack(name, int(number))
        for name, number in (TRACK.match(t).groups() for t in tracks)
    ]


def test_the_sample_schedule_is_spring_summer_and_fall_of_nine_races_each():
    assert ROUNDS_PER_SEASON == 9
    assert [season.name for season in SAMPLE_SCHEDULE] == ["Spring", "Summer", "Fall"]
    assert all(len(season.tracks) == ROUNDS_PER_SEASON for season in SAMPLE_SCHEDULE)


def test_the_sample_schedule_uses_27_different_tracks():
    numbers = [track.number for season in SAMPLE_SCHEDULE for track in season.tracks]
    assert len(set(numbers)) == 27


@pytest.mark.parametrize("race", [5, 9])
def test_before_the_fifth_and_ninth_races_injured_drivers_get_an_extra_week(race):
    assert extra_healing_before(race)


@pytest.mark.parametrize("race", [1, 2, 3, 4, 6, 7, 8])
def test_no_other_race_brings_an_extra_week_of_healing(race):
    assert not extra_healing_before(race)


@pytest.mark.parametrize("race", [0, 10, -1])
def test_a_season_has_no_race_outside_one_to_nine(race):
    with pytest.raises(InvalidRound, match="a season consists of 9 races"):
        round_multiplier(race)
    with pytest.raises(InvalidRound):
        extra_healing_before(race)
