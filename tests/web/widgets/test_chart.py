"""The score chart (tablero.web.widgets.chart)."""

from __future__ import annotations

from tablero.web import widgets


def test_score_chart_draws_every_seat_with_the_prefix_and_escapes_names() -> None:
    labels = widgets.ChartLabels("Scores", "Final scoring", "Turn", "Points")
    svg = widgets.score_chart(
        [[0, 0], [3, 1], [5, 9], [4, 12]], 2, [0, 1], ["<b>Ana</b>", "Ben"], labels, "zz"
    )
    assert svg.count('class="zz-chart-line') == 4  # a line per seat, in the chart and legend
    assert "zz-chart-final" in svg and "Final scoring" in svg
    assert "<b>Ana" not in svg and "&lt;b&gt;Ana&lt;/b&gt;" in svg
    assert "arr-chart" not in svg and "arr-legend" not in svg
    no_final = widgets.score_chart([[0], [2]], None, [3], ["Cy"], labels, "zz")
    assert "zz-chart-final" not in no_final
