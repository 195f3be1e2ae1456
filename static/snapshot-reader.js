// Reads the memory snapshot from the browser's Cache Storage as the page's very first act.
// build.py inlines this classic script at the top of index.html's <head> (before the
// stylesheets, so nothing holds it back), the snapshot's content-hashed URL filled in.
// Reading the snapshot is the longest step of a second visit, so it starts before any
// other file is even requested.  Never touches the network: when the cache does not have
// the snapshot (a first visit), nothing is read.
//
// Two forms: the raw snapshot kept by the page itself in the cache "tablero-snapshot"
// under the snapshot's URL plus "?raw", without its pages of zeros (17 of the 31.5 MB;
// read and put back in place in a worker, no gunzip), else the gzipped one (6.8 MB)
// precached by the service worker, read and gunzipped in a worker (the gunzip took
// 200-400 ms, and held the page's thread when done there).  After a boot that read the
// gzipped form, static/boot.js calls keepRaw() once the service worker has precached
// everything: a worker gunzips it again, stores the raw copy and deletes the copies of
// other builds.
//
// window.tableroSnapshotRead = {url, present, bytes, form, keepRaw}: `present` resolves to
// whether the cache has it, `bytes` to the snapshot (a Uint8Array; null when not present)
// or rejects, `form` to "raw", "gzip" or null.  static/snapshot-interpreter.mjs hands
// `bytes` to Pyodide.  See docs/pwa.md, "The snapshot".
(() => {
  const url = new URL("__SNAPSHOT__", document.baseURI).href;
  const RAW_CACHE = "tablero-snapshot";
  const rawKey = `${url}?raw`;

  const MAGIC = 0x50535254; // "TRSP": the raw copy with its zero pages left out

  // [MAGIC, length, runs, (offset, bytes) x runs] then the runs' bytes: a snapshot's heap is
  // about 45% pages of zeros, which need not be stored, read and copied on every visit.
  function pack(bytes) {
    const PAGE = 4096;
    const n = bytes.length;
    if (n % 4 !== 0 || n >= 2 ** 32) return bytes;
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, n / 4);
    const runs = [];
    let start = -1;
    for (let page = 0; page * PAGE < n; page++) {
      const end = Math.min((page + 1) * PAGE, n) / 4;
      let zero = true;
      for (let i = (page * PAGE) / 4; i < end; i++) {
        if (words[i] !== 0) {
          zero = false;
          break;
        }
      }
      if (!zero && start < 0) start = page * PAGE;
      if (zero && start >= 0) {
        runs.push([start, page * PAGE - start]);
        start = -1;
      }
    }
    if (start >= 0) runs.push([start, n - start]);
    const head = new Uint32Array(3 + 2 * runs.length);
    head.set([MAGIC, n, runs.length]);
    runs.forEach(([offset, size], i) => head.set([offset, size], 3 + 2 * i));
    let total = head.byteLength;
    for (const [, size] of runs) total += size;
    const out = new Uint8Array(total);
    out.set(new Uint8Array(head.buffer));
    let at = head.byteLength;
    for (const [offset, size] of runs) {
      out.set(bytes.subarray(offset, offset + size), at);
      at += size;
    }
    return out;
  }

  function unpack(data) {
    if (data.length < 12) return data;
    const head = new Uint32Array(data.buffer, data.byteOffset, 3);
    if (head[0] !== MAGIC) return data; // a plain raw copy
    const [, n, count] = head;
    const runs = new Uint32Array(data.buffer, data.byteOffset + 12, 2 * count);
    const out = new Uint8Array(n);
    let at = 12 + 8 * count;
    for (let i = 0; i < count; i++) {
      const [offset, size] = [runs[2 * i], runs[2 * i + 1]];
      if (offset + size > n || at + size > data.length) throw new Error("the raw copy is damaged");
      out.set(data.subarray(at, at + size), offset);
      at += size;
    }
    if (at !== data.length) throw new Error("the raw copy is damaged");
    return out;
  }

  const SPARSE = `const MAGIC = ${MAGIC};\n${pack}\n${unpack}`;

  // The worker: the same reading as readHere() below, posted back as a transferred buffer.
  const READER = `
${SPARSE}

self.onmessage = async ({ data: { url, raw, keep } }) => {
  try {
    let bytes;
    if (raw) {
      const response = await caches.match(raw.key, { cacheName: raw.cache });
      if (!response) return self.postMessage({ bytes: null });
      bytes = unpack(new Uint8Array(await response.arrayBuffer()));
      return self.postMessage({ bytes: bytes.buffer }, [bytes.buffer]);
    }
    const response = await caches.match(url, { ignoreSearch: false });
    if (!response) return self.postMessage({ bytes: null });
    bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    if (keep) {
      // Keep the raw copy of this build's snapshot only.
      const cache = await caches.open(keep.cache);
      for (const request of await cache.keys()) {
        if (request.url !== keep.key) await cache.delete(request);
      }
      await cache.put(keep.key, new Response(pack(bytes)));
      return self.postMessage({ kept: true });
    }
    self.postMessage({ bytes: bytes.buffer }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};`;

  function readInWorker({ raw = null, keep = null } = {}) {
    return new Promise((resolve, reject) => {
      const source = URL.createObjectURL(new Blob([READER], { type: "text/javascript" }));
      const worker = new Worker(source);
      URL.revokeObjectURL(source);
      worker.onmessage = ({ data }) => {
        worker.terminate();
        if (data.error) reject(new Error(data.error));
        else if (keep) resolve(Boolean(data.kept));
        else resolve(data.bytes ? new Uint8Array(data.bytes) : null);
      };
      worker.onerror = (event) => {
        worker.terminate();
        reject(new Error(event.message || "the snapshot reader failed"));
      };
      worker.postMessage({ url, raw, keep });
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

  // The raw copy (this build's), else the service worker's gzipped one.  One call to the
  // Cache Storage each (in a freshly started browser every call waits for its backend).
  async function rawCopy() {
    return (await caches.match(rawKey, { cacheName: RAW_CACHE })) ?? null;
  }

  let raw = null;
  const form = (async () => {
    if (!window.caches) return null;
    try {
      raw = await rawCopy();
      if (raw) return "raw";
      if (typeof DecompressionStream === "function" && (await caches.match(url))) return "gzip";
    } catch {
      // storage disabled: a plain boot
    }
    return null;
  })();
  const present = form.then(Boolean);

  const bytes = form.then(async (found) => {
    if (!found) return null;
    performance.mark("tablero-snapshot-read-start");
    let snapshot = null;
    if (found === "raw") {
      // In a worker: the read (and the copy back into place of the non-zero pages) then
      // leaves the page's thread free for starting Pyodide.
      if (typeof Worker === "function") {
        try {
          snapshot = await readInWorker({ raw: { cache: RAW_CACHE, key: rawKey } });
        } catch (error) {
          console.warn("Tablero: reading the snapshot in a worker failed.", error);
        }
      }
      snapshot ??= unpack(new Uint8Array(await raw.arrayBuffer()));
      raw = null;
    } else {
      if (typeof Worker === "function") {
        try {
          snapshot = await readInWorker();
        } catch (error) {
          console.warn("Tablero: reading the snapshot in a worker failed; reading it here.", error);
        }
      }
      snapshot ??= await readHere();
    }
    if (!snapshot) throw new Error("it is no longer in the cache");
    performance.mark("tablero-snapshot-read");
    return snapshot;
  });
  bytes.catch(() => {}); // reported by the interpreter module

  // After a boot that did not read the raw copy: make it for the next visit (in a worker).
  async function keepRaw() {
    if ((await form) === "raw" || typeof Worker !== "function" || !window.caches) return false;
    if (typeof DecompressionStream !== "function" || !(await caches.match(url))) return false;
    return readInWorker({ keep: { cache: RAW_CACHE, key: rawKey } });
  }

  window.tableroSnapshotRead = { url, present, bytes, form, keepRaw };
})();
