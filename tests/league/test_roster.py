"""A league's roster changed by hand between races: a career corrected (a league brought in
with its drivers' past), a transfer, a new name, a release, a retirement. Each is kept with its
reason, shown on the driver's page, carried by the backup, and refused while the driver races."""

from __future__ import annotations

import io
import json
from contextlib import contextmanager

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league import backup
from league.models import Driver, DriverChange, DriverStatus, Entry, Team
from league.services.errors import AlreadyDone, StaleDriver
from league.services.leagues import league_create, league_publish_set
from league.services.results import EntryOutcome, round_result_commit, round_result_enter
from league.services.roster import (
    driver_career_correct,
    driver_release,
    driver_rename,
    driver_retire,
    driver_transfer,
)
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from rules import language as rules_language
from rules.championship import championship_for
from tests.factories import UserFactory
from tests.test_french_site import english_words, runs_left, words_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


@pytest.fixture
def league(organiser):
    league = league_create(name="Old Hands", organiser=organiser)
    team_create(league=league, name="Rosso", driver_names=["Bruno", "Carla"])
    team_create(league=league, name="Verde", driver_names=["Dino", "Elsa"])
    return league


def driver(name: str) -> Driver:
    return Driver.objects.select_related("team__league").get(name=name)


def test_bruno_is_corrected_to_four_seasons_23_xp_2_prior_injuries_and_3_races_to_miss(
    league, organiser
):
    bruno = driver_career_correct(
        driver=driver("Bruno"),
        career={"age": 4, "xp": 23, "prior_injuries": 2, "races_to_miss": 3},
        reason="Brought in from our spreadsheet",
        made_by=organiser,
    )
    bruno = driver("Bruno")
    assert (bruno.age, bruno.xp, bruno.prior_injuries, bruno.races_to_miss) == (4, 23, 2, 3)
    assert bruno.level == league.rules.level_for(23)
    (change,) = DriverChange.objects.filter(driver=bruno)
    assert change.before == {"age": 1, "xp": 0, "prior_injuries": 0, "races_to_miss": 0}
    assert change.after == {"age": 4, "xp": 23, "prior_injuries": 2, "races_to_miss": 3}
    assert change.reason == "Brought in from our spreadsheet" and change.made_by == organiser


def test_a_correction_needs_a_reason_and_numbers_in_range(league):
    with pytest.raises(ValidationError, match="Say why"):
        driver_career_correct(driver=driver("Bruno"), career={"xp": 5}, reason=" ")
    with pytest.raises(ValidationError, match="Age must be from 1 to 60"):
        driver_career_correct(driver=driver("Bruno"), career={"age": 0}, reason="x")
    assert not DriverChange.objects.exists()


def test_a_correction_from_a_stale_page_is_refused_and_a_double_tap_is_one(league):
    driver_career_correct(driver=driver("Bruno"), career={"xp": 10}, reason="import")
    with pytest.raises(StaleDriver):
        driver_career_correct(
            driver=driver("Bruno"), career={"xp": 12}, reason="again", shown={"xp": 0}
        )
    with pytest.raises(AlreadyDone):
        driver_career_correct(
            driver=driver("Bruno"), career={"xp": 10}, reason="import", shown={"xp": 0}
        )
    assert driver("Bruno").xp == 10 and DriverChange.objects.count() == 1


def started_round(league):
    season = season_open(league=league, preset="Spring")
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__league=league))
    round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    return round_


def test_nothing_of_a_driver_changes_while_their_round_is_raced(league):
    started_round(league)
    with pytest.raises(StaleDriver, match="racing in round 1"):
        driver_career_correct(driver=driver("Bruno"), career={"xp": 30}, reason="x")
    with pytest.raises(StaleDriver, match="Round 1 is under way"):
        driver_transfer(driver=driver("Bruno"), team=Team.objects.get(name="Verde"))
    with pytest.raises(StaleDriver, match="racing in round 1"):
        driver_retire(driver=driver("Bruno"), reason="x")
    assert not DriverChange.objects.exists()


def test_a_transfer_keeps_past_results_with_the_team_they_were_raced_for(league, organiser):
    round_ = started_round(league)
    verde = Team.objects.get(name="Verde")
    bruno_entry = Entry.objects.get(round=round_, driver__name="Bruno")
    Entry.objects.filter(round=round_).update(place=None)
    round_.status = "finished"
    round_.save(update_fields=["status"])
    driver_transfer(driver=driver("Bruno"), team=verde, made_by=organiser)
    assert driver("Bruno").team == verde
    bruno_entry.refresh_from_db()
    assert bruno_entry.team.name == "Rosso"
    (change,) = DriverChange.objects.filter(driver__name="Bruno")
    assert (change.before, change.after) == ({"team": "Rosso"}, {"team": "Verde"})


def test_a_transfer_to_a_team_of_another_league_is_refused(league, organiser):
    other = league_create(name="Elsewhere", organiser=organiser)
    stranger = team_create(league=other, name="Blu", driver_names=["Gus", "Hal"])
    with pytest.raises(ValidationError, match="not in Old Hands"):
        driver_transfer(driver=driver("Bruno"), team=stranger)


def test_a_renamed_driver_keeps_their_history_and_a_taken_name_is_refused(league):
    with pytest.raises(ValidationError, match="already races in this league"):
        driver_rename(driver=driver("Bruno"), name="dino")
    renamed = driver_rename(driver=driver("Bruno"), name="Bruno Senna")
    assert renamed.name == "Bruno Senna"
    assert DriverChange.objects.get().after == {"name": "Bruno Senna"}


def test_a_released_or_retired_driver_races_no_more_and_says_why(league):
    driver_release(driver=driver("Bruno"), reason="Left the group")
    driver_retire(driver=driver("Carla"), reason="Moved abroad")
    assert driver("Bruno").status == DriverStatus.RELEASED
    assert driver("Carla").status == DriverStatus.RETIRED
    assert set(
        Driver.objects.filter(team__league=league).racing().values_list("name", flat=True)
    ) == {
        "Dino",
        "Elsa",
    }
    with pytest.raises(
        ValidationError, match="Carla is retired. Only a driver still racing may be transferred."
    ):
        driver_transfer(driver=driver("Carla"), team=Team.objects.get(name="Verde"))
    with pytest.raises(AlreadyDone, match="Bruno was released already."):
        driver_release(driver=driver("Bruno"), reason="again")
    with pytest.raises(AlreadyDone, match="Carla is retired already."):
        driver_retire(driver=driver("Carla"), reason="again")
    with pytest.raises(
        ValidationError, match="Bruno was released. Only a driver still racing may be retired."
    ):
        driver_retire(driver=driver("Bruno"), reason="Moved abroad")


def test_the_driver_page_shows_the_organiser_its_forms_and_everyone_the_changes(league, organiser):
    league_publish_set(league=league, published=True)
    driver_career_correct(driver=driver("Bruno"), career={"xp": 23}, reason="Imported")
    url = driver("Bruno").get_absolute_url()
    public = Client().get(url).content.decode()
    assert "Career corrected" in public and "XP 0 → 23" in public and "Imported" in public
    assert 'name="correct"' not in public
    client = Client()
    client.force_login(organiser)
    page = client.get(url).content.decode()
    assert 'name="correct"' in page and 'name="transfer"' in page and 'name="retire"' in page


def post(organiser, name: str, data: dict):
    client = Client()
    client.force_login(organiser)
    url = reverse("league:driver_roster", args=[driver(name).team.league.slug, driver(name).pk])
    return client.post(url, data)


def test_the_page_posts_each_change_and_refuses_a_stale_one_with_a_409(league, organiser):
    career = {"age": 4, "xp": 23, "prior_injuries": 2, "races_to_miss": 3, "reason": "Import"}
    shown = {"shown_age": 1, "shown_xp": 0, "shown_prior_injuries": 0, "shown_races_to_miss": 0}
    assert post(organiser, "Bruno", {**career, **shown, "correct": ""}).status_code == 302
    assert driver("Bruno").xp == 23
    stale = post(organiser, "Bruno", {**career, **shown, "xp": 30, "correct": ""})
    assert stale.status_code == 409 and "Someone changed Bruno first" in stale.content.decode()
    verde = Team.objects.get(name="Verde")
    moved = post(
        organiser,
        "Bruno",
        {"team": verde.pk, "shown_team": driver("Bruno").team_id, "transfer": ""},
    )
    assert moved.status_code == 302 and driver("Bruno").team == verde
    bad = post(organiser, "Carla", {"age": "four", **shown, "reason": "x", "correct": ""})
    assert bad.status_code == 400
    nothing = post(organiser, "Carla", {"reason": "x"})
    assert nothing.status_code == 400


def test_the_changes_come_back_with_the_backup(league, organiser):
    driver_career_correct(driver=driver("Bruno"), career={"xp": 23}, reason="Imported")
    exported = json.loads(backup.league_file(league))
    assert [row["reason"] for row in exported["tables"]["league.driverchange"]] == ["Imported"]


def test_a_league_whose_careers_were_corrected_by_hand_restores_from_its_backup(league):
    """A league brought in with its past (careers set by hand, no race behind them) is a league
    the restore's career checks take: the correction is what the entries cannot say."""
    driver_career_correct(
        driver=driver("Bruno"),
        career={"age": 4, "xp": 23, "prior_injuries": 2, "races_to_miss": 3},
        reason="Brought in from our spreadsheet",
    )
    file = backup.league_file(league).encode()
    restored = backup.league_import(io.BytesIO(file), organiser=UserFactory()).league
    bruno = Driver.objects.get(team__league=restored, name="Bruno")
    assert (bruno.age, bruno.xp, bruno.prior_injuries, bruno.races_to_miss) == (4, 23, 2, 3)


# --- Season Pass where it speaks on roster changes (docs/rulings.md, "Roster changes") -------


def confirmed_round_1(league, starters: list[str]) -> None:
    """Round 1 of a Spring season raced by `starters`, every car finishing in that order."""
    season = league.seasons.first() or season_open(league=league, preset="Spring")
    round_ = season.rounds.get(number=1)
    entries = round_start(round_=round_, starters=[(driver(name), name) for name in starters])
    by_name = {entry.driver.name: entry for entry in entries}
    outcomes = [
        EntryOutcome(entry_id=by_name[name].pk, finished=True, place=place)
        for place, name in enumerate(starters, start=1)
    ]
    round_result_enter(round_=round_, outcomes=outcomes)
    round_result_commit(round_=round_)


def test_an_injured_driver_transferred_keeps_healing_with_the_new_team(league, organiser):
    """ "Only drivers with zero injury points are available to race" and each race sat out
    heals one: Bruno, 2 races to miss, sits round 1 out for Verde and misses 1 more."""
    driver_career_correct(driver=driver("Bruno"), career={"races_to_miss": 2}, reason="hurt")
    verde = Team.objects.get(name="Verde")
    moved = post(
        organiser,
        "Bruno",
        {"team": verde.pk, "shown_team": driver("Bruno").team_id, "transfer": ""},
    )
    said = [str(message) for message in get_messages(moved.wsgi_request)]
    assert "Bruno still misses 2 races and heals with the new team as before" in " ".join(said)
    assert driver("Bruno").races_to_miss == 2  # the injury is the driver's, not the team's

    confirmed_round_1(league, ["Dino", "Elsa", "Carla"])

    assert driver("Bruno").races_to_miss == 1


def test_a_released_driver_heals_no_more_off_the_books(league):
    driver_career_correct(driver=driver("Bruno"), career={"races_to_miss": 2}, reason="hurt")
    driver_release(driver=driver("Bruno"), reason="Left the group")
    confirmed_round_1(league, ["Dino", "Elsa", "Carla"])
    assert driver("Bruno").races_to_miss == 2


def test_a_team_left_without_two_uninjured_drivers_may_start_a_rookie(league, organiser):
    """ "If a team does not have two uninjured drivers, they may start a new rookie driver":
    releasing Carla while Bruno is hurt leaves Rosso no driver able to race, and the page
    says what Season Pass lets it do."""
    driver_career_correct(driver=driver("Bruno"), career={"races_to_miss": 1}, reason="hurt")
    released = post(organiser, "Carla", {"reason": "Left the group", "release": ""})
    said = " ".join(str(message) for message in get_messages(released.wsgi_request))
    assert "Rosso has 0 of its 2 drivers able to race" in said
    assert "it may start 2 new rookies (age 1, 0 XP) in the empty seats (Selecting Drivers)" in said


def test_a_team_short_of_drivers_and_an_injury_carried_are_said_in_french(league, organiser):
    """The rule set's words after a roster change, in the reader's language (issue 34)."""
    driver_career_correct(driver=driver("Bruno"), career={"races_to_miss": 2}, reason="hurt")
    verde = Team.objects.get(name="Verde")
    client = Client()
    client.force_login(organiser)
    url = reverse("league:driver_roster", args=[league.slug, driver("Bruno").pk])
    posted = {"team": verde.pk, "shown_team": driver("Bruno").team_id, "transfer": ""}
    moved = client.post(url, posted, HTTP_ACCEPT_LANGUAGE="fr")
    said = " ".join(str(message) for message in get_messages(moved.wsgi_request))
    assert "Bruno doit encore manquer 2 courses et guérit dans sa nouvelle écurie" in said
    assert "Rosso a 1 de ses 2 pilotes en état de courir" in said
    assert "elle peut faire partir un nouveau débutant (âge 1, 0 XP) dans le baquet vide" in said
    with rules_language.speaking("fr"):
        formula_d = championship_for("formula_d")
        assert formula_d.short_of_drivers(team="Rosso", able=0, cars=1) == (
            "Rosso n'a aucun pilote en état de courir pour sa voiture : engagez un pilote avant "
            "la prochaine course, ou laissez la voiture vide."
        )
        season_pass = championship_for("season_pass")
        assert season_pass.races_no_more(driver="Carla", status="dead") == (
            "Carla a succombé à une blessure (Injury Table) et ne court plus."
        )


def test_a_rookie_hired_in_the_seat_in_the_same_step(league, organiser):
    """ "Before any race, a team may hire new driver(s) of age one with zero experience"."""
    retired = post(
        organiser, "Carla", {"reason": "Moved abroad", "rookie": "Rita Rookie", "retire": ""}
    )
    assert retired.status_code == 302
    rita = driver("Rita Rookie")
    assert (rita.team.name, rita.age, rita.xp, rita.status) == ("Rosso", 1, 0, DriverStatus.ACTIVE)
    said = " ".join(str(message) for message in get_messages(retired.wsgi_request))
    assert "Rosso hired Rita Rookie, a rookie, in the seat." in said
    assert "able to race" not in said  # Bruno and Rita: the seats are filled


def test_a_rookie_whose_name_is_taken_changes_nothing(league, organiser):
    refused = post(organiser, "Carla", {"reason": "Moved abroad", "rookie": "dino", "retire": ""})
    assert refused.status_code == 400
    assert "already races in this league" in refused.content.decode()
    assert driver("Carla").status == DriverStatus.ACTIVE
    assert not DriverChange.objects.exists()


def test_a_rookie_is_hired_before_a_race_not_during_one(league):
    """ "Before any race": Gus, not racing round 1, may be released while it is raced, but no
    rookie is hired in his seat until it is over."""
    team_create(league=league, name="Blu", driver_names=["Gus", "Hal"])
    season = season_open(league=league, preset="Spring")
    starters = [(driver(name), name) for name in ("Bruno", "Carla", "Dino", "Elsa")]
    round_start(round_=season.rounds.get(number=1), starters=starters)
    with pytest.raises(ValidationError, match="hired before a race"):
        driver_release(driver=driver("Gus"), reason="Left", rookie="Rita")
    assert driver("Gus").status == DriverStatus.ACTIVE
    assert not Driver.objects.filter(name="Rita").exists()


def test_a_retired_driver_may_no_longer_race_says_the_rule(league):
    """ "Any driver with less than zero experience points will retire and may no longer
    race": a retired driver is not transferred back into a seat."""
    driver_retire(driver=driver("Carla"), reason="Moved abroad")
    with pytest.raises(
        ValidationError, match=r"a retired driver may no longer race \(Retirement\)"
    ):
        driver_transfer(driver=driver("Carla"), team=Team.objects.get(name="Verde"))


def test_the_words_are_the_rule_sets_own():
    """The apps ask the hooks: a rule set without careers has no healing to carry and says
    only that a team short of drivers hires one or leaves a car empty."""
    formula_d = championship_for("formula_d")
    assert formula_d.still_healing(driver="Bruno", races_to_miss=2) == ""
    assert formula_d.short_of_drivers(team="Rosso", able=1, cars=2) == (
        "Rosso has 1 driver able to race for 2 cars a race: hire a driver before the next race, "
        "or leave a car empty."
    )
    season_pass = championship_for("season_pass")
    assert "Selecting Drivers" in season_pass.short_of_drivers(team="Rosso", able=1, cars=2)


@contextmanager
def in_french():
    with translation.override("fr"), rules_language.speaking("fr"):
        yield


def test_a_driver_no_longer_racing_is_refused_in_french_sentences_of_their_own(league, organiser):
    """Issue 34: "{driver} est {status} : seul un pilote qui court encore peut être {what}."
    took the status's label lowered and a verb glued in; each is a whole sentence now."""
    driver_retire(driver=driver("Carla"), reason="Moved abroad")
    driver_release(driver=driver("Bruno"), reason="Left the group")
    verde = Team.objects.get(name="Verde")
    with in_french(), pytest.raises(ValidationError) as refused:
        driver_transfer(driver=driver("Carla"), team=verde)
    (said,) = refused.value.messages
    assert said.startswith(
        "Carla a pris sa retraite. Seul un pilote qui court encore peut changer d'écurie. "
    ), said
    assert (runs_left(said), english_words(said, {"carla"})) == ([], [])
    with in_french(), pytest.raises(ValidationError) as refused:
        driver_retire(driver=driver("Bruno"), reason="Parti")
    assert refused.value.messages == [
        "Bruno n'a plus d'écurie. Seul un pilote qui court encore peut être mis à la retraite."
    ]
    with in_french(), pytest.raises(AlreadyDone) as already:
        driver_release(driver=driver("Bruno"), reason="encore")
    assert already.value.messages == ["Bruno n'a déjà plus d'écurie."]
    with in_french(), pytest.raises(AlreadyDone) as already:
        driver_retire(driver=driver("Carla"), reason="encore")
    assert already.value.messages == ["Carla a déjà pris sa retraite."]


def test_a_driver_s_changes_by_hand_read_in_french(league, organiser):
    """The field's name was English ("status") and the status its label lowered."""
    driver_release(driver=driver("Bruno"), reason="Left the group")
    driver_career_correct(driver=driver("Dino"), career={"prior_injuries": 2}, reason="Import")
    client = Client()
    client.force_login(organiser)
    bruno = words_of(client.get(driver("Bruno").get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").text)
    assert "statut en course → sans écurie" in bruno, bruno
    dino = words_of(client.get(driver("Dino").get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").text)
    assert "blessures antérieures 0 → 2" in dino, dino
    english = words_of(client.get(driver("Bruno").get_absolute_url()).text)
    assert "status active → released" in english, english


def test_a_career_number_out_of_range_is_refused_in_a_french_sentence_of_its_own(league):
    """Issue 34: the field's English name was glued into the refusal ("Prior injuries doit
    aller de…"), capitalised from its key ("Xp" in English)."""
    with in_french(), pytest.raises(ValidationError) as refused:
        driver_career_correct(driver=driver("Bruno"), career={"prior_injuries": 100}, reason="x")
    assert refused.value.messages == [
        "Les blessures antérieures doivent aller de 0 à 99 (demandé : 100)."
    ]
    with pytest.raises(ValidationError) as refused:
        driver_career_correct(driver=driver("Bruno"), career={"xp": 10_000}, reason="x")
    assert refused.value.messages == ["XP must be from -999 to 9999 (asked: 10000)."]
