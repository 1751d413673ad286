/* galgen runtime: a chosen filter value's card blocks (docs/search.md, "Cards"). The build writes the cards of
   a value's items in collection order, `perBlock` a file, so the items a filtered view shows sit side by side
   in a few blocks however far apart they are in the collection. Fetched as the window needs them, aborted
   when it leaves them, a few kept. A block that fails or does not hold what the manifest says turns the
   value's blocks off: the view takes the items from the collection's shards instead, and the console names
   the file. No DOM: fetching is injected, so `node --test` runs it against a fake. */
import { seek } from './postings.js';
import { keepOnly } from './shards.js';

export class CardBlocks {
  /** `ids`: the value's collection indexes, ascending (its postings); block `n` holds the cards of
      `ids[n * perBlock …]` and is at `urlOf(n)`; `fetchJSON(url, signal)` returns it parsed; `onLoad()` runs
      after each block arrives or fails; `stats` counts `cardFetches`, `cardAborts` and `cardFailures`. */
  constructor({ ids, perBlock, urlOf, fetchJSON, onLoad = () => {}, keep = 8, stats = {} }) {
    Object.assign(this, { ids, perBlock, urlOf, fetchJSON, onLoad, keep, stats });
    this.loaded = new Map();    // block number → cards (Map order = LRU, oldest first)
    this.pending = new Map();   // block number → AbortController
    this.failed = null;         // why the blocks are off, once one failed
  }

  /** The block numbers holding the cards of `indexes` (ascending collection indexes), or null when one of
      them is not the value's (these blocks cannot show that list). */
  blocksOf(indexes) {
    const blocks = new Set();
    let at = 0;
    for (const index of indexes) {
      at = seek(this.ids, at, index);
      if (this.ids[at] !== index) return null;
      blocks.add(Math.floor(at / this.perBlock));
    }
    return blocks;
  }

  /** The block number holding the card of collection index `index` (-1 when it is not the value's). */
  blockOf(index) {
    const at = seek(this.ids, 0, index);
    return this.ids[at] === index ? Math.floor(at / this.perBlock) : -1;
  }

  /** The card of collection index `index`, if its block is here. */
  cardOf(index) {
    const at = seek(this.ids, 0, index);
    if (this.ids[at] !== index) return null;
    const cards = this.loaded.get(Math.floor(at / this.perBlock));
    return cards ? cards[at % this.perBlock] : null;
  }

  /** Checks a block against the postings (its first card's rank and its number of cards, each with a key and
      its pictures) and gives its cards as items (a card is `[k, t, c, v, s, p, m]`, trailing nulls left out). */
  check(n, data) {
    const first = n * this.perBlock, size = Math.min(this.perBlock, this.ids.length - first);
    if (!data || data.first !== first || !Array.isArray(data.items) || data.items.length !== size)
      throw new Error('holds other cards than its value\'s postings (block ' + n + ')');
    return data.items.map((card) => {
      if (!Array.isArray(card) || typeof card[0] !== 'string' || !Array.isArray(card[3])) throw new Error('holds a card without a key or pictures');
      const [k, t, c, v, s, p, m] = card, item = { k, t, c, v };
      if (s != null) item.s = s;
      if (p != null) item.p = p;
      if (m != null) item.m = m;
      return item;
    });
  }

  /** Fetches block `n` unless it is here or on its way. */
  load(n) {
    if (this.failed || this.loaded.has(n) || this.pending.has(n)) return;
    const controller = new AbortController(), url = this.urlOf(n);
    this.pending.set(n, controller);
    this.stats.cardFetches = (this.stats.cardFetches || 0) + 1;
    this.fetchJSON(url, controller.signal)
      .then((data) => {
        if (this.pending.get(n) !== controller) return;       // superseded
        this.pending.delete(n);
        this.loaded.set(n, this.check(n, data));
        this.onLoad(n);
      })
      .catch((error) => {
        if (this.pending.get(n) === controller) this.pending.delete(n);
        if (error.name === 'AbortError') return;
        this.failed = url + ': ' + error.message;
        this.stats.cardFailures = (this.stats.cardFailures || 0) + 1;
        for (const other of this.pending.values()) other.abort();
        this.pending.clear();
        console.warn('galgen: cards ' + this.failed + '; the collection\'s shards show these items instead');
        this.onLoad(n);
      });
  }

  /** Makes `blocks` the ones wanted (keepOnly: others aborted, missing ones fetched, the oldest past `keep`
      dropped). Returns whether one is not here yet. */
  want(blocks) {
    return keepOnly(this, blocks, Math.max(this.keep, blocks.size), 'cardAborts') && !this.failed;
  }
}
