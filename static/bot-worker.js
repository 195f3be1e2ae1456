// Tablero's bot worker: Pyodide in a plain module worker, off the page's main thread.
// Started by tablero.web.main only when a game has a bot seat, once the board is
// interactive; reused for every later move and game.  See docs/bots.md ("In the browser").
//
// Messages in:
//   {type: "init", indexURL, stdlib, wheels: {tablero_core: url, tablero_bots: url, ...}}
//       load Pyodide from indexURL (the site's own copy) with the page's standard library
//       (stdlib: its URL; Pyodide's own when absent), unpack tablero-core and
//       tablero-bots; answers {type: "ready", ms} or {type: "failed", error}.
//   {id, game, view, level, seed, budget_ms}
//       view: state.view(seat).to_json() of the bot's seat (never the true state).
//       Unpacks tablero_<game> on first use, then runs make_bot(level, seed=seed,
//       budget_ms=budget_ms).choose(from_json(view)) (the bot of that game, level, seed
//       and budget is kept for the next request); answers {id, move, stats} with the
//       move's text and the search statistics, or {id, error}.
// Messages are handled one at a time, in order.  Every URL comes from the page (same
// origin), so the service worker serves them offline.

let pyodide = null;
let think = null;
let wheels = {};
const unpacked = new Set();
let queue = Promise.resolve();

const PYTHON = `
import json

from tablero.bots import make_bot
from tablero.core import from_json


_bots = {}


def think(request_json):
    request = json.loads(request_json)
    view = from_json(request["view"])
    # one bot a seat (its seed), kept between requests: hard may continue its last tree
    # within a turn (a game's KEEP_TREE, docs/bots.md)
    key = (request["game"], request["level"], str(request["seed"]), request.get("budget_ms"))
    bot = _bots.get(key)
    if bot is None:
        if len(_bots) >= 8:
            _bots.clear()
        bot = _bots[key] = make_bot(request["level"], seed=request["seed"],
                                    budget_ms=request.get("budget_ms"))
    move = bot.choose(view)
    s = bot.stats
    stats = {"moves": s.moves, "iterations": s.iterations, "seconds": s.seconds}
    return json.dumps({"move": str(move), "stats": stats})
`;

const FORGET_LISTINGS = `
import sys
for finder in list(sys.path_importer_cache.values()):
    if hasattr(finder, "invalidate_caches"):
        finder.invalidate_caches()
`;

async function unpack(name) {
  if (unpacked.has(name)) return;
  const url = wheels[name];
  if (!url) throw new Error(`no wheel ${name} in this build`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
  unpacked.add(name);
  // The path finders forget what they listed before the unpacking (not
  // importlib.invalidate_caches(): it also imports importlib.metadata, and with it email,
  // which the page's standard library keeps for later; build.py STDLIB_DEFER).
  pyodide.runPython(FORGET_LISTINGS);
}

async function init(message) {
  const t0 = performance.now();
  const { loadPyodide } = await import(`${message.indexURL}pyodide.mjs`);
  // The page's standard library (its modules in use compiled), else Pyodide's own.
  const stdLibURL = message.stdlib || undefined;
  pyodide = await loadPyodide({ indexURL: message.indexURL, stdLibURL, fullStdLib: false });
  wheels = message.wheels || {};
  await unpack("tablero_core");
  await unpack("tablero_bots");
  pyodide.runPython(PYTHON);
  think = pyodide.globals.get("think");
  return performance.now() - t0;
}

async function handle(message) {
  if (message && message.type === "init") {
    try {
      const ms = await init(message);
      postMessage({ type: "ready", ms });
    } catch (error) {
      postMessage({ type: "failed", error: String((error && error.message) || error) });
    }
    return;
  }
  const id = message && message.id;
  try {
    if (!think) throw new Error("the bot worker is not started");
    await unpack(`tablero_${message.game}`);
    const t0 = performance.now();
    const reply = JSON.parse(think(JSON.stringify(message)));
    reply.stats.ms = performance.now() - t0;
    postMessage({ id, move: reply.move, stats: reply.stats });
  } catch (error) {
    // A Python exception: its last line says what went wrong.
    const text = String((error && error.message) || error).trim().split("\n").pop();
    postMessage({ id, error: text });
  }
}

self.onmessage = (event) => {
  queue = queue.then(() => handle(event.data));
};
