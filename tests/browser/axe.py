"""An accessibility audit of the page on screen with axe-core (the npm package, pinned in
package.json; used by the tests only, never copied into the site).

``audit(page)`` injects ``node_modules/axe-core/axe.min.js`` once per page and returns
the serious and critical violations of the WCAG 2.1 A/AA rules and axe's best
practices, each summarised (rule, impact, help, the first few elements with their
HTML); ``assert_clean(page, where)`` fails the test with them, readably.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
IMPACTS = ("serious", "critical")
NODES = 3  # elements listed per rule
HTML_CHARS = 160  # of each element's HTML

RUN = """async ([context, tags, nodes, chars]) => {
  const result = await axe.run(context === null ? document : context, {
    resultTypes: ['violations'],
    runOnly: {type: 'tag', values: tags},
  });
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    count: v.nodes.length,
    nodes: v.nodes.slice(0, nodes).map((n) => ({
      target: n.target.map(String).join(' '),
      html: n.html.length > chars ? n.html.slice(0, chars) + '…' : n.html,
      summary: n.failureSummary || '',
    })),
  }));
}"""


def _inject(page) -> None:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        if not AXE_JS.exists():
            raise AssertionError(f"{AXE_JS.relative_to(ROOT)} is missing: run `npm ci`")
        # Evaluated, not put in as an inline <script>: the page's content security policy
        # runs only its own inline scripts (docs/pwa.md, "The content security policy").
        page.evaluate(AXE_JS.read_text(encoding="utf-8") + "\n;undefined")


def audit(page, *, context: str | None = None) -> list[dict[str, Any]]:
    """The serious and critical violations on ``page`` (or inside the CSS selector
    ``context``): ``[{id, impact, help, helpUrl, count, nodes: [{target, html,
    summary}]}]``, worst first."""
    _inject(page)
    found = page.evaluate(RUN, [context, TAGS, NODES, HTML_CHARS])
    serious = [v for v in found if v["impact"] in IMPACTS]
    return sorted(serious, key=lambda v: (-IMPACTS.index(v["impact"]), v["id"]))


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}, {v['count']} element(s)): {v['help']}")
        for node in v["nodes"]:
            lines.append(f"    at {node['target']}")
            lines.append(f"       {node['html']}")
        if v["count"] > len(v["nodes"]):
            lines.append(f"    … and {v['count'] - len(v['nodes'])} more")
    return "\n".join(lines)


def assert_clean(page, where: str, *, context: str | None = None) -> None:
    """Fail with the list of serious/critical violations on ``page`` if there are any."""
    violations = audit(page, context=context)
    assert not violations, (
        f"accessibility violations on {where} ({len(violations)} rule(s)):\n" + describe(violations)
    )
