"""The standings-progression chart: points after each round, a line per driver or team, as SVG
drawn on the server (issue 12): its data worked out in league/reads/charts.py, drawn by
templates/league/_progression.html (issue 30)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from xml.etree import ElementTree

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from bench import builders
from league.models import League
from league.reads.charts import TOP_LINES, ChartLine, nice_step, progression
from tests.factories import UserFactory

SVG = "{http://www.w3.org/2000/svg}"
# What the chart drew when Python wrote its SVG in f-strings (main at bbf9111), for a few charts.
BEFORE = Path(__file__).with_name("progression_before.json")


def progression_svg(title: str, rounds: Sequence[int], lines: Sequence[ChartLine]) -> str:
    """The chart as the season page draws it."""
    chart = progression(title, rounds, lines)
    return render_to_string("league/_progression.html", {"chart": chart}).strip()


def parsed(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def polyline_points(group: ElementTree.Element) -> list[tuple[float, float]]:
    text = group.find(f"{SVG}polyline").get("points")
    return [tuple(map(float, pair.split(","))) for pair in text.split()]


def test_a_line_climbs_by_the_points_of_each_round_and_stays_flat_where_it_did_not_start():
    lines = [ChartLine("Ann", (20, 10, None, 5)), ChartLine("Bob", (10, 0, 10, 10))]
    svg = parsed(progression_svg("Drivers", (1, 2, 3, 4), lines))
    ann, bob = svg.findall(f"{SVG}g")
    assert ann.get("data-label") == "Ann"
    heights = [point[1] for point in polyline_points(ann)]
    assert heights[0] > heights[1] == heights[2] > heights[3]  # up is fewer units in SVG
    tooltips = [circle.find(f"{SVG}title").text for circle in ann.findall(f"{SVG}circle")]
    assert tooltips == ["Ann after R1: 20", "Ann after R2: 30", "Ann after R3: 30",
                        "Ann after R4: 35"]  # fmt: skip
    assert [point[0] for point in polyline_points(ann)] == [
        point[0] for point in polyline_points(bob)
    ]


def test_the_rounds_are_along_the_bottom_and_the_points_up_the_side():
    svg = progression_svg("Drivers", (1, 2, 3), [ChartLine("Ann", (100, 60, 30))])
    texts = [text.text for text in parsed(svg).iter(f"{SVG}text")]
    assert {"R1", "R2", "R3"} <= set(texts)
    assert {"0", "50", "100", "150", "200"} <= set(texts)
    assert "Ann · 190 pts" in texts


def test_every_line_has_its_own_colour_and_dashes_for_print():
    lines = [ChartLine(f"Driver {n}", (n,)) for n in range(TOP_LINES)]
    groups = parsed(progression_svg("Drivers", (1,), lines)).findall(f"{SVG}g")
    strokes = {
        (
            group.find(f"{SVG}polyline").get("stroke"),
            group.find(f"{SVG}polyline").get("stroke-dasharray"),
        )
        for group in groups
    }
    assert len(strokes) == TOP_LINES
    assert len({dash for _colour, dash in strokes}) == TOP_LINES


def test_names_are_escaped_so_the_drawing_stays_well_formed():
    svg = progression_svg("A & B", (1,), [ChartLine('<script>"x"</script>', (3,))])
    assert "<script>" not in svg
    assert parsed(svg).find(f"{SVG}g").get("data-label") == '<script>"x"</script>'


def test_the_chart_says_in_words_where_each_line_ends():
    svg = progression_svg(
        "Drivers", (1, 2), [ChartLine("Ann", (3, 4)), ChartLine("Bob", (1, None))]
    )
    assert (
        parsed(svg).find(f"{SVG}desc").text == "Points after each round to round 2: Ann 7; Bob 1."
    )


def test_it_fits_a_phone_and_draws_no_script():
    svg = progression_svg("Drivers", tuple(range(1, 10)), [ChartLine("Ann", (1,) * 9)])
    root = parsed(svg)
    assert root.get("viewBox").split()[2] == "360"
    assert root.get("width") == "100%"
    assert "script" not in svg.lower()


@pytest.mark.parametrize(
    ("most", "step"), [(1, 1), (4, 1), (9, 5), (35, 10), (190, 50), (1300, 500)]
)
def test_the_points_axis_steps_in_ones_twos_and_fives(most, step):
    assert nice_step(most) == step


# --- On the season page ----------------------------------------------------------------------


def league_of(drivers: int, name: str, finished: int = 9) -> League:
    league = builders.league_with_drivers(organiser=UserFactory(), name=name, drivers=drivers)
    builders.season_raced(league, number=1, ended=False, raced_rounds=finished, finished=finished)
    return league


@pytest.mark.django_db
def test_the_season_page_draws_its_leaders_over_the_rounds_raced(client):
    league = league_of(drivers=10, name="Chart", finished=3)
    page = client.get(league.current_season().get_absolute_url()).content.decode()
    drivers = page.split('id="drivers-chart"', 1)[1].split("</figure>", 1)[0]
    assert drivers.count('class="chart-line"') == TOP_LINES
    assert re.findall(r">R(\d)</text>", drivers) == ["1", "2", "3"]
    assert "Chart driver" in drivers
    teams = page.split('id="teams-chart"', 1)[1].split("</figure>", 1)[0]
    assert parsed(teams.split(">", 1)[1].strip()).find(f"{SVG}title").text == (
        "Teams' points after each round"
    )
    assert "Chart team" in teams


@pytest.mark.django_db
def test_a_season_with_no_result_yet_shows_no_chart(client, season):
    page = client.get(season.get_absolute_url()).content.decode()
    assert 'id="drivers-chart"' not in page


@pytest.mark.django_db
def test_the_chart_costs_the_season_page_no_query_more_for_10_drivers_or_60(
    client, django_assert_max_num_queries
):
    small, large = league_of(10, "Small"), league_of(60, "Large")
    with django_assert_max_num_queries(12) as few:
        client.get(small.current_season().get_absolute_url())
    with django_assert_max_num_queries(len(few.captured_queries), exact=True):
        page = client.get(large.current_season().get_absolute_url()).content.decode()
    assert page.count('class="chart-line"') == 2 * TOP_LINES


def test_a_line_of_one_point_says_1_pt_not_1_pts():
    svg = progression_svg("Drivers", (1, 2), [ChartLine("Ann", (1, 0)), ChartLine("Bob", (0, 2))])
    texts = [text.text for text in parsed(svg).iter(f"{SVG}text")]
    assert "Ann · 1 pt" in texts
    assert "Bob · 2 pts" in texts
    assert not any(text and text.endswith(" 1 pts") for text in texts)


# --- The same drawing as before the template (issue 30) ---------------------------------------


def shape(element: ElementTree.Element) -> tuple:
    """`element` as a reader of the SVG sees it: its name, attributes, text and children, the
    layout's blank text between elements aside."""
    text = element.text if element.text and element.text.strip() else ""
    assert not (element.tail or "").strip()
    return (element.tag, element.attrib, text, [shape(child) for child in element])


@pytest.mark.parametrize("name", sorted(json.loads(BEFORE.read_text())))
@pytest.mark.parametrize("language", ["en-gb", "de"])
def test_the_template_draws_what_the_f_strings_drew(name, language):
    before = json.loads(BEFORE.read_text())[name]
    lines = [
        ChartLine(
            line["label"],
            tuple(line["by_round"]),
            None if line["counted"] is None else tuple(line["counted"]),
            colour=line["colour"],
        )
        for line in before["lines"]
    ]
    with translation.override(language):  # a decimal comma would break the drawing
        after = progression_svg(before["title"], tuple(before["rounds"]), lines)
    assert shape(parsed(after)) == shape(parsed(before["svg"]))


def test_no_svg_is_written_in_python():
    root = Path(__file__).resolve().parents[2]
    written = [
        str(path.relative_to(root))
        for app in ("league", "races")
        for path in (root / app).rglob("*.py")
        if "<svg" in path.read_text() or "<polyline" in path.read_text()
    ]
    assert written == []
