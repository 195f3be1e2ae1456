// The cache reader: a worker for the two big reads of a later visit, off the page's
// thread.  build.py copies it as static/cache-reader.<hash>.js; static/snapshot-reader.js
// (inlined at the top of index.html) starts it first thing when a service worker controls
// the page, and again, on a first visit, to keep the raw snapshot once the service worker
// has precached everything.  See docs/pwa.md, "The snapshot".
//
// Its job, in the worker's name (JSON), each part answered on its own:
//   {snapshot: {url, raw: {cache, key}, gzip}} -> {form} ("raw", "gzip" or null), then
//       {bytes} (an ArrayBuffer, transferred) or {error}
//   {wasm: url} -> {module} (a WebAssembly.Module) or {wasmError}
//   {keep: {url, cache, key}} -> {kept} (true, or false without the gzipped copy) or {error}
//
// The wasm is compiled here from the Cache Storage's response (decoded and validated:
// about 60 ms for the 9.6 MB module; its functions are compiled lazily, on first call),
// and the page's thread only instantiates the module.  (No compiled code is reused from
// earlier visits: Chromium's wasm code cache was never hit in our measurements, from the
// Cache Storage or the HTTP cache; see docs/journal/performance-2026-11-29-to-12-05.md.)

const MAGIC = 0x50535254; // "TRSP": the raw copy with its pages of zeros left out

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

// The raw copy as it streams in, each run copied straight into place: no second 17 MB
// buffer, and the copying overlaps the reading.
async function unpack(body) {
  const damaged = () => new Error("the raw copy is damaged");
  const reader = body.getReader();
  const head = []; // the first chunks, until the header is complete
  let out = null;
  let runs = null;
  let run = 0;
  let filled = 0; // bytes of the current run already in place
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    let chunk = value;
    if (!out) {
      head.push(chunk);
      const joined = new Uint8Array(await new Blob(head).arrayBuffer());
      if (joined.length < 12) continue;
      const top = new DataView(joined.buffer);
      if (top.getUint32(0, true) !== MAGIC) {
        // Stored as it is (pack() keeps a size that is not whole words so): all of it.
        for (;;) {
          const next = await reader.read();
          if (next.done) break;
          head.push(next.value);
        }
        return new Uint8Array(await new Blob(head).arrayBuffer());
      }
      const size = 12 + 8 * top.getUint32(8, true);
      if (joined.length < size) continue;
      runs = new Uint32Array(joined.slice(12, size).buffer);
      out = new Uint8Array(top.getUint32(4, true));
      chunk = joined.subarray(size);
    }
    while (chunk.length) {
      if (run >= runs.length / 2) throw damaged();
      const [offset, size] = [runs[2 * run], runs[2 * run + 1]];
      const take = Math.min(size - filled, chunk.length);
      if (offset + filled + take > out.length) throw damaged();
      out.set(chunk.subarray(0, take), offset + filled);
      chunk = chunk.subarray(take);
      filled += take;
      if (filled === size) [run, filled] = [run + 1, 0];
    }
  }
  if (!out || run !== runs.length / 2) throw damaged();
  return out;
}

async function gunzip(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The service worker's copy, gunzipped; a host may already have decoded it
// (Content-Encoding: gzip): then it is used as it is.
async function gzippedCopy(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzip(new Response(bytes)) : bytes;
}

async function readSnapshot({ url, raw, gzip }) {
  let bytes;
  const copy = await caches.match(raw.key, { cacheName: raw.cache });
  if (copy) {
    self.postMessage({ form: "raw" });
    bytes = await unpack(copy.body);
  } else {
    const response = gzip ? await caches.match(url) : null;
    if (!response) return self.postMessage({ form: null });
    self.postMessage({ form: "gzip" });
    bytes = await gzippedCopy(response);
  }
  self.postMessage({ bytes: bytes.buffer }, [bytes.buffer]);
}

async function compileWasm(url) {
  const response = (await caches.match(url)) ?? (await fetch(url));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  self.postMessage({ module: await WebAssembly.compileStreaming(response) });
}

// Keeps the raw copy of this build's snapshot only.
async function keepRaw({ url, cache, key }) {
  const response = await caches.match(url);
  if (!response) return self.postMessage({ kept: false });
  const bytes = await gzippedCopy(response);
  const store = await caches.open(cache);
  for (const request of await store.keys()) {
    if (request.url !== key) await store.delete(request);
  }
  await store.put(key, new Response(pack(bytes)));
  self.postMessage({ kept: true });
}

// The job comes in the worker's name, not in a message: a message from the page reaches
// the worker only once the page's thread has noticed that this script ran (in our traces
// of a later visit, 50 ms on, while the page's thread is busy starting everything else);
// the name is here at once.
function run(data) {
  if (data.wasm) {
    compileWasm(data.wasm).catch((error) => self.postMessage({ wasmError: String(error) }));
  }
  const job = data.snapshot ? readSnapshot(data.snapshot) : data.keep ? keepRaw(data.keep) : null;
  job?.catch((error) => self.postMessage({ error: String(error) }));
}

try {
  run(JSON.parse(self.name));
} catch (error) {
  self.postMessage({ error: `no job for the cache reader: ${error}` });
}
