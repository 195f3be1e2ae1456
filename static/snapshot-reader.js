// Reads the memory snapshot from the service worker's cache as the page's very first act.
// build.py inlines this classic script at the top of index.html's <head> (before the
// stylesheets, so nothing holds it back), the snapshot's content-hashed URL filled in.  Reading and gunzipping 31.5 MB is the longest step of a second
// visit, so it starts before any other file is even requested, and runs in a worker (the
// gunzip would hold the page's thread for 100-200 ms).  Never touches the network: when
// the cache does not have the snapshot (a first visit), nothing is read.
//
// window.tableroSnapshotRead = {url, present, bytes}: `present` resolves to whether the
// cache has it, `bytes` to the gunzipped snapshot (a Uint8Array; null when not present)
// or rejects.  static/snapshot-interpreter.mjs hands `bytes` to Pyodide.  See docs/pwa.md.
(() => {
  const url = new URL("__SNAPSHOT__", document.baseURI).href;

  // The worker: the same reading as readHere() below, posted back as a transferred buffer.
  const READER = `
self.onmessage = async ({ data: url }) => {
  try {
    const response = await caches.match(url);
    if (!response) return self.postMessage({ bytes: null });
    let bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    self.postMessage({ bytes: bytes.buffer }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};`;

  function readInWorker() {
    return new Promise((resolve, reject) => {
      const source = URL.createObjectURL(new Blob([READER], { type: "text/javascript" }));
      const worker = new Worker(source);
      URL.revokeObjectURL(source);
      worker.onmessage = ({ data }) => {
        worker.terminate();
        if (data.error) reject(new Error(data.error));
        else resolve(data.bytes ? new Uint8Array(data.bytes) : null);
      };
      worker.onerror = (event) => {
        worker.terminate();
        reject(new Error(event.message || "the snapshot reader failed"));
      };
      worker.postMessage(url);
    });
  }

  // On the page's thread (no Worker, or the worker failed).
  async function readHere() {
    const response = await caches.match(url);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A host may already have decoded it (Content-Encoding: gzip): then it is raw.
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  const present = (async () => {
    if (!window.caches || typeof DecompressionStream !== "function") return false;
    try {
      return Boolean(await caches.match(url));
    } catch {
      return false; // storage disabled: a plain boot
    }
  })();

  const bytes = present.then(async (found) => {
    if (!found) return null;
    performance.mark("tablero-snapshot-read-start");
    let snapshot = null;
    if (typeof Worker === "function") {
      try {
        snapshot = await readInWorker();
      } catch (error) {
        console.warn("Tablero: reading the snapshot in a worker failed; reading it here.", error);
      }
    }
    snapshot ??= await readHere();
    if (!snapshot) throw new Error("it is no longer in the cache");
    performance.mark("tablero-snapshot-read");
    return snapshot;
  });
  bytes.catch(() => {}); // reported by the interpreter module

  window.tableroSnapshotRead = { url, present, bytes };
})();
