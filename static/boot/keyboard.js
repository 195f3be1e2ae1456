// The boot loader (static/boot/): the keyboard model (window.tableroKeys).
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

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
      // an open share panel (a dialog over the table) takes the focus before the table
      const visible = (el) => el.getClientRects().length;
      const target =
        live(root, ".shell-share [data-focus]").find(visible) ||
        live(root, "[data-focus]").find(visible) ||
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
