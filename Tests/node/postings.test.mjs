// Unit tests of Sources/GalgenTheme/Theme/assets/postings.js: each operation against a plain, obviously
// right version on seeded random lists (dense and sparse, so both ways of a union are taken), and the
// ranking's order and early stop. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decode, has, intersect, rank, seek, union, within }
  from '../../Sources/GalgenTheme/Theme/assets/postings.js';

// A small seeded generator (mulberry32), so a failure can be replayed.
function random(seed) {
  return () => {
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** A sorted list of distinct ids below `universe`, each present with probability `density`. */
function list(next, universe, density) {
  const ids = [];
  for (let id = 0; id < universe; id++) if (next() < density) ids.push(id);
  return Int32Array.from(ids);
}
const plain = (ids) => Array.from(ids);

test('decode turns deltas into ascending ids', () => {
  assert.deepEqual(plain(decode([3, 1, 4, 10])), [3, 4, 8, 18]);
  assert.deepEqual(plain(decode([])), []);
  assert.ok(decode([1]) instanceof Int32Array);
});

test('seek finds the first index at or after `from` holding the id or more', () => {
  const ids = Int32Array.from([2, 4, 4, 9, 30, 31, 100]);
  for (let from = 0; from <= ids.length; from++) {
    for (let id = 0; id <= 101; id++) {
      let expected = from;
      while (expected < ids.length && ids[expected] < id) expected++;
      assert.equal(seek(ids, from, id), expected, `seek(from ${from}, id ${id})`);
    }
  }
  assert.equal(seek(new Int32Array(0), 0, 5), 0);
  assert.ok(has(ids, 30) && !has(ids, 29) && !has(ids, 101) && !has(new Int32Array(0), 0));
});

test('union merges sorted lists into one, each id once, by sorting or by bitmap', () => {
  const next = random(7);
  for (const [universe, densities] of [[50, [0.1, 0.5]], [5000, [0.001, 0.01]], [5000, [0.9, 0.6, 0.3]], [300, [0, 0.2]]]) {
    const lists = densities.map((d) => list(next, universe, d));
    const expected = [...new Set(lists.flatMap(plain))].sort((a, b) => a - b);
    assert.deepEqual(plain(union(lists, universe)), expected, `universe ${universe}, densities ${densities}`);
    assert.deepEqual(plain(union(lists)), expected, 'without a universe: by sorting');
  }
  assert.deepEqual(plain(union([])), []);
  const one = Int32Array.from([1, 5]);
  assert.equal(union([new Int32Array(0), one]), one, 'a single non-empty list is returned as it is');
});

test('intersect keeps the ids in every list, whatever their sizes', () => {
  const next = random(11);
  for (const densities of [[0.5, 0.5], [0.001, 0.9], [0.9, 0.8, 0.05], [0.3, 0], [1, 1]]) {
    const lists = densities.map((d) => list(next, 4000, d));
    const expected = plain(lists[0]).filter((id) => lists.every((l) => plain(l).includes(id)));
    assert.deepEqual(plain(intersect(lists)), expected, `densities ${densities}`);
  }
  const only = Int32Array.from([4, 8]);
  assert.equal(intersect([only]), only);
});

test('within keeps the ids of a range', () => {
  const ids = Int32Array.from([0, 3, 5, 9, 12]);
  assert.deepEqual(plain(within(ids, 3, 10)), [3, 5, 9]);
  assert.deepEqual(plain(within(ids, 0, Infinity)), [0, 3, 5, 9, 12]);
  assert.deepEqual(plain(within(ids, 13, 20)), []);
});

test('rank orders by tier (exact, every word whole, prefix), then id, and stops at the limit', () => {
  const next = random(23);
  for (let round = 0; round < 30; round++) {
    const universe = 2000, ids = list(next, universe, 0.4);
    const exact = list(next, universe, 0.01);
    const wholes = [list(next, universe, 0.7), list(next, universe, round % 5 ? 0.6 : 0)];
    const limit = [0, 1, 20, 5000][round % 4];
    const tierOf = (id) => (has(exact, id) ? 0 : wholes.every((w) => has(w, id)) ? 1 : 2);
    const expected = plain(ids).map((id) => ({ id, tier: tierOf(id) }))
      .sort((a, b) => a.tier - b.tier || a.id - b.id).slice(0, limit);
    assert.deepEqual(rank(ids, exact, wholes, limit), expected, `round ${round}`);
  }
});

test('rank reads no further than the results it returns', () => {
  // Every id matches every word whole: the first twenty are known after twenty ids, so a list whose
  // later ids throw on access shows that nothing past them was read.
  const ids = new Proxy(Int32Array.from({ length: 1000 }, (_, i) => i), {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key) && Number(key) > 40) throw new Error(`read id ${key}`);
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const whole = Int32Array.from({ length: 1000 }, (_, i) => i);
  const top = rank(ids, new Int32Array(0), [whole], 20);
  assert.deepEqual(top.map((r) => r.id), Array.from({ length: 20 }, (_, i) => i));
  assert.ok(top.every((r) => r.tier === 1));
});
