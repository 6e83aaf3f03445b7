"""One stylesheet and one script a page (issue 30): Bootstrap cut to the rules the site can use
(config/css_trim.py), the bundles built from their sources (config/bundles.py) and found as
every static file is. tests/browser/test_first_load.py holds every page's look to the whole
of Bootstrap and the turn page's first load to its three requests."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string

from config import bundles, css_trim

CSS = (
    '@charset "UTF-8";/*! Bootstrap, its licence */'
    ":root{--bs-blue:#00f;--bs-red:#f00;--bs-primary:var(--bs-blue);--bs-unused:1px}"
    ".btn{color:var(--bs-primary)}.modal{display:none}"
    ".btn:not(.disabled):hover,.modal .btn{color:red}"
    "body{margin:0}[hidden]{display:none!important}"
    "@media (min-width:576px){.modal{width:1px}.col-sm-6{flex:0 0 auto}}"
    "@keyframes spin{to{transform:rotate(1turn)}}@keyframes fade{to{opacity:0}}"
    ".spinner{animation:spin 1s}"
    "/*# sourceMappingURL=bootstrap.min.css.map */"
)


def test_a_rule_is_kept_when_every_class_it_asks_for_is_a_word_of_the_site():
    trimmed = css_trim.trim(CSS, {"btn", "col-sm-6"})
    assert ".btn{color:var(--bs-primary)}" in trimmed
    # A class inside :not() is not asked for; a selector of the list naming .modal goes.
    assert ".btn:not(.disabled):hover{color:red}" in trimmed
    assert ".modal" not in trimmed
    assert "@media (min-width:576px){.col-sm-6{flex:0 0 auto}}" in trimmed
    # Elements and attributes alone (the reboot) stay.
    assert "body{margin:0}[hidden]{display:none!important}" in trimmed


def test_the_licence_stays_and_the_map_comment_goes():
    trimmed = css_trim.trim(CSS, set())
    assert trimmed.startswith('@charset "UTF-8";/*! Bootstrap, its licence */')
    assert "sourceMappingURL" not in trimmed


def test_roots_custom_properties_stay_where_something_reads_them():
    trimmed = css_trim.trim(CSS, {"btn"}, reads=".mine{color:var(--bs-red)}")
    # Read by .btn, and --bs-blue through it; --bs-red by the site's own stylesheet.
    assert ":root{--bs-blue:#00f;--bs-red:#f00;--bs-primary:var(--bs-blue)}" in trimmed
    assert "--bs-unused" not in css_trim.trim(CSS, {"btn"})


def test_a_keyframes_stays_where_a_kept_rule_names_it():
    assert "@keyframes spin" not in css_trim.trim(CSS, set())
    trimmed = css_trim.trim(CSS, {"spinner"})
    assert "@keyframes spin{" in trimmed
    assert "@keyframes fade" not in trimmed


def built(name: str) -> str:
    found = finders.find(name)
    assert found, name
    return Path(found).read_text()


def test_every_bundle_is_found_as_a_static_file_and_listed_for_collectstatic():
    listed = {path for finder in finders.get_finders() for path, _ in finder.list([])}
    for name in bundles.BUNDLES:
        assert built(name), name
        assert name in listed


def test_a_bundle_holds_its_sources_in_the_order_a_page_loaded_them():
    site, turn = built("bundles/site.css"), built("bundles/turn.css")
    paddock = (Path(settings.BASE_DIR) / "static/css/paddock.css").read_text().strip()
    assert site.index("/*!") < site.index("Bootstrap") < site.index(paddock)
    assert turn.index(paddock) < turn.index(".guard {")
    script = built("bundles/turn.js")
    starts = [
        (Path(settings.BASE_DIR) / "static" / path).read_text().splitlines()[0]
        for path in ("js/paddock.js", "js/turn.js")
    ]
    assert 0 < script.index(starts[0]) < script.index(starts[1])
    assert script.startswith("var htmx=")
    assert len(built("bundles/site.css")) < 100_000  # the whole of Bootstrap is 232 KB


CLASS_ATTRIBUTE = re.compile(r'class="([^"{}]*)"')


def bootstrap_classes() -> set[str]:
    whole = Path(finders.find(bundles.BOOTSTRAP)).read_text()
    return set(re.findall(r"\.([A-Za-z][\w-]*)", whole))


def test_every_bootstrap_class_a_template_writes_is_in_the_site_stylesheet():
    defined = bootstrap_classes()
    site = set(re.findall(r"\.([A-Za-z][\w-]*)", built("bundles/turn.css")))
    written = set()
    for template in (Path(settings.BASE_DIR) / "templates").rglob("*.html"):
        for value in CLASS_ATTRIBUTE.findall(template.read_text()):
            written.update(value.split())
    written &= defined
    assert written, "no Bootstrap class found in the templates"
    assert written <= site, sorted(written - site)


def test_a_message_of_any_level_keeps_its_alert_colours():
    site = built("bundles/site.css")
    for level in ("info", "success", "warning", "danger"):
        assert f".alert-{level}{{" in site, level


def test_the_forms_crispy_renders_keep_their_classes():
    site = built("bundles/site.css")
    for name in ("form-control", "form-label", "form-check-input", "invalid-feedback", "form-text"):
        assert f".{name}" in site, name


def test_a_template_changed_while_debug_rebuilds_the_bundles(settings, tmp_path):
    """A developer's edit shows at the next request (the runserver's DEBUG)."""
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "page.html").write_text('<div class="btn">')
    settings.DEBUG = True
    settings.PADDOCK_BUNDLES_ROOT = tmp_path / "bundles"
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [folder]}]
    assert ".placeholder-wave{" not in (bundles.build() / "bundles/site.css").read_text()
    (folder / "page.html").write_text('<div class="btn placeholder-wave">')
    assert ".placeholder-wave{" in (bundles.build() / "bundles/site.css").read_text()


def test_without_debug_the_bundles_are_built_once_a_process(settings, tmp_path, monkeypatch):
    """Where nobody edits the sources as the process runs, a bundle asked for again is not
    a walk through every source file (about 10 ms a request); built with DEBUG (its script
    added), it is built again without."""
    settings.PADDOCK_BUNDLES_ROOT = tmp_path / "bundles"
    settings.DEBUG = True
    assert "showErrorResponse" in built_script()
    settings.DEBUG = False
    assert "showErrorResponse" not in built_script()
    walks = []
    monkeypatch.setattr(bundles, "word_sources", lambda: walks.append(1) or [])
    assert "showErrorResponse" not in built_script()
    assert walks == []


def built_script() -> str:
    return (bundles.build() / "bundles/site.js").read_text()


def test_the_mark_drawn_inline_is_the_sites_mark():
    """The navigation bar draws static/img/mark.svg inline (no request of its own)."""
    mark = (Path(settings.BASE_DIR) / "static/img/mark.svg").read_text()
    inline = render_to_string("_mark.svg")

    def shapes(svg: str) -> list[str]:
        return re.findall(r"<(?:rect|path|g)\b[^>]*>", svg)

    assert shapes(inline) == shapes(mark)
