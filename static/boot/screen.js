// The boot loader (static/boot/): the boot screen: its stages and progress bar.
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

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
