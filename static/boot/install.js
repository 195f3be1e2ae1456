// The boot loader (static/boot/): installing the app (window.tableroInstall).
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

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
