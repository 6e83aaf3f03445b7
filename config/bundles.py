"""One stylesheet and one script a page (issue 30): a page's first load is the page, these two
and nothing else (the site's mark is drawn inline, templates/base.html).

Each bundle is its sources one after the other, in the order a page used to load them as files
of their own, so that the cascade and the scripts' order are what they were. Bootstrap's
stylesheet is cut to the rules the site can use (config/css_trim.py reads the templates, the
project's scripts and Python, and the crispy-forms templates the site renders). htmx is the
copy django-htmx ships, as `{% htmx_script %}` loaded it, and as that tag does where DEBUG is
on (`make run`) django-htmx's debugging script follows it.

`BundleFinder` (STATICFILES_FINDERS) builds them from the sources into PADDOCK_BUNDLES_ROOT on
first ask and again whenever a source changed, so `make run`, the tests and collectstatic (hence
`make serve` and a deploy) all have them from a clean clone with no step of their own. The
sources stay the files to edit: static/css/, static/js/.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.finders import (
    AppDirectoriesFinder,
    BaseFinder,
    FileSystemFinder,
)
from django.core.checks import CheckMessage
from django.core.files.storage import FileSystemStorage
from django.template.loader import get_template

from config import css_trim

BOOTSTRAP = "bootstrap/css/bootstrap.min.css"
HTMX = "django_htmx/htmx-2.min.js"
# What `{% htmx_script %}` added where DEBUG is on: htmx's error answers shown whole.
DEBUG_SCRIPT = "django_htmx/django-htmx.js"

# A bundle's name (under /static/) and its sources, found as every static file is.
BUNDLES: dict[str, tuple[str, ...]] = {
    "bundles/site.css": (BOOTSTRAP, "css/paddock.css"),
    "bundles/turn.css": (BOOTSTRAP, "css/paddock.css", "css/turn.css"),
    "bundles/site.js": (HTMX, "js/paddock.js"),
    "bundles/turn.js": (HTMX, "js/paddock.js", "js/turn.js"),
    "bundles/replay.js": (HTMX, "js/paddock.js", "js/replay.js"),
    "bundles/members.js": (HTMX, "js/paddock.js", "js/share.js"),
    "bundles/league-new.js": (HTMX, "js/paddock.js", "js/time-zone.js"),
}

# Classes a page is given that no source spells whole: a message's alert, `alert-{{ tags }}`
# (base.html; an error's is alert-danger).
DYNAMIC = ("alert-debug", "alert-info", "alert-success", "alert-warning", "alert-danger")
# The templates the site renders from crispy-forms (`{{ form|crispy }}`), with what they include.
CRISPY = ("bootstrap5/uni_form.html", "bootstrap5/field.html")
# The site's own Python, whose words may name a class (a widget's, a read's table-row colour).
PACKAGES = ("config", "league", "races", "rules")
OWN = (Path(__file__), Path(css_trim.__file__))
INCLUDE = re.compile(r"""{%\s*(?:include|extends)\s+["']([^"']+)["']""")
# A map file's name at a source's end: the bundle ships no map.
SOURCE_MAP = re.compile(r"^[/*]*# sourceMappingURL=.*$", re.M)

_lock = threading.Lock()
# Per folder, in this process: whether DEBUG built the bundles on disk, and from what sources.
_built: dict[str, tuple[bool, str]] = {}


def root() -> Path:
    return Path(settings.PADDOCK_BUNDLES_ROOT)


def _source(path: str) -> Path:
    for finder in (FileSystemFinder(), AppDirectoriesFinder()):
        found = finder.find(path)
        if found:
            return Path(found)
    raise FileNotFoundError(f"a bundle's source, {path}, is no static file")


def _templates_dirs() -> list[Path]:
    engines: list[dict[str, Any]] = settings.TEMPLATES
    return [Path(folder) for engine in engines for folder in engine.get("DIRS", ())]


def _crispy_templates() -> list[Path]:
    """The crispy-forms templates `{{ form|crispy }}` renders, following their includes."""
    found: dict[str, Path] = {}
    todo = list(CRISPY)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        template: Any = get_template(name)
        found[name] = Path(template.origin.name)
        todo += INCLUDE.findall(found[name].read_text())
    return list(found.values())


def word_sources() -> list[Path]:
    """The files whose words decide which of Bootstrap's rules a page may use."""
    base = Path(settings.BASE_DIR)
    files = [p for folder in _templates_dirs() for p in folder.rglob("*") if p.is_file()]
    files += sorted((base / "static" / "js").glob("*.js"))
    files += [p for package in PACKAGES for p in sorted((base / package).rglob("*.py"))]
    # Not the cut's own modules, whose words speak of Bootstrap's rules rather than use them.
    files = [p for p in files if p not in OWN]
    return files + _crispy_templates()


def used_words() -> set[str]:
    texts = [path.read_text(encoding="utf-8", errors="replace") for path in word_sources()]
    return css_trim.words(texts) | set(DYNAMIC)


def _fingerprint(sources: list[Path]) -> str:
    digest = hashlib.sha256(repr(settings.DEBUG).encode())
    for path in sources:
        digest.update(f"{path}:{path.stat().st_mtime_ns}:{path.stat().st_size}\n".encode())
    return digest.hexdigest()


def _scripts_and_styles() -> list[Path]:
    return sorted({_source(path) for sources in BUNDLES.values() for path in sources})


def contents() -> dict[str, str]:
    """Every bundle's text, built from its sources now."""
    own = sorted({path for sources in BUNDLES.values() for path in sources} - {BOOTSTRAP, HTMX})
    # What the site's own stylesheets and scripts read of Bootstrap's custom properties.
    reads = "\n".join(_source(path).read_text() for path in own)
    bootstrap = css_trim.trim(_source(BOOTSTRAP).read_text(), used_words(), reads)
    built = {}
    for name, sources in BUNDLES.items():
        texts = [bootstrap if path == BOOTSTRAP else _source(path).read_text() for path in sources]
        if name.endswith(".js") and settings.DEBUG:
            texts.append(_source(DEBUG_SCRIPT).read_text())
        texts = [SOURCE_MAP.sub("", text).strip() for text in texts]
        # A script after another: a `;` between, should one end without it.
        built[name] = ("\n;\n" if name.endswith(".js") else "\n").join(texts) + "\n"
    return built


def build() -> Path:
    """The bundles on disk, built anew where a source changed since; their folder. While DEBUG
    (a developer editing the sources) every call looks at the sources (about 500 files, 10 ms);
    otherwise (tests, collectstatic) nobody edits them as the process runs: built once."""
    folder = root()
    made = _built.get(str(folder))
    if made is not None and not made[0] and not settings.DEBUG:
        return folder
    fingerprint = _fingerprint(word_sources() + _scripts_and_styles())
    with _lock:
        if _built.get(str(folder)) == (settings.DEBUG, fingerprint):
            return folder
        for name, text in contents().items():
            _write(folder / name, text)
        _built[str(folder)] = (settings.DEBUG, fingerprint)
    return folder


def _write(path: Path, text: str) -> None:
    """Written whole or not at all (two test processes may build at once), and only if changed."""
    data = text.encode()
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".building-")
    with os.fdopen(handle, "wb") as file:
        file.write(data)
    os.chmod(temporary, 0o644)
    os.replace(temporary, path)


class BundleFinder(BaseFinder):
    """Finds the bundles (`BUNDLES`), built from their sources when asked."""

    def check(self, **kwargs: Any) -> list[CheckMessage]:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> Any:
        find_all = find_all or kwargs.get("all", False)
        if path not in BUNDLES:
            return [] if find_all else None
        found = str(build() / path)
        return [found] if find_all else found

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        storage = FileSystemStorage(location=build())
        for path in BUNDLES:
            yield path, storage
