// The boot loader (static/boot/): what the share panel needs of the browser.
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

// The system's share sheet: the panel's "Share..." button is shown only where the browser
// has one (a class on <html>, read by app-shell.css); elsewhere the panel copies the link.
if (typeof navigator.share === "function") document.documentElement.classList.add("can-share");

// A link's QR code, for a phone at the same table: every element of the app with a
// data-qr attribute gets an SVG of that text's code, drawn by uqr (npm, pinned; its
// module is imported the first time a code is shown: data.qr).  Called by
// tablero.web.main after each render; an element already showing its text's code is
// left alone.  The SVG is built node by node: the text is never parsed as markup.
let qrModule = null;
const SVG = "http://www.w3.org/2000/svg";

function drawQr(el, encode) {
  const text = el.getAttribute("data-qr") || "";
  if (el.getAttribute("data-qr-drawn") === text) return;
  const { data: rows, size } = encode(text, { ecc: "L", border: 2 });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("shape-rendering", "crispEdges");
  let d = "";
  rows.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  el.replaceChildren(svg);
  el.setAttribute("data-qr-drawn", text);
}

window.tableroQr = (root) => {
  const targets = root.querySelectorAll("[data-qr]");
  if (!targets.length) return;
  if (qrModule) {
    targets.forEach((el) => drawQr(el, qrModule.encode));
    return;
  }
  import(new URL(data.qr, document.baseURI).href)
    .then((mod) => {
      qrModule = mod;
      // the panel may have been rendered again meanwhile: draw what is there now
      root.querySelectorAll("[data-qr]").forEach((el) => drawQr(el, mod.encode));
    })
    .catch((error) => {
      // no code drawn (offline before the module was cached): the link is still there
      console.warn("Tablero: the QR code could not be drawn", error);
    });
};

// One tab at a time plays a game with friends (its links must follow one another): the
// app asks for the game's Web Lock (navigator.locks, named by the game) whenever it shows
// one, and holds it until it shows another or the tab closes.  Resolves true when this
// tab holds it (or the browser has no Web Locks), false when another tab does.
let heldLock = null;
window.tableroLock = (name) => {
  if (!navigator.locks) return Promise.resolve(true);
  if (heldLock && heldLock.name === name) return Promise.resolve(true);
  if (heldLock) {
    heldLock.release();
    heldLock = null;
  }
  return new Promise((answer) => {
    navigator.locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (!lock) {
          answer(false);
          return undefined;
        }
        answer(true);
        return new Promise((release) => {
          heldLock = { name, release };
        });
      })
      .catch(() => answer(true));
  });
};
// The lock let go (the app stopped in its page: tablero.web.main.stop).
window.tableroUnlock = () => {
  if (heldLock) heldLock.release();
  heldLock = null;
};
