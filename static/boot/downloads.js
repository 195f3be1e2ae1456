// The boot loader (static/boot/): watching the downloads: bytes counted, status and type checked.
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

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
