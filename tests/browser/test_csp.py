"""The content security policy in Chromium (docs/pwa.md, "The content security policy").

* The built page carries the policy as its first ``<meta>`` after the charset, and the
  policy is enforced: a script or an event handler put into the page does not run, and
  the page hears of it (``securitypolicyviolation``), which shows that the listener the
  next test relies on works.
* A whole game of every game the site offers, with PyScript loaded and the service
  worker installed, then the rules, the replay, the saved games (the storage's figures),
  an export (a download from a ``blob:`` URL) and the share panel: not one
  ``securitypolicyviolation`` event.  That game is the keyboard's whole game
  (``test_keyboard.py::test_a_whole_game_by_keyboard_breaks_no_rule_of_the_policy``:
  a person taking every decision with Enter on what has the focus, against a
  ``bot:random`` in the bots' web worker), which listens with :data:`LISTEN` and ends
  with :func:`around_the_game`: one game per game serves both (issue 31).
"""

from __future__ import annotations

import json
import re

import pytest
from tablero.core import from_dict
from tablero.web.saves import CURRENT_KEY, SAVE_PREFIX
from test_app_flows import menu
from ui import click

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

#: Every violation the page hears of, from its very start.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push({directive: e.effectiveDirective, blocked: e.blockedURI,
                            source: e.sourceFile, line: e.lineNumber, sample: e.sample});
});
"""


def violations(page) -> list[dict]:
    return page.evaluate("() => window.__violations")


def test_the_policy_is_in_the_page_and_enforced(built_site, new_page, site_server):
    page = new_page()
    page.add_init_script(LISTEN)
    html = (built_site / "index.html").read_text(encoding="utf-8")
    head = html[: html.index("<script")]
    assert re.search(r'<meta charset="utf-8">\s*<meta http-equiv="Content-Security-Policy"', head)
    page.goto(site_server.url)
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["object-src"] == "'none'" and directives["base-uri"] == "'none'"
    assert directives["connect-src"] == "'self'" and directives["worker-src"] == "'self'"
    assert "'unsafe-inline'" not in directives["script-src"]
    assert len(re.findall(r"'sha256-[A-Za-z0-9+/]{43}='", directives["script-src"])) == 2
    assert "http" not in policy and "*" not in policy  # no other origin
    assert violations(page) == []
    # Markup put into the page: an inline script, an event handler, a javascript: URL.
    page.evaluate(
        """() => {
          const s = document.createElement("script");
          s.textContent = "window.__ran = 'script'";
          document.body.append(s);
          window.tableroPatch(document.getElementById("boot-detail"),
            '<img src="data:," onerror="window.__ran = \\'handler\\'">');
        }"""
    )
    page.wait_for_function("() => window.__violations.length >= 2")
    assert page.evaluate("() => window.__ran") is None
    assert {v["directive"] for v in violations(page)} >= {"script-src-elem", "img-src"} or {
        v["directive"] for v in violations(page)
    } >= {"script-src-elem", "script-src-attr"}


def around_the_game(page, game: str) -> str:
    """After a game against a bot played to its end on ``page``: the game saved is that
    game, played to its end, 2 players; then the replay, the rules, an export, the share
    panel and the saved games are opened, and PyScript and the service worker are in.
    Returns the options of the game saved (for the report)."""
    assert page.locator(".shell-end").count() == 1
    record = json.loads(
        page.evaluate(
            "([p, c]) => localStorage.getItem(p + localStorage.getItem(c))",
            [SAVE_PREFIX, CURRENT_KEY],
        )
    )
    state = from_dict(record["state"])
    assert record["game"] == game and state.is_terminal() and state.num_players == 2
    assert page.evaluate("() => window.tableroBots && window.tableroBots.log.length") > 0
    # Around the game: the replay, the rules, the saves, an export, the share panel.
    click(page, '[data-act="app.replay"]')
    click(page, '[data-act="app.replay-step"][data-delta="-1"]')
    click(page, '[data-act="app.replay-close"]')
    menu(page, "app.rules")
    click(page, '[data-act="app.back"]')
    with page.expect_download():
        menu(page, "app.export")
    menu(page, "app.share")
    click(page, '[data-act="app.share-close"]')
    menu(page, "app.saves")
    page.wait_for_selector(".shell-storage")
    # PyScript and the service worker are in too.
    page.wait_for_function("() => window.tableroBoot.pyscript === 'done'", timeout=30_000)
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
    return f"{len(state.history)} moves, options {state.setup['options']}"
