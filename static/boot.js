// Tablero's boot loader: the boot screen, its stages and progress, failure messages, the
// app's start, the service worker and the "update available" prompt.  See docs/pwa.md.
//
// Stages, each driven by real events:
//   download  runtime bytes counted as they stream in (fetch wrapper + resource timing)
//   python    after the runtime is in, until the interpreter module's boot() resolves
//   games     the page's wheels fetched (bytes counted) and unpacked onto sys.path
//   app       tablero.web.main.start() run by this file .. our tablero:ready
// The app does not wait for PyScript: it is loaded after the board is interactive, gets
// the interpreter already running, and runs the page's <script type="py"> (which starts
// the app only if that did not happen).
// A 404, a wrong MIME type, a failed download, a Python error or a timeout stops the boot
// with a message naming the file or stage and what to do.

const data = JSON.parse(document.getElementById("tablero-boot-data").textContent);
const STAGES = ["download", "python", "games", "app"];
const WEIGHTS = { download: 0.7, python: 0.12, games: 0.08, app: 0.1 };
const LANG_KEY = "tablero.lang";
const t0 = performance.now();

const boot = {
  stage: "download",
  done: false,
  failed: null,
  log: [], // [{stage, state, ms}] for tests and diagnostics
  lang: "en",
  messages: { ...data.messages },
  pythonFailed: (detail) => fail("python", String(detail)),
  // A promise settled when the service worker is active (offline play possible).
  offlineReady: null,
};
window.tableroBoot = boot;

// --- putting the app's HTML in place ------------------------------------------------------
// Python renders the whole screen as one HTML text (tablero.web.views); this puts it in
// place replacing only the parts that changed, a few levels deep, so that the browser
// restyles and lays out only those (a selection or a preview leaves the rest of the
// table as it is).  Anything holding a form control is always replaced, as with
// innerHTML: typed text, chosen files and selections never outlive a render.
const FORM_CONTROLS = "input,select,textarea";
const holdsForm = (node) =>
  node.nodeType === 1 && (node.matches(FORM_CONTROLS) || node.querySelector(FORM_CONTROLS) !== null);
const sameAttributes = (a, b) =>
  a.attributes.length === b.attributes.length &&
  Array.prototype.every.call(a.attributes, ({ name, value }) => b.getAttribute(name) === value);

function patchChildren(into, from, depth) {
  const olds = Array.from(into.childNodes);
  const news = Array.from(from.childNodes);
  if (depth === 0 || olds.length !== news.length) {
    into.replaceChildren(...news);
    return;
  }
  news.forEach((n, i) => {
    const o = olds[i];
    if (holdsForm(o) || holdsForm(n)) o.replaceWith(n);
    else if (o.isEqualNode(n)) return;
    else if (o.nodeType === 1 && n.nodeType === 1 && o.namespaceURI === n.namespaceURI &&
             o.tagName === n.tagName && sameAttributes(o, n)) patchChildren(o, n, depth - 1);
    else o.replaceWith(n);
  });
}

window.tableroPatch = function tableroPatch(root, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  patchChildren(root, template.content, 9);
};

// --- the keyboard: roving focus, Escape, the menu ----------------------------------------
// The markup marks groups (data-rove="line": the rack, a hand, the menu; "grid": a board,
// moved through by the items' positions on screen) whose items carry a tabindex; one item
// of a group is in the Tab order (tabindex 0), the arrow keys move the focus inside it.
// Escape presses the last visible [data-esc] control (cancel, close) or closes the menu;
// a letter presses the control that names it as its key ([data-key], aria-keyshortcuts).
// After a render, settle() gives the focus back, or moves it to [data-focus] when the
// pending decision ([data-decision]) changed or the focus was lost.
// Buttons are items with or without a tabindex in the markup (the rack's tiles, a hand's
// cards, the menu's entries carry none); SVG cells and other elements by their tabindex.
const ROVE_ITEMS = "button:not([disabled]), [tabindex]:not([tabindex='']):not([disabled])";

function roveItems(group) {
  return Array.from(group.querySelectorAll(ROVE_ITEMS)).filter(
    (el) => el.closest("[data-rove]") === group && el.getClientRects().length > 0,
  );
}

function roveSettle(root) {
  for (const group of root.querySelectorAll("[data-rove]")) {
    const items = roveItems(group);
    if (!items.length) continue;
    const current =
      items.find((el) => el === document.activeElement) ||
      items.find((el) => el.hasAttribute("data-focus")) ||
      items.find((el) => el.getAttribute("aria-pressed") === "true") ||
      items.find((el) => el.hasAttribute("data-act")) ||
      items[0];
    for (const el of items) el.tabIndex = el === current ? 0 : -1;
  }
}

function roveNext(group, from, key) {
  const items = roveItems(group);
  const i = items.indexOf(from);
  if (i < 0 || !items.length) return null;
  if (key === "Home") return items[0];
  if (key === "End") return items[items.length - 1];
  if (group.dataset.rove !== "grid") {
    const back = key === "ArrowLeft" || key === "ArrowUp";
    return items[(i + (back ? -1 : 1) + items.length) % items.length];
  }
  // a grid: the nearest item in the arrow's direction, by the centres on screen
  const c = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height];
  };
  const [x0, y0, w0, h0] = c(from);
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  let best = null;
  let bestScore = Infinity;
  for (const el of items) {
    if (el === from) continue;
    const [x, y] = c(el);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= Math.min(w0, h0) / 4) continue;
    const across = Math.abs((x - x0) * dy + (y - y0) * dx);
    const score = along + 3 * across;
    if (score < bestScore) [best, bestScore] = [el, score];
  }
  return best;
}

function escapeControl(root) {
  const scopes = Array.from(root.querySelectorAll("[role=dialog]")).filter((d) => d.getClientRects().length);
  const scope = scopes.length ? scopes[scopes.length - 1] : root;
  const all = Array.from(scope.querySelectorAll("[data-esc]")).filter(
    (el) => el.getClientRects().length > 0 && !el.disabled,
  );
  return all.length ? all[all.length - 1] : null;
}

// A control's own key (data-key="r": the Turn button's R), pressed anywhere on the page
// but in a text field: the last visible, enabled one in the topmost dialog (or the page).
function keyControl(root, key, target) {
  if (target instanceof Element && target.matches("input,select,textarea,[contenteditable]")) return null;
  const scopes = Array.from(root.querySelectorAll("[role=dialog]")).filter((d) => d.getClientRects().length);
  const scope = scopes.length ? scopes[scopes.length - 1] : root;
  const all = Array.from(scope.querySelectorAll("[data-key]")).filter(
    (el) => el.dataset.key === key.toLowerCase() && el.getClientRects().length > 0 && !el.disabled,
  );
  return all.length ? all[all.length - 1] : null;
}

function closeMenus(except) {
  let closed = null;
  for (const menu of document.querySelectorAll("details.shell-menu[open]")) {
    if (menu === except) continue;
    menu.open = false;
    closed = menu;
  }
  return closed;
}

document.addEventListener("keydown", (event) => {
  const root = document.getElementById("app");
  if (!root || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const key = event.key;
  if (key === "Escape") {
    const menu = closeMenus(null);
    if (menu) {
      menu.querySelector("summary")?.focus();
      event.preventDefault();
      return;
    }
    const control = escapeControl(root);
    if (control) {
      event.preventDefault();
      control.click();
    }
    return;
  }
  if (key.length === 1 && !event.shiftKey) {
    const control = keyControl(root, key, event.target);
    if (control) {
      event.preventDefault();
      control.click();
    }
    return;
  }
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(key)) return;
  const from = event.target;
  if (!(from instanceof Element) || from.matches("input,select,textarea")) return;
  const group = from.closest("[data-rove]");
  if (!group || !root.contains(group)) return;
  const to = roveNext(group, from, key);
  event.preventDefault();
  if (!to) return;
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
});

document.addEventListener("focusin", (event) => {
  const el = event.target;
  const group = el instanceof Element ? el.closest("[data-rove]") : null;
  if (!group) return;
  for (const item of roveItems(group)) item.tabIndex = item === el ? 0 : -1;
});

document.addEventListener("click", (event) => {
  // a click outside the open menu closes it
  const inside = event.target instanceof Element ? event.target.closest("details.shell-menu") : null;
  closeMenus(inside);
});

// --- installing the app ------------------------------------------------------------------
// The browser's install offer arrives once, early (beforeinstallprompt): keep it for the
// menu's "Install app" (tablero.web.main asks tableroInstall.state() and .prompt()).
// iOS Safari offers none: the menu then shows how to add the app from Safari's Share menu.
let installOffer = null;
let installed = false;
const standalone = () =>
  matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
const isIOS = () =>
  /iphone|ipad|ipod/i.test(navigator.userAgent) ||
  (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
const installChanged = () => dispatchEvent(new CustomEvent("tablero:install"));
addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  installOffer = event;
  installChanged();
});
addEventListener("appinstalled", () => {
  installOffer = null;
  installed = true;
  installChanged();
});
window.tableroInstall = {
  state() {
    if (installed || standalone()) return "installed";
    if (installOffer) return "available";
    return isIOS() ? "ios" : "";
  },
  // "unavailable" at once when no prompt can be shown (the offer was spent, or the
  // browser refuses it): the app then says so; nothing here holds the page's input.
  async prompt() {
    const offer = installOffer;
    if (!offer) return "unavailable";
    installOffer = null; // an offer can be shown once
    try {
      await offer.prompt();
    } catch {
      return "unavailable";
    }
    const choice = await offer.userChoice;
    if (choice && choice.outcome === "accepted") installed = true;
    return choice ? choice.outcome : "dismissed";
  },
};

// What lies under an open dialog (the rules over the table, the install how-to) is inert:
// its decision and its focus targets do not count, the dialog's do.
const live = (root, selector) =>
  Array.from(root.querySelectorAll(selector)).filter((el) => !el.closest("[inert]"));
const liveDecision = (root) => live(root, "[data-decision]")[0]?.getAttribute("data-decision") ?? "";

// A board's frame pans when its drawing is too large for it (a phone, a zoomed beach), and
// the focus scrolls it to the focused item only.  After a render, what the player must see
// is brought into its frames as well: the landing chosen ([data-show]: Arraial's piece,
// which rests far below the column handle that had the focus), then a tutorial's next
// click ([data-tut="target"]).  Only the frames inside the app scroll, never the page, and
// by the least that shows the element (it stays where it is when it is already in view).
function reveal(el, root) {
  for (let frame = el.parentElement; frame && frame !== root; frame = frame.parentElement) {
    const style = getComputedStyle(frame);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const r = el.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    const top = f.top + frame.clientTop;
    const left = f.left + frame.clientLeft;
    const nearest = (start, end, from, to) =>
      start < from ? start - from : end > to ? Math.min(end - to, start - from) : 0;
    frame.scrollTop += nearest(r.top, r.bottom, top, top + frame.clientHeight);
    frame.scrollLeft += nearest(r.left, r.right, left, left + frame.clientWidth);
  }
}

window.tableroKeys = {
  // After a render: normalise the groups' tab stops and put the focus where it belongs.
  // `before` is {decision, focused} read before the render (see read()).
  settle(root, before) {
    roveSettle(root);
    const decision = liveDecision(root);
    const active = document.activeElement;
    const lost = !active || active === document.body || !root.contains(active);
    if (decision !== before.decision || (lost && before.inApp)) {
      const target =
        live(root, "[data-focus]").find((el) => el.getClientRects().length) ||
        (lost ? live(root, "h1, [data-focus-fallback]")[0] : null);
      if (target && target !== active) {
        if (!target.hasAttribute("tabindex") && !target.matches("button,a,input,select,textarea,summary")) {
          target.tabIndex = -1;
        }
        target.focus({ preventScroll: false });
      }
    }
    for (const selector of ["[data-show]", '[data-tut="target"]']) {
      const el = live(root, selector).find((e) => e.getClientRects().length);
      if (el) reveal(el, root);
    }
  },
  read(root) {
    const active = document.activeElement;
    return {
      decision: liveDecision(root),
      inApp: !!active && active !== document.body && root.contains(active),
    };
  },
};

// --- messages -------------------------------------------------------------------------

function pickLanguage() {
  const supported = data.languages;
  let saved = null;
  try {
    saved = localStorage.getItem(LANG_KEY);
  } catch {
    // storage disabled: use the browser's language
  }
  const wanted = [saved, ...(navigator.languages || []), navigator.language];
  for (const tag of wanted) {
    if (!tag) continue;
    const base = String(tag).toLowerCase().split("-")[0];
    if (supported.includes(base)) return base;
  }
  return "en";
}

function t(key, params = {}) {
  const text = boot.messages[key] ?? data.messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

function applyMessages(root = document) {
  for (const el of root.querySelectorAll("[data-msg]")) el.textContent = t(el.dataset.msg);
  for (const el of root.querySelectorAll("[data-msg-aria-label]")) {
    el.setAttribute("aria-label", t(el.dataset.msgAriaLabel));
  }
  renderStages();
}

async function loadCatalog() {
  boot.lang = pickLanguage();
  document.documentElement.lang = boot.lang;
  if (boot.lang === "en") return;
  try {
    const response = await originalFetch(`${data.i18n}${boot.lang}.json`);
    if (!response.ok) return;
    boot.messages = { ...data.messages, ...(await response.json()) };
    applyMessages();
    if (boot.failed) showError(boot.failed);
  } catch {
    // keep English
  }
}

// --- the screen -----------------------------------------------------------------------

// This module runs as soon as it is loaded (async: it waits neither for the stylesheets nor
// for the rest of the page), so the boot screen may not be parsed yet: what it shows is
// drawn again from the state below once it is (showScreen()).
const $ = (id) => document.getElementById(id);
const domReady =
  document.readyState === "loading"
    ? new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }))
    : Promise.resolve();
let screenReady = false;
const stageState = Object.fromEntries(STAGES.map((s) => [s, s === "download" ? "active" : "pending"]));
const stageFraction = Object.fromEntries(STAGES.map((s) => [s, 0]));

function renderStages() {
  for (const li of document.querySelectorAll(".boot-stages [data-stage]")) {
    const state = stageState[li.dataset.stage];
    li.dataset.state = state;
    const label = li.querySelector(".boot-stage-state");
    if (label) label.textContent = `(${t(`boot.stage.state.${state}`)})`;
    if (state === "active") li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  }
}

let shownPercent = 0;
function renderProgress() {
  let total = 0;
  for (const s of STAGES) {
    const f = stageState[s] === "done" ? 1 : stageFraction[s];
    total += WEIGHTS[s] * Math.min(1, Math.max(0, f));
  }
  const percent = Math.min(100, Math.round(total * 100));
  if (percent < shownPercent) return; // never go backwards
  const bar = $("boot-progress");
  if (!bar) return;
  shownPercent = percent;
  bar.setAttribute("aria-valuenow", String(percent));
  bar.style.setProperty("--progress-scale", String(percent / 100));
}

// Resolved when every runtime byte is in (the download stage done): the page's own small
// downloads wait for it, so they never compete with the runtime's at the start.
let runtimeArrived;
const runtimeIn = new Promise((resolve) => {
  runtimeArrived = resolve;
});

function setStage(stage, state) {
  if (STAGES.indexOf(stage) > 0 && (state === "active" || state === "done")) runtimeArrived();
  if (boot.done || boot.failed || stageState[stage] === state) return;
  if (stageState[stage] === "done" && state === "active") return;
  // Starting a stage finishes the ones before it.
  if (state === "active" || state === "done") {
    for (const s of STAGES.slice(0, STAGES.indexOf(stage))) {
      if (stageState[s] !== "done") {
        stageState[s] = "done";
        boot.log.push({ stage: s, state: "done", ms: Math.round(performance.now() - t0) });
        performance.mark(`tablero-${s}-done`);
      }
    }
  }
  stageState[stage] = state;
  if (state === "active") boot.stage = stage;
  boot.log.push({ stage, state, ms: Math.round(performance.now() - t0) });
  performance.mark(`tablero-${stage}-${state}`);
  if (document.body) document.body.dataset.bootStage = boot.stage;
  renderStages();
  renderProgress();
}

// --- failure --------------------------------------------------------------------------

const shortName = (url) => new URL(url, location.href).pathname.split("/").pop();

function fail(kind, detail, params = {}) {
  if (boot.done || boot.failed) return;
  const stage = boot.stage;
  boot.failed = { kind, detail, params, stage };
  stageState[stage] = "failed";
  boot.log.push({ stage, state: "failed", ms: Math.round(performance.now() - t0) });
  clearTimeout(timer);
  console.error(`Tablero boot failed (${kind}) at stage ${stage}:`, detail, params);
  if (document.body) document.body.dataset.bootFailed = kind;
  renderStages();
  showError(boot.failed);
}

function showError({ kind, detail, params, stage }) {
  if (!screenReady) return; // shown by showScreen()
  const stageName = t(`boot.stage.${stage}`);
  const message =
    kind === "python"
      ? t("boot.error.python", { stage: stageName, detail: lastLine(detail) })
      : t(`boot.error.${kind}`, { ...params, stage: stageName });
  $("boot-error-message").textContent = message;
  $("boot-error-hint").textContent = t(`boot.error.${kind}.hint`);
  $("boot-error").hidden = false;
  $("boot-error").scrollIntoView?.({ block: "nearest" });
  $("boot-detail").textContent = kind === "python" ? detail : "";
  $("boot-detail").classList.toggle("boot-trace", kind === "python");
}

function lastLine(text) {
  const lines = String(text).trim().split("\n").filter(Boolean);
  return lines.length ? lines[lines.length - 1] : String(text);
}

const timer = setTimeout(() => {
  fail("timeout", "", { seconds: timeoutSeconds() });
}, timeoutSeconds() * 1000);

function timeoutSeconds() {
  // ?boot-timeout=N overrides the build's limit (used by the tests).
  const override = Number(new URLSearchParams(location.search).get("boot-timeout"));
  return override > 0 ? override : data.timeout_s;
}

// --- watching the downloads -----------------------------------------------------------

const files = new Map(data.files.map((f) => [new URL(f.url, location.href).href, f]));
const received = new Map(); // url -> bytes seen so far
const stageBytes = (stage) => {
  let total = 0;
  let got = 0;
  for (const [url, f] of files) {
    if (f.stage !== stage) continue;
    total += f.size;
    got += Math.min(f.size, received.get(url) || 0);
  }
  return { total, got };
};
// Megabytes with one decimal, the language's decimal sign from the catalog (not
// Intl.NumberFormat: its first use loads locale data, ~9 ms of the page's thread at boot).
const mb = (bytes) => (bytes / 1e6).toFixed(1).replace(".", t("boot.progress.decimal"));

// Counting is per chunk (a few hundred of them), drawing at most once per frame: the
// boot's downloads arrive on the page's thread, which is also the one that starts Python.
let drawQueued = false;
function countBytes(url, bytes, complete = false) {
  const f = files.get(url);
  if (!f) return;
  received.set(url, complete ? f.size : (received.get(url) || 0) + bytes);
  if (boot.done || boot.failed) return;
  if (complete && stageBytes("download").got >= stageBytes("download").total) {
    drawBytes();
  } else if (!drawQueued) {
    drawQueued = true;
    requestAnimationFrame(drawBytes);
  }
}

function drawBytes() {
  drawQueued = false;
  if (boot.done || boot.failed) return;
  const download = stageBytes("download");
  const games = stageBytes("games");
  stageFraction.download = download.got / download.total;
  stageFraction.games = games.total ? games.got / games.total : 0;
  const all = download.got + games.got;
  const detail = $("boot-detail");
  if (detail) {
    detail.textContent = t("boot.progress.bytes", {
      done: mb(all),
      total: mb(download.total + games.total),
    });
  }
  if (download.got >= download.total && stageState.download !== "done") setStage("python", "active");
  renderProgress();
}

function expectedType(check) {
  return check === "wasm" ? "application/wasm" : check === "js" ? "text/javascript" : null;
}

function checkResponse(url, response) {
  const f = files.get(url);
  if (!f) return true;
  if (!response.ok && response.type !== "opaqueredirect") {
    fail("missing", "", { file: f.url.replace(/^\.\//, ""), status: response.status });
    return false;
  }
  const type = (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
  const ok =
    f.check === "wasm" ? type === "application/wasm" : f.check === "js" ? /javascript|ecmascript/.test(type) : true;
  if (!ok) {
    fail("mime", "", {
      file: f.url.replace(/^\.\//, ""),
      type: type || "?",
      expected: expectedType(f.check),
    });
    return false;
  }
  return true;
}

// Pyodide and PyScript download with fetch(): count the bytes of our runtime files as
// they stream in, and check their status and type on the way.  Restored after the boot.
const originalFetch = window.fetch.bind(window);
async function countStream(url, body) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      countBytes(url, value.byteLength);
    }
  } catch (error) {
    // the download itself reports its failure; this copy only fed the progress bar
  }
  countBytes(url, 0, true);
}

window.fetch = async function tableroBootFetch(input, init) {
  const raw = input instanceof Request ? input.url : String(input);
  const url = new URL(raw, location.href).href;
  const method = (init?.method || (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (!files.has(url) || method !== "GET" || boot.done) return originalFetch(input, init);
  // Pyodide's own fetch of the wasm, when the cache reader compiles it in its worker
  // (static/snapshot-reader.js, later visits): the interpreter module hands Pyodide that
  // module, so the wasm need not be read here as well.
  const module = files.get(url).check === "wasm" ? await window.tableroSnapshotRead?.module : null;
  if (module) {
    countBytes(url, 0, true);
    return new Response(null, { status: 200, headers: { "content-type": "application/wasm" } });
  }
  let response;
  try {
    response = await originalFetch(input, init);
  } catch (error) {
    fail("network", String(error), { file: files.get(url).url.replace(/^\.\//, "") });
    throw error;
  }
  if (!checkResponse(url, response) || !response.body) {
    countBytes(url, 0, true);
    return response;
  }
  if (url.endsWith(".wasm")) {
    // The wasm goes to WebAssembly.instantiateStreaming untouched, so the browser can
    // reuse its compiled code on later visits; a clone is read only to count progress.
    countStream(url, response.clone().body);
    return response;
  }
  const counted = response.body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        countBytes(url, chunk.byteLength);
        controller.enqueue(chunk);
      },
      flush() {
        countBytes(url, 0, true);
      },
    }),
  );
  return new Response(counted, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

// Modules (PyScript, pyodide.mjs, pyodide.asm.mjs) come through import(), not fetch():
// resource timing tells when they are in, and their HTTP status.
if ("PerformanceObserver" in window) {
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const f = files.get(entry.name);
        // fetch() downloads are counted by the wrapper.
        if (!f || entry.initiatorType === "fetch") continue;
        if (entry.responseStatus >= 400) {
          fail("missing", "", { file: f.url.replace(/^\.\//, ""), status: entry.responseStatus });
        } else if (!received.has(entry.name) || received.get(entry.name) < f.size) {
          countBytes(entry.name, 0, true);
        }
      }
    }).observe({ type: "resource", buffered: true });
  } catch {
    // no resource timing: the stages still advance on PyScript's events
  }
}

// --- PyScript, after the board is interactive ------------------------------------------

// PyScript runs the page's <script type="py"> once it has set itself up: py:done on the
// script.  tableroBoot.pyscript: null, "loading", "done" or "failed".
boot.pyscript = null;
function watchPyScript() {
  $("tablero-main").addEventListener("py:done", () => {
    if (boot.pyscript !== "failed") boot.pyscript = "done";
    performance.mark("tablero-pyscript-done");
  });
  // PyScript shows the errors it catches as .py-error banners: during the boot they become
  // our error message; afterwards they stay (PyScript's own report) and are noted.
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      for (const node of m.addedNodes) {
        if (node.nodeType !== 1 || !node.classList.contains("py-error")) continue;
        if (!boot.done) {
          fail("python", node.textContent || "");
          node.remove();
        } else {
          boot.pyscript = "failed";
        }
      }
    }
  }).observe(document.body, { childList: true });
}

function loadPyScript() {
  boot.pyscript = "loading";
  performance.mark("tablero-pyscript-start");
  // import() resolves against this module's URL: make the site-relative path absolute.
  const url = new URL(data.pyscript, location.href).href;
  stdlibExtraDone.then(() => import(url)).catch((error) => {
    boot.pyscript = "failed";
    console.warn("Tablero: PyScript could not be loaded", error);
  });
}

addEventListener("error", (event) => {
  const message = String(event.message || "");
  if (message.includes("PythonError")) fail("python", message);
});

addEventListener("tablero:ready", () => {
  if (boot.failed) return;
  setStage("app", "done");
  boot.done = true;
  clearTimeout(timer);
  window.fetch = originalFetch;
  stageFraction.app = 1;
  renderProgress();
  performance.mark("tablero-interactive");
  boot.log.push({ stage: "ready", state: "done", ms: Math.round(performance.now() - t0) });
  $("boot").hidden = true;
  document.body.dataset.bootStage = "ready";
  // The service worker's install re-checks every file, and PyScript sets itself up (about
  // 0.3 s of the page's thread): let the first clicks go first.
  const idle = window.requestIdleCallback || ((run) => setTimeout(run, 0));
  // After the rest of the standard library is in (its one download, the precache then
  // finds it in the HTTP cache).
  const register = () => idle(() => registerServiceWorker(), { timeout: 3000 });
  setTimeout(() => stdlibExtraDone.then(register), 1000);
  setTimeout(() => idle(() => loadPyScript(), { timeout: 3000 }), 1500);
});

// The boot screen is parsed: draw it from the boot's state so far, and wire it up.
function showScreen() {
  screenReady = true;
  document.body.dataset.bootStage = boot.done ? "ready" : boot.stage;
  if (boot.failed) document.body.dataset.bootFailed = boot.failed.kind;
  applyMessages(); // also the stages
  renderProgress();
  if (boot.failed) showError(boot.failed);
  $("boot-retry").addEventListener("click", () => location.reload());
  watchPyScript();
}

// --- service worker and updates -------------------------------------------------------

let reloading = false;
// How often an open page asks the server for a new version (besides each start and each
// return to the page): a game can stay open for hours.
const UPDATE_CHECK_MS = 30 * 60 * 1000;
// tableroBoot.checkForUpdate(): ask now (a promise; also what the tests call).
boot.checkForUpdate = () => Promise.resolve();

// The reload the prompt offers keeps the game: every move is saved as it is played, and
// the reloaded app reopens the game on the table (docs/pwa.md, "Updates").  Only a game
// the app could not save (tablero.web.main sets body[data-unsaved]) would be lost: then
// the first press says so (export it first) and only a second one reloads.
function showUpdatePrompt(registration) {
  const prompt = $("update-prompt");
  prompt.hidden = false;
  let warned = false;
  $("update-reload").onclick = () => {
    if (document.body.dataset.unsaved === "1" && !warned) {
      warned = true;
      const text = prompt.querySelector("p");
      text.dataset.msg = "boot.update.unsaved";
      text.textContent = t("boot.update.unsaved");
      $("update-reload").dataset.msg = "boot.update.reload-anyway";
      $("update-reload").textContent = t("boot.update.reload-anyway");
      return;
    }
    reloading = true;
    const waiting = registration.waiting;
    if (waiting) waiting.postMessage({ type: "SKIP_WAITING" });
    else location.reload();
  };
  $("update-later").onclick = () => {
    prompt.hidden = true;
  };
}

function watchInstalling(registration, worker) {
  if (!worker) return;
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) {
      showUpdatePrompt(registration);
    }
  });
}

async function whenActivated(registration) {
  await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker && worker.state !== "activated") {
    await new Promise((resolve) => {
      worker.addEventListener("statechange", () => worker.state === "activated" && resolve());
    });
  }
  document.documentElement.dataset.offline = "ready";
}

// Once the service worker has precached the gzipped snapshot, keep a raw copy of it for
// the next visit (static/snapshot-reader.js: read as it is, no gunzip on the way).
// tableroBoot.snapshotKept: null (not yet), true, or false (not needed or not possible).
boot.snapshotKept = null;
function keepSnapshot() {
  const read = window.tableroSnapshotRead;
  if (!read?.keepRaw) return;
  const idle = window.requestIdleCallback || ((run) => setTimeout(run, 0));
  idle(
    () =>
      read.keepRaw().then(
        (kept) => {
          boot.snapshotKept = kept;
        },
        (error) => {
          boot.snapshotKept = false;
          console.warn("Tablero: could not keep the snapshot for the next visit", error);
        },
      ),
    { timeout: 5000 },
  );
}

// Registered only once the app is interactive: registering at load would download the
// whole runtime a second time on the first visit, competing with the boot itself.
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !data.sw) return;
  try {
    const hadController = Boolean(navigator.serviceWorker.controller);
    const registration = await navigator.serviceWorker.register(data.sw, { scope: "./" });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading) location.reload();
    });
    if (registration.waiting && navigator.serviceWorker.controller) {
      showUpdatePrompt(registration);
    }
    watchInstalling(registration, registration.installing);
    registration.addEventListener("updatefound", () =>
      watchInstalling(registration, registration.installing),
    );
    boot.offlineReady = whenActivated(registration);
    boot.offlineReady.then(keepSnapshot, () => {});
    boot.checkForUpdate = () => registration.update().catch(() => {});
    if (hadController) boot.checkForUpdate();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") boot.checkForUpdate();
    });
    setInterval(boot.checkForUpdate, UPDATE_CHECK_MS);
  } catch (error) {
    console.warn("Tablero: the service worker could not be registered", error);
  }
}

// --- starting the app -----------------------------------------------------------------

// Run in a fresh namespace once the wheels are on sys.path.  On a snapshot restore the
// app's modules are already imported: start() renders at once.  The path finders forget
// what they listed before the unpacking; not importlib.invalidate_caches(), which also
// imports importlib.metadata (compiled from the stdlib's sources: 100-200 ms).
const FORGET_LISTINGS = `
import sys
for finder in list(sys.path_importer_cache.values()):
    if hasattr(finder, "invalidate_caches"):
        finder.invalidate_caches()
`;
const START_APP = `
import js
try:
    ${FORGET_LISTINGS.trim().split("\n").join("\n    ")}
    from tablero.web.main import start
    start()
except BaseException as exc:
    import traceback
    js.tableroBoot.pythonFailed("".join(traceback.format_exception(exc)))
`;

async function fetchWheel(url) {
  // Through the watching fetch (bytes counted, status checked); preloaded by index.html.
  const response = await window.fetch(new URL(url, location.href).href);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function startApp() {
  // The page's bundles download while the interpreter starts, once the runtime is in.
  const wheels = data.wheels.map((url) => runtimeIn.then(() => fetchWheel(url)));
  for (const w of wheels) w.catch(() => {}); // reported by the fetch wrapper, or below
  let module;
  let py;
  try {
    // import() resolves against this module's URL: make the site-relative path absolute.
    module = await import(new URL(data.interpreter, location.href).href);
  } catch (error) {
    fail("network", String(error), { file: data.interpreter.replace(/^\.\//, "") });
    return;
  }
  try {
    // Starts Python (a snapshot restore when the reader found one: static/snapshot-reader.js).
    py = await module.boot();
  } catch (error) {
    fail("python", String(error?.stack || error));
    return;
  }
  if (boot.failed) return;
  setStage("games", "active");
  stdlibExtraLater(py);
  const games = Object.keys(data.engines);
  if (globalThis.tableroSnapshot?.used === true) {
    // Restored: the app's modules (the engines of the games in the snapshot too) and every
    // catalog are in memory (docs/pwa.md, "The snapshot"), so the app starts at once; the
    // files, for lazy imports, come after.  A game left out of the snapshot is unpacked
    // on demand, as on the plain path: before the start if the first screen needs it (a
    // link's game, the one to reopen, the start screen), else after interactive.
    const held = data.snapshot_engines || games;
    const outside = games.filter((game) => !held.includes(game));
    let first = [];
    if (outside.length) {
      first = outside;
      try {
        const wanted = String(py.runPython(BOOT_ENGINES)).split(",");
        first = outside.filter((game) => wanted.includes(game));
      } catch (error) {
        console.warn("Tablero: which games the first screen needs is not known", error);
      }
      try {
        const buffers = await Promise.all(first.map((game) => fetchWheel(data.engines[game])));
        for (const buffer of buffers) py.unpackArchive(buffer, "zip");
      } catch (error) {
        fail("network", String(error), { file: first.map((g) => data.engines[g]).join(", ") });
        return;
      }
      if (boot.failed) return;
    }
    const rest = outside.filter((game) => !first.includes(game));
    boot.engines = rest.length ? "partial" : "all";
    unpackLater(py, () => [
      ...wheels,
      ...held.filter((game) => game in data.engines).map((g) => fetchWheel(data.engines[g])),
    ]);
    if (rest.length) enginesLater(py, rest);
    await runApp(py);
    return;
  }
  let buffers;
  try {
    buffers = await Promise.all(wheels);
  } catch (error) {
    fail("network", String(error), { file: data.wheels[0].replace(/^\.\//, "") });
    return;
  }
  if (boot.failed) return;
  // The engines of the first screen's game (a link's, the one to reopen; all of them for
  // the start screen), as Python reads the address and the storage; the others later.
  try {
    unpackWheels(py, buffers);
  } catch (error) {
    fail("python", String(error));
    return;
  }
  let first = games;
  try {
    const wanted = String(py.runPython(BOOT_ENGINES)).split(",");
    first = games.filter((game) => wanted.includes(game));
  } catch (error) {
    // Every engine then; a broken app is reported when it starts (stage "app").
    console.warn("Tablero: which games the first screen needs is not known", error);
  }
  try {
    unpackWheels(py, await Promise.all(first.map((game) => fetchWheel(data.engines[game]))));
  } catch (error) {
    fail("network", String(error), { file: first.map((g) => data.engines[g]).join(", ") });
    return;
  }
  if (boot.failed) return;
  const rest = games.filter((game) => !first.includes(game));
  boot.engines = rest.length ? "partial" : "all";
  if (rest.length) enginesLater(py, rest);
  performance.mark("tablero-wheels-done");
  await runApp(py);
}

// tableroBoot.engines: "partial" while engines are still to come, then "all" (or
// "failed": the games whose engine is missing are then simply not offered).
boot.engines = null;
const BOOT_ENGINES = `
${FORGET_LISTINGS.trim()}
from tablero.web.main import boot_engines
boot_engines()
`;

// The other games' engines, unpacked once the board is interactive, in idle time; the
// app runs any act that waited for them (tablero.web.main.engines_ready).
function enginesLater(py, games) {
  const load = async () => {
    try {
      unpackWheels(py, await Promise.all(games.map((game) => fetchWheel(data.engines[game]))));
      py.runPython(FORGET_LISTINGS);
      boot.engines = "all";
    } catch (error) {
      boot.engines = "failed";
      console.warn("Tablero: the engines of the other games could not be loaded", error);
    }
    performance.mark("tablero-engines-done");
    py.runPython("from tablero.web.main import engines_ready\nengines_ready()");
  };
  afterInteractive(load);
}

// The rest of the page's standard library (build.py STDLIB_DEFER: modules nothing on the
// page imports before), added to sys.path in idle time after the board is interactive,
// before PyScript starts.  tableroBoot.stdlibExtra: null, then "mounted" or "failed".
boot.stdlibExtra = null;
let stdlibExtraDone = Promise.resolve();
// A package with modules in both zips (encodings) also looks in the second one.
const MOUNT_EXTRA = `
import importlib, sys
if path not in sys.path:
    sys.path.append(path)
for name in split:
    folder = path + "/" + name.replace(".", "/")
    package = importlib.import_module(name)
    if folder not in package.__path__:
        package.__path__.append(folder)
`;
function stdlibExtraLater(py) {
  if (!data.stdlib_extra) return;
  const path = "/lib/tablero-stdlib-extra.zip";
  stdlibExtraDone = new Promise((resolve) => {
    afterInteractive(async () => {
      try {
        py.FS.writeFile(path, await fetchWheel(data.stdlib_extra));
        const namespace = py.toPy({ path, split: data.stdlib_split || [] });
        try {
          py.runPython(MOUNT_EXTRA, { globals: namespace });
        } finally {
          namespace.destroy();
        }
        boot.stdlibExtra = "mounted";
      } catch (error) {
        boot.stdlibExtra = "failed";
        console.warn("Tablero: the rest of the standard library could not be loaded", error);
      }
      resolve();
    });
  });
}

// tableroBoot.wheels: "unpacked" once the page's wheels are on sys.path.
boot.wheels = null;
function unpackWheels(py, buffers) {
  for (const buffer of buffers) py.unpackArchive(buffer, "zip");
  boot.wheels = "unpacked";
}

// After a restore: unpack the wheels once the board is interactive, in idle time after the
// first clicks (the unpacking holds the page's thread for 30-70 ms; nothing needs the files
// that early: the modules and the catalogs are in the snapshot).
function unpackLater(py, wheels) {
  const unpack = async () => {
    try {
      unpackWheels(py, await Promise.all(wheels()));
      py.runPython(FORGET_LISTINGS);
      performance.mark("tablero-wheels-done");
    } catch (error) {
      boot.wheels = "failed";
      console.warn("Tablero: the page's wheels could not be unpacked", error);
    }
  };
  afterInteractive(unpack);
}

// Runs `work` in idle time 0.5 s after the app is ready (after the first clicks).
function afterInteractive(work) {
  const idle = window.requestIdleCallback || ((run) => setTimeout(run, 0));
  const later = () => setTimeout(() => idle(work, { timeout: 1000 }), 500);
  if (document.body?.dataset.ready === "1") later();
  else addEventListener("tablero:ready", later, { once: true });
}

async function runApp(py) {
  setStage("app", "active");
  await domReady; // start() draws into <main id="app">
  // No task boundary for the stage to be drawn first: the frame it cost (a layout of the
  // boot screen) came between the interpreter and the board, 10-16 ms; the board follows
  // within tens of milliseconds anyway.
  performance.mark("tablero-app-start");
  const namespace = py.runPython("{}");
  try {
    py.runPython(START_APP, { globals: namespace });
  } finally {
    namespace.destroy();
  }
}

// --- go -------------------------------------------------------------------------------

performance.mark("tablero-boot-start");
domReady.then(showScreen);
if (typeof WebAssembly !== "object") {
  fail("unsupported", "");
} else {
  loadCatalog();
  startApp().catch((error) => fail("python", String(error?.stack || error)));
}
