"""Junk in an admin list's filters is refused (400) or lists nothing, never a 500 (issue 29):
a NUL in a value (PostgreSQL refuses one in any text), a year no calendar has, an id no
column holds, a value longer than any. For every list the admin has, Paddock's and axes'."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client, RequestFactory
from django.urls import reverse

from config import admin_queries
from tests.factories import UserFactory
from tests.league.test_league_delete import league_with_everything

pytestmark = pytest.mark.django_db

HUGE = "9" * 30
# Each a 500 once: a NUL (PostgreSQL), beyond any integer column or calendar (OverflowError),
# the date hierarchy's last year (its end is the year after, which Python has not).
JUNK = ["1\x00", "-" + HUGE, "9999", "x" * 5000]


def lists() -> list[tuple[str, list[str]]]:
    """Each admin list's address and the query parameters its filters, date hierarchy,
    search, order and pages read."""
    superuser = UserFactory(is_staff=True, is_superuser=True)
    found = []
    for model, model_admin in admin.site._registry.items():
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        request = RequestFactory().get(url)
        request.user = superuser
        changelist = model_admin.get_changelist_instance(request)
        parameters = [
            parameter
            for spec in changelist.filter_specs
            for parameter in spec.expected_parameters()
        ]
        if model_admin.date_hierarchy:
            parameters += [
                f"{model_admin.date_hierarchy}__{part}" for part in ("year", "month", "day")
            ]
        found.append((url, [*parameters, "q", "o", "p", "id__exact", "pk"]))
    return found


def test_every_list_with_junk_in_each_of_its_filters_is_a_400_or_a_list(organiser):
    league_with_everything(organiser, "Thursday Night League")
    client = Client(raise_request_exception=False)
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    refused = []
    for url, parameters in lists():
        assert client.get(url).status_code == 200, url
        for parameter in parameters:
            for junk in JUNK:
                status = client.get(url, {parameter: junk}).status_code
                # 302: Django's own answer to a lookup it cannot make (the list, ?e=1).
                if status not in (200, 302, 400):
                    refused.append((url, parameter, junk[:20], status))
    assert refused == []


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ({"ruleset__exact": ["a\x00"]}, admin_queries.NUL.format(name="ruleset__exact")),
        ({"x\x00": ["1"]}, admin_queries.NUL.format(name="a name")),
        ({"q": ["x" * 1001]}, admin_queries.TOO_LONG.format(name="q", most=1000)),
        (
            {"league__id__exact": [str(2**63)]},
            admin_queries.OUT_OF_RANGE.format(name="league__id__exact"),
        ),
        (
            {"created__year": ["9999"]},
            admin_queries.NOT_A_DATE.format(name="created__year", part="year", low=1, high=9998),
        ),
        (
            {"created__month": ["13"]},
            admin_queries.NOT_A_DATE.format(name="created__month", part="month", low=1, high=12),
        ),
        ({"created__day": ["1st"]}, admin_queries.NOT_A_NUMBER.format(name="created__day")),
        (
            {"q": [str(2**64)], "league__id__exact": [str(2**63 - 1)], "created__year": ["2026"]},
            None,
        ),
        ({"created__month": ["12"], "created__day": ["31"], "o": ["-1.2"]}, None),
    ],
)
def test_a_query_no_list_is_filtered_by_is_refused_with_the_reason(query, reason):
    assert admin_queries.refusal(query.items()) == reason


def test_the_refusal_is_a_400_page_that_says_why(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    response = client.get(reverse("admin:league_league_changelist"), {"created__year": "9999"})
    assert response.status_code == 400
    assert "is not a year of the calendar (1 to 9998)" in response.text
