"""Sentences the league's Python builds for a person, in French (issue 34): what moving a
league to another rule set keeps and leaves to its organiser, which results a season counts,
the years a session may be in, a driver's dice luck. Each is one whole sentence of the
catalogue, said in the reader's language, never glued from English pieces."""

from __future__ import annotations

import itertools

import pytest
from django.urls import reverse
from django.utils import translation

from league.models import Driver, League
from league.services.leagues import league_create
from league.services.rule_sets import carry_over
from league.services.teams import team_create
from league.services.tracks import track_create
from rules import language as rules_language
from rules.championship import championship_for, rule_sets
from tests.factories import published
from tests.test_french_site import english_words, runs_left, words_of, words_of_names

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


def english_left(text: str, names: list[str]) -> list[str]:
    """The English `text` shows: runs of the catalogues' sentences and words French never
    writes, but the names people gave."""
    return runs_left(text) + english_words(text, words_of_names(names))


def everything_league(organiser, ruleset: str) -> League:
    """A league of `ruleset` with something of everything a move may carry or leave: a team
    of one driver and one of three, an injured driver with a home track and a driver's card,
    and every setting changed from its default."""
    league = published(league_create(name="Grand Prix", organiser=organiser, ruleset=ruleset))
    team_of(league, "Scuderia", ["Ann"])
    team_of(league, "Arrows", ["Bob", "Cid", "Dot"])
    home = track_create(name="Nordschleife")
    Driver.objects.filter(name="Bob").update(
        races_to_miss=2, home_track=home, driver_card={"skill": "", "wp": {}}
    )
    changed: dict[str, object] = {}
    for setting in league.rules.settings:
        if setting.kind == "bool":
            changed[setting.key] = not setting.default
        else:
            changed[setting.key] = next(
                value for value, _label in setting.choices if value != setting.default
            )
    League.objects.filter(pk=league.pk).update(settings=changed)
    league.refresh_from_db()
    return league


def team_of(league: League, name: str, drivers: list[str]) -> None:
    """A team of `drivers`, however many cars a team its rule set races."""
    team = team_create(
        league=league,
        name=name,
        driver_names=[f"{name} {number}" for number in range(league.cars_per_team)],
    )
    team.drivers.all().delete()
    for driver in drivers:
        Driver.objects.create(team=team, name=driver)


PAIRS = [
    (old.name, new.name) for old, new in itertools.permutations(rule_sets(), 2)
]


@pytest.mark.parametrize(("old", "new"), PAIRS)
def test_what_a_move_to_another_rule_set_keeps_reads_in_french(organiser, old, new):
    league = everything_league(organiser, old)
    with translation.override("fr"), rules_language.speaking("fr"):
        said = carry_over(league, championship_for(new))
    text = " ".join(said.lines)
    assert said.kept and said.left
    assert english_left(text, ["Scuderia", "Arrows", "Bob", "Cid", "Dot", "Ann"]) == [], text


def test_a_season_pass_league_moving_to_formula_d_reads_in_french(organiser):
    """The injured driver may race again, the teams of more drivers than Formula D's one car
    are named in a list, as French lists them."""
    league = everything_league(organiser, "season_pass")
    team_of(league, "Minardi", ["Eve", "Fay"])
    with translation.override("fr"), rules_language.speaking("fr"):
        said = carry_over(league, championship_for("formula_d"))
    text = " ".join(said.lines)
    assert "Toutes les écuries et tous les pilotes passent sous Formula D" in text
    assert "donc Bob peut de nouveau courir" in text
    assert "Formula D fait courir une voiture par écurie. Arrows et Minardi ont plus" in text
    with translation.override("en"):
        said = carry_over(league, championship_for("formula_d"))
    text = " ".join(said.lines)
    assert "Formula D races one car a team. Arrows and Minardi have more active drivers" in text


def test_the_new_season_page_says_what_a_move_keeps_in_french(client, organiser):
    """The page that opens a season under RBB: its wear-point setup named as its label."""
    league = everything_league(organiser, "formula_d")
    client.force_login(organiser)
    url = reverse("league:season_new", args=[league.slug])
    page = client.get(url, {"ruleset": "rbb"}, **FRENCH).content.decode()
    text = words_of(page)
    assert "Répartition des PU : chaque saison de RBB championship part" in text
    assert "Arrows ont plus de pilotes actifs" not in text  # one team: its verb is singular
    assert english_left(text, ["Grand", "Prix", "Scuderia", "Arrows", "Nordschleife"]) == []
