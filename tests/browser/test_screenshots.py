"""The main screens can be reached by clicking and are captured (into tests/output/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import wait_ready
from screens import TUTORIAL_SHOTS, capture_all, capture_arboretum, capture_tutorials

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[1] / "output" / "screenshots"


def test_main_screens_are_captured(new_page, site_server):
    page = new_page()
    page.goto(site_server.url)
    wait_ready(page)
    shots = capture_all(page, OUT)
    assert [p.stem for p in shots] == [
        "start",
        "new-game",
        "table",
        "table-phone",
        "pass-device",
        "rules",
        "end",
    ]
    for path in shots:
        assert path.stat().st_size > 5_000, path
    # the end screen shows the breakdown and the chart
    assert page.locator("#app svg polyline").count() >= 2


def test_arboretums_screens_are_captured(new_page, site_server):
    page = new_page()
    page.goto(site_server.url)
    wait_ready(page)
    shots = capture_arboretum(page, OUT)
    assert [p.stem for p in shots] == ["arboretum-table", "arboretum-table-phone", "arboretum-end"]
    for path in shots:
        assert path.stat().st_size > 5_000, path
    # the end screen explains the scoring: one row per species
    assert page.locator(".shell-end .arb-end [data-species-row]").count() == 6


def test_a_tutorial_step_is_captured_in_each_language(new_page, site_server):
    shots = capture_tutorials(
        lambda: new_page(viewport={"width": 1280, "height": 800}), site_server.url, OUT
    )
    assert [p.stem for p in shots] == [f"tutorial-{g}-{lang}" for g, lang in TUTORIAL_SHOTS]
    assert {lang for _, lang in TUTORIAL_SHOTS} == {"en", "ja", "es", "nl"}
    for path in shots:
        assert path.stat().st_size > 5_000, path
