"""axe-core, the accessibility checker the browser tests inject into pages, from the npm registry.

    python tools/publish/axe.py            # fetches it into build/cache/npm (the tests do so on first use)

The tests (tests/test_site.py, tests/e2e/) add ``axe.min.js`` to a Playwright page and call ``axe.run`` on the
whole page or on one part of it (a notebook's output areas). The tarball is fetched once with ``npm pack``, like
the in-browser edition's npm packages (make_lite.npm_package), and read from build/cache/npm afterwards.
"""

from __future__ import annotations

import sys
import tarfile
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_lite import npm_package  # noqa: E402

VERSION = "4.14.1"
# What the tests fail on: WCAG's "serious" and "critical" findings ("minor" and "moderate" are reported only).
BLOCKING = ("serious", "critical")


@cache
def script() -> str:
    """The text of axe-core's ``axe.min.js`` (fetched with npm the first time)."""
    tarball = npm_package(f"axe-core@{VERSION}", f"axe-core-{VERSION}.tgz")
    with tarfile.open(tarball) as archive:
        return archive.extractfile("package/axe.min.js").read().decode()


# Runs axe on the part of the page ``context`` names (a CSS selector: every element it matches; or axe's
# {include, exclude} object; or the whole document) and returns its violations, each with the elements it names
# (their selector and what is wrong), trimmed to what a report needs.
RUN = """async ([context, rules, only]) => {
    if (typeof context === 'string' && !document.querySelector(context)) return [];
    const options = {resultTypes: ['violations']};
    if (rules) options.rules = rules;
    if (only) options.runOnly = {type: 'rule', values: only};
    const result = await axe.run(context || document, options);
    return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary,
                                  html: n.html.slice(0, 200)}))}));
}"""

def violations(page, context: str | dict | None = None, rules: dict | None = None, only=None) -> list[dict]:
    """axe-core's violations on ``page`` (a Playwright page): on the elements matching ``context`` (a CSS
    selector), or on axe's ``{"include": [...], "exclude": [...]}``, or on the whole document. axe is added to
    the page first if it is not there yet. ``rules`` switches rules on or off
    (``{"color-contrast": {"enabled": False}}``); ``only`` runs just the rules it names."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=script())
    return page.evaluate(RUN, [context, rules, list(only) if only else None])


def blocking(found: list[dict]) -> list[dict]:
    """The serious and critical violations among ``found``."""
    return [v for v in found if v["impact"] in BLOCKING]


def summary(found: list[dict]) -> str:
    """One line per violation: its impact, rule, how many elements and the first of them."""
    return "\n".join(f"{v['impact']} {v['id']} ({v['help']}) x{len(v['nodes'])}: {v['nodes'][0]['target']} "
                     f"{v['nodes'][0]['summary']!r}" for v in found)


if __name__ == "__main__":
    print(f"axe-core {VERSION}: {len(script()) / 1e3:.0f} kB, cached in build/cache/npm")
