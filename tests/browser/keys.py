"""Helpers that play the app through the page with the keyboard alone (page.keyboard):
used by tests/browser/test_keyboard.py.  Nothing here clicks, uses locator.click or
dispatches events from JavaScript; the page is only *read* through ``evaluate``."""

from __future__ import annotations

from ui import renders, wait_rendered

#: What has the keyboard focus, read in the page: its tag, data-act, data-* that name it,
#: its accessible name (aria-label, else its text), whether it is inside #app, its roving
#: group (data-rove) and the table's pending decision.
ACTIVE = """() => {
  const app = document.getElementById('app');
  const a = document.activeElement;
  const group = a && a.closest ? a.closest('[data-rove]') : null;
  const groups = [...app.querySelectorAll('[data-rove]')];
  const decision = app.querySelector('[data-decision]');
  return {
    tag: a ? a.tagName.toLowerCase() : null,
    body: !a || a === document.body,
    inApp: !!a && app.contains(a),
    act: a && a.getAttribute ? a.getAttribute('data-act') : null,
    cell: a && a.getAttribute ? a.getAttribute('data-cell') : null,
    move: a && a.getAttribute ? a.getAttribute('data-move') : null,
    cls: a && a.getAttribute ? a.getAttribute('class') : null,
    name: a ? (a.getAttribute && a.getAttribute('aria-label')
               || (a.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 80)) : null,
    group: group ? groups.indexOf(group) : -1,
    groupClass: group ? group.getAttribute('class') : null,
    groupKind: group ? group.dataset.rove : null,
    groupSize: group ? [...group.querySelectorAll('[tabindex], button')].filter(
      (el) => el.closest('[data-rove]') === group && !el.disabled
              && el.getClientRects().length > 0).length : 0,
    status: a && a.classList ? a.classList.contains('tb-status') : false,
    decision: decision ? decision.getAttribute('data-decision') : '',
    render: app.dataset.render,
  };
}"""

MARK = "() => { window.__kbFrom = document.activeElement; }"
MOVED = """() => {
  const a = document.activeElement, from = window.__kbFrom;
  const g = (el) => el && el.closest ? el.closest('[data-rove]') : null;
  return {moved: a !== from, sameGroup: !!g(a) && g(a) === g(from)};
}"""


def active(page) -> dict:
    return page.evaluate(ACTIVE)


def decision(page) -> str:
    return page.evaluate(
        "() => { const d = document.querySelector('#app [data-decision]');"
        " return d ? d.getAttribute('data-decision') : ''; }"
    )


def press(page, key: str, timeout_ms: int = 10_000) -> None:
    """Press ``key`` and wait for the app to render again (the key did something)."""
    before = renders(page)
    page.keyboard.press(key)
    wait_rendered(page, before, timeout_ms)


def tab_to(page, selector: str, limit: int = 60, back: bool = False) -> None:
    """Press Tab (Shift+Tab with ``back``) until the focus is on ``selector``."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)",
                         selector):  # fmt: skip
            return
    raise AssertionError(f"Tab never reached {selector}; the focus is on {active(page)}")


def choose(page, select: str, value: str, limit: int = 10) -> None:
    """In the focused ``select``, press ArrowDown until its value is ``value`` (a select
    with a data-act re-renders on each change: the focus must stay on it)."""
    for _ in range(limit):
        if page.evaluate("s => document.querySelector(s).value", select) == value:
            return
        before = renders(page)
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(50)
        if renders(page) != before:
            page.wait_for_timeout(50)
        assert page.evaluate("s => document.activeElement.matches(s)", select), (
            f"the focus left {select} after a change: {active(page)}"
        )
    raise AssertionError(f"{select} never got {value}")


def type_into(page, text: str) -> None:
    """Replace the focused text field's value with ``text``."""
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def new_bot_game(page, game: str, seed: int, first: str = "1", bot: str = "bot:random") -> None:
    """From the start screen, by keyboard only: a new ``game`` with Ana (a person) in
    seat 1 and Ben, a bot of kind ``bot``, in seat 2, player ``first`` ("1", "2") first."""
    tab_to(page, f'[data-act="app.new"][data-game="{game}"]')
    press(page, "Enter")
    tab_to(page, 'input[name="name-0"]')
    type_into(page, "Ana")
    tab_to(page, 'input[name="name-1"]')
    type_into(page, "Ben")
    tab_to(page, 'select[name="kind-1"]')
    choose(page, 'select[name="kind-1"]', bot)
    tab_to(page, 'select[name="opt-first_player"]')
    choose(page, 'select[name="opt-first_player"]', first)
    tab_to(page, 'input[name="seed"]')
    type_into(page, str(seed))
    values = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#app form [name]')]"
        ".filter((e) => e.type !== 'radio').map((e) => [e.name, e.value]))"
    )
    assert values["name-0"] == "Ana" and values["kind-1"] == bot, values
    assert values["opt-first_player"] == first and values["seed"] == str(seed), values
    press(page, "Enter")  # submits the form from its seed field


WAIT_MY_TURN = """() => {
  const app = document.getElementById('app');
  if (app.querySelector('.shell-end, .shell-bot-problem')) return true;
  if (app.querySelector('.shell-thinking')) return false;
  const d = app.querySelector('[data-decision]');
  const v = d ? d.getAttribute('data-decision') : '';
  return v !== '' && !v.startsWith('wait:');
}"""


#: Wait in the page until the person has a decision to make (or the game is over), then
#: read the focus (:data:`ACTIVE`), whether the game is over and a bot's problem: one
#: round trip a decision where waiting and reading took three (a whole game is a few
#: hundred decisions).
MY_TURN = f"""async (timeout) => {{
  const mine = {WAIT_MY_TURN};
  for (const start = performance.now(); !mine(); await new Promise((r) => setTimeout(r, 20)))
    if (performance.now() - start > timeout) return null;
  const app = document.getElementById('app');
  const problem = app.querySelector('.shell-bot-problem');
  return {{...({ACTIVE})(), end: !!app.querySelector('.shell-end'),
          problem: problem ? problem.textContent : null}};
}}"""
#: Wait in the page until the app has rendered again since ``before`` (a key did
#: something), then read the focus (:data:`ACTIVE`).
AFTER_RENDER = f"""async ([before, timeout]) => {{
  const app = document.getElementById('app');
  for (const start = performance.now(); app.dataset.render === before;
       await new Promise((r) => setTimeout(r, 5)))
    if (performance.now() - start > timeout) return null;
  return ({ACTIVE})();
}}"""


def my_turn(page, timeout_ms: int = 60_000) -> dict:
    """:func:`wait_my_turn` and :func:`active` in one round trip: what has the focus
    once the person has a decision to make, with ``end`` (the game is over); fails at
    once when a bot reports a problem."""
    info = page.evaluate(MY_TURN, timeout_ms)
    assert info is not None, f"waited {timeout_ms} ms for the person's turn: {active(page)}"
    assert info["problem"] is None, info["problem"]
    return info


def press_and_read(page, key: str, before: str, timeout_ms: int = 10_000) -> dict:
    """:func:`press` and :func:`active` in two round trips: press ``key`` (the app's
    render counter read ``before`` it), wait for the app to render again, and return what
    has the focus then."""
    page.keyboard.press(key)
    info = page.evaluate(AFTER_RENDER, [before, timeout_ms])
    assert info is not None, f"{key} made no render in {timeout_ms} ms: {active(page)}"
    return info


def wait_my_turn(page, timeout_ms: int = 60_000) -> None:
    """Wait until the person has a decision to make (or the game is over)."""
    page.wait_for_function(WAIT_MY_TURN, timeout=timeout_ms, polling=50)
    problem = page.locator(".shell-bot-problem")
    assert problem.count() == 0, problem.inner_text()
