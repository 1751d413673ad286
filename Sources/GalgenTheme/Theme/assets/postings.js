/* galgen search: sorted lists of document ids (postings) as Int32Arrays, and the ranking of a query's
   matches. Pure. A common word holds most of a million documents, so nothing here sorts, filters or
   binary-searches per id: lists are merged in one pass, skipped through by galloping, and ranking stops
   as soon as the results shown are known (docs/search.md, "Queries"). */

/** The empty list (shared: lists are never written to once made). */
export const EMPTY = new Int32Array(0);

/** The ids of delta-coded postings (each the difference from the one before), ascending.
 * @param {number[]} deltas @returns {Int32Array} */
export function decode(deltas) {
  const ids = new Int32Array(deltas.length);
  let id = 0;
  for (let i = 0; i < deltas.length; i++) ids[i] = id += deltas[i];
  return ids;
}

/** The first index at or after `from` whose id is `id` or more (list.length when none): a galloping
    search, cheap when the answer is near `from`.
 * @param {Int32Array} list @param {number} from @param {number} id @returns {number} */
export function seek(list, from, id) {
  let step = 1, hi = from;
  while (hi < list.length && list[hi] < id) { from = hi + 1; hi += step; step *= 2; }
  hi = Math.min(hi, list.length);
  while (from < hi) { const mid = (from + hi) >>> 1; if (list[mid] < id) from = mid + 1; else hi = mid; }
  return from;
}

/** Whether a sorted list holds `id`. */
export const has = (list, id) => list[seek(list, 0, id)] === id;

/** The ids in any of the sorted lists, ascending, each once. `universe` (the number of documents) lets
    a large union mark a bitmap instead of sorting.
 * @param {Int32Array[]} lists @param {number} [universe] @returns {Int32Array} */
export function union(lists, universe = Infinity) {
  const full = lists.filter((list) => list.length);
  if (full.length < 2) return full[0] ?? EMPTY;
  const length = full.reduce((n, list) => n + list.length, 0);
  if (length * Math.log2(length) > universe) {
    const seen = new Uint8Array(universe);
    for (const list of full) for (let i = 0; i < list.length; i++) seen[list[i]] = 1;
    const out = new Int32Array(length);
    let n = 0;
    for (let id = 0; id < universe; id++) if (seen[id]) out[n++] = id;
    return out.subarray(0, n);
  }
  const all = new Int32Array(length);
  let n = 0;
  for (const list of full) { all.set(list, n); n += list.length; }
  all.sort();
  n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i];
  return all.subarray(0, n);
}

/** The ids in every one of the sorted lists (at least one), ascending: the shortest list, galloped
    through the others.
 * @param {Int32Array[]} lists @returns {Int32Array} */
export function intersect(lists) {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  if (!others.length) return shortest;
  const out = new Int32Array(shortest.length), at = others.map(() => 0);
  let n = 0;
  next: for (let i = 0; i < shortest.length; i++) {
    const id = shortest[i];
    for (let k = 0; k < others.length; k++) {
      at[k] = seek(others[k], at[k], id);
      if (at[k] === others[k].length) break next;
      if (others[k][at[k]] !== id) continue next;
    }
    out[n++] = id;
  }
  return out.subarray(0, n);
}

/** The ids of a sorted list in [lo, hi). */
export const within = (list, lo, hi) => list.subarray(seek(list, 0, lo), seek(list, 0, hi));

/**
 * The first `limit` of the matching `ids` (sorted) ranked by tier, then id: tier 0 when `exact` holds
 * the id, else 1 when every list of `wholes` holds it, else 2. Scans only as far as the results need.
 * @param {Int32Array} ids @param {Int32Array} exact @param {Int32Array[]} wholes @param {number} limit
 * @returns {{id: number, tier: number}[]}
 */
export function rank(ids, exact, wholes, limit) {
  const top = [], first = intersect([exact, ids]);
  for (let i = 0; i < first.length && top.length < limit; i++) top.push({ id: first[i], tier: 0 });
  for (const tier of [1, 2]) {
    if (top.length >= limit || (tier === 1 && wholes.some((w) => !w.length))) continue;
    const at = wholes.map(() => 0);
    let e = 0;
    for (let i = 0; i < ids.length && top.length < limit; i++) {
      const id = ids[i];
      e = seek(first, e, id);
      if (first[e] === id) continue;
      let all = true;
      for (let k = 0; k < wholes.length && all; k++) { at[k] = seek(wholes[k], at[k], id); all = wholes[k][at[k]] === id; }
      if (all === (tier === 1)) top.push({ id, tier });
    }
  }
  return top;
}
