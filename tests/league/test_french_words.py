"""The words Python builds for a person to read, in French (issue 34): a service's refusal
read by a French browser, the models' labels on a page, a points adjustment in words, the
settings history, the web manifest and a calendar event; what a program reads (CSV columns,
JSON keys, the ways out in the results export) stays as it was. And the account's language
read once a request."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from config import languages, wording
from league.models import DriverStatus, PointsAdjustment, Role, RoundStatus
from league.models.team_colours import BY_KEY, car_name_base
from league.services.league_settings import league_settings_set
from league.services.penalties import NO_POINTS
from league.views.common import NO_VERSION
from rules import language as rules_language
from tests.factories import UserFactory
from tests.league.test_penalty_pages import first_drivers, raced_league, url
from tests.league.test_reopen import six_drivers  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


def french(sentence: str) -> str:
    with translation.override("fr"):
        return translation.gettext(sentence)


def test_a_service_s_refusal_reads_in_french_to_a_french_browser(client):
    league = raced_league()
    driver = first_drivers(league)[0]
    client.force_login(league.organiser)
    post = {
        "competitor": f"driver:{driver.pk}",
        "round": "",
        "points": "0",
        "reason": "Contact",
        "version": "0",
        "add": "",
    }
    answer = client.post(url(league), post, HTTP_HX_REQUEST="true", **FRENCH)
    assert answer.status_code == 400
    assert french(NO_POINTS) != NO_POINTS
    assert french(NO_POINTS).replace("'", "&#x27;") in answer.text
    assert NO_POINTS not in answer.text
    english = client.post(url(league), post, HTTP_ACCEPT_LANGUAGE="en")
    assert NO_POINTS in english.text
    assert not PointsAdjustment.objects.exists()


def test_a_view_s_message_and_points_in_words_read_in_french(client):
    league = raced_league()
    driver = first_drivers(league)[0]
    client.force_login(league.organiser)
    post = {
        "competitor": f"driver:{driver.pk}",
        "round": "2",
        "points": "-4",
        "reason": "Contact",
        "version": "0",
        "add": "",
    }
    answer = client.post(url(league), post, follow=True, **FRENCH)
    assert f"-4 points pour {driver.name} : saisi." in answer.text
    made = PointsAdjustment.objects.get()
    with translation.override("fr"):
        assert made.points_in_words == "-4 points"
        made.points = 1
        assert made.points_in_words == "+1 point"
    assert made.points_in_words == "+1 point"
    made.points = -2
    assert made.points_in_words == "-2 points"


def test_the_status_and_role_labels_read_in_french_on_the_pages(client, season, teams):
    schedule = client.get(season.get_absolute_url(), **FRENCH).text
    with translation.override("fr"):
        scheduled = str(RoundStatus.SCHEDULED.label)
        active = str(DriverStatus.ACTIVE.label)
        organiser = str(Role.ORGANISER.label)
    assert (scheduled, active, organiser) == ("Prévue", "Actif", "Organisateur")
    assert f'<span class="badge text-bg-light">{scheduled}</span>' in schedule
    assert ">Scheduled<" not in schedule
    team = client.get(teams[0].get_absolute_url(), **FRENCH).text
    assert f"<td>{active}</td>" in team and "<td>Active</td>" not in team
    client.force_login(season.league.organiser)
    members = client.get(reverse("league:members", args=[season.league.slug]), **FRENCH).text
    assert f"· {organiser}</span>" in members
    english = client.get(
        reverse("league:members", args=[season.league.slug]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "· Organiser</span>" in english.text


def test_the_settings_history_reads_in_the_reader_s_language(client, league):
    setting = next(each for each in league.rules.settings if each.kind == "bool")
    league_settings_set(
        league=league,
        settings={**league.settings, setting.key: not setting.value_in(league.settings)},
        expected_version=league.settings_version,
        made_by=league.organiser,
    )
    change = league.setting_changes.get()
    assert change.label == setting.label  # kept in English
    client.force_login(league.organiser)
    address = reverse("league:league_settings", args=[league.slug])
    page = client.get(address, **FRENCH).text
    with rules_language.speaking("fr"):
        said = setting.said_label()
    assert said != setting.label and said.replace("'", "&#x27;") in page
    english = client.get(address, HTTP_ACCEPT_LANGUAGE="en").text
    assert setting.label.replace("'", "&#x27;") in english


def test_the_manifest_speaks_the_viewer_s_language_and_varies_by_it(client):
    english = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="en")
    in_french = client.get("/manifest.webmanifest", **FRENCH)
    assert json.loads(english.content)["description"].startswith("Racing board-game leagues")
    said = json.loads(in_french.content)
    assert said["lang"] == "fr" and said["description"].startswith("Ligues de jeux de course")
    assert said["name"] == "Paddock"
    assert "Accept-Language" in in_french["Vary"] and "Cookie" in in_french["Vary"]


def test_a_calendar_event_s_summary_is_in_the_reader_s_language_its_uid_the_same(client, season):
    first = season.rounds.order_by("number").first()
    from datetime import UTC, datetime

    first.starts_at = datetime(2026, 12, 3, 19, 0, tzinfo=UTC)
    first.save(update_fields=["starts_at"])
    address = reverse("league:calendar", args=[season.league.slug])
    english = client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    in_french = client.get(address, **FRENCH).content.decode()
    assert f"SUMMARY:{season.league.name}: season 1\\, round 1" in english
    assert f"SUMMARY:{season.league.name} : saison 1\\, manche 1" in in_french
    uid = next(line for line in english.splitlines() if line.startswith("UID:"))
    assert uid in in_french.splitlines()


def test_the_account_s_language_is_read_once_a_request(client):
    user = UserFactory()
    client.force_login(user)
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    with mock.patch.object(languages, "_kept", wraps=languages._kept) as kept:
        response = client.get(reverse("league:home"), HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="fr"' in response.text
    assert kept.call_count == 1


# --- the import's, the restore's and the reopen's words (issue 34's leftovers) ---------------


def test_a_spreadsheet_import_refusal_reads_in_french_where_it_is_named(client_organiser):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from league.models import League

    roster = SimpleUploadedFile("roster.csv", b"team,driver,status\nRosso,Ann,flying\n")
    post = {"name": "Old Hands", "ruleset": "season_pass", "roster": roster}
    answer = client_organiser.post(reverse("league:league_import"), post, **FRENCH)
    assert answer.status_code == 400
    assert (
        "Ligne 2, colonne status : &#x27;flying&#x27; n&#x27;est pas un statut : l&#x27;un de "
        "racing, retired, dead, released." in answer.text
    )
    assert "is not a status" not in answer.text
    assert not League.objects.exists()


def test_a_restore_refusal_reads_in_french(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(UserFactory())
    page = SimpleUploadedFile("page.html", b"<html>not a backup</html>")
    answer = client.post(reverse("league:league_restore"), {"backup": page}, **FRENCH)
    assert answer.status_code == 400
    assert "Ce n&#x27;est pas une sauvegarde de ligue Paddock" in answer.text
    assert "is not a Paddock league backup" not in answer.text


def test_a_number_in_a_refusal_is_grouped_as_french_groups_digits(client, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from league.spreadsheet.common import MOST_BYTES, TOO_LARGE

    client.force_login(UserFactory())
    settings.PADDOCK_RESTORE_MOST_BYTES = 1_000
    backup = SimpleUploadedFile("x.json", b"{" + b" " * 2_000 + b"}")
    restore = reverse("league:league_restore")
    in_french = client.post(restore, {"backup": backup}, **FRENCH)
    assert in_french.status_code == 413
    assert "dépasse les 1\xa0000 octets" in in_french.text
    backup.seek(0)
    english = client.post(restore, {"backup": backup}, HTTP_ACCEPT_LANGUAGE="en")
    assert "larger than the 1,000 bytes" in english.text
    with translation.override("fr"):
        said = translation.gettext(TOO_LARGE).format(most=wording.grouped(MOST_BYTES))
    assert said.startswith("Le fichier dépasse 2\xa0097\xa0152 octets")
    assert TOO_LARGE.format(most=wording.grouped(MOST_BYTES)) == TOO_LARGE.format(most=MOST_BYTES)


@pytest.mark.usefixtures("six_drivers")
def test_the_reopen_summary_reads_in_french(season):
    from league.services.reopen import reopen_summary
    from league.services.results import round_result_commit
    from tests.league.test_reopen import enter_by_hand, named

    round_one = season.rounds.get(number=1)
    enter_by_hand(round_one, named("Ann", "Bob", "Cid", "Dot"), {"Dot": (6, [4, 7])})
    round_result_commit(round_=round_one)
    with translation.override("fr"):
        summary = reopen_summary(round_one)
    assert dict(summary.careers)["Dot"] == (
        "XP -5 revient à 1",
        "courses à manquer 5 revient à 0",
        "blessures antérieures 1 revient à 0",
        # A status said as words of their own within the line, not its label lowered.
        "de nouveau en course (et non plus à la retraite)",
    )


def test_a_driver_no_longer_racing_may_not_start_said_in_french_whole(
    client, organiser, season, teams
):
    """Issue 34: "{driver} est {status} et ne peut plus courir." took the status's label
    lowered; each status has its sentence now."""
    from league.models import Driver
    from league.services.starts import start_refusal
    from tests.league.test_views import round_url, start_data, versioned
    from tests.test_french_site import english_words, runs_left, words_of

    drivers = list(Driver.objects.filter(team__in=teams).order_by("pk"))
    Driver.objects.filter(pk=drivers[0].pk).update(status=DriverStatus.RETIRED)
    round_one = season.rounds.get(number=1)
    client.force_login(organiser)
    answer = client.post(
        round_url(round_one, "start"), versioned(round_one, start_data(drivers)), **FRENCH
    )
    assert answer.status_code == 400
    text = words_of(answer.text)
    assert f"{drivers[0].name} a pris sa retraite et ne peut plus courir." in text, text
    # On the starters' line, after the driver's name.
    assert text.count("a pris sa retraite et ne peut plus courir") == 2, text
    names = {word.lower() for driver in drivers for word in driver.name.split()}
    assert (runs_left(text), english_words(text, names)) == ([], [])
    drivers[2].races_to_miss = 1
    with translation.override("fr"):
        assert start_refusal(drivers[2], named_as="") == (
            "doit encore manquer 1 course : seuls les pilotes sans point de blessure peuvent "
            "courir."
        )
    for status, said in (
        (DriverStatus.DEAD, "a trouvé la mort et ne peut plus courir."),
        (DriverStatus.RELEASED, "n'a plus d'écurie et ne peut plus courir."),
    ):
        drivers[1].status = status
        with translation.override("fr"):
            assert start_refusal(drivers[1]) == f"{drivers[1].name} {said}"
            assert start_refusal(drivers[1], named_as="") == said


def test_a_team_s_colour_is_named_in_french_and_a_car_keeps_its_english_default_name(client):
    """A colour's name is said in the reader's language where a page names it (the swatch's
    title, the team's colour on the team page); a car's default name, which the table keeps,
    takes the English word whatever the organiser reads."""
    league = raced_league()
    team = league.teams.order_by("pk").first()
    team.colour = "sky"
    team.save(update_fields=["colour"])
    page = client.get(reverse("league:team", args=[league.slug, team.pk]), **FRENCH).text
    assert 'title="Bleu ciel"' in page and "Sky blue" not in page
    with translation.override("fr"):
        assert BY_KEY["sky"].said_label == "Bleu ciel"
        assert car_name_base("Red", "sky") == "Sky blue"


def test_a_form_without_its_version_is_refused_in_the_reader_s_language(client):
    """version_posted's refusal was said once, in English, when its module was imported."""
    league = raced_league()
    client.force_login(league.organiser)
    round_ = league.seasons.get(number=1).rounds.order_by("number").first()
    address = reverse("league:round_commit", args=[league.slug, 1, round_.number])
    answer = client.post(address, {}, **FRENCH)
    assert answer.status_code == 400
    assert french(NO_VERSION) != NO_VERSION
    assert escape(french(NO_VERSION)) in answer.text and NO_VERSION not in answer.text
