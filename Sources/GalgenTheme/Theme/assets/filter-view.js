/* galgen runtime: the grid over a filtered list. A filtered view is a list of collection indexes (from
   filters.js); `FilteredShards` gives the grid the items at its positions from the collection's shards
   (shards.js) or from the chosen values' card blocks (cards.js), whichever holds the window's items in
   fewer files, and `showList` swaps the grid's list with the same pool of cells (a cell whose item stays
   on screen keeps its node). */
import { park } from './pool.js';
import { keepOnly } from './shards.js';
import { render } from './render.js';

export class FilteredShards {
  /** `base`: the collection's Shards; `ids`: the collection indexes shown, ascending (an Int32Array);
      `sources`: the CardBlocks (cards.js) of the chosen values that have them; each holds every id. */
  constructor(base, ids, sources = []) {
    Object.assign(this, { base, ids, sources, count: ids.length, size: base.size });
    this.held = new Set();       // shards the lightbox waits for (never aborted by the grid)
  }

  /** The collection index of position `position`. */
  indexAt(position) { return this.ids[position] ?? -1; }

  /** The item at `position`: from its shard when that is here, else its card when that is. */
  itemAt(position) {
    const index = this.ids[position];
    if (index === undefined) return null;
    const item = this.base.itemAt(index);
    if (item) return item;
    for (const source of this.sources) { const card = source.cardOf(index); if (card) return card; }
    return null;
  }

  /** The item at `position` as its shard has it (a card lacks the lightbox's fields), if that is here. */
  fullAt(position) {
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

  /** Fetches the shard of position `position` (the lightbox waiting for an item or its fields). */
  loadItem(position) {
    const index = this.ids[position];
    if (index === undefined) return;
    const n = Math.floor(index / this.size);
    this.held.add(n);
    this.base.load(n);
  }

  /** When the item at `position` is shown from its card (its shard is not here: itemAt prefers the shard),
      fetches the shard and calls `then(item)` with the item as the shard has it once it arrives (the lightbox
      waits so for the fields); gives up after 15 s. */
  whenFull(position, then) {
    if (this.fullAt(position) || !this.itemAt(position)) return;
    this.loadItem(position);
    let tries = 0;
    const wait = () => {
      const item = this.fullAt(position);
      if (item) then(item); else if (++tries < 300) setTimeout(wait, 50);
    };
    setTimeout(wait, 50);
  }

  /** Fetches position block `n`'s first shard (Shards' interface; the lightbox uses loadItem). */
  load(n) { this.loadItem(n * this.size); }

  /** As Shards.want, over positions: the items of the window not here yet come from whichever needs the
      fewest files, the collection's shards or one chosen value's card blocks (ties: the first value's blocks,
      a fraction of a shard's bytes); fetches of files no longer wanted are aborted. Returns whether one of
      them is not here yet. */
  want(from, to) {
    const base = this.base, kept = new Set(), missing = [];
    const blocksKept = new Map(this.sources.map((source) => [source, new Set()]));
    for (let p = Math.max(0, from), end = Math.min(this.count, to); p < end; p++) {
      const index = this.ids[p], n = Math.floor(index / this.size);
      if (base.loaded.has(n)) { kept.add(n); continue; }
      const source = this.sources.find((s) => s.cardOf(index));
      if (source) blocksKept.get(source).add(source.blockOf(index)); else missing.push(index);
    }
    for (const n of this.held) if (base.loaded.has(n)) this.held.delete(n); else kept.add(n);
    let best = null, bestBlocks = null, fewest = new Set(missing.map((index) => Math.floor(index / this.size))).size;
    for (const source of this.sources) {
      const blocks = source.failed ? null : source.blocksOf(missing);
      // Ties go to the blocks: a block is a fraction of a shard's bytes.
      if (blocks && blocks.size <= fewest && (blocks.size < fewest || !best)) { best = source; bestBlocks = blocks; fewest = blocks.size; }
    }
    const wanted = best ? kept : new Set([...kept, ...missing.map((index) => Math.floor(index / this.size))]);
    let busy = false;
    for (const source of this.sources) {
      const blocks = blocksKept.get(source);
      if (source === best) for (const n of bestBlocks) blocks.add(n);
      if (source.want(blocks)) busy = true;
    }
    return keepOnly(base, wanted, Math.max(base.keep, wanted.size), 'shardAborts') || busy;
  }
}

/** Shows `ids` (collection indexes, or null for the whole collection) in the grid of `view` (render.js),
    from its top, its items taken from the collection's shards or from `sources` (the chosen values' card
    blocks). `data.base` is the collection's own Shards; `lightbox` gets the new count. */
export function showList(view, ids, lightbox, sources = []) {
  const { list, data, pool } = view;
  if (!data.base) data.base = data.shards;
  data.shards = ids ? new FilteredShards(data.base, ids, sources) : data.base;
  list.count = ids ? ids.length : data.base.count;
  // Every cell leaves its place; the render takes back those still in the window by their keys.
  for (const node of [...pool.active.values()]) park(pool, node);
  list.measure();
  list.apply();
  if (window.scrollY > list.top) window.scrollTo({ top: Math.max(0, list.top - 16), behavior: 'instant' });
  if (lightbox && lightbox.box) lightbox.box.page.count = list.count;
  // Cells say how many items the list has (aria-setsize): the filtered count now, new cells too.
  for (const node of [...list.grid.children, view.cells.template]) if (node) node.setAttribute('aria-setsize', list.count);
  render(view);
}

/** The filters above the grid (filters.js, docs/search.md "Filters"), for gallery.js: the chosen values'
    postings, and the find box's text with them, narrow the grid to a list (showList). `page` is gallery.js's
    (`view`, `data`, `lightbox`, `find`); it gets `filters` (the wiring's promise) and `filtered` (the list).
    The form is shown at once; filters.js loads on first use (a pointer or focus on it, or an address
    that chooses a value). */
export function setUpFilters(page, abs, stats) {
  const form = document.querySelector('form.filters');
  if (!form || !form.dataset.filters) return;
  const { view, data, lightbox } = page, input = document.querySelector('search.find input');
  const query = (signal) => {
    // The box's text (the address's `?q=` until search.js has put it there), its last word a prefix as typed.
    const text = (input && input.value) || new URL(location.href).searchParams.get('q') || '';
    if (!text.trim() || !page.find) return Promise.resolve(null);
    return page.find.reader().then((index) => index.search(text, { collection: data.manifest.searchCollection, limit: 0, signal }))
      .then(({ ids, offset }) => (ids ? ids.map((id) => id - offset) : null));
  };
  // A deep link or a search result names a collection index: its position in the filtered list, or, for an
  // item the filters leave out, its own once the filters are cleared (the grid shows everything at once).
  page.position = (index) => {
    const ids = page.filtered;
    if (!ids) return index;
    let lo = 0, hi = ids.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (ids[mid] < index) lo = mid + 1; else hi = mid; }
    if (ids[lo] === index) return lo;
    form.querySelector('.filters-clear').click();
    return index;
  };
  let wired = null;
  let shown = 0, pending = false;     // the grid's latest list, and whether it waits for cards.js
  const wire = () => wired || (wired = page.filters = Promise.all([import('./filters.js'), import('./cards.js')])
    .then(([{ setUpFilters: start }]) => start(form, {
      manifestURL: abs(form.dataset.filters), root: abs(''), stats, queryInput: input, query,
      show: (ids, values = []) => {
        if (!ids && !page.filtered && !pending) return;   // nothing was filtered
        const mine = ++shown, base = data.base || data.shards;
        const apply = (CardBlocks) => {
          if (mine !== shown) return;                      // a later choice came first
          pending = false;
          page.filtered = ids;
          showList(view, ids, lightbox, values.map(({ ids: postings, perBlock, prefix }) => new CardBlocks({
            ids: postings, perBlock, urlOf: (n) => abs(prefix + n + '.json'), fetchJSON: base.fetchJSON, onLoad: base.onLoad, stats })));
        };
        // cards.js (the card blocks' reader) loads with filters.js, not with the page.
        if (!values.length) return apply(null);
        pending = true;
        return import('./cards.js').then(({ CardBlocks }) => apply(CardBlocks));
      },
    }).ready));
  for (const type of ['pointerover', 'focusin', 'change']) form.addEventListener(type, wire, { passive: true });
  const params = new URL(location.href).searchParams;
  if ([...form.querySelectorAll('select')].some((s) => params.has(s.name))) wire();
  form.hidden = false;
}
