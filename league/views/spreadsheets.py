"""A league brought in from the spreadsheet it was run in, and its roster written back out
in the same format (league/spreadsheet/, docs/importing.md). The page reads the file and shows
what it would make, or every row it cannot take (400); "Create the league" posts the preview's
signed token and only then is anything written."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from config.wording import grouped
from rules.championship import championship_for

from ..forms.spreadsheets import SpreadsheetImportForm
from ..models import Driver, Making
from ..services.errors import AlreadyDone
from ..services.spreadsheet import league_import_spreadsheet, spreadsheet_read
from ..spreadsheet import MOST_BYTES, MOST_ROWS, results_rows, roster_rows
from ..spreadsheet.preview import EXPIRED, Previewed, previewed_from, token_for
from ..spreadsheet.roster import TOO_LARGE, read_capped
from ..spreadsheet.workbook import spreadsheet_files
from .common import BAD_REQUEST, already_done, managed_league, posted
from .exports import csv_response
from .limits import address_of, limited
from .restore import UploadLimit

# {teams} and {drivers} are counts said with their nouns (ngettext): "2 teams", "1 driver".
IMPORTED = gettext_noop("{league} is made from {file}: {teams}, {drivers}.")
IMPORTED_UNNAMED = gettext_noop("{league} is made from the file: {teams}, {drivers}.")


@csrf_exempt  # checked by _import once the upload's handlers are set (as league_restore does)
@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_import(request: HttpRequest) -> HttpResponse:
    """GET: the form; POST with a file: its preview; POST with a preview's token: the league."""
    limit = UploadLimit(request, MOST_BYTES)
    request.upload_handlers = [limit, *request.upload_handlers]
    return _import(request, limit)


@csrf_protect
def _import(request: HttpRequest, limit: UploadLimit) -> HttpResponse:
    form = SpreadsheetImportForm(posted(request), request.FILES or None, organiser=request.user)
    if limit.too_large:
        return _render(request, None, [gettext(TOO_LARGE).format(most=grouped(MOST_BYTES))])
    if "token" in request.POST:
        return _create(request)
    if request.method == "GET" or not form.is_valid():
        return _render(request, form)
    return _preview(request, form)


def _preview(request: HttpRequest, form: SpreadsheetImportForm) -> HttpResponse:
    """What the file would make, and the Create button's token; or its problems (400)."""
    file = form.cleaned_data["roster"]
    ruleset = form.cleaned_data["ruleset"]
    rules = championship_for(ruleset)
    results_file = form.cleaned_data.get("results")
    # A workbook read into CSV here: what the token carries and the league is made from.
    files = spreadsheet_files(
        read_capped(file),
        read_capped(results_file) if results_file else b"",
        roster_name=file.name or "",
        results_name=(results_file.name or "") if results_file else "",
    )
    if files.messages:
        return _render(request, form, files.messages)
    data, results = files.roster, files.results
    roster, past = spreadsheet_read(rules, data, results)
    if roster.problems or past.problems:
        return _render(request, form, roster.messages + past.messages)
    assert data is not None and results is not None  # a file too large is a problem
    name = form.cleaned_data["name"]
    previewed = Previewed(
        name=name, ruleset=ruleset, roster=data, file_name=(file.name or "")[:100], results=results
    )
    context = {
        "roster": roster,
        "past": past,
        "rules": rules,
        "previewed": previewed,
        "token": token_for(previewed, user_id=request.user.pk),
    }
    return render(request, "league/league_import_preview.html", context)


def _create(request: HttpRequest) -> HttpResponse:
    previewed = previewed_from(request.POST["token"], user_id=request.user.pk)
    if previewed is None:
        return _render(request, None, [gettext(EXPIRED)])
    if too_many := limited(request, Making.Kind.LEAGUE):  # as a new league is
        return too_many
    try:
        league = league_import_spreadsheet(
            organiser=request.user,
            name=previewed.name,
            ruleset=previewed.ruleset,
            roster=previewed.roster,
            results=previewed.results,
            file_name=previewed.file_name,
            address=address_of(request),
        )
    except AlreadyDone as done:
        return already_done(request, done)
    except ValidationError as refusal:
        return _render(request, None, refusal.messages)
    teams = league.teams.count()
    drivers = Driver.objects.filter(team__league=league).count()
    counted = {
        "teams": ngettext("{count:,} team", "{count:,} teams", teams).format(count=grouped(teams)),
        "drivers": ngettext("{count:,} driver", "{count:,} drivers", drivers).format(
            count=grouped(drivers)
        ),
    }
    if previewed.file_name:
        said = gettext(IMPORTED).format(league=league, file=previewed.file_name, **counted)
    else:
        said = gettext(IMPORTED_UNNAMED).format(league=league, **counted)
    messages.success(request, said)
    return redirect(league)


def _render(request: HttpRequest, form, problems=()) -> HttpResponse:
    """The form (`form`, or an empty one), with `problems` above it."""
    context = {
        "form": form or SpreadsheetImportForm(organiser=request.user),
        "problems": list(problems),
        "most_bytes": MOST_BYTES,
        "most_rows": MOST_ROWS,
        "restore_most": settings.PADDOCK_RESTORE_MOST_BYTES,
    }
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/league_import.html", context, status=status)


@never_cache
@login_required
@require_GET
def roster_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's roster as the import reads it, for its organiser (docs/importing.md)."""
    league = managed_league(request, slug)
    header, rows = roster_rows(league)
    return csv_response(f"{league.slug}-roster.csv", header, rows)


@never_cache
@login_required
@require_GET
def results_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's seasons as the import reads its past seasons, for its organiser (docs/
    importing.md): with the roster, an export that imports as the same league."""
    league = managed_league(request, slug)
    header, rows = results_rows(league)
    return csv_response(f"{league.slug}-past-seasons.csv", header, rows)
