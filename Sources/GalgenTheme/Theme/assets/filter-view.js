/* galgen runtime: the grid over a filtered list. A filtered view is a list of collection indexes (from
   filters.js); `FilteredShards` gives the grid the items at its positions from the collection's shards
   (shards.js), fetching only the shards that hold the items in the window, and `showList` swaps the
   grid's list with the same pool of cells (a cell whose item stays on screen keeps its node). */
import { park } from './pool.js';
import { render } from './render.js';

export class FilteredShards {
  /** `base`: the collection's Shards; `ids`: the collection indexes shown, ascending (an Int32Array). */
  constructor(base, ids) {
    Object.assign(this, { base, ids, count: ids.length, size: base.size });
  }

  /** The collection index of position `position`. */
  indexAt(position) { return this.ids[position] ?? -1; }

  /** The item at `position`, if its shard is here. */
  itemAt(position) {
    const index = this.ids[position];
    return index === undefined ? null : this.base.itemAt(index);
  }

  /** The collection's shards holding positions [from, to), each once, ascending. */
  shardsOf(from, to) {
    const numbers = [];
    for (let p = Math.max(0, from), end = Math.min(this.count, to); p < end; p++) {
      const n = Math.floor(this.ids[p] / this.size);
      if (numbers[numbers.length - 1] !== n) numbers.push(n);
    }
    return numbers;
  }

  /** Fetches the shard of position `position` (the lightbox waiting for an item). */
  loadItem(position) {
    const index = this.ids[position];
    if (index !== undefined) this.base.load(Math.floor(index / this.size));
  }

  /** Fetches position block `n`'s first shard (Shards' interface; the lightbox uses loadItem). */
  load(n) { this.loadItem(n * this.size); }

  /** As Shards.want, over positions: only the shards holding the window's items are fetched and kept;
      fetches of other shards are aborted. Returns whether one of them is not here yet. */
  want(from, to) {
    const base = this.base, wanted = new Set(this.shardsOf(from, to));
    for (const [n, controller] of base.pending) {
      if (!wanted.has(n)) {
        controller.abort();
        base.pending.delete(n);
        base.stats.shardAborts = (base.stats.shardAborts || 0) + 1;
      }
    }
    let busy = false;
    for (const n of wanted) {
      const items = base.loaded.get(n);
      if (items) { base.loaded.delete(n); base.loaded.set(n, items); } else { base.load(n); busy = true; }
    }
    while (base.loaded.size > Math.max(base.keep, wanted.size)) {
      const oldest = base.loaded.keys().next().value;
      if (wanted.has(oldest)) break;
      base.loaded.delete(oldest);
    }
    return busy;
  }
}

/** Shows `ids` (collection indexes, or null for the whole collection) in the grid of `view` (render.js),
    from its top. `data.base` is the collection's own Shards; `lightbox` gets the new count. */
export function showList(view, ids, lightbox) {
  const { list, data, pool } = view;
  if (!data.base) data.base = data.shards;
  data.shards = ids ? new FilteredShards(data.base, ids) : data.base;
  list.count = ids ? ids.length : data.base.count;
  // Every cell leaves its place; the render takes back those still in the window by their keys.
  for (const node of [...pool.active.values()]) park(pool, node);
  list.measure();
  list.apply();
  if (window.scrollY > list.top) window.scrollTo({ top: Math.max(0, list.top - 16), behavior: 'instant' });
  if (lightbox && lightbox.box) lightbox.box.page.count = list.count;
  render(view);
}
