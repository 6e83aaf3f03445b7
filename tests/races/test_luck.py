"""Dice luck on the league's pages: a race at the table written into its season keeps each car's
dice with its entry (counted once, as it is written, never as a roll is entered); the driver page
shows each season's and the career's luck, the season page names the luckiest and the unluckiest,
each in a constant number of queries however many races there were."""

from __future__ import annotations

import json
import re
from collections import Counter
from io import BytesIO

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from league import backup
from league.models import Driver, Entry, League, Round
from league.reads.luck import driver_luck, season_extremes, verdict
from league.reads.records import league_records
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from races.models import Race, RaceEvent
from races.services.entries import race_state
from rules import engine
from rules import language as rules_language
from rules.dice_luck import MOST_ROLLS
from rules.engine import Event
from tests.pages import html_of
from tests.races.autopilot import drive_to_finish, write_the_result
from tests.rules.recorded.record import RECORDED, recorded_setup
from tests.test_french_site import english_words, runs_left, words_of

pytestmark = pytest.mark.django_db


def run_round(client, round_: Round, starters, seed: int) -> Race:
    race = round_start_at_table(round_=round_, starters=starters)
    drive_to_finish(race, seed=seed, wild=True)
    write_the_result(client, race)
    return race


def gear_rolls_by_hand(race: Race) -> dict[str, list[int]]:
    """Each car's movement rolls, read off the log's move entries one by one."""
    rolls: dict[str, list[int]] = {}
    for payload in race.events.filter(kind="move").values_list("payload", flat=True):
        if "roll" in payload:
            rolls.setdefault(payload["car"], []).append(int(payload["roll"]))
    return rolls


def test_a_race_written_into_its_season_keeps_each_car_s_dice(client_organiser, race):
    drive_to_finish(race, seed=5, wild=True)
    assert not Entry.objects.exclude(dice={}).exists()  # nothing counted as rolls are entered
    write_the_result(client_organiser, race)
    by_hand = gear_rolls_by_hand(race)
    qualifying = {
        payload["car"]: int(payload["value"])
        for payload in race.events.filter(kind="qualifying_roll").values_list("payload", flat=True)
    }
    for entry in Entry.objects.filter(round=race.round):
        gear = Counter()
        for die, by_purpose in entry.dice.items():
            if die != "black":
                for face, count in by_purpose.get("gear", {}).items():
                    gear[int(face)] += count
        assert sorted(gear.elements()) == sorted(by_hand.get(entry.car, [])), entry.car
        assert entry.dice["black"]["qualifying"].get(str(qualifying[entry.car]), 0) >= 1
    # The car first on the race's grid started from pole, and holds the league's record.
    state = race_state(race)
    poles = list(Entry.objects.filter(round=race.round, pole=True).values_list("car", flat=True))
    assert poles == [engine.pole(state)] and state.grid and poles[0] == state.grid[0]
    records = {record.title: record for record in league_records(race.round.season.league)}
    assert records["Most poles"].figure == 1
    pole_driver = Entry.objects.get(round=race.round, pole=True).driver
    assert [holder.name for holder in records["Most poles"].holders] == [pole_driver.name]


def test_the_driver_page_and_the_season_page_show_the_luck_in_constant_queries(
    client_organiser, race, starters, django_assert_max_num_queries
):
    driver = starters[0][0]
    league = race.round.season.league
    season_url = race.round.season.get_absolute_url()
    drive_to_finish(race, seed=5, wild=True)
    write_the_result(client_organiser, race)

    def pages() -> tuple[int, int, str, str]:
        cache.clear()
        with django_assert_max_num_queries(60) as driver_queries:
            driver_page = client_organiser.get(driver.get_absolute_url()).content.decode()
        with django_assert_max_num_queries(60) as season_queries:
            season_page = client_organiser.get(season_url).content.decode()
        return (
            len(driver_queries.captured_queries),
            len(season_queries.captured_queries),
            driver_page,
            season_page,
        )

    one_driver, one_season, driver_page, season_page = pages()
    assert "Dice luck" in driver_page and '<svg class="dice-chart"' in driver_page
    assert "Season 1:" in driver_page and "in 100 runs of the same rolls" in driver_page
    assert 'id="season-luck"' in season_page and "the unluckiest" in season_page

    second = race.round.season.rounds.get(number=2)
    run_round(client_organiser, second, starters, seed=6)
    more_driver, more_season, driver_page, season_page = pages()
    assert (more_driver, more_season) == (one_driver, one_season)
    named = [reverse("league:driver", args=[league.slug, drivers.pk]) for drivers, _car in starters]
    assert sum(url in season_page.split('id="season-luck"')[1] for url in named) == 2


def test_the_driver_page_s_luck_reads_in_french(client_organiser, race, starters):
    """Each season's and the career's title, the verdict, the dice by their French colour and
    their rolls by purpose, each a phrase of its own (issue 34)."""
    driver = starters[0][0]
    drive_to_finish(race, seed=5, wild=True)
    write_the_result(client_organiser, race)
    page = client_organiser.get(driver.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr")
    shown = page.content.decode().split('<h2 class="h5 mt-4">Chance aux dés</h2>')[1]
    text = words_of(shown.split("</main>")[0])
    assert "Saison 1 :" in text and "séries sur 100 des mêmes jets" in text
    assert "noir :" in text  # the black die, by its French colour
    assert "jets pour avancer" in text or "jet pour avancer" in text
    assert runs_left(text) == [] and english_words(text, set()) == []


def test_a_backup_keeps_the_dice_and_a_restore_refuses_dice_no_die_shows(client_organiser, race):
    drive_to_finish(race, seed=5, wild=True)
    write_the_result(client_organiser, race)
    league = race.round.season.league
    data = json.loads(backup.league_file(league))
    entries = data["tables"]["league.entry"]
    kept = {row["car"]: row["dice"] for row in entries}
    assert kept == dict(Entry.objects.filter(round=race.round).values_list("car", "dice"))
    entries[0]["dice"] = {"black": {"gear": {"21": 1}}}
    data["tables"]["league.league"][0].update(slug="dice-copy", name="Dice copy")
    with pytest.raises(ValidationError) as refused:
        backup.league_import(BytesIO(json.dumps(data).encode()))
    assert "The black die has no face '21'" in " ".join(refused.value.messages)
    assert not League.objects.filter(slug="dice-copy").exists()


@pytest.mark.parametrize(
    ("dice", "refusal"),
    [
        ({"black": {"gear": {"21": 1}}}, "Le dé noir n'a pas de face '21'."),
        ({"orange": {"luck": {"4": 1}}}, "Le dé orange n'a pas d'usage 'luck'."),
        (
            {"yellow": {"gear": {"2": 0}}},
            "0 jets de 2 au dé jaune : un nombre de jets est un nombre entier, 1 ou plus.",
        ),
        ({"pink": {}}, "Il n'y a pas de dé 'pink'."),
    ],
)
def test_a_restore_refuses_dice_no_die_shows_in_the_reader_s_language(
    client_organiser, race, dice, refusal
):
    """A tally's refusal was an English f-string, shown as Python's repr of the error
    ("InvalidTally(...)") inside the row's French refusal."""
    drive_to_finish(race, seed=5, wild=True)
    write_the_result(client_organiser, race)
    data = json.loads(backup.league_file(race.round.season.league))
    data["tables"]["league.entry"][0]["dice"] = dice
    data["tables"]["league.league"][0].update(slug="dice-copy", name="Dice copy")
    with (
        translation.override("fr"),
        rules_language.speaking("fr"),
        pytest.raises(ValidationError) as refused,
    ):
        backup.league_import(BytesIO(json.dumps(data).encode()))
    said = " ".join(refused.value.messages)
    assert refusal in said and "InvalidTally" not in said, said


def test_the_driver_page_shows_ann_ascari_s_dice_as_counted_by_hand(client_organiser, organiser):
    """The recorded three-car Season Pass race (tests/rules/recorded), run as a round at the
    table and written into its season: Red's driver page shows her dice as the hand count of
    tests/rules/test_dice_luck.py reads them off the log (black 4, 1, 5, 1, 12, 4, 13, 13; yellow
    2, 1, 2, 2; orange 2; green 7, 8, 9, 12)."""
    recorded = json.loads((RECORDED / "season_pass_three_cars.json").read_text())
    league = league_create(name="Recorded Cup", organiser=organiser)
    team_create(league=league, name="Reds", driver_names=["Ann Ascari", "Bob B"])
    team_create(league=league, name="Greens", driver_names=["Cid Clark", "Dot D"])
    season = season_open(league=league, preset="Spring")
    by_name = {driver.name: driver for driver in Driver.objects.filter(team__league=league)}
    starters = [(by_name[name], car) for car, name in (("red", "Ann Ascari"), ("blue", "Bob B"))]
    race = round_start_at_table(
        round_=season.rounds.get(number=1),
        starters=[*starters, (by_name["Cid Clark"], "green")],
    )
    # The recording's own setup and log, as the turn page would have entered them.
    setup = recorded_setup(recorded)
    events = [Event.from_dict(raw) for raw in recorded["events"]]
    state, _asked = engine.start(setup)
    for event in events:
        state, _asked = engine.apply(state, event)
    race.events.all().delete()
    RaceEvent.objects.bulk_create(
        RaceEvent(race=race, seq=seq, kind=event.kind, payload=event.data, text=event.kind)
        for seq, event in enumerate(events, start=1)
    )
    Race.objects.filter(pk=race.pk).update(
        setup=engine.setup_to_dict(setup), state=engine.state_to_dict(state), seq=len(events)
    )
    race.refresh_from_db()
    write_the_result(client_organiser, race)
    ann = by_name["Ann Ascari"]
    page = html_of(client_organiser.get(reverse("league:driver", args=[league.slug, ann.pk])))
    shown = dict(
        re.findall(r'<span class="text-capitalize">(\w+)</span>: (\d+ rolls?, mean [\d.]+)', page)
    )
    by_hand = {
        "black": [4, 1, 5, 1, 12, 4, 13, 13],
        "yellow": [2, 1, 2, 2],
        "orange": [2],
        "green": [7, 8, 9, 12],
    }
    assert shown == {
        die: f"{len(rolls)} roll{'s' if len(rolls) > 1 else ''}, mean {sum(rolls) / len(rolls):.2f}"
        for die, rolls in by_hand.items()
    }


@pytest.mark.parametrize(
    ("percentile", "words"),
    [
        (100, "very lucky dice"),
        (95, "very lucky dice"),
        (94, ": lucky dice"),
        (75, ": lucky dice"),
        (74, "about as fair dice roll"),
        (26, "about as fair dice roll"),
        (25, ": unlucky dice"),
        (6, ": unlucky dice"),
        (5, "very unlucky dice"),
        (0, "very unlucky dice"),
    ],
)
def test_a_percentile_is_said_by_its_band(percentile, words):
    """95 and up very lucky, 75 lucky, 26 to 74 as fair dice roll, 6 unlucky, 5 and under
    very unlucky: each band's edges."""
    said = verdict(percentile)
    assert said.startswith(f"{percentile} in 100 runs") and said.endswith(words + ".")


def test_a_luck_past_what_is_weighed_is_shown_as_none_not_an_error(
    client_organiser, race, starters
):
    """A restored career may add up more rolls of a die than a luck is worked out from
    (MOST_ROLLS, each entry within it): that driver's page shows no luck and the season's
    luckiest and unluckiest are not named, rather than a 500 (league/reads/luck.py, weighed)."""
    drive_to_finish(race, seed=5, wild=True)
    write_the_result(client_organiser, race)
    season = race.round.season
    driver = starters[0][0]
    entry = Entry.objects.get(round__season=season, driver=driver)
    assert season_extremes(season) is not None and driver_luck(driver)
    Entry.objects.filter(pk=entry.pk).update(dice={"black": {"gear": {"20": MOST_ROLLS + 1}}})
    cache.clear()
    assert season_extremes(season) is None and driver_luck(driver) == ()
    assert 'id="season-luck"' not in client_organiser.get(season.get_absolute_url()).text
    page = client_organiser.get(driver.get_absolute_url())
    assert page.status_code == 200 and '<svg class="dice-chart"' not in page.text
