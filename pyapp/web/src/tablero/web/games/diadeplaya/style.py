"""The Día de Playa table's stylesheet: the scoping and the pieces every game's
sheet shares are :mod:`tablero.web.gamestyle`'s.

Its rules start with ``[data-game="diadeplaya"]`` (written ``&``), its classes with ``.dp-``.

The ghost of the card in hand follows the pointer without any script: each place the
card may go is a handle followed by its ghost, shown while the pointer is over the
handle (``:hover``) or the keyboard's focus is on it (``:focus-visible``).
"""

from __future__ import annotations

from functools import partial

from ... import gamestyle
from .look import FALLBACK_COLOURS

#: The root element of the game's markup (every rule's selectors start with it).
SCOPE = gamestyle.scope("diadeplaya")

#: The end screen's mark of each criterion: stroke colour and dash (never colour alone).
MARK_LOOK = {
    "surfers": ("#0b4f9c", "none"),
    "tourists": ("#8e1464", "6 3"),
    "trios": ("#1d6b35", "2 3"),
    "umbrellas": ("#c2255c", "10 3 2 3"),
    "sand": ("#7a5a00", "8 4"),
    "stalls": ("#8a4b00", "3 2"),
    "litter": ("#b00020", "1 3"),
}

_SEAT_COLOURS = gamestyle.seat_colours(FALLBACK_COLOURS)
_MARKS = "".join(
    f"& .dp-m-{name}{{stroke:{colour};stroke-dasharray:{dash}}}"
    f"& .dp-key-{name}{{border-color:{colour};"
    f"border-style:{'solid' if dash == 'none' else 'dashed'}}}"
    for name, (colour, dash) in MARK_LOOK.items()
)

CSS = gamestyle.scoped(
    _SEAT_COLOURS
    + _MARKS
    + """
&.dp-table,&.dp-end,&.dp-rules{--dp-ink:#1f2a33;--dp-target:#005f73;color:var(--dp-ink)}
&.dp-end,&.dp-rules{max-width:1100px;margin:0 auto;display:flex;flex-direction:column;gap:.6rem}
& .arr-icon{display:inline-block;vertical-align:middle;flex:none}
"""
    + gamestyle.MARKS
    + """& .dp-face{display:block}
& .dp-spot{cursor:pointer}
& .dp-spot:focus{outline:none}
& .dp-spot-hit{fill:transparent}
& .dp-spot-mark{fill:rgba(0,95,115,.08);stroke:var(--dp-target);stroke-width:1.5;
 stroke-dasharray:4 3}
& .dp-spot:hover .dp-spot-mark,& .dp-spot:focus-visible .dp-spot-mark{fill:rgba(255,208,0,.35);
 stroke:#111;stroke-width:3;stroke-dasharray:none}
& .dp-ghost{opacity:0;pointer-events:none}
& .dp-spot:hover+.dp-ghost,& .dp-spot:focus-visible+.dp-ghost{opacity:.82}
& .dp-ghost-edge{fill:none;stroke:#111;stroke-width:3;stroke-dasharray:7 4}
& .dp-covers{fill:none;stroke:#b00020;stroke-width:3;stroke-dasharray:3 3}
& .dp-chosen{pointer-events:none}
& .dp-chosen .dp-ghost-edge{stroke-dasharray:none;stroke-width:4}
& .dp-spots:hover~.dp-chosen,& .dp-spots:focus-within~.dp-chosen{opacity:.35}
& .dp-mark{fill:none;stroke-width:3.5}
& .dp-trio-line{fill:none;stroke:#1d6b35;stroke-width:3;stroke-linecap:round;opacity:.8}
& .dp-marks-umbrellas .dp-mark{fill:rgba(194,37,92,.12)}
& .dp-marks-litter .dp-mark{fill:rgba(176,0,32,.12)}
& .dp-seats{display:flex;gap:.35rem;list-style:none;margin:0;padding:0;overflow-x:auto}
& .dp-seat{flex:1 1 0;min-width:5.5rem;display:flex;flex-wrap:wrap;align-items:center;
 gap:0 .5rem;padding:.15rem .5rem;border:2px solid #c8d6e0;border-radius:.6rem;background:#fcfdff}
& .dp-seat.is-turn{border-color:var(--c);box-shadow:0 0 0 2px var(--c)}
& .dp-seat-line{display:flex;align-items:center;gap:.35rem;flex-wrap:wrap;flex:1 1 auto;
 min-width:0}
"""
    + gamestyle.seat_head("dp", "#4e5c66")
    + """& .dp-score{font-size:1.1rem;font-weight:700}
& .dp-stat{font-size:.85rem;color:#3d4a54;white-space:nowrap}
& .dp-status{margin:0;padding:.3rem .6rem;border-radius:.5rem;background:#e4f0fa;
 border-left:5px solid #1f5fbf;font-weight:600}
& .dp-status .dp-hint{display:block;font-weight:400;font-size:.9rem}
& .dp-badge{display:inline-block;margin-left:.4rem;padding:0 .45rem;border-radius:1rem;
 background:#174a8c;color:#fff;font-size:.8rem;font-weight:700}
& .dp-points-panel:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
& .dp-panel{background:#fcfdff;border:1px solid #c8d6e0;border-radius:.6rem;padding:.45rem .6rem}
& .dp-panel h2,& .dp-panel h3{margin:0 0 .3rem;font-size:1rem;display:flex;align-items:center;
 gap:.3rem;flex-wrap:wrap}
& .dp-note{font-size:.85rem;color:#3d4a54;font-weight:400}
& .dp-beach-panel{width:100%;height:100%;display:flex;flex-direction:column;min-width:0;
 background:#fbf3dc;border:1px solid #d9c89a;border-radius:.6rem;padding:.2rem .35rem}
& .dp-beach-head{display:flex;align-items:center;gap:.4rem;flex-wrap:wrap;margin:0 0 .2rem}
& .dp-beach-head h2{margin:0;font-size:1rem;display:flex;align-items:center;gap:.3rem;
 flex:1 1 auto;min-width:0}
& .dp-beach-total{font-weight:700;white-space:nowrap}
& .dp-zoom{display:flex;gap:.3rem;margin-left:auto}
& .dp-beach-wrap{flex:1;min-height:0;overflow:auto;touch-action:pan-x pan-y pinch-zoom;
 overscroll-behavior:contain;border-radius:.4rem;display:grid;place-items:center;
 container-type:size}
& .dp-beach-wrap.is-zoomed{place-items:start}
& .dp-beach{display:block;margin:auto;flex:none}
& .dp-beach.is-fit{
 width:clamp(calc(var(--dp-w)*var(--dp-lo)*1px),min(100cqw,100cqh*var(--dp-w)/var(--dp-h)),
  calc(var(--dp-w)*var(--dp-hi)*1px));
 height:clamp(calc(var(--dp-h)*var(--dp-lo)*1px),min(100cqh,100cqw*var(--dp-h)/var(--dp-w)),
  calc(var(--dp-h)*var(--dp-hi)*1px))}
& .dp-beach.is-small{width:100%;height:auto;max-height:14rem}
& .dp-market{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;margin:0;padding:0;
 align-items:stretch}
& .dp-slot,& .dp-deck{display:flex}
& .dp-deck{flex-direction:column;align-items:center;justify-content:center;gap:.1rem}
& .dp-deck-back{display:grid;place-items:center;width:2.4rem;height:3rem;border-radius:.35rem;
 background:#174a8c;color:#fff;font-weight:800;border:2px solid #0b2a52}
& .dp-take{display:grid;grid-template-columns:auto auto;grid-template-rows:auto auto;
 gap:.1rem .35rem;align-items:end;min-height:44px;padding:.25rem .4rem;border-radius:.5rem;
 border:2px solid #9fb3c4;background:#fff;color:inherit;font:inherit;cursor:pointer}
& button.dp-take:hover{border-color:var(--dp-target)}
& button.dp-take:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
& .dp-take.is-idle{cursor:default}
& .dp-slot .dp-take{grid-template-areas:"face face" "name other";align-items:center}
& .dp-slot-face{grid-area:face;justify-self:center}
& .dp-slot .dp-slot-name{grid-area:name;font-size:1rem}
& .dp-slot-other{grid-area:other;display:flex;flex-direction:column;align-items:flex-end;
 font-size:.75rem;color:#3d4a54}
& .dp-slot-name{font-weight:700;font-size:.85rem}
& .dp-hand{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
& .dp-hand-label{margin:0 .4rem 0 0;font-size:.95rem}
& .dp-hand-card{display:flex;align-items:center}
& .dp-preview{padding:.25rem .6rem}
& .dp-preview h2{margin:0;font-size:1rem}
& .dp-preview ul{margin:.1rem 0;padding-left:1.1rem;font-size:.92rem;display:flex;
 flex-wrap:wrap;gap:0 1.4rem}
& .dp-preview p{margin:0;font-size:.92rem}
& .dp-preview-total{font-weight:700}
& .dp-points{border-collapse:collapse;font-size:.9rem;width:100%}
& .dp-points th,& .dp-points td{padding:.1rem .35rem;border-bottom:1px solid #dde6ee;
 text-align:left}
& .dp-points .dp-num{text-align:right}
& .dp-points tfoot{font-weight:800}
& .dp-others{display:flex;flex-wrap:wrap;gap:.5rem}
& .dp-other{flex:1 1 10rem}
& .dp-controls{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center}
& .dp-btn{min-height:44px;min-width:44px;padding:.45rem 1rem;border-radius:.55rem;font:inherit;
 font-weight:700;border:2px solid #3d5566;background:#f5faff;color:var(--dp-ink);cursor:pointer}
& .dp-btn.is-small{padding:.2rem .6rem}
& .dp-btn.is-primary{background:#174a8c;border-color:#0b2a52;color:#fff}
& .dp-btn:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
& .dp-btn[disabled]{opacity:.55;cursor:not-allowed}
& .tb-side .dp-market-panel,& .tb-side .dp-points-panel{flex:none}
& .tb-decision .dp-market-panel{padding:.25rem .5rem}
& .tb-decision .dp-market-panel h2{display:none}
& .tb-decision .dp-market{justify-content:center}
@media (max-width:30rem){& .dp-stat{font-size:.75rem}
 & .dp-slot-face .dp-face{width:84px;height:62px}
 & .dp-slot-other .dp-face{width:48px;height:36px}
 & .dp-market{gap:.25rem}
 & .dp-slot-other{font-size:.68rem;line-height:1.1}
 & .dp-other-label{max-width:3.2rem;text-align:right}
 & .dp-slot .dp-take{padding:.15rem .2rem;gap:.05rem .25rem}
 & .dp-deck-back{width:2rem}
 & .dp-deck .dp-note{position:absolute;width:1px;height:1px;overflow:hidden;
  clip-path:inset(50%);white-space:nowrap}
 & .dp-seat{padding:.1rem .35rem}
 & .dp-score{font-size:1rem}
 & .dp-status .dp-hint{font-size:.8rem}
 & .dp-btn{padding:.35rem .7rem}
 & .dp-preview{font-size:.85rem}
 & .dp-take{padding:.15rem .25rem}}
@media (prefers-reduced-motion:no-preference){
 & .dp-ghost{transition:opacity .12s}
 & .dp-chosen .dp-block{animation:dp-pulse 1.2s ease-in-out infinite alternate}}
@keyframes dp-pulse{to{opacity:.7}}
"""
    + gamestyle.end_headline("dp")
    + """& .dp-ladder{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:0}
& .dp-ladder li{border:2px solid #9fb3c4;border-radius:1rem;padding:.1rem .7rem}
& .dp-ladder li.is-reached{border-color:#174a8c;background:#174a8c;color:#fff;font-weight:800}
& .dp-legend-marks{display:flex;flex-wrap:wrap;gap:.3rem 1rem;list-style:none;padding:0;margin:0}
& .dp-legend-marks li{display:flex;align-items:center;gap:.3rem}
& .dp-key{display:inline-block;width:1.1rem;height:1.1rem;border-width:3px;border-radius:.25rem}
& .dp-end-beaches{display:flex;flex-wrap:wrap;gap:.8rem;align-items:flex-start}
& .dp-end-beach{flex:0 1 auto;max-width:100%;overflow:auto}
& .dp-end-beach h3{margin:.2rem 0;display:flex;align-items:center;gap:.3rem}
"""
    + gamestyle.end_table("dp", "#dde6ee", top=False)
    + """&.dp-end tfoot td,&.dp-end tfoot th{font-weight:800}
& .dp-table-wrap{overflow-x:auto}
& .dp-events{margin:.1rem 0;padding-left:1.1rem;font-size:.95rem}
"""
    + gamestyle.chart("dp", axis="#3d4a54", grid="#dde6ee", text="#3d4a54")
    + gamestyle.rules_help("dp", "#174a8c", "#e8f1fb")
    + gamestyle.gallery("dp", "kinds", ".6rem"),
    SCOPE,
)


#: The stylesheet as the ``<style>`` element the rendered HTML carries.
style_tag = partial(gamestyle.style_tag, CSS)
