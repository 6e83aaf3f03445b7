"""Entering one event on the turn page the way a referee does: set the board facts (chips, cars,
the folded ones), then tap the die face, which enters it; a stopwatch's button is tapped; a
prompt with neither ends on Enter."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect


def _set_fact(form: Locator, name: str, value) -> None:
    field = form.locator(f'[data-field="{name}"]')
    if not field.is_visible():
        form.locator(".facts-more > summary").click()
    if isinstance(value, list):
        for box in field.locator('input[type="checkbox"]').all():
            if box.is_checked() != (box.get_attribute("value") in value):
                form.locator(f'label[for="{box.get_attribute("id")}"]').click()
    elif field.locator(f'label[for="f-{name}-{value}"]').count():
        chip = field.locator(f'label[for="f-{name}-{value}"]')
        if not chip.is_visible():  # one of a count's chips past the first six: opened first
            field.locator(".chips-more > summary").click()
        chip.click()
    elif field.get_attribute("data-widget") == "bool":
        if bool(value) != field.locator("input").is_checked():
            field.locator("label").click()
    elif field.get_attribute("data-widget") == "select":
        field.locator("select").select_option(str(value))
    else:  # a count beyond its chips, or a plain number
        box = field.locator(f'input[name="{name}"]:not([type="radio"])')
        if not box.is_visible() and field.locator(".chips-more > summary").count():
            field.locator(".chips-more > summary").click()
        box.fill(str(value))


def enter(page: Page, version: int, kind: str, data: dict | None) -> None:
    """Enter `data` for the prompt of `kind` shown at `version`, then wait for the next one."""
    form = page.locator("#event-form")
    expect(form.locator('input[name="version"]')).to_have_value(str(version))
    expect(form).to_have_attribute("data-kind", kind)
    data = dict(data or {})
    keypad = form.locator('[data-widget="keypad"], [data-widget="gears"]')
    tapped = keypad.get_attribute("data-field") if keypad.count() else None
    stopwatch = form.locator('[data-widget="stopwatch"]')
    # A stopwatch's moment is the server's: its button is tapped, whatever `data` says.
    timed = stopwatch.get_attribute("data-field") if stopwatch.count() else None
    for name, value in data.items():
        if name not in (tapped, timed):
            _set_fact(form, name, value)
    if tapped is not None:
        form.locator(f'button[name="{tapped}"][value="{data[tapped]}"]').click()
    elif timed is not None:
        stopwatch.locator("button").click()
    else:
        form.locator("#enter").click()
    page.wait_for_function(
        "v => { const f = document.querySelector('#event-form input[name=version]');"
        " return !f || f.value !== String(v); }",
        arg=version,
    )
