"""A phone's touch screen (issue 21): after a tap, the control under the finger on the next
prompt is drawn as any other, not dark as if chosen. A phone's browser leaves the tapped spot
"hovered" (headless Chromium's tap does not, so the test puts the hover on it through the
DevTools protocol, as a phone would); static/css/turn.css undoes hover where the device has
none."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_turn_taps import PHONE
from tests.browser.test_turn_taps import race as race  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


BACKGROUND = "(element) => getComputedStyle(element).backgroundColor"


def test_the_face_under_the_finger_on_the_next_prompt_is_not_drawn_as_chosen(
    page: Page, live_server, login, race
):
    login("org", "secret-pass")
    page.goto(live_server.url + race.get_absolute_url())
    assert page.evaluate("matchMedia('(hover: none)').matches")
    expect(page.locator("#prompt-text")).to_contain_text("Red (Ann, Rookie) qualifies")
    page.tap('#event-form button[name="value"][value="7"]')
    expect(page.locator("#prompt-text")).to_contain_text("Blue (Bob, Rookie) qualifies")
    expect(page.locator("#event-form .guard[inert]")).to_have_count(0)  # the guard is over
    under_finger = '#event-form button[name="value"][value="7"]'
    untouched = page.locator('#event-form button[name="value"][value="3"]').evaluate(BACKGROUND)
    hovered(page, under_finger)
    assert page.locator(under_finger).evaluate(BACKGROUND) == untouched
    # The check would see a difference: the same hover where the device has one draws it.
    browser = page.context.browser
    assert browser is not None
    mouse = browser.new_context(viewport=PHONE, storage_state=page.context.storage_state())
    with_mouse = mouse.new_page()
    with_mouse.goto(page.url)
    assert not with_mouse.evaluate("matchMedia('(hover: none)').matches")
    hovered(with_mouse, under_finger)
    assert with_mouse.locator(under_finger).evaluate(BACKGROUND) != untouched
    mouse.close()


def hovered(page: Page, selector: str) -> None:
    """`selector`'s element in its :hover state, as a phone leaves the spot a finger tapped."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": ["hover"]})
    page.wait_for_timeout(400)  # past Bootstrap's .15 s transition of a button's colours
