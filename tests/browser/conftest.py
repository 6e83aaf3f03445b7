"""Headless Chromium for the browser tests: Debian's /usr/bin/chromium, never a downloaded one.

Locally the tests skip with a reason when Chromium is missing; CI installs it through apt.
Every page a browser test opens is held to the site's Content-Security-Policy (the one
production sends, config/settings/base.py): a violation the browser reports fails the test.
"""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("PADDOCK_CHROMIUM", "/usr/bin/chromium")
# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make
# there (fixtures, assertions on the database) are still plain synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config, items):
    if Path(CHROMIUM).exists() or shutil.which(CHROMIUM):
        return
    skip = pytest.mark.skip(
        reason=f"Chromium not found at {CHROMIUM}: install Debian's 'chromium' package "
        "(`apt-get install chromium`) to run the browser tests."
    )
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture
def browser_context_args(browser_context_args):
    # A phone-sized window: the turn helper is used at the table on a phone.
    return {**browser_context_args, "viewport": {"width": 412, "height": 915}}


# Run in every document before its own scripts: each violation the browser reports is passed on.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.paddockCspViolation(
    `${event.effectiveDirective} refused ${event.blockedURI || "an inline one"}` +
      ` (${event.sourceFile || document.location.href}:${event.lineNumber}: ${event.sample})`
  );
}, true);
"""


@pytest.fixture(autouse=True)
def csp_violations(request) -> list[str]:
    """The Content-Security-Policy violations in the browser test's pages (its `context`),
    each as the page's address and what was refused: the test fails at its end if there are
    any, and may look at the list itself as it goes."""
    violations: list[str] = []
    if "page" not in request.fixturenames and "context" not in request.fixturenames:
        yield violations
        return
    context = request.getfixturevalue("context")
    context.expose_binding(
        "paddockCspViolation",
        lambda source, text: violations.append(f"{source['page'].url}: {text}"),
    )
    context.add_init_script(REPORT_CSP_VIOLATIONS)
    # The browser's own words too, for what reaches no document's listener.
    context.on(
        "console",
        lambda message: (
            violations.append(f"{message.page.url if message.page else '?'}: {message.text}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    yield violations
    assert violations == [], "Content-Security-Policy violations:\n" + "\n".join(violations)


@pytest.fixture
def login(page, live_server):
    """Log `username` in through the real login page."""

    def log_in(username: str, password: str) -> None:
        # By the fields' names, not their labels: the page may be in any language.
        page.goto(f"{live_server.url}/login/")
        page.locator('input[name="username"]').fill(username)
        page.locator('input[name="password"]').fill(password)
        page.locator('main form[method="post"] button').click()
        page.wait_for_url(f"{live_server.url}/")

    return log_in


@pytest.fixture
def logged_in_organiser(login, django_user_model):
    """The organiser "org", logged in through the login page."""
    user = django_user_model.objects.create_user("org", password="secret-pass")
    login("org", "secret-pass")
    return user
