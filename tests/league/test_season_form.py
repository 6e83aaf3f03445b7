"""The new-season form (issue 22): the sample schedule picked shows its tracks in the races'
fields, and changing one of them there opens a season on the tracks shown."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from league.models import League, Track
from league.services.leagues import league_create

pytestmark = pytest.mark.django_db


def new_season(league: League) -> str:
    return reverse("league:season_new", args=[league.slug])


def selected(page: str, field: str) -> str | None:
    """The option selected in the select named `field`, by its text."""
    select = re.search(rf'<select name="{field}".*?</select>', page, re.S)
    assert select is not None, field
    chosen = re.search(r"<option[^>]*selected[^>]*>([^<]*)</option>", select.group(0))
    return chosen.group(1) if chosen else None


def test_the_schedule_picked_shows_its_tracks_in_the_races(client_organiser, league):
    page = client_organiser.get(new_season(league), {"preset": "Spring"}).text
    assert selected(page, "preset").startswith("Spring: Imola")
    assert [selected(page, f"race_{n}") for n in (1, 2, 9)] == [
        "Imola (6)",
        "Monza (8)",
        "Monaco (1)",
    ]


def test_the_schedule_select_reloads_the_form_with_htmx(client_organiser, league):
    page = client_organiser.get(new_season(league)).text
    assert f'hx-get="{new_season(league)}"' in page
    assert 'id="season-form"' in page
    assert selected(page, "race_1") == "---------"  # custom: nothing picked yet


def test_the_schedule_s_tracks_as_shown_open_the_schedule(client_organiser, league):
    page_tracks = {f"race_{n}": "" for n in range(1, 10)}
    spring = ["Imola", "Monza", "Nürburgring", "Hockenheim", "Barcelona", "Estoril",
              "Silverstone", "Spa-Francorchamps", "Monaco"]  # fmt: skip
    by_name = {track.name: track.pk for track in Track.objects.filter(name__in=spring)}
    page_tracks |= {f"race_{n}": by_name[name] for n, name in enumerate(spring, start=1)}
    response = client_organiser.post(new_season(league), {"preset": "Spring", **page_tracks})
    assert response.status_code == 302
    season = league.seasons.get()
    assert season.preset == "Spring"
    assert [r.track.name for r in season.rounds.order_by("number")] == spring


def test_a_track_changed_in_the_schedule_shown_opens_a_schedule_of_its_own(
    client_organiser, league
):
    spring = ["Imola", "Monza", "Nürburgring", "Hockenheim", "Barcelona", "Estoril",
              "Silverstone", "Spa-Francorchamps", "Monaco"]  # fmt: skip
    by_name = {track.name: track.pk for track in Track.objects.all()}
    races = {f"race_{n}": by_name[name] for n, name in enumerate(spring, start=1)}
    races["race_2"] = by_name["Suzuka"]
    response = client_organiser.post(new_season(league), {"preset": "Spring", **races})
    assert response.status_code == 302
    season = league.seasons.get()
    assert season.preset == ""
    assert [r.track.name for r in season.rounds.order_by("number")][:3] == [
        "Imola",
        "Suzuka",
        "Nürburgring",
    ]


def test_a_schedule_posted_without_its_tracks_still_opens_it(client_organiser, league):
    """Without JavaScript the races stay empty: the schedule alone says the tracks."""
    response = client_organiser.post(new_season(league), {"preset": "Summer"})
    assert response.status_code == 302
    assert league.seasons.get().preset == "Summer"


def test_a_rule_set_without_sample_schedules_offers_none(client_organiser, organiser):
    """Formula D's seasons are on the tracks picked: a "Sample schedule" list holding only
    "— custom —", and its help to pick one, said what the page could not do."""
    league = league_create(name="D League", organiser=organiser, ruleset="formula_d")
    page = client_organiser.get(new_season(league)).text
    assert '<select name="preset"' not in page
    assert "Sample schedule" not in page
    assert 'name="race_1"' in page
