/* galgen runtime: a gallery's filters (docs/search.md, "Filters"). Loaded on a page whose collection has
   filters: it reads the collection's filter manifest on first use, fetches the postings of the chosen
   values only, intersects them (and the text query's matches), and hands the list of collection
   indexes to the grid (gallery.js); the choice is in the address (`?genre=Games&price=0-1`). */

import { EMPTY, intersect } from './postings.js';
import { t } from './messages.js';

/** The collection indexes of a postings file (its bytes): varint deltas (first byte 0) or a bitmap (1).
 * @param {Uint8Array} bytes @returns {Int32Array} */
export function decodePostings(bytes) {
  if (!bytes.length) throw new Error('filters: empty postings file');
  if (bytes[0] === 1) {
    let n = 0;
    for (let i = 1; i < bytes.length; i++) { let b = bytes[i]; while (b) { b &= b - 1; n++; } }
    const out = new Int32Array(n);
    let k = 0;
    for (let i = 1; i < bytes.length; i++) {
      const b = bytes[i];
      if (b) for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) out[k++] = (i - 1) * 8 + bit;
    }
    return out;
  }
  if (bytes[0] !== 0) throw new Error('filters: unknown postings encoding ' + bytes[0]);
  const out = new Int32Array(bytes.length - 1);   // at most one id a byte
  let n = 0, id = 0, value = 0, shift = 0;
  for (let i = 1; i < bytes.length; i++) {
    const b = bytes[i];
    value += (b & 0x7F) * 2 ** shift;
    if (b & 0x80) { shift += 7; continue; }
    out[n++] = id += value;
    value = 0; shift = 0;
  }
  if (shift) throw new Error('filters: truncated postings file');
  return out.slice(0, n);
}

/** The chosen values of an address's parameters: field → token, for the manifest's fields and values only.
 * @param {URLSearchParams} params @param {{filters: {field: string, values: [string, number, string][]}[]}} manifest
 * @returns {Map<string, string>} */
export function chosenIn(params, manifest) {
  const chosen = new Map();
  for (const filter of manifest.filters) {
    const token = params.get(filter.field);
    if (token !== null && filter.values.some((v) => v[0] === token)) chosen.set(filter.field, token);
  }
  return chosen;
}

/** The address with `chosen` as its filter parameters (the manifest's fields; other parameters kept).
 * @param {string} href @param {Map<string, string>} chosen @param {string[]} fields @returns {string} */
export function addressWith(href, chosen, fields) {
  const url = new URL(href);
  for (const field of fields) {
    if (chosen.has(field)) url.searchParams.set(field, chosen.get(field)); else url.searchParams.delete(field);
  }
  return url.href;
}

/** The ids in every list, or null when there is none (nothing filters). @param {Int32Array[]} lists */
export const combine = (lists) => (lists.length ? intersect(lists) : null);

/** A chosen value's manifest entry and its filter's. */
const entryOf = (manifest, field, token) => {
  const filter = manifest.filters.find((f) => f.field === field);
  const value = filter && filter.values.find((v) => v[0] === token);
  return value ? { filter, value } : null;
};

/** The card blocks of the chosen values that have them (docs/search.md, "Cards"), for the grid: each value's
    postings `ids`, cards a block and the blocks' path up to the block number.
 * @param {object} manifest @param {[string, string][]} picked @param {Int32Array[]} lists the picked values' postings */
export function cardsOf(manifest, picked, lists) {
  const out = [];
  picked.forEach(([field, token], i) => {
    const entry = entryOf(manifest, field, token);
    if (entry && entry.filter.cards > 0 && typeof entry.value[3] === 'string' && lists[i] && lists[i].length)
      out.push({ ids: lists[i], perBlock: entry.filter.cards, prefix: entry.value[3] });
  });
  return out;
}

/**
 * Wires the filter `form`. `manifestURL`: the collection's filter manifest (absolute); `root`: the site
 * root (absolute); `show(ids, cards)` shows the collection indexes `ids` (an Int32Array) or, for null, the whole
 * collection, and `cards` the chosen values' card blocks (cardsOf); `query(signal)` resolves to the collection indexes matching the find box's text (null when
 * it is empty); `queryInput`: the find box's input, whose changes narrow a filtered view again.
 */
export function setUpFilters(form, { manifestURL, root, show, query = () => Promise.resolve(null), queryInput = null, stats = {} }) {
  const selects = [...form.querySelectorAll('select')], fields = selects.map((s) => s.name);
  const status = form.querySelector('.filters-status');
  const cache = new Map();     // postings URL → Int32Array (the last 8: at a million items one is up to 1.8 MB)
  let manifest = null, controller = null, timer = 0;
  const loadManifest = () => manifest || (manifest = fetch(manifestURL).then((r) => {
    if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + new URL(manifestURL).pathname);
    return r.json();
  }).catch((error) => { manifest = null; throw error; }));
  const postings = (path, signal) => {
    const url = new URL(path, root).href;
    if (cache.has(url)) { const hit = cache.get(url); cache.delete(url); cache.set(url, hit); return Promise.resolve(hit); }
    stats.filterFetches = (stats.filterFetches || 0) + 1;
    return fetch(url, { signal }).then((r) => {
      if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + new URL(url).pathname);
      return r.arrayBuffer();
    }).then((buffer) => {
      const ids = decodePostings(new Uint8Array(buffer));
      cache.set(url, ids);
      while (cache.size > 8) cache.delete(cache.keys().next().value);
      return ids;
    });
  };
  const chosen = () => new Map(selects.filter((s) => s.value).map((s) => [s.name, s.value]));

  /** Shows what the selects choose; resolves once it is shown (or superseded). */
  function apply() {
    if (controller) controller.abort();
    const picked = chosen();
    if (!picked.size) { status.textContent = ''; show(null); return Promise.resolve(); }
    const mine = controller = new AbortController(), t0 = performance.now();
    form.setAttribute('aria-busy', 'true');
    return loadManifest().then((m) => Promise.all([
      ...[...picked].map(([field, token]) => {
        const entry = entryOf(m, field, token);
        return entry ? postings(entry.value[2], mine.signal) : Promise.resolve(EMPTY);
      }),
      query(mine.signal),
    ]).then((lists) => [m, lists])).then(([m, lists]) => {
      if (controller !== mine) return;
      const ids = combine(lists.filter(Boolean));
      form.removeAttribute('aria-busy');
      stats.filterLastMs = performance.now() - t0;
      stats.filterApplied = (stats.filterApplied || 0) + 1;
      status.textContent = t('filterShowing', { count: ids.length });
      show(ids, cardsOf(m, [...picked], lists));
    }, (error) => {
      if (controller !== mine || error.name === 'AbortError') return;
      form.removeAttribute('aria-busy');
      console.warn('galgen: filters: ' + error.message);
      status.textContent = t('filterShowing', { count: 0 });
    });
  }
  const push = () => {
    const href = addressWith(location.href, chosen(), fields);
    if (href !== location.href) history.pushState(null, '', href);
  };
  const fromAddress = () => {
    const params = new URL(location.href).searchParams;
    for (const s of selects) {
      const token = params.get(s.name);
      s.value = token !== null && [...s.options].some((o) => o.value === token) ? token : '';
    }
    return apply();
  };
  form.addEventListener('change', () => { push(); apply(); });
  form.addEventListener('submit', (e) => e.preventDefault());
  form.querySelector('.filters-clear').addEventListener('click', () => {
    for (const s of selects) s.value = '';
    push();
    apply();
  });
  if (queryInput) {
    queryInput.addEventListener('input', () => {
      if (!chosen().size) return;
      clearTimeout(timer);
      timer = setTimeout(apply, 120);
    });
  }
  window.addEventListener('popstate', fromAddress);
  form.hidden = false;
  // A value chosen before this module was here (it loads on first use) counts, unless the address chooses.
  const params = new URL(location.href).searchParams;
  let ready;
  if (fields.some((field) => params.has(field))) ready = fromAddress();
  else { if (chosen().size) push(); ready = apply(); }
  return { ready, apply, chosen };
}
