"""A game's end screen declared over the shared pieces: the frame, the result first, the
score tables, the chart.

Every game's end screen is the frame of :func:`tablero.web.widgets.end_frame` (its root
carries ``data-game`` and the game's stylesheet) around the result (who won, by how
much, and how a tie was broken) and the game's own breakdown; the games name its
messages alike, ``<game>.end.<name>``: the heading ``title``, ``not_over`` (the game is
not over yet), one ``winner`` (``{name}``, ``{count}``) or a ``shared`` win
(``{names}``, ``{count}``), the chart's ``chart_title``, ``chart_x``, ``chart_y`` and
``chart_final``.  A game declares its end screen once::

    END = EndScreen("arl", "arraial", style_tag, SEAT_KEYS.default)

and writes its breakdown in :meth:`EndScreen.render`'s ``body`` with the pieces of the
:class:`Ending` it is handed: :meth:`~Ending.winner_line`, :meth:`~Ending.tiebreak`,
:meth:`~Ending.seat` (a seat's mark and name), :meth:`~Ending.table` (a table of
scores), :meth:`~Ending.chart` (the scores over the game).  Imports no game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from tablero.core import State

from . import widgets
from .marks import mark_icon, seat_letter
from .plugin import EndStep, Seat, Translate
from .svg import esc, raw_tag, tag

__all__ = ["EndKeys", "EndScreen", "EndStep", "Ending"]

S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class EndKeys:
    """The end screen's messages of a game, by the names every game gives them."""

    title: str
    not_over: str
    winner: str
    shared: str
    chart_title: str
    chart_x: str
    chart_y: str
    chart_final: str

    @classmethod
    def of(cls, game: str, *, final_band: bool = False) -> EndKeys:
        """``<game>.end.<name>`` for each (``chart_final`` only with a ``final_band``).

        >>> EndKeys.of("g").winner, EndKeys.of("g").chart_final
        ('g.end.winner', '')
        >>> EndKeys.of("g", final_band=True).chart_final
        'g.end.chart_final'
        """
        keys = {name: f"{game}.end.{name}" for name in cls.__dataclass_fields__}
        return cls(**{**keys, "chart_final": keys["chart_final"] if final_band else ""})


@dataclass(frozen=True)
class EndScreen:
    """A game's end screen: its classes' ``prefix``, its ``game`` id, its stylesheet's
    ``<style>`` tag (``style_tag()``), the message of a nameless seat (``seat_default``),
    where its names of players are joined by its own list separator rather than a comma
    that message (``list_sep``), and whether its chart marks final scoring with a named
    band (``final_band``)."""

    prefix: str
    game: str
    style_tag: Callable[[], str]
    seat_default: str
    list_sep: str = ""
    final_band: bool = False

    @property
    def keys(self) -> EndKeys:
        """The end screen's messages (:meth:`EndKeys.of`)."""
        return EndKeys.of(self.game, final_band=self.final_band)

    def frame(self, t: Translate, parts: Sequence[str]) -> str:
        """The end screen's root around ``parts`` (the result first, then the breakdown
        under the heading)."""
        return widgets.end_frame(
            self.prefix, self.game, self.style_tag(), t(self.keys.title), parts
        )

    def ending(self, state: State, seats: Sequence[Seat], t: Translate) -> Ending:
        """The pieces of the end of ``state``'s game, for its seats."""
        n = state.num_players
        names = [widgets.seat_name(seats, p, t, self.seat_default) for p in range(n)]
        return Ending(self, t, seats, n, widgets.seat_colours(seats, n), names)

    def render(
        self,
        state: S,
        seats: Sequence[Seat],
        t: Translate,
        body: Callable[[S, Ending], list[str]],
    ) -> str:
        """The end screen of ``state``: the game's ``body`` (its parts, the result first)
        in the frame, or the word that the game is not over yet."""
        if not state.is_terminal():
            return self.frame(t, [tag("p", t(self.keys.not_over))])
        return self.frame(t, body(state, self.ending(state, seats, t)))


@dataclass(frozen=True)
class Ending:
    """The end of one game on screen: its ``screen``, the translator, the ``seats`` and
    the ``n`` players' ``colours`` and ``names`` (plain text); the pieces of the screen as
    HTML."""

    screen: EndScreen
    t: Translate
    seats: Sequence[Seat]
    n: int
    colours: list[int]
    names: list[str]

    def headline(self, winners: Sequence[int], count: int) -> str:
        """Who won, with ``count`` points: one winner by name, a shared win by the names
        (plain text)."""
        t, keys = self.t, self.screen.keys
        if len(winners) == 1:
            return t(keys.winner, name=self.names[winners[0]], count=count)
        sep = t(self.screen.list_sep) if self.screen.list_sep else ", "
        return t(keys.shared, names=sep.join(self.names[w] for w in winners), count=count)

    def winner_line(
        self, winners: Sequence[int], scores: Sequence[int], text: str, *, margin: bool = True
    ) -> str:
        """The result's line: the winners' marks, ``text`` and (unless not ``margin``) by
        how much they won."""
        by = widgets.margin_text(scores, winners, self.names, self.t) if margin else ""
        return widgets.winner_line(self.screen.prefix, winners, self.colours, text, by)

    def tiebreak(self, scores: Sequence[int], sentence: Callable[[], str]) -> list[str]:
        """How a tie on points was broken (``sentence()``, plain text), when more than one
        player had the best score; else nothing."""
        best = max(scores)
        if sum(1 for x in scores if x == best) < 2:
            return []
        prefix = self.screen.prefix
        return [tag("p", sentence(), class_=f"{prefix}-tiebreak", data_tiebreak="1")]

    def seat(self, p: int, size: int = 18) -> str:
        """Seat ``p``'s mark and name (escaped)."""
        return mark_icon(self.colours[p], seat_letter(p), size) + esc(self.names[p])

    def table(
        self, cls: str, head: str, rows: Sequence[str], foot: str = "", caption: str = ""
    ) -> str:
        """A table of the end screen (class ``<prefix>-<cls>``) in its scrolling wrapper:
        the ``caption`` (plain text) if any, the ``head`` row's cells, the ``rows`` and
        the ``foot``'s rows (HTML)."""
        prefix = self.screen.prefix
        inner = tag("caption", caption) if caption else ""
        inner += raw_tag("thead", raw_tag("tr", head)) + raw_tag("tbody", "".join(rows))
        if foot:
            inner += raw_tag("tfoot", foot)
        table = raw_tag("table", inner, class_=f"{prefix}-{cls}")
        return raw_tag("div", table, class_=f"{prefix}-table-wrap")

    def chart(
        self,
        series: list[list[int]],
        totals: Sequence[int],
        *,
        final_start: int | None = None,
        one_line: str | None = None,
    ) -> list[str]:
        """The scores over the game under their heading: every seat's ``series`` (only
        the ``totals`` where it does not end at them: a position without its history),
        from ``final_start`` on final scoring (the screen's band, if it names one); with
        ``one_line``, the one score the seats share, so named."""
        keys, t, n = self.screen.keys, self.t, self.n
        if series[-1] != list(totals):
            series, final_start = [[0] * n, list(totals)], None
        lines, names = self.colours, self.names
        if one_line is not None:
            series = [row[:1] for row in series]
            lines, names = self.colours[:1], [one_line]
        title = t(keys.chart_title)
        band = t(keys.chart_final) if keys.chart_final else ""
        labels = widgets.ChartLabels(title, band, t(keys.chart_x), t(keys.chart_y))
        return [
            tag("h3", title),
            widgets.score_chart(series, final_start, lines, names, labels, self.screen.prefix),
        ]
