/* galgen runtime: shards. The collection's items come in JSON shards of `shardSize` items, fetched when
   the window nears them, aborted when it leaves them before they arrive, and kept in a small LRU.
   No DOM: fetching is injected, so `node --test` runs it against a fake. */

/** Shard numbers for items [from, to) of `count`, `size` items a shard. */
export function shardRange(from, to, count, size) {
  const last = Math.max(0, count - 1);
  return { lo: Math.floor(Math.max(0, Math.min(last, from)) / size), hi: Math.floor(Math.max(0, Math.min(last, to - 1)) / size) };
}

export class Shards {
  /** `fetchJSON(url, signal)` returns the parsed shard; `urlOf(n)` names shard n; `onLoad()` runs after
      each shard arrives; `stats` counts `shardFetches` and `shardAborts`. */
  constructor({ count, size, urlOf, fetchJSON, onLoad = () => {}, keep = 8, stats = {} }) {
    Object.assign(this, { count, size, urlOf, fetchJSON, onLoad, keep, stats });
    this.loaded = new Map();     // shard number → items (Map order = LRU, oldest first)
    this.pending = new Map();    // shard number → AbortController
  }

  /** The item at `index`, if its shard is here. */
  itemAt(index) {
    const items = this.loaded.get(Math.floor(index / this.size));
    return items ? items[index % this.size] : null;
  }

  /** Fetches shard `n` unless it is here or on its way. */
  load(n) {
    if (this.loaded.has(n) || this.pending.has(n)) return;
    const controller = new AbortController();
    this.pending.set(n, controller);
    this.stats.shardFetches = (this.stats.shardFetches || 0) + 1;
    this.fetchJSON(this.urlOf(n), controller.signal)
      .then((data) => {
        if (this.pending.get(n) !== controller) return;        // superseded
        this.pending.delete(n);
        this.loaded.set(n, data.items);
        this.onLoad(n);
      })
      .catch((error) => {
        if (this.pending.get(n) === controller) this.pending.delete(n);
        if (error.name !== 'AbortError') console.warn('galgen: shard ' + n + ': ' + error.message);
      });
  }

  /** Makes the shards of items [from, to) the ones wanted: aborts the fetches of others, fetches the
      missing ones, marks the wanted ones recently used and drops the oldest past `keep` (never a wanted
      one). Returns whether some wanted shard is not here yet. */
  want(from, to) {
    const { lo, hi } = shardRange(from, to, this.count, this.size), wanted = new Set();
    for (let n = lo; n <= hi; n++) wanted.add(n);
    return keepOnly(this, wanted, this.keep, 'shardAborts');
  }
}

/** The one rule of every file cache of the grid (this collection's shards, a value's card blocks): `store`
    (`pending`: number → AbortController, `loaded`: number → items in LRU order, `load(n)`, `stats`) keeps
    `wanted`: the fetches of other files are aborted (counted in `stats[aborts]`), the missing ones fetched,
    the wanted ones marked recently used, and the oldest dropped while more than `limit` are here (never a
    wanted one). Returns whether a wanted file is not here yet. */
export function keepOnly(store, wanted, limit, aborts) {
  for (const [n, controller] of store.pending) {
    if (!wanted.has(n)) {
      controller.abort();
      store.pending.delete(n);
      store.stats[aborts] = (store.stats[aborts] || 0) + 1;
    }
  }
  let busy = false;
  for (const n of wanted) {
    const items = store.loaded.get(n);
    if (items) { store.loaded.delete(n); store.loaded.set(n, items); } else { store.load(n); busy = true; }
  }
  while (store.loaded.size > limit) {
    const oldest = store.loaded.keys().next().value;
    if (wanted.has(oldest)) break;
    store.loaded.delete(oldest);
  }
  return busy;
}
