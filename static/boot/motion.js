// The boot loader (static/boot/): a move in motion (window.tableroMotion).
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

// --- a move in motion --------------------------------------------------------------------
// The table's renderers mark what a move moved (tablero.web.widgets.motion): data-anim
// (appear, drop, flip, leave, count), data-anim-key (the move and the piece),
// data-anim-from ("dx,dy": where a drop comes from; a count's first number),
// data-anim-origin (a drop from another element's place, measured) and data-anim-delay
// (ms).  After each patch, every marked element whose key this page has not animated yet
// in its table (data-anim-scope: the game and the seat looking at it) plays once, with
// the Web Animations API on transform and opacity only.  Nothing waits for an animation:
// a click or a key during one finishes them all first, and under prefers-reduced-motion
// the end is shown at once.  window.tableroMotion counts what ran (the tests read it; the
// benchmark of frames too).
const MOTION_MS = { appear: 260, drop: 380, flip: 320, leave: 300, count: 420 };
const MOTION_EASE = { appear: "ease-out", drop: "cubic-bezier(.2,.75,.3,1.08)", flip: "ease-in-out",
  leave: "ease-in", count: "linear" };
const motionSeen = new Map(); // scope -> the keys animated there
const motionRunning = new Set(); // every animation not finished: waiting for its frame, or playing
let motionLive = 0; // of them, those playing
const motion = { started: 0, finished: 0, instant: 0, log: [] };
window.tableroMotion = motion;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function motionBusy() {
  if (motionLive > 0) document.documentElement.dataset.animating = "1";
  else delete document.documentElement.dataset.animating;
}

function motionDone(entry) {
  if (!motionRunning.delete(entry)) return;
  if (entry.live) motionLive -= 1;
  motion.finished += 1;
  motionBusy();
}

// The keyframes of one kind, from the element's data-anim-from.
function motionFrames(kind, from) {
  const [dx, dy] = (from || "0,0").split(",").map(Number);
  if (kind === "appear") return [{ transform: "scale(0.55)", opacity: 0 }, { transform: "none", opacity: 1 }];
  if (kind === "drop") {
    return [{ transform: `translate(${dx || 0}px, ${dy || 0}px)`, opacity: 0.35 },
      { transform: "none", opacity: 1 }];
  }
  if (kind === "flip") return [{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }];
  return [{ opacity: 1 }, { opacity: 0 }]; // leave
}

// Where a drop comes from: data-anim-origin's element (a selector within the table), its
// place against the element's own container, measured now (only the page knows the
// layout: a row of cards that wraps); else data-anim-from.  The measure is kept in
// data-anim-measured ("dx,dy"; the tests read it).
function motionFrom(el) {
  const selector = el.dataset.animOrigin;
  if (!selector || !el.parentElement) return el.dataset.animFrom;
  let origin = null;
  try {
    origin = (el.closest("[data-anim-scope]") || document).querySelector(selector);
  } catch {
    origin = null; // not a selector: the estimate
  }
  if (!origin) return el.dataset.animFrom;
  const from = origin.getBoundingClientRect();
  const to = el.parentElement.getBoundingClientRect();
  const measured = `${Math.round(from.left - to.left)},${Math.round(from.top - to.top)}`;
  el.dataset.animMeasured = measured;
  return measured;
}

// A number ticking from data-anim-from's first value to the element's own text.
function motionCount(el, delay) {
  const end = el.textContent;
  const target = Number(end);
  const start = Number((el.dataset.animFrom || "0").split(",")[0]);
  if (!Number.isFinite(target) || !Number.isFinite(start) || start === target) return null;
  let frame = 0;
  el.textContent = String(start);
  const entry = {
    live: false,
    start() {
      const begin = performance.now() + delay;
      const tick = (now) => {
        const k = Math.min(1, Math.max(0, (now - begin) / MOTION_MS.count));
        el.textContent = String(Math.round(start + (target - start) * k));
        if (k < 1) frame = requestAnimationFrame(tick);
        else entry.finish();
      };
      frame = requestAnimationFrame(tick);
    },
    finish() {
      cancelAnimationFrame(frame);
      el.textContent = end;
      motionDone(entry);
    },
  };
  return entry;
}

// An element's animation, made at its first keyframe (the render's frame shows it there)
// and played from the next frame (start()), so that its frames never hold the render.
function motionPlay(el) {
  const kind = el.dataset.anim;
  const delay = Number(el.dataset.animDelay) || 0;
  let entry = null;
  if (kind === "count") {
    entry = motionCount(el, delay);
  } else if (MOTION_MS[kind]) {
    if (el instanceof SVGElement) {
      // an SVG element turns and grows about its own centre
      el.style.transformBox = "fill-box";
      el.style.transformOrigin = "center";
    }
    const animation = el.animate(motionFrames(kind, motionFrom(el)), {
      duration: MOTION_MS[kind], delay, easing: MOTION_EASE[kind], fill: kind === "leave" ? "forwards" : "backwards",
    });
    animation.pause();
    entry = {
      live: false,
      start: () => animation.play(),
      finish: () => animation.finish(),
    };
    animation.finished.then(() => motionDone(entry), () => motionDone(entry));
  }
  if (!entry) return null;
  motionRunning.add(entry);
  motion.started += 1;
  motion.log.push({ kind, key: el.dataset.animKey || "", at: performance.now() });
  if (motion.log.length > 60) motion.log.shift();
  return entry;
}

// After a patch of root: the moves not animated yet in their table, once, from the
// frame after the render's.
function motionAfterPatch(root) {
  const reduce = reducedMotion();
  const made = [];
  for (const el of root.querySelectorAll("[data-anim]")) {
    const scope = el.closest("[data-anim-scope]")?.dataset.animScope || "";
    let seen = motionSeen.get(scope);
    if (!seen) motionSeen.set(scope, (seen = new Set()));
    const key = el.dataset.animKey || "";
    if (seen.has(key)) continue;
    seen.add(key);
    if (reduce) motion.instant += 1;
    else {
      const entry = motionPlay(el);
      if (entry) made.push(entry);
    }
  }
  if (!made.length) return;
  requestAnimationFrame(() => {
    for (const entry of made) {
      if (!motionRunning.has(entry)) continue; // finished already (a click came first)
      entry.live = true;
      motionLive += 1;
      entry.start();
    }
    motionBusy();
  });
}

// Finish every animation at once (a click or a key: the app acts on the end state).
function motionFinish() {
  for (const entry of Array.from(motionRunning)) {
    try {
      entry.finish();
    } catch {
      motionDone(entry);
    }
  }
}
motion.finishAll = motionFinish;
// On the click, not the press: the press and the release are hit-tested where the player
// saw the piece (moving or not), so the click reaches what was pressed; the animations
// then end before the app acts on it.
document.addEventListener("click", motionFinish, true);
document.addEventListener("keydown", motionFinish, true);
