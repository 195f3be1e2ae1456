"""The Arboretum table's stylesheet: the scoping and the pieces every game's
sheet shares are :mod:`tablero.web.gamestyle`'s.

Its rules start with ``[data-game="arboretum"]`` (written ``&``), its classes with ``.arb-``.
"""

from __future__ import annotations

from functools import partial

from ... import gamestyle
from .look import FALLBACK_COLOURS, SPECIES_LOOK

#: The root element of the game's markup (every rule's selectors start with it).
SCOPE = gamestyle.scope("arboretum")

_SEAT_COLOURS = gamestyle.seat_colours(FALLBACK_COLOURS)
_SPECIES_COLOURS = "".join(f"& .arb-sp{i}{{--sp:{c}}}" for i, (c, _) in enumerate(SPECIES_LOOK))

CSS = gamestyle.scoped(
    _SEAT_COLOURS
    + _SPECIES_COLOURS
    + """
&.arb-table,&.arb-end,&.arb-rules{--arb-ink:#23301f;--arb-lawn:#cfe0b0;--arb-bed:#e3edcc;
 --arb-target:#005f73;--arb-pick:#b26a00;color:var(--arb-ink)}
&.arb-end,&.arb-rules{max-width:1150px;margin:0 auto;display:flex;flex-direction:column;gap:.6rem}
& .arb-icon{display:inline-block;vertical-align:middle;flex:none}
"""
    + gamestyle.MARKS
    + """& .arb-sym{fill:var(--sp);stroke:#1d1d1d;stroke-width:1.2px;stroke-linejoin:round}
& .arb-card-frame{fill:var(--sp);stroke:#2a2a2a;stroke-width:1}
& .arb-card-face{fill:#fffdf5}
& .arb-card-value{text-anchor:middle;font-weight:800;fill:#1d1d1d;font-family:system-ui,sans-serif}
& .arb-card.is-ghost{opacity:.78}
& .arb-card.is-dim{opacity:.35}
& .arb-card.is-fresh .arb-card-frame{stroke:#1d1d1d;stroke-width:2.5}
& .arb-back{fill:#2f6b3a;stroke:#1e4426;stroke-width:1}
& .arb-back-inner{fill:none;stroke:#9cc48a;stroke-width:1.5}
& .arb-back-tree{fill:#9cc48a}
& .arb-lawn{fill:var(--arb-lawn)}
& .arb-bed{fill:var(--arb-bed);stroke:#bcd096;stroke-width:1}
& .arb-empty-spot{fill:none;stroke:#7d9a5a;stroke-width:2;stroke-dasharray:5 4}
& .arb-click{cursor:pointer}
& .arb-click:focus{outline:none}
& .arb-click:focus-visible{outline:3px solid #111;outline-offset:1px}
& .arb-click:focus-visible .arb-target{stroke:#ffd000;stroke-width:6;stroke-dasharray:none}
& .arb-target{fill:rgba(0,120,140,.16);stroke:var(--arb-target);stroke-width:2.5;
 stroke-dasharray:6 3}
& .arb-target.is-chosen{fill:rgba(0,95,115,.08);stroke-dasharray:none}
& .arb-target-plus{text-anchor:middle;font:700 24px system-ui,sans-serif;fill:var(--arb-target)}
& .arb-chosen-ring{fill:none;stroke:#00343f;stroke-width:4}
& .arb-path{opacity:.9}
& .arb-path-halo{fill:none;stroke:#fff;stroke-width:7;stroke-linecap:round;stroke-linejoin:round;
 opacity:.85}
& .arb-path-line{fill:none;stroke:var(--sp);stroke-width:4;stroke-linecap:round;
 stroke-linejoin:round}
& .arb-path-start,& .arb-path-end{fill:var(--sp);stroke:#1d1d1d;stroke-width:1.5}
& .arb-seats{display:flex;gap:.35rem;list-style:none;margin:0;padding:0;overflow-x:auto}
& .arb-seat{flex:1 1 9rem;min-width:8.5rem;display:flex;flex-wrap:wrap;align-items:center;
 gap:0 .5rem;padding:.15rem .5rem;border:2px solid #cbd7b5;border-radius:.6rem;background:#fbfdf5}
& .arb-seat.is-turn{border-color:var(--c);box-shadow:0 0 0 2px var(--c)}
"""
    + gamestyle.seat_head("arb", "#55634a", push_flag=False)
    + "& .arb-seat-line{display:flex;align-items:center;gap:.3rem .6rem;flex-wrap:wrap;"
    "font-size:.9rem}\n"
    + """& .arb-score{font-size:1.1rem;font-weight:800}
& .arb-known{display:inline-flex;gap:2px;align-items:center;flex-wrap:wrap}
& .arb-backs{display:inline-flex;align-items:center;gap:.2rem}
& .arb-status{margin:0;padding:.3rem .6rem;border-radius:.5rem;background:#e4f0e9;
 border-left:5px solid var(--arb-target);font-weight:600}
& .arb-status .arb-hint{display:block;font-weight:400;font-size:.9rem}
& .arb-badge{display:inline-block;margin-left:.4rem;padding:0 .45rem;border-radius:1rem;
 background:#7a2e0e;color:#fff;font-size:.8rem;font-weight:700}
& .arb-garden-panel{background:#f4f8ea;border:1px solid #cbd7b5;border-radius:.6rem;
 padding:.4rem .5rem;min-width:0}
& .arb-garden-head{display:flex;align-items:center;gap:.4rem;flex-wrap:wrap;margin:0 0 .3rem}
& .arb-garden-head h2{margin:0;font-size:1rem;display:flex;align-items:center;gap:.3rem;
 flex:1 1 auto;min-width:0}
& .arb-zoom{display:flex;gap:.3rem;margin-left:auto}
& .arb-garden-wrap{overflow:auto;max-height:70vh;touch-action:pan-x pan-y pinch-zoom;
 border-radius:.5rem;overscroll-behavior:contain}
& .arb-garden{display:block;margin:0 auto;height:auto}
& .arb-garden.is-fit{width:100%}
& .tb-board>.arb-garden-panel{width:100%;height:100%;display:flex;flex-direction:column;
 padding:.25rem .4rem}
& .tb-board>.arb-garden-panel .arb-garden-head{margin:0 0 .2rem}
& .tb-board .arb-garden-wrap{flex:1;min-height:0;max-height:none;display:grid;place-items:center}
& .tb-board .arb-garden.is-fit{width:100%;height:100%}
& .tb-side .arb-others{display:flex;flex-direction:column}
& .tb-decision .arb-supply-panel{padding:.3rem .6rem}
& .tb-decision .arb-supply-panel h2{display:none}
& .tb-decision .arb-supply{justify-content:center}
& .tb-decision .arb-preview{padding:.3rem .6rem}
& .arb-others{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:.6rem}
& .arb-others .arb-garden-wrap{max-height:45vh}
& .arb-side{grid-area:side;display:flex;flex-direction:column;gap:.5rem;min-width:0}

& .arb-panel{background:#fbfdf5;border:1px solid #cbd7b5;border-radius:.6rem;padding:.5rem .7rem}
& .arb-panel h2,& .arb-panel h3{margin:0 0 .3rem;font-size:1rem}
& .arb-panel p{margin:.25rem 0}
& .arb-supply{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-start}
& .arb-pile{display:flex;flex-direction:column;align-items:center;gap:.15rem;min-width:64px;
 font-size:.85rem;text-align:center}
& .arb-pile-name{display:flex;align-items:center;gap:.2rem;max-width:7rem;overflow:hidden;
 white-space:nowrap;text-overflow:ellipsis}
& .arb-pile-empty{width:44px;height:62px;border:2px dashed #9fb48a;border-radius:6px;
 display:flex;align-items:center;justify-content:center;color:#6d7d5e}
& .arb-take{display:inline-flex;flex-direction:column;align-items:center;padding:3px;
 border:3px solid #ffd54f;border-radius:.6rem;background:#fffbe6;cursor:pointer;min-width:44px;
 min-height:44px;font:inherit;font-weight:700;color:var(--arb-ink)}
& .arb-take:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
& .arb-pile details{font-size:.85rem}
& .arb-pile summary{cursor:pointer;min-height:44px;display:flex;align-items:center;
 justify-content:center;padding:0 .3rem;text-decoration:underline}
& .arb-pile-all{display:flex;flex-wrap:wrap;gap:2px;max-width:15rem;justify-content:center}
& .arb-preview h2{display:flex;align-items:center;gap:.3rem}
& .arb-gain{list-style:none;margin:.2rem 0;padding:0;display:flex;flex-direction:column;gap:.2rem}
& .arb-gain li .arb-icon{margin-right:.3rem}
& .arb-gain li .arb-note{display:block}
& .arb-note{font-size:.85rem;color:#4d5a43}
& .arb-hand-label{margin:0;font-size:.9rem;font-weight:700}
& .arb-hand{display:flex;gap:.3rem;justify-content:center;flex-wrap:wrap;
 padding:.35rem .5rem .25rem;background:#6d5235;border-radius:.6rem;border-bottom:8px solid #4f3a24;
 min-height:78px}
& .arb-hand>span{align-self:center;color:#fff}
& .arb-hand-card{display:inline-flex;flex-direction:column;align-items:center;position:relative;
 padding:2px;border:3px solid transparent;border-radius:.6rem;background:none;min-width:48px;
 min-height:60px;color:#fff}
& button.arb-hand-card{cursor:pointer}
& button.arb-hand-card:focus-visible{outline:4px solid #111;outline-offset:1px;
 box-shadow:0 0 0 7px #ffd000}
& .arb-hand-card svg{width:50px;height:auto}
@media (max-width:520px){& .arb-hand-card svg{width:34px}
 & .arb-hand{gap:0;padding:.3rem .2rem;min-height:60px}
 & .arb-hand-card{min-width:40px;min-height:50px;padding:1px;border-width:2px}
 & .arb-seat .arb-chip svg{width:20px;height:auto}
 & .tb-decision .arb-supply{flex-wrap:nowrap;gap:.25rem}
 & .tb-decision .arb-pile{flex:1 1 0;min-width:0}
 &.arb-end .arb-cellbox{min-width:5.5rem;font-size:.9rem}
 &.arb-end .arb-sp-name{white-space:normal}}
& .arb-hand-card[aria-pressed=true]{border-color:#ffe27a;transform:translateY(-8px)}
& .arb-hand-card.is-idle{opacity:.92}
& .arb-hand-card.is-new::after{content:"";position:absolute;top:-3px;right:-3px;width:12px;
 height:12px;border-radius:50%;background:#ffe27a;border:2px solid #4f3a24}
& .arb-tag{font-size:.7rem;font-weight:700;line-height:1.1;color:#ffe9b0}
& .arb-controls{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center}
& .arb-btn{min-height:44px;min-width:44px;padding:.45rem 1rem;border-radius:.55rem;font:inherit;
 font-weight:700;border:2px solid #4e5d3c;background:#fbfdf2;color:var(--arb-ink);cursor:pointer}
& .arb-btn.is-primary{background:#2e6b3f;border-color:#1e4426;color:#fff}
& .arb-btn.is-small{padding:.2rem .6rem;min-width:44px}
& .arb-btn:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
@media (prefers-reduced-motion:no-preference){
 & .arb-hand-card{transition:transform .15s}
 & .arb-card.is-fresh{animation:arb-in .5s ease-out}
 & .arb-hand-card.is-newest{animation:arb-open .3s ease-out}
 &.arb-end .arb-path{animation:arb-fade .6s ease-out both;animation-delay:var(--arb-delay,0s)}
 & .arb-target.is-chosen{animation:arb-pulse 1.2s ease-in-out infinite alternate}}
@keyframes arb-in{from{opacity:0;transform:translateY(-6px)}}
@keyframes arb-open{from{opacity:.35;filter:brightness(1.5)}}
@keyframes arb-fade{from{opacity:0}}
@keyframes arb-pulse{to{stroke-opacity:.45}}
&.arb-end h2{margin:.2rem 0}
& .arb-winner{font-size:1.3rem;font-weight:800;display:flex;align-items:center;gap:.4rem;
 flex-wrap:wrap;margin:.2rem 0}
& .arb-tiebreak{margin:.2rem 0;padding:.3rem .6rem;background:#fff4d6;border-radius:.4rem}
& .arb-table-wrap{overflow-x:auto}
&.arb-end table{border-collapse:collapse}
&.arb-end th,&.arb-end td{padding:.3rem .45rem;border-bottom:1px solid #d5dfc2;text-align:left;
 vertical-align:top}
&.arb-end tfoot th,&.arb-end tfoot td{font-weight:800}
/* the totals right under the players' names, then the breakdown per species: the
   scores are in the first screen of the end (the rows keep their order in the markup) */
&.arb-end .arb-rights>tbody{display:table-footer-group}
&.arb-end .arb-rights>tfoot{display:table-row-group}
&.arb-end .arb-rights>tfoot tr:last-child>*{border-bottom:2px solid #9fb48a}
&.arb-end tr.is-winner th{background:#fff4d6}
& .arb-sp-name{display:flex;align-items:center;gap:.3rem;white-space:nowrap}
& .arb-cellbox{display:flex;flex-direction:column;gap:.1rem;min-width:7.5rem}
& .arb-right{font-weight:800;color:#1e5a2c}
& .arb-noright{color:#7a6a5a}
& .arb-zero{font-size:.8rem;color:#8a2a0a;font-weight:700}
& .arb-scored{font-weight:800}
& .arb-unscored{text-decoration:line-through;color:#7a6a5a}
& .arb-end-gardens{display:grid;grid-template-columns:repeat(auto-fit,minmax(17rem,1fr));gap:.7rem}
& .arb-path-list{list-style:none;padding:0;margin:.3rem 0;display:flex;flex-direction:column;
 gap:.2rem;font-size:.9rem}
& .arb-path-list li .arb-icon{margin-right:.3rem}
& .arb-final-hands{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:.35rem}
& .arb-final-hands li{display:flex;align-items:center;gap:.35rem;flex-wrap:wrap}
"""
    + gamestyle.chart("arb", axis="#4a5a3a", grid="#dfe8d3", text="#3e4a30")
    + gamestyle.rules_help(
        "arb", "#7a2e0e", "#fbefe6", between=gamestyle.legend("arb", gap=".3rem .9rem")
    )
    + """& .arb-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
 white-space:nowrap}
""",
    SCOPE,
)


#: The stylesheet as the ``<style>`` element the rendered HTML carries.
style_tag = partial(gamestyle.style_tag, CSS)
