// The boot loader (static/boot/): the boot screen's messages and language.
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

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
