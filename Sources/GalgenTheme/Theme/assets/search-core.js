/* galgen search core: reads the static, sharded search index of docs/search.md (tokeniser, manifest,
   term and key fragments, document shards). Pure: no DOM; fetching is injected. The UI lives elsewhere. */

import { EMPTY, decode, intersect, rank, union, within } from './postings.js';
import { matchedField } from './search-fields.js';

// The CJK code points of docs/search.md (Han, kana, Hangul), as a regular expression class.
const CJK = '\u1100-\u11FF\u2E80-\u2FDF\u3005-\u3007\u3021-\u3029\u3040-\u30FF\u3130-\u318F\u31F0-\u31FF'
  + '\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\u{20000}-\u{3FFFF}';
const SEGMENTS = new RegExp(`[${CJK}]+|[^${CJK}]+`, 'gu'), IS_CJK = new RegExp(`^[${CJK}]`, 'u');
const FOLDS = { ø: 'o', đ: 'd', ł: 'l', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ð: 'd' };
const MARKS = /(?![\u3099\u309A])\p{Mn}/gu;     // nonspacing marks but the kana voicing marks
const RUNS = /[\p{L}\p{N}]+/gu;
const MAX_PREFIX_FRAGMENTS = 4, TIERS = ['exact', 'words', 'prefix'];
const ENCODER = new TextEncoder(), TERM_BYTES = new Uint8Array(64);

const abortError = () => new DOMException('The search was aborted', 'AbortError');
const throwIfAborted = (signal) => { if (signal?.aborted) throw abortError(); };

/** The first i in 0…n with !below(i), for `below` true up to some index and false after it. */
function partition(n, below) {
  let lo = 0, hi = n;
  while (lo < hi) { const mid = (lo + hi) >>> 1; if (below(mid)) lo = mid + 1; else hi = mid; }
  return lo;
}
/** In a list sorted by code point: the first index holding x or more (more than x when `after`). */
const bound = (list, x, after = false) =>
  partition(list.length, (i) => compareCodePoints(list[i], x) < (after ? 1 : 0));
/** The number of the collection holding a document id (the last one starting at or before it). */
const collectionOf = (collections, id) =>
  Math.max(0, partition(collections.length, (i) => collections[i].offset <= id) - 1);

/** A term cut to its first 64 UTF-8 bytes, between code points (encodeInto writes whole code points only). */
const cut = (term) => term.slice(0, ENCODER.encodeInto(term, TERM_BYTES).read);

/** The terms of a text, in order, duplicates kept (docs/search.md, "Words").
 * @param {string} text @returns {string[]} */
export function tokenize(text) {
  const folded = String(text ?? '').toLowerCase().normalize('NFKD').replace(MARKS, '')
    .normalize('NFC').replace(/[øđłħıßæœþð]/g, (c) => FOLDS[c]);
  const terms = [];
  for (const [run] of folded.matchAll(RUNS)) {
    for (const [segment] of run.matchAll(SEGMENTS)) {   // a run splits where CJK and other characters meet
      if (!IS_CJK.test(segment)) { terms.push(cut(segment)); continue; }
      const chars = [...segment];
      if (chars.length === 1) terms.push(segment);
      for (let i = 1; i < chars.length; i++) terms.push(chars[i - 1] + chars[i]);
    }
  }
  return terms;
}

/** The title term of a title's terms: U+0001 and the terms joined by spaces, or null without terms.
 * @param {string[]} terms @returns {string|null} */
export function titleTerm(terms) {
  return terms.length ? '\u0001' + terms.join(' ') : null;
}

/** Compares two strings by Unicode code point (UTF-8 byte order); `<` compares UTF-16 code units.
 * @param {string} a @param {string} b @returns {number} negative, 0 or positive */
export function compareCodePoints(a, b) {
  for (let i = 0, n = Math.min(a.length, b.length); i < n; i++) {
    let x = a.charCodeAt(i), y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (D800–DFFF) stand for code points above every BMP one: move them past E000–FFFF.
    x = x >= 0xE000 ? x - 0x800 : x >= 0xD800 ? x + 0x2000 : x;
    y = y >= 0xE000 ? y - 0x800 : y >= 0xD800 ? y + 0x2000 : y;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The words of a query and its title term. While typing, the last term is a prefix unless the text
 * ends with white space or the term is a CJK bigram; the title term is always looked up whole.
 * @param {string} text @param {{typing?: boolean}} [options]
 * @returns {{words: {term: string, prefix: boolean}[], titleTerm: string|null}}
 */
export function parseQuery(text, { typing = true } = {}) {
  const terms = tokenize(text), words = [], open = typing && !/\s$/u.test(String(text ?? ''));
  terms.forEach((term, i) => {      // CJK terms of two characters are bigrams
    const prefix = open && i === terms.length - 1 && !(IS_CJK.test(term) && [...term].length === 2);
    if (!words.some((w) => w.term === term && w.prefix === prefix)) words.push({ term, prefix });
  });
  return { words, titleTerm: titleTerm(terms) };
}

/**
 * The fragments (indexes into `first`, the `terms` or `keys` list of search/index.json) to fetch for a
 * term: the one whose range holds it; for a prefix, those meeting [prefix, prefix + U+10FFFF), at most
 * 4, nearest first.
 * @param {string[]} first @param {string} term @param {boolean} [prefix] @returns {number[]}
 */
export function fragmentsFor(first, term, prefix = false) {
  if (!first.length) return [];
  const found = [Math.max(0, bound(first, term, true) - 1)], end = term + '\u{10FFFF}';
  for (let i = found[0] + 1; prefix && found.length < MAX_PREFIX_FRAGMENTS && i < first.length; i++) {
    if (compareCodePoints(first[i], end) < 0) found.push(i); else break;
  }
  return found;
}

/** The documents of a query word in its fragments: `all` it matches, `whole` holding the term itself. */
function postings(fragments, { term, prefix }, universe) {
  const lists = [];
  let whole = EMPTY;
  for (const { t, p } of fragments) {
    for (let j = bound(t, term); j < t.length; j++) {
      const exact = t[j] === term;
      if (!exact && !(prefix && t[j].startsWith(term))) break;
      lists.push(decode(p[j]));
      if (exact) whole = lists.at(-1);
    }
  }
  return { all: union(lists, universe), whole };
}

const pairs = (f, a, b) => Array.isArray(f?.[a]) && Array.isArray(f[b]) && f[a].length === f[b].length;
const VALID = {      // the shapes of the files, by kind
  manifest: (m) => m?.version === 1 && Array.isArray(m.collections) && m.docs?.size > 0 && Array.isArray(m.docs.hashes)
    && pairs(m.terms, 'first', 'hashes') && pairs(m.keys, 'first', 'hashes'),
  terms: (f) => pairs(f, 't', 'p'), keys: (f) => pairs(f, 'k', 'd'), docs: Array.isArray,
};

/** Loaded files by URL, least recently used first. */
class LRU extends Map {
  constructor(limit) { super(); this.limit = limit; }
  touch(url) { const entry = this.get(url); if (entry) { this.delete(url); this.set(url, entry); } return entry; }
  add(url, entry) { this.set(url, entry); while (this.size > this.limit) this.delete(this.keys().next().value); }
  drop(url, entry) { if (this.get(url) === entry) this.delete(url); }
}

/** A site's search index, read on demand. */
export class SearchIndex {
  #fetchJSON; #files; #manifest = new LRU(1);

  /** `url`: the absolute URL of search/index.json (the site root is `../` from it); `lru`: how many fetched
   *  files (term and key fragments, document shards) are kept; the manifest is kept once loaded.
   * @param {{url: string|URL, fetchJSON: (url: string, signal: AbortSignal) => Promise<any>, lru?: number}} options */
  constructor({ url, fetchJSON, lru = 64 }) {
    this.url = new URL(url).href;
    this.root = new URL('../', this.url).href;
    this.#fetchJSON = fetchJSON;
    this.#files = new LRU(lru);
  }

  /** A file, fetched once for concurrent callers; failures are not kept. A caller's abort rejects its own
   *  wait; when no caller is left waiting, the fetch is aborted and forgotten. */
  #load(cache, url, kind, { signal, fetched }) {
    let entry = cache.touch(url);
    if (!entry) {
      const controller = new AbortController();
      entry = { controller, waiters: 0, settled: false };
      entry.promise = Promise.resolve().then(() => this.#fetchJSON(url, controller.signal))
        .then((data) => { if (VALID[kind](data)) return data; throw new Error(`not a version 1 ${kind} file`); })
        .catch((error) => {
          cache.drop(url, entry);
          throw new Error(`search: could not load ${url}: ${error?.message ?? error}`, { cause: error });
        }).finally(() => { entry.settled = true; });
      entry.promise.catch(() => {});      // reported to the waiters
      cache.add(url, entry);
      fetched.push(url);
    }
    if (entry.settled) return entry.promise;
    entry.waiters++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (--entry.waiters === 0 && !entry.settled) { entry.controller.abort(); cache.drop(url, entry); }
        reject(abortError());
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(resolve, reject).finally(() => signal?.removeEventListener('abort', onAbort));
    });
  }

  #file(kind, n, hash, context) {
    return this.#load(this.#files, new URL(`search/${kind}/${n}-${hash}.json`, this.root).href, kind, context);
  }

  async #start(signal) {
    throwIfAborted(signal);
    const context = { signal, fetched: [] };
    context.manifest = await this.#load(this.#manifest, this.url, 'manifest', context);
    throwIfAborted(signal);
    return context;
  }

  /**
   * Searches the site (or collection number `collection`); `signal` aborts it with an AbortError.
   * @param {string} text
   * `indexes` (ascending collection indexes of `collection`, a filtered grid's) keeps the matches to those.
   * @param {{collection?: number|null, limit?: number, signal?: AbortSignal, typing?: boolean, indexes?: Int32Array|null}} [options]
   * @returns {Promise<{results: {id: number, collection: number, index: number, key: string, title: string,
   *   subtitle: string|null, field: string|null, tier: 'exact'|'words'|'prefix'}[], total: number, fetched: string[]}>}
   *   ranked by tier, then id; `field`: search-fields.js; `total` counts every match; `fetched`: the URLs this call requested.
   */
  async search(text, { collection = null, limit = 20, signal, typing = true, indexes = null } = {}) {
    const context = await this.#start(signal), { manifest, fetched } = context;
    const range = typeof collection === 'number' ? manifest.collections[collection] : { offset: 0, count: Infinity };
    if (!range) throw new RangeError(`search: no collection ${collection}`);
    const { words, titleTerm: title } = parseQuery(text, { typing });
    if (!words.length) return { results: [], total: 0, fetched };
    const { first, hashes } = manifest.terms, lookups = [...words, { term: title, prefix: false }];
    const last = manifest.collections.at(-1), universe = last.offset + last.count;
    const matches = await Promise.all(lookups.map(async (word) => postings(await Promise.all(
      fragmentsFor(first, word.term, word.prefix).map((i) => this.#file('terms', i, hashes[i], context))), word, universe)));
    throwIfAborted(signal);
    const exact = matches.pop().whole;
    let ids = within(intersect(matches.map((m) => m.all)), range.offset, range.offset + range.count);
    if (indexes && typeof collection === 'number') ids = intersect([ids, Int32Array.from(indexes, (i) => i + range.offset)]);
    const top = rank(ids, exact, matches.map((m) => m.whole), Math.max(0, limit));
    const size = manifest.docs.size, numbers = [...new Set(top.map(({ id }) => Math.floor(id / size)))];
    const shards = await Promise.all(numbers.map((n) => this.#file('docs', n, manifest.docs.hashes[n], context)));
    throwIfAborted(signal);
    const results = top.map(({ id, tier }) => {
      const row = shards[numbers.indexOf(Math.floor(id / size))][id % size];
      if (!row) throw new Error(`search: document ${id} is missing from its shard`);
      const c = collectionOf(manifest.collections, id);
      return { id, collection: c, index: id - manifest.collections[c].offset, key: row[0], title: row[1],
        subtitle: row[2] ?? null, field: matchedField(words, row, manifest.collections[c].fields, tokenize), tier: TIERS[tier] };
    });
    return { results, total: ids.length, ids, offset: range.offset, fetched };   // ids: every match (filters.js)
  }

  /** Loads the term fragments of the query's finished words (all but a last word still being typed), so
   *  that they are in hand when the query runs. @param {string} text @returns {Promise<void>} */
  async warm(text) {
    const context = await this.#start(), { first, hashes } = context.manifest.terms;
    const needed = new Set(parseQuery(text).words.filter((w) => !w.prefix).flatMap((w) => fragmentsFor(first, w.term)));
    await Promise.allSettled([...needed].map((i) => this.#file('terms', i, hashes[i], context)));
  }

  /**
   * Finds an item by its key (URL slug) through the key fragments.
   * @param {string} key @param {{signal?: AbortSignal}} [options]
   * @returns {Promise<{collection: number, index: number, id: number}|null>}
   */
  async locate(key, { signal } = {}) {
    const context = await this.#start(signal), { manifest } = context;
    const [i] = fragmentsFor(manifest.keys.first, key);
    if (i === undefined) return null;
    const { k, d } = await this.#file('keys', i, manifest.keys.hashes[i], context);
    throwIfAborted(signal);
    const j = bound(k, key);
    if (k[j] !== key) return null;
    const collection = collectionOf(manifest.collections, d[j]);
    return { collection, index: d[j] - manifest.collections[collection].offset, id: d[j] };
  }
}
