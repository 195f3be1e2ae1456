// The boot loader (static/boot/): a failed boot: its message, the timeout.
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

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
