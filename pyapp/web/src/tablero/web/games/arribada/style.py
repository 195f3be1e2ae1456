"""The Arribada table's stylesheet: the scoping and the pieces every game's
sheet shares are :mod:`tablero.web.gamestyle`'s.

Its rules start with ``[data-game="arribada"]`` (written ``&``), its classes with ``.arr-``.
"""

from __future__ import annotations

from functools import partial

from ... import gamestyle
from .look import FALLBACK_COLOURS

#: The root element of the game's markup (every rule's selectors start with it).
SCOPE = gamestyle.scope("arribada")

_SEAT_COLOURS = gamestyle.seat_colours(FALLBACK_COLOURS)

CSS = gamestyle.scoped(
    _SEAT_COLOURS
    + """
&.arr-table,&.arr-end,&.arr-rules{--arr-ink:#2b2620;--arr-sand:#f2e2b6;--arr-sand-d:#dcc38a;
 --arr-target:#00707a;--arr-pick:#b26a00;color:var(--arr-ink);font-family:inherit}
&.arr-end,&.arr-rules{max-width:1100px;margin:0 auto;display:flex;flex-direction:column;gap:.6rem}
& .arr-icon{display:inline-block;vertical-align:middle;flex:none}
"""
    + gamestyle.MARKS
    + """& .arr-shell{fill:#f6c9a8;stroke:#9a5a36;stroke-width:1.2}
& .arr-shell.is-spent{fill:#ddd;stroke:#888}
& .arr-shell-rib{stroke:#9a5a36;stroke-width:.9;fill:none}
& .arr-spent-cross{stroke:#555;stroke-width:2}
& .arr-turtle{fill:#5d7d3a;stroke:#2f4420;stroke-width:1}
& .arr-turtle-plate{fill:#86a85a;stroke:#2f4420;stroke-width:.8}
& .arr-bag{fill:#c79a5b;stroke:#6e4f27;stroke-width:1.5}
& .arr-bag-tie{fill:#6e4f27}
& .arr-bag-count{text-anchor:middle;font:700 13px system-ui,sans-serif;fill:#3a2a14}
& .arr-tile-face{fill:#fffaf0;stroke:#9b9284;stroke-width:1.5}
& .arr-tile.is-owned .arr-tile-face{stroke:var(--c);stroke-width:3.5}
& .arr-tile.is-neutral .arr-tile-face{fill:#ebe5d6;stroke:#8d8575;stroke-dasharray:3 2}
& .arr-tile.is-wild .arr-tile-face{fill:#5f4b37;stroke:var(--c,#9b9284);stroke-width:3.5}
& .arr-wild-stripe{stroke:#8c7458;stroke-width:2.5;fill:none}
& .arr-tile-value{text-anchor:middle;font-weight:700;fill:var(--arr-ink);
 font-family:system-ui,sans-serif}
& .arr-tile.is-neutral .arr-tile-value{fill:#5b554b}
& .arr-tile-hint{text-anchor:middle;fill:#857a69;font-family:system-ui,sans-serif}
& .arr-tile.is-ghost{opacity:.62}
& .arr-board{display:block;max-width:100%}
&.arr-end .arr-board{width:100%;height:auto}
& .arr-beach{fill:var(--arr-sand)}
& .arr-board-edge{fill:var(--arr-sand-d);opacity:.5}
& .arr-cell-bg{fill:#f7e9c3;stroke:#d9c08a;stroke-width:1}
& .arr-cell-bg.is-nido{fill:#e9d3a0}
& .arr-nest{fill:#b58a55;stroke:#6f4d26;stroke-width:2}
& .arr-nest-hollow{fill:#7c5a32}
& .arr-twig{stroke:#6f4d26;stroke-width:1.6;fill:none;stroke-linecap:round}
& .arr-pebble{fill:#4a4038}
& .arr-rock{fill:#8e8a82;stroke:#5c5851;stroke-width:2}
& .arr-rock-light{fill:#aaa69d}
& .arr-rock-crack{stroke:#5c5851;stroke-width:1.5;fill:none}
& .arr-coord{text-anchor:middle;font:600 11px system-ui,sans-serif;fill:#7a6a4f}
& .arr-sea{fill:#3f8fb3}
& .arr-foam{fill:none;stroke:#e8f6fb;stroke-width:3}
& .arr-wave{fill:none;stroke:#a8d6ea;stroke-width:1.5}
& .arr-sea-label{font:600 11px system-ui,sans-serif;fill:#eaf7fc}
& .arr-slot-empty{fill:none;stroke:#cfeaf5;stroke-width:1.5;stroke-dasharray:4 3}
& .arr-click{cursor:pointer}
& .arr-click:focus{outline:none}
& .arr-click:focus-visible{outline:3px solid #111;outline-offset:1px}
& .arr-click:focus-visible .arr-target,& .arr-click:focus-visible .arr-target-ring{stroke:#ffd000;
 stroke-width:6;stroke-opacity:1;stroke-dasharray:none}
& .arr-target{fill:rgba(0,150,160,.13);stroke:var(--arr-target);stroke-width:1.5;
 stroke-opacity:.7}
& .arr-target.is-claim,& .arr-target.is-capture{fill:rgba(0,150,160,.1);stroke-width:3.5;
 stroke-dasharray:6 3}
& .arr-target.is-chosen{fill:rgba(0,112,122,.12);stroke:#003d43;stroke-width:4.5;
 stroke-dasharray:none}
& .arr-target-ring{fill:none;stroke:#ffe27a;stroke-width:3}
& .arr-picked-ring{fill:rgba(255,200,80,.25);stroke:var(--arr-pick);stroke-width:4}
& .arr-spawn{fill:rgba(255,255,255,.5);stroke:#6f4d26;stroke-width:2;stroke-dasharray:4 3}
& .arr-spawn-q{text-anchor:middle;font:700 17px system-ui,sans-serif;fill:#6f4d26}
& .arr-stranded .arr-tile{opacity:.45}
& .arr-stranded-ring{fill:none;stroke:#c62828;stroke-width:3;stroke-dasharray:5 3}
& .arr-step-area,& .arr-step-ring{fill:none}
& .arr-stranded-points{text-anchor:middle;font:800 15px system-ui,sans-serif;fill:#b71c1c;
 stroke:#fff;stroke-width:3px;paint-order:stroke}
& .arr-seats{display:flex;gap:.35rem;list-style:none;margin:0;padding:0;overflow-x:auto}
& .arr-seat{flex:1 1 9rem;min-width:8.5rem;display:flex;flex-wrap:wrap;align-items:center;
 gap:0 .5rem;padding:.15rem .5rem;border:2px solid #d8cbb0;border-radius:.6rem;background:#fffdf6}
& .arr-seat-line{flex:1 0 auto}
& .arr-stats{flex:1 1 100%}
& .arr-seat.is-turn{border-color:var(--c);box-shadow:0 0 0 2px var(--c)}
& .arr-seat-line{display:flex;align-items:center;gap:.35rem;flex-wrap:wrap}
& .arr-seat-head{display:flex;align-items:center;gap:.35rem;min-width:0}
& .arr-seat-name{font-weight:700;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;
 min-width:0}
& .arr-seat-you{flex:none;white-space:nowrap;font-size:.85rem;color:#6b5f4d}
& .arr-turn-flag{margin-left:auto;flex:none;font-size:.8rem;font-weight:700;white-space:nowrap;
 background:var(--c);color:#fff;border-radius:1rem;padding:0 .45rem;
 text-shadow:0 0 2px #000}
& .arr-score{font-size:1.15rem;font-weight:700;display:flex;align-items:center;gap:.2rem;
 flex-wrap:wrap}
& .arr-score-total{font-size:.85rem;font-weight:400;color:#6b5f4d}
& .arr-stats{display:flex;flex-wrap:wrap;gap:.15rem .6rem;font-size:.85rem;color:#4d4436}
& .arr-stat{display:inline-flex;align-items:center;gap:.15rem;white-space:nowrap}
& .arr-status{margin:0;padding:.3rem .6rem;border-radius:.5rem;background:#e6f3f5;
 border-left:5px solid var(--arr-target);font-weight:600}
& .arr-preview{padding:.25rem .6rem;display:flex;flex-wrap:wrap;align-items:baseline;
 gap:.1rem .9rem}
& .arr-preview h2{margin:0}
& .arr-preview .arr-strengths{display:flex;flex-wrap:wrap;align-items:center;gap:0 .5rem}
& .arr-preview .arr-strengths caption{display:inline;font-weight:600}
& .arr-preview .arr-strengths tbody{display:contents}
& .arr-preview .arr-strengths tr{display:inline-flex;align-items:center;gap:.15rem}
& .arr-preview .arr-strengths td{padding:0 .1rem}
& .arr-preview-body{display:flex;flex-wrap:wrap;gap:.1rem .9rem;align-items:baseline;
 font-size:.92rem}
& .arr-preview-body p{margin:0}
& .arr-strengths{width:auto}
& .arr-strengths caption{text-align:left;font-weight:600}
& .arr-key{display:inline;margin-left:.6rem;font-weight:400;font-size:.8rem;color:#4d4436}
& .arr-status .arr-hint{display:block;font-weight:400;font-size:.9rem}
& .arr-badge{display:inline-block;margin-left:.4rem;padding:0 .45rem;border-radius:1rem;
 background:#7a2e0e;color:#fff;font-size:.8rem;font-weight:700}
& .arr-main{display:flex;flex-wrap:wrap;gap:.7rem;align-items:flex-start}
& .arr-side{flex:1 1 15rem;display:flex;flex-direction:column;gap:.5rem;min-width:0}
& .arr-panel{background:#fffdf6;border:1px solid #e0d3b8;border-radius:.6rem;padding:.5rem .7rem}
& .arr-panel h2,& .arr-panel h3{margin:0 0 .3rem;font-size:1rem}
& .arr-panel p{margin:.25rem 0}
& .arr-strengths{border-collapse:collapse}
& .arr-strengths td,& .arr-strengths th{padding:.15rem .3rem;text-align:left}
& .arr-strengths td.arr-num{text-align:right;font-weight:700}
& .arr-strengths tr.is-best td{background:#e6f3f5}
& .arr-rack-label{margin:0;font-size:.9rem;font-weight:700}
& .arr-rack{display:flex;gap:.3rem;justify-content:center;flex-wrap:wrap;
 padding:.35rem .5rem .2rem;background:#8a6a45;border-radius:.6rem;border-bottom:8px solid #6b4f30;
 min-height:60px}
& .arr-rack-tile{display:inline-flex;padding:2px;border:3px solid transparent;border-radius:.6rem;
 background:none;min-width:56px;min-height:56px;align-items:center;justify-content:center}
& button.arr-rack-tile{cursor:pointer}
& button.arr-rack-tile:focus-visible{outline:4px solid #111;outline-offset:1px;
 box-shadow:0 0 0 7px #ffd000}
& .arr-rack-tile[aria-pressed=true]{border-color:#ffe27a;transform:translateY(-6px)}
& .arr-rack-tile.is-picked{border-color:#ffb74d;background:rgba(255,200,80,.35);
 transform:translateY(-6px)}
& .arr-rack-tile.is-idle{opacity:.75}
& .arr-controls{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center}
& .arr-btn{min-height:44px;min-width:44px;padding:.45rem 1rem;border-radius:.55rem;font:inherit;
 font-weight:700;border:2px solid #6b5a40;background:#fff8e8;color:var(--arr-ink);cursor:pointer}
& .arr-btn.is-primary{background:#00695c;border-color:#004d40;color:#fff}
& .arr-btn:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
@media (max-width:30rem){& .arr-stats{font-size:.75rem;gap:0 .4rem}
 & .arr-seat{min-width:7.5rem;padding:.1rem .35rem}
 & .arr-score{font-size:1rem}
 & .arr-status .arr-hint{font-size:.8rem}
 & .arr-key{display:block;margin:0;font-size:.72rem}
 & .arr-rack-label{font-size:.8rem}
 & .arr-rack{padding:.2rem .3rem .1rem;min-height:52px;border-bottom-width:5px}
 & .arr-rack-tile{min-width:48px;min-height:48px}
 & .arr-rack-tile svg{width:42px;height:42px}
 & .arr-btn{padding:.35rem .7rem}
 & .arr-preview{font-size:.88rem}}
& .arr-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
 white-space:nowrap}
@media (prefers-reduced-motion:no-preference){
 & .arr-rack-tile{transition:transform .15s}
 & .arr-rack-tile.is-newest svg{animation:arr-open .3s ease-out}
 & .arr-target.is-chosen{animation:arr-pulse 1.2s ease-in-out infinite alternate}}
@keyframes arr-pulse{to{stroke-opacity:.45}}
@keyframes arr-open{from{opacity:.35;filter:brightness(1.5)}}
"""
    + gamestyle.end_headline("arr")
    + gamestyle.end_table("arr", "#e0d3b8")
    + """&.arr-end tfoot td{font-weight:800}
& .arr-table-wrap{overflow-x:auto}
& .arr-end-board{max-width:520px;flex:none}
& .arr-stranded-list{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;
 gap:.4rem}
& .arr-stranded-list li{display:flex;flex-wrap:wrap;gap:.3rem .6rem;align-items:center}
& .arr-stranded-who{font-weight:700;display:inline-flex;align-items:center;gap:.3rem}
& .arr-chips{display:flex;flex-wrap:wrap;gap:.25rem}
& .arr-chip{border:1.5px dashed #c62828;border-radius:.4rem;padding:0 .35rem;font-size:.9rem;
 background:#fff5f5;white-space:nowrap}
"""
    + gamestyle.chart("arr", axis="#5c5346", grid="#e3d8c2", text="#4d4436", final="#f4ead3")
    + gamestyle.rules_help(
        "arr", "#7a2e0e", "#fbefe6", between="&.arr-rules dfn{font-style:normal;font-weight:700}\n"
    ),
    SCOPE,
)


#: The stylesheet as the ``<style>`` element the rendered HTML carries.
style_tag = partial(gamestyle.style_tag, CSS)
