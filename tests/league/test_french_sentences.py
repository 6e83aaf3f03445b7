"""Sentences the league's Python builds for a person, in French (issue 34): what moving a
league to another rule set keeps and leaves to its organiser, which results a season counts,
the years a session may be in, a driver's dice luck. Each is one whole sentence of the
catalogue, said in the reader's language, never glued from English pieces."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from league.models import Driver, DriverStatus, League, Season
from league.models.teams import status_words
from league.models.time_zones import validate_time_zone
from league.reads.luck import luck_view
from league.services.leagues import league_create
from league.services.rule_sets import carry_over
from league.services.starts import start_refusal
from league.services.teams import team_create
from league.services.tracks import track_create
from rules import language as rules_language
from rules.championship import championship_for, rule_sets
from rules.dice_luck import PURPOSES, luck
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


PAIRS = [(old.name, new.name) for old, new in itertools.permutations(rule_sets(), 2)]


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


@pytest.mark.parametrize(
    ("rule", "number", "english", "french"),
    [
        ("best", 3, "Only each competitor's best 3 results count.", "Seuls les 3 meilleurs"),
        ("best", 1, "Only each competitor's best result counts.", "Seul le meilleur résultat"),
        ("worst", 2, "Each competitor's worst 2 results are dropped.", "Les 2 pires résultats"),
        ("worst", 1, "Each competitor's worst result is dropped.", "Le pire résultat de chaque"),
    ],
)
def test_which_results_a_season_counts_reads_in_french(
    client, season, rule, number, english, french
):
    Season.objects.filter(pk=season.pk).update(drop_rule=rule, drop_number=number)
    page = client.get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert english.replace("'", "&#x27;") in page
    page = client.get(season.get_absolute_url(), **FRENCH).content.decode()
    counted = words_of(page.split('id="counted-rule">')[1].split("</p>")[0])
    assert counted.startswith(french) and english_left(counted, []) == []


def test_a_session_s_year_out_of_range_is_refused_in_french(client_organiser, season):
    round_ = season.rounds.get(number=1)
    url = reverse("league:round_session", args=[season.league.slug, season.number, round_.number])
    posted = {"version": round_.version, "date": "9999-12-31", "time": "23:59", "venue": ""}
    page = client_organiser.post(url, posted, **FRENCH).content.decode()
    assert "La date d&#x27;une séance doit tomber dans les années 2 à 9998." in page
    assert "A session&#x27;s date" not in page


def test_a_time_zone_unknown_is_refused_in_french():
    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        validate_time_zone("Mars/Olympus_Mons")
    assert refused.value.messages == [
        "'Mars/Olympus_Mons' n'est pas un fuseau horaire que Paddock connaît : choisissez-en un "
        "dans la liste."
    ]


def every_purpose() -> dict:
    """A tally of the black die rolled for every purpose, and a yellow die to move."""
    black = {purpose: {"10": 2, "12": 1} for purpose in PURPOSES}
    black["gear"] = {"5": 1}
    return {"black": black, "yellow": {"gear": {"1": 1, "2": 3}}}


def test_a_luck_reads_in_french_each_purpose_a_phrase_its_verdict_a_sentence():
    found = luck(every_purpose())
    assert found is not None
    with translation.override("fr"), rules_language.speaking("fr"):
        view = luck_view("Carrière", found)
    black = next(die for die in view.dice if die.die == "noir")
    assert black.purposes.startswith("1 jet pour avancer, 3 jets de qualification et de grille")
    assert black.purposes.endswith("et 3 jets pour d'autres tests")
    assert "," in black.mean  # 10,67: French writes a decimal comma
    assert "séries sur 100 des mêmes jets avec des dés équitables ont donné moins" in view.sentence
    text = " ".join([view.sentence, *(f"{die.die} {die.purposes}" for die in view.dice)])
    assert english_left(text, []) == []
    view = luck_view("Career", found)
    assert next(die for die in view.dice if die.die == "yellow").purposes == "4 rolls to move"


def test_a_status_within_a_sentence_is_its_own_words_not_its_label_lowered(organiser):
    """ "Ann a pris sa retraite et ne peut plus courir": the status within a sentence is a
    message of its own (a language may keep its label's capital there), the same word in
    English."""
    everything_league(organiser, "season_pass")
    ann = Driver.objects.get(name="Ann")
    Driver.objects.filter(pk=ann.pk).update(status=DriverStatus.RETIRED)
    ann.refresh_from_db()
    assert status_words(ann.status) == "retired" and str(ann.get_status_display()) == "Retired"
    with translation.override("fr"):
        assert status_words(ann.status) == "à la retraite"
        assert start_refusal(ann) == "Ann a pris sa retraite et ne peut plus courir."


def test_a_list_a_template_writes_name_by_name_is_joined_as_listed_joins_it():
    """Champions (each a link) are listed "Ann, Bob et Cid" in French, as `listed` lists names;
    no template glues a list with a translated "and" of its own."""
    from django.template import Context, Template

    from config import wording

    page = Template(
        "{% load wording %}{% for name in names %}<a>{{ name }}</a>{{ forloop|joined_after }}"
        "{% endfor %}."
    )
    names = ["Ann", "Bob", "Cid"]
    with translation.override("fr"):
        assert page.render(Context({"names": names})) == "<a>Ann</a>, <a>Bob</a> et <a>Cid</a>."
        assert wording.listed(names) == "Ann, Bob et Cid"
    assert page.render(Context({"names": names[:2]})) == "<a>Ann</a> and <a>Bob</a>."
    assert page.render(Context({"names": names[:1]})) == "<a>Ann</a>."
    templates = Path(__file__).resolve().parents[2] / "templates"
    glued = [
        path.name for path in templates.rglob("*.html") if 'translate "and"' in path.read_text()
    ]
    assert glued == []
