"""The Arraial table's stylesheet: the scoping and the pieces every game's
sheet shares are :mod:`tablero.web.gamestyle`'s.

Its rules start with ``[data-game="arraial"]`` (written ``&``), its classes with ``.arl-``.

The ghost of the piece being placed follows the pointer without any script: each drop
column of the street is a group holding its landing's ghost, shown while the pointer is
over the column (``:hover``) or the keyboard's focus is on it (``:focus``).
"""

from __future__ import annotations

from functools import partial

from ... import gamestyle
from .look import FALLBACK_COLOURS

#: The root element of the game's markup (every rule's selectors start with it).
SCOPE = gamestyle.scope("arraial")

#: The piece colours: fill, edge, glyph (the glyph's colour keeps 3:1 on the fill).
PIECE_LOOK = {
    "yellow": ("#f2c530", "#8a6a00", "#5c4700"),
    "blue": ("#4a7fc8", "#1d3f6e", "#ffffff"),
    "green": ("#4aa35a", "#1f5a2a", "#0d2e14"),
    "red": ("#d9544a", "#7a1d16", "#ffffff"),
}

_SEAT_COLOURS = gamestyle.seat_colours(FALLBACK_COLOURS)
_PIECE_COLOURS = "".join(
    f"& .arl-{name}{{--pc:{fill};--pe:{edge};--pg:{glyph}}}"
    for name, (fill, edge, glyph) in PIECE_LOOK.items()
) + "".join(
    f"& .arl-v-{name}{{fill:{fill};stroke:{edge}}}" for name, (fill, edge, _) in PIECE_LOOK.items()
)

CSS = gamestyle.scoped(
    _SEAT_COLOURS
    + _PIECE_COLOURS
    + """
&.arl-table,&.arl-end,&.arl-rules{--arl-ink:#2a2330;--arl-stone:#e9e2d6;--arl-stone-d:#c9bfae;
 --arl-target:#005f73;--arl-pick:#b26a00;color:var(--arl-ink)}
&.arl-end,&.arl-rules{max-width:1100px;margin:0 auto;display:flex;flex-direction:column;gap:.6rem}
& .arl-icon{display:inline-block;vertical-align:middle;flex:none}
"""
    + gamestyle.MARKS
    + """& .tb-board{display:flex;flex-direction:column-reverse}
& .arl-board{display:block;width:100%;height:100%;margin:auto;flex:none}
& .arl-street{display:block;width:100%;height:auto}
& .arl-ground{fill:#f4eee2}
& .arl-street-edge{fill:var(--arl-stone-d)}
& .arl-cobble{fill:var(--arl-stone);stroke:#d6ccba;stroke-width:1}
& .arl-coord{text-anchor:middle;font:600 11px system-ui,sans-serif;fill:#6d6253}
& .arl-label{font:600 12px system-ui,sans-serif;fill:#4d4436}
& .arl-string{fill:none;stroke:#6d6253;stroke-width:1.2}
& .arl-flag{fill:var(--pc);stroke:var(--pe);stroke-width:.8}
& .arl-sq{fill:var(--pc);stroke:var(--pe);stroke-width:2}
& .arl-glyph{fill:var(--pg)}
& .arl-glyph-line{stroke:var(--pg);stroke-width:2.4;stroke-linecap:round;fill:none}
& .arl-visitor{stroke-width:1.2}
& .arl-step-ring{fill:none}
& .arl-v-white{fill:#fff;stroke:#3b3b3b}
& .arl-heart{fill:#c2185b;stroke:#fff;stroke-width:.8}
& .arl-bar{fill:#6a3d9a;stroke:#2e1446;stroke-width:1.5}
& .arl-ghost{opacity:0;pointer-events:none}
& .arl-ghost .arl-sq{stroke:#111;stroke-dasharray:5 3;stroke-width:3}
& .arl-ghost.is-blocked .arl-sq{fill:#c9c9c9;stroke:#8b1a1a}
& .arl-ghost.is-blocked .arl-glyph,& .arl-ghost.is-blocked .arl-glyph-line{opacity:.4}
& .arl-col{cursor:pointer}
& .arl-col:focus{outline:none}
& .arl-col-hit{fill:transparent}
& .arl-col-arrow{fill:none;stroke:var(--arl-target);stroke-width:2.5;stroke-linecap:round}
& .arl-col-zone{fill:transparent;cursor:pointer}
& .arl-col:hover+.arl-col-zone+.arl-ghost,& .arl-col:focus-visible+.arl-col-zone+.arl-ghost,
& .arl-col-zone:hover+.arl-ghost{opacity:.85}
& .arl-cols:hover .arl-col:not(:hover)+.arl-col-zone:not(:hover)+.arl-ghost{opacity:0}
& .arl-col-zone:hover{fill:rgba(0,95,115,.08)}
& .arl-col:hover .arl-col-hit,& .arl-col:focus-visible .arl-col-hit{fill:rgba(0,95,115,.08)}
& .arl-col:focus-visible .arl-col-hit{stroke:#111;stroke-width:3;fill:rgba(255,208,0,.18)}
& .arl-col:focus-visible .arl-col-arrow{stroke:#111;stroke-width:4}
& .arl-col.is-chosen .arl-col-arrow{stroke:#111;stroke-width:4}
& .arl-landed{opacity:.85}
& .arl-landed .arl-sq{stroke:#111;stroke-width:2.5}
& .arl-chosen-ring{fill:none;stroke:#111;stroke-width:3}
& .arl-slide-target{cursor:pointer}
& .arl-slide-target:focus{outline:none}
& .arl-slide{fill:rgba(0,95,115,.12);stroke:var(--arl-target);stroke-width:2.5;
 stroke-dasharray:6 3}
& .arl-slide.is-chosen{fill:rgba(0,95,115,.2);stroke-dasharray:none;stroke-width:3.5}
& .arl-slide-target:hover .arl-slide{fill:rgba(0,95,115,.25)}
& .arl-slide-target:focus-visible .arl-slide{stroke:#ffd000;stroke-width:5;stroke-dasharray:none}
& .arl-square{fill:#d8c7a6;stroke:#8a7550;stroke-width:2}
& .arl-octagon{fill:#f7efe0;stroke:#8a7550;stroke-width:2}
& .arl-turn{fill:none;stroke:#8a7550;stroke-width:2}
& .arl-turn-head{fill:#8a7550}
& .arl-card-face{fill:#fffdf7;stroke:#8a7f6e;stroke-width:1.5}
& .arl-card.is-chosen .arl-card-face{stroke:var(--arl-pick);stroke-width:4}
& .arl-slot-empty{fill:none;stroke:#a89a80;stroke-width:1.5;stroke-dasharray:4 3}
& .arl-take-ring{fill:none;stroke:var(--arl-target);stroke-width:3}
& .arl-click{cursor:pointer}
& .arl-click:focus{outline:none}
& .arl-click:focus-visible .arl-take-ring{stroke:#111;stroke-width:5;
 filter:drop-shadow(0 0 3px #ffd000)}
& .arl-click:hover .arl-take-ring{stroke-width:4.5}
& .arl-deck-back{fill:#6a3d9a;stroke:#2e1446;stroke-width:1.5}
& .arl-deck-count{text-anchor:middle;font:700 14px system-ui,sans-serif;fill:#fff}
& .arl-seats{display:flex;gap:.35rem;list-style:none;margin:0;padding:0;overflow-x:auto}
& .arl-seat{flex:1 1 9rem;min-width:8.5rem;display:flex;flex-wrap:wrap;align-items:center;
 gap:0 .5rem;padding:.15rem .5rem;border:2px solid #d8cbb0;border-radius:.6rem;background:#fffdf6}
& .arl-seat.is-turn{border-color:var(--c);box-shadow:0 0 0 2px var(--c)}
& .arl-seat-line{display:flex;align-items:center;gap:.35rem;flex-wrap:wrap;flex:1 0 auto}
"""
    + gamestyle.seat_head("arl", "#6b5f4d")
    + """& .arl-score{font-size:1.1rem;font-weight:700}
& .arl-stat{font-size:.85rem;color:#4d4436;white-space:nowrap}
& .arl-stats{flex:1 1 100%;display:flex;flex-wrap:wrap;gap:0 .6rem}
& .arl-turn{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .5rem}
& .arl-status{margin:0;padding:.3rem .6rem;border-radius:.5rem;background:#efe6f6;
 border-left:5px solid #6a3d9a;font-weight:600}
& .arl-status .arl-hint{display:block;font-weight:400;font-size:.9rem}
& .arl-badge{display:inline-block;margin-left:.4rem;padding:0 .45rem;border-radius:1rem;
 background:#4a2a6e;color:#fff;font-size:.8rem;font-weight:700}
& .arl-ap{display:inline-flex;align-items:center;gap:.15rem;vertical-align:middle}
& .arl-ap-dot{display:inline-block;width:.8rem;height:.8rem;border-radius:50%;
 border:2px solid #4a2a6e;background:#4a2a6e}
& .arl-ap-dot.is-spent{background:transparent}
& .arl-panel{background:#fffdf6;border:1px solid #e0d3b8;border-radius:.6rem;padding:.5rem .7rem}
& .arl-panel h2,& .arl-panel h3{margin:0 0 .3rem;font-size:1rem;display:flex;align-items:center;
 gap:.3rem;flex-wrap:wrap}
& .arl-panel p{margin:.25rem 0}
& .arl-note{font-size:.85rem;color:#5d5346;font-weight:400}
& .arl-others{display:flex;flex-wrap:wrap;gap:.5rem}
& .arl-other{flex:1 1 9rem;max-width:14rem}
& .arl-other .arl-street{max-height:22rem}
& .arl-other>h2,& .arl-other>h3{display:block}
& .arl-other>h2>svg,& .arl-other>h3>svg{margin-inline-end:.3rem}
& .arl-title{overflow-wrap:break-word}
@media (min-width:52.0625rem){
 & .tb-side>.arl-others{flex:1 1 0;min-height:14rem;flex-wrap:nowrap;align-items:flex-start;
  container-type:size}
 & .tb-side .arl-other{min-width:0;max-height:100cqh;padding:.4rem .5rem;display:flex;
  flex-direction:column}
 & .tb-side .arl-other .arl-street{flex:0 1 auto;min-height:0}
 & .tb-side .arl-others:has(>:nth-child(3)) .arl-other>h2{font-size:.85rem}}
& .arl-pairs{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.2rem}
& .arl-pairs li{display:flex;align-items:center;gap:.35rem;font-size:.9rem}
& .arl-pairs li>:not(.arl-pair-text){flex:none}
& .arl-pair-text{flex:1 1 auto;min-width:0}
& .arl-swatch{display:inline-block;width:1rem;height:1rem;border-radius:.2rem;
 background:var(--pc);border:2px solid var(--pe)}
& .arl-preview{padding:.25rem .6rem}
& .arl-preview h2{margin:0;font-size:1rem}
& .arl-preview ul{margin:.1rem 0;padding-left:1.1rem;font-size:.92rem}
& .arl-preview p{margin:0;font-size:.92rem}
& .arl-controls{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center}
& .arl-btn{min-height:44px;min-width:44px;padding:.45rem 1rem;border-radius:.55rem;font:inherit;
 font-weight:700;border:2px solid #5a4a6b;background:#fbf7ff;color:var(--arl-ink);cursor:pointer}
& .arl-btn.is-primary{background:#4a2a6e;border-color:#2e1446;color:#fff}
& .arl-btn:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
& .arl-btn[disabled]{opacity:.55;cursor:not-allowed}
& .arl-events{margin:.1rem 0;padding-left:1.1rem;font-size:.9rem}
@media (max-width:30rem){& .arl-stat{font-size:.75rem}
 & .arl-seat{min-width:7.5rem;padding:.1rem .35rem}
 & .arl-score{font-size:1rem}
 & .arl-status .arl-hint{font-size:.8rem}
 & .arl-btn{padding:.35rem .7rem}
 & .arl-preview{font-size:.88rem}}
@media (prefers-reduced-motion:no-preference){
 & .arl-ghost{transition:opacity .12s}
 & .arl-landed{animation:arl-pulse 1.2s ease-in-out infinite alternate}}
@keyframes arl-pulse{to{opacity:.6}}
"""
    + gamestyle.end_headline("arl")
    + gamestyle.end_table("arl", "#e0d3b8")
    + """&.arl-end tfoot td,&.arl-end tfoot th{font-weight:800}
& .arl-table-wrap{overflow-x:auto}
& .arl-end-streets{display:flex;flex-wrap:wrap;gap:.8rem}
& .arl-end-street{flex:0 1 14rem}
& .arl-end-street h3{margin:.2rem 0;display:flex;align-items:center;gap:.3rem}
& .arl-tiebreak{font-weight:600}
"""
    + gamestyle.chart("arl", axis="#5c5346", grid="#e3d8c2", text="#4d4436", final="#f1e9f7")
    + gamestyle.rules_help("arl", "#4a2a6e", "#f3ecfa")
    + gamestyle.gallery("arl", "shapes", ".5rem"),
    SCOPE,
)


#: The stylesheet as the ``<style>`` element the rendered HTML carries.
style_tag = partial(gamestyle.style_tag, CSS)
