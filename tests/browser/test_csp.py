"""The content security policy in Chromium (docs/pwa.md, "The content security policy").

* The built page carries the policy as its first ``<meta>`` after the charset, and the
  policy is enforced: a script or an event handler put into the page does not run, and
  the page hears of it (``securitypolicyviolation``), which shows that the listener the
  next test relies on works.
* A whole game of every game the site offers (a person taking each decision the
  keyboard's focus offers, against a ``bot:random`` whose moves come from the bots' web
  worker), then the
  rules, the replay, the saved games (the storage's figures), an export (a download
  from a ``blob:`` URL) and the share panel, with PyScript loaded and the service worker
  installed: not one ``securitypolicyviolation`` event.
"""

from __future__ import annotations

import json
import re

import pytest
from tablero.core import from_dict
from tablero.web.saves import CURRENT_KEY, SAVE_PREFIX
from test_app_flows import menu
from ui import click

import build

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

#: Every violation the page hears of, from its very start.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push({directive: e.effectiveDirective, blocked: e.blockedURI,
                            source: e.sourceFile, line: e.lineNumber, sample: e.sample});
});
"""
MAX_STEPS = 2000

#: Ana's every decision, taken in the page (no round trip per step): a click on what has
#: the keyboard's focus, which is the decision Enter would take (docs/architecture.md,
#: "The table: one screen per turn"); while the bot moves, wait.  Returns the number of
#: Ana's decisions; throws if the game does not end, a bot fails or a click does nothing.
PLAY = """async (max) => {
  const app = document.getElementById('app');
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const until = async (ok, what) => {
    for (const start = performance.now(); !ok(); await sleep(5))
      if (performance.now() - start > 30000) throw new Error('waited too long: ' + what);
  };
  const mine = () => {
    if (app.querySelector('.shell-end, .shell-bot-problem')) return true;
    if (app.querySelector('.shell-thinking')) return false;
    const d = app.querySelector('[data-decision]');
    const v = d ? d.getAttribute('data-decision') : '';
    return v !== '' && !v.startsWith('wait:');
  };
  for (let steps = 0; steps < max; steps++) {
    await until(mine, 'the bot');
    const problem = app.querySelector('.shell-bot-problem');
    if (problem) throw new Error(problem.textContent);
    if (app.querySelector('.shell-end')) return steps;
    const el = document.activeElement;
    if (!el || !app.contains(el) || !el.closest('[data-act]'))
      throw new Error('the focus is on no control: ' + (el && el.outerHTML.slice(0, 120)));
    const before = app.dataset.render;
    el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
    const what = 'a render after ' + el.outerHTML.slice(0, 120);
    await until(() => app.dataset.render !== before, what);
  }
  throw new Error('the game did not end in ' + max + ' decisions');
}"""


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


@pytest.mark.parametrize("game", build.ui_games())
def test_a_whole_game_breaks_no_rule_of_the_policy(game, new_page, site_server, tmp_path, timer):
    page = new_page(viewport={"width": 1000, "height": 900}, accept_downloads=True)
    page.add_init_script(LISTEN)
    page.goto(site_server.url)
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    new = f'[data-act="app.new"][data-game="{game}"]'
    assert page.locator(new).count() == 1, f"the start screen does not offer {game}"
    click(page, new)
    page.fill('input[name="name-0"]', "Ana")
    page.fill('input[name="name-1"]', "Ben")
    page.select_option('select[name="kind-1"]', "bot:random")
    page.fill('input[name="seed"]', "7")
    click(page, 'form[data-act="app.start"] button[type="submit"]')
    # Ana's every decision (what has the focus), the bot's in its worker.
    steps = page.evaluate(PLAY, MAX_STEPS)
    assert page.locator(".shell-end").count() == 1
    # The game saved is that game, played to its end in the form's default setup.
    record = json.loads(
        page.evaluate(
            "([p, c]) => localStorage.getItem(p + localStorage.getItem(c))",
            [SAVE_PREFIX, CURRENT_KEY],
        )
    )
    state = from_dict(record["state"])
    assert record["game"] == game and state.is_terminal() and state.num_players == 2
    options = state.setup["options"]
    assert page.evaluate("() => window.tableroBots && window.tableroBots.log.length") > 0
    played = timer()
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
    print(
        f"\n{game}: a whole game ({steps} decisions of Ana's, {len(state.history)} moves, "
        f"options {options}) in {played:.0f} s, {timer():.0f} s in all"
    )
    assert violations(page) == []
