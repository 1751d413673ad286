// Unit tests of Sources/GalgenTheme/Theme/assets/filters.js (the postings decoder, the address) and
// filter-view.js's FilteredShards, against plain versions on seeded random lists. The postings files
// are encoded here as docs/search.md ("Filters") says, both ways. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodePostings, chosenIn, addressWith, combine }
  from '../../Sources/GalgenTheme/Theme/assets/filters.js';
import { FilteredShards } from '../../Sources/GalgenTheme/Theme/assets/filter-view.js';

function random(seed) {
  return () => {
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const sample = (rand, count, density) => {
  const ids = [];
  for (let i = 0; i < count; i++) if (rand() < density) ids.push(i);
  return ids;
};
const deltas = (ids) => {
  const out = [0];
  let last = 0;
  for (const id of ids) {
    let v = id - last;
    last = id;
    while (v >= 0x80) { out.push((v & 0x7F) | 0x80); v = Math.floor(v / 128); }
    out.push(v);
  }
  return Uint8Array.from(out);
};
const bitmap = (ids, count) => {
  const out = new Uint8Array(1 + Math.ceil(count / 8));
  out[0] = 1;
  for (const id of ids) out[1 + (id >> 3)] |= 1 << (id & 7);
  return out;
};

test('decodePostings reads both encodings back, sparse and dense', () => {
  const rand = random(33);
  for (const [count, density] of [[10, 0.5], [1000, 0.01], [100_000, 0.001], [70_001, 0.6], [5, 0], [300, 1]]) {
    const ids = sample(rand, count, density);
    assert.deepEqual([...decodePostings(deltas(ids))], ids, `deltas ${count} ${density}`);
    assert.deepEqual([...decodePostings(bitmap(ids, count))], ids, `bitmap ${count} ${density}`);
  }
});

test('decodePostings handles multi-byte varints and rejects bad files', () => {
  const ids = [0, 127, 128, 16_511, 16_512, 2_000_000, 2_097_151 + 2_000_000];
  assert.deepEqual([...decodePostings(deltas(ids))], ids);
  assert.throws(() => decodePostings(new Uint8Array([])));
  assert.throws(() => decodePostings(new Uint8Array([7, 1])));
  assert.throws(() => decodePostings(new Uint8Array([0, 0x81])));       // truncated varint
});

test('combine intersects every list and is null without one', () => {
  const rand = random(7);
  const lists = [sample(rand, 5000, 0.3), sample(rand, 5000, 0.5), sample(rand, 5000, 0.2)];
  const expected = lists[0].filter((id) => lists[1].includes(id) && lists[2].includes(id));
  assert.deepEqual([...combine(lists.map((l) => Int32Array.from(l)))], expected);
  assert.equal(combine([]), null);
});

const manifest = { version: 1, count: 10, filters: [
  { field: 'genre', kind: 'value', values: [['Games', 3, 'a.bin'], ['Rock & Roll', 2, 'b.bin']] },
  { field: 'price', kind: 'ranges', values: [['0-1', 4, 'c.bin'], ['5-', 1, 'd.bin']] },
] };

test('chosenIn keeps known fields and values only', () => {
  const params = new URLSearchParams('genre=Rock+%26+Roll&price=2-3&q=x&other=1');
  assert.deepEqual([...chosenIn(params, manifest)], [['genre', 'Rock & Roll']]);
  assert.deepEqual([...chosenIn(new URLSearchParams('price=5-'), manifest)], [['price', '5-']]);
});

test('addressWith sets and removes the filter parameters, keeping the others, and round-trips', () => {
  const href = addressWith('https://x.test/apps/page/3/?q=cat&genre=Games', new Map([['price', '0-1']]), ['genre', 'price']);
  const url = new URL(href);
  assert.equal(url.searchParams.get('q'), 'cat');
  assert.equal(url.searchParams.get('genre'), null);
  assert.equal(url.searchParams.get('price'), '0-1');
  const chosen = new Map([['genre', 'Rock & Roll'], ['price', '5-']]);
  assert.deepEqual([...chosenIn(new URL(addressWith('https://x.test/a/', chosen, ['genre', 'price'])).searchParams, manifest)], [...chosen]);
});

test('FilteredShards maps positions to items and wants only the shards of the window', () => {
  const loads = [];
  const base = { size: 10, keep: 2, stats: {}, pending: new Map(), loaded: new Map(),
    itemAt(i) { const s = this.loaded.get(Math.floor(i / 10)); return s ? s[i % 10] : null; },
    load(n) { loads.push(n); this.loaded.set(n, Array.from({ length: 10 }, (_, k) => ({ k: 'k' + (n * 10 + k) }))); } };
  const view = new FilteredShards(base, Int32Array.from([3, 57, 58, 402, 999]));
  assert.equal(view.count, 5);
  assert.deepEqual(view.shardsOf(0, 5), [0, 5, 40, 99]);
  assert.equal(view.want(1, 3), true);
  assert.deepEqual(loads, [5]);
  assert.equal(view.itemAt(2).k, 'k58');
  assert.equal(view.indexAt(3), 402);
  assert.equal(view.itemAt(0), null);
  assert.equal(view.want(1, 3), false);
  view.want(3, 5);
  assert.deepEqual(loads, [5, 40, 99]);
  assert.ok(base.loaded.size <= 2);
});
