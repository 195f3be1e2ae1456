// The boot loader (static/boot/): putting the app's HTML in place (window.tableroPatch).
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

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
  motionAfterPatch(root); // static/boot/motion.js: the moves not animated yet
};
