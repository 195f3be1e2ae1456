// Generates dist/sw.js with Workbox (called by build.py; not copied into the site).
//   node buildtools/build-sw.mjs OPTIONS.json
// OPTIONS: {dir, ignore: [globs], hashed: "regexp source", maxFileSize: bytes}
// Prints {count, size, warnings} as JSON.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { generateSW } from "workbox-build";

const options = JSON.parse(await readFile(process.argv[2], "utf8"));
const { count, size, warnings } = await generateSW({
  globDirectory: options.dir,
  globPatterns: ["**/*"],
  globIgnores: options.ignore,
  swDest: join(options.dir, "sw.js"),
  // Workbox's default limit (2 MiB) silently skips pyodide.asm.wasm and python_stdlib.zip.
  maximumFileSizeToCacheInBytes: options.maxFileSize,
  // URLs with a content hash are precached without a cache-busting fetch, so the service
  // worker installed after the first boot takes them from the HTTP cache.
  dontCacheBustURLsMatching: new RegExp(options.hashed),
  cacheId: "tablero",
  cleanupOutdatedCaches: true,
  // A new version waits until the player accepts the "update available" prompt.
  skipWaiting: false,
  clientsClaim: false,
  navigateFallback: "index.html",
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
});
process.stdout.write(JSON.stringify({ count, size, warnings }) + "\n");
