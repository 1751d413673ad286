// Unit tests of Sources/GalgenTheme/Theme/assets/cards.js (a chosen value's card blocks) and of how
// filter-view.js's FilteredShards takes a filtered window's items from them or from the collection's shards
// (docs/search.md, "Cards"): against a fake site of 100,000 items whose blocks and shards are made here as the
// build writes them, fetched through a fake fetchJSON that counts, delays, fails or corrupts. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CardBlocks } from '../../Sources/GalgenTheme/Theme/assets/cards.js';
import { cardsOf } from '../../Sources/GalgenTheme/Theme/assets/filters.js';
import { FilteredShards } from '../../Sources/GalgenTheme/Theme/assets/filter-view.js';
import { Shards } from '../../Sources/GalgenTheme/Theme/assets/shards.js';
import { intersect } from '../../Sources/GalgenTheme/Theme/assets/postings.js';

const COUNT = 100_000, SHARD = 1000, PER_BLOCK = 32;
const item = (i) => ({ k: 'k' + i, t: 'Person ' + i, c: '#ccc', v: [], f: [['Genre', 'g' + (i % 7)]] });
const card = (i) => [item(i).k, item(i).t, item(i).c, item(i).v];     // as the build writes it: [k, t, c, v, s, p, m]
// A value spread over the whole collection (every 1,009th item: 100 items, each in a shard of its own) and a
// dense one (every other item).
const rare = Int32Array.from({ length: Math.ceil(COUNT / 1009) }, (_, n) => n * 1009);
const dense = Int32Array.from({ length: COUNT / 2 }, (_, n) => n * 2);

/** A fake site: shard and block files by URL, fetched asynchronously; `log` lists what was asked for. */
function site({ broken = new Map() } = {}) {
  const files = new Map(), log = [], aborted = [];
  for (let n = 0; n * SHARD < COUNT; n++) {
    files.set('shard/' + n, { first: n * SHARD, items: Array.from({ length: SHARD }, (_, k) => item(n * SHARD + k)) });
  }
  for (const [name, ids] of [['rare', rare], ['dense', dense]]) {
    for (let n = 0; n * PER_BLOCK < ids.length; n++) {
      files.set(`cards/${name}-${n}.json`, { first: n * PER_BLOCK, items: [...ids.slice(n * PER_BLOCK, (n + 1) * PER_BLOCK)].map(card) });
    }
  }
  for (const [url, data] of broken) files.set(url, data);
  const fetchJSON = (url, signal) => {
    log.push(url);
    return new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => { aborted.push(url); reject(Object.assign(new Error('aborted'), { name: 'AbortError' })); });
      setTimeout(() => {
        if (signal.aborted) return;
        const data = files.get(url);
        if (data === undefined) reject(new Error('HTTP 404')); else resolve(structuredClone(data));
      }, 1);
    });
  };
  const stats = {};
  const base = new Shards({ count: COUNT, size: SHARD, urlOf: (n) => 'shard/' + n, fetchJSON, stats });
  const source = (name, ids) => new CardBlocks({ ids, perBlock: PER_BLOCK, urlOf: (n) => `cards/${name}-${n}.json`, fetchJSON, stats });
  return { base, source, log, aborted, stats };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Wants [from, to) until every item is here (at most 20 rounds); returns the keys shown. */
async function show(view, from, to) {
  for (let round = 0; round < 20 && view.want(from, to); round++) await settle();
  const keys = [];
  for (let p = from; p < Math.min(to, view.count); p++) keys.push(view.itemAt(p) && view.itemAt(p).k);
  return keys;
}
const keysOf = (ids, from, to) => [...ids.slice(from, to)].map((i) => 'k' + i);

test('cardsOf gives the chosen values that have card blocks, with their postings', () => {
  const manifest = { filters: [
    { field: 'genre', kind: 'value', cards: 512, values: [['Rock', 3, 'a.bin', 'search/cards/0-0-0-abc-'], ['Pop', 1, 'b.bin', 'search/cards/0-0-1-def-']] },
    { field: 'price', kind: 'ranges', values: [['0-1', 4, 'c.bin']] },
  ] };
  const lists = [Int32Array.from([1, 2, 3]), Int32Array.from([1, 5, 6, 7])];
  assert.deepEqual(cardsOf(manifest, [['genre', 'Rock'], ['price', '0-1']], lists),
                   [{ ids: lists[0], perBlock: 512, prefix: 'search/cards/0-0-0-abc-' }]);
  assert.deepEqual(cardsOf(manifest, [['price', '0-1']], [lists[1]]), []);
  assert.deepEqual(cardsOf(manifest, [['genre', 'Nope']], [lists[0]]), []);
});

test('a spread-out value: the first screen comes from one card block, not from a shard per item', async () => {
  const s = site(), view = new FilteredShards(s.base, rare, [s.source('rare', rare)]);
  assert.deepEqual(await show(view, 0, 20), keysOf(rare, 0, 20));
  assert.deepEqual(s.log, ['cards/rare-0.json']);
  // Each further screen (20 items, 32 a block): the next block at most.
  for (let from = 20; from < rare.length; from += 20) assert.deepEqual(await show(view, from, from + 20), keysOf(rare, from, from + 20));
  assert.deepEqual(s.log, [0, 1, 2, 3].map((n) => `cards/rare-${n}.json`));
  assert.equal(s.stats.shardFetches, undefined);
});

test('a dense value: its items are few shards apart, so the shards show them (they carry the fields)', async () => {
  const s = site(), view = new FilteredShards(s.base, dense, [s.source('dense', dense)]);
  assert.deepEqual(await show(view, 0, 60), keysOf(dense, 0, 60));
  assert.deepEqual(s.log, ['shard/0']);
  assert.ok(view.itemAt(10).f, 'an item from a shard has its fields');
});

test('two values: the blocks of the one that needs fewest files show their intersection', async () => {
  const both = intersect([rare, dense]);
  const s = site(), view = new FilteredShards(s.base, both, [s.source('dense', dense), s.source('rare', rare)]);
  assert.deepEqual(await show(view, 0, 30), keysOf(both, 0, 30));
  assert.deepEqual(s.log, ['cards/rare-0.json', 'cards/rare-1.json']);
});

test('a missing block is named and the view shows the items from the shards instead', async () => {
  const s = site(), warnings = [], warn = console.warn;
  console.warn = (message) => warnings.push(message);
  try {
    const view = new FilteredShards(s.base, rare, [s.source('gone', rare)]);
    assert.deepEqual(await show(view, 0, 12), keysOf(rare, 0, 12));
    assert.equal(s.log[0], 'cards/gone-0.json');
    assert.equal(s.stats.cardFailures, 1);
    assert.equal(s.stats.shardFetches, 12);
    assert.match(warnings.join('\n'), /cards cards\/gone-0\.json: HTTP 404/);
  } finally { console.warn = warn; }
});

test('a corrupt block (other cards, a card without a key, not JSON\'s shape) turns the blocks off the same way', async () => {
  for (const bad of [{ first: 32, items: [] }, { first: 0, items: [...rare.slice(0, 31)].map(card) },
                     { first: 0, items: [...rare.slice(0, 32)].map((i, n) => (n === 3 ? [null, 'x', '#ccc', []] : card(i))) }, []]) {
    const s = site({ broken: new Map([['cards/rare-0.json', bad]]) }), warn = console.warn, warnings = [];
    console.warn = (message) => warnings.push(message);
    try {
      const view = new FilteredShards(s.base, rare, [s.source('rare', rare)]);
      assert.deepEqual(await show(view, 0, 5), keysOf(rare, 0, 5));
      assert.equal(s.stats.cardFailures, 1, JSON.stringify(bad).slice(0, 60));
      assert.match(warnings[0], /cards\/rare-0\.json: holds/);
    } finally { console.warn = warn; }
  }
});

test('moving away before a block arrives aborts its fetch; the LRU keeps only a few blocks', async () => {
  const s = site(), view = new FilteredShards(s.base, rare, [s.source('rare', rare)]);
  view.want(0, 20);
  view.want(40, 60);                         // block 1 now, block 0 no longer
  assert.deepEqual(s.aborted, ['cards/rare-0.json']);
  assert.deepEqual(await show(view, 40, 60), keysOf(rare, 40, 60));
  const source = view.sources[0];
  source.keep = 2;
  for (let from = 0; from < rare.length; from += 10) await show(view, from, from + 10);
  assert.ok(source.loaded.size <= 2);
});

test('whenFull fetches the shard of an item shown from its card and hands over its fields', async () => {
  const s = site(), view = new FilteredShards(s.base, rare, [s.source('rare', rare)]);
  await show(view, 0, 10);
  assert.deepEqual(view.itemAt(5), { k: 'k' + rare[5], t: 'Person ' + rare[5], c: '#ccc', v: [] });
  const full = await new Promise((resolve) => view.whenFull(5, resolve));
  assert.deepEqual(full.f, item(rare[5]).f);
  assert.ok(s.log.includes('shard/' + Math.floor(rare[5] / SHARD)));
  // The grid's next window does not abort a shard the lightbox waits for.
  view.whenFull(7, () => {});
  view.want(0, 10);
  assert.ok(!s.aborted.includes('shard/' + Math.floor(rare[7] / SHARD)));
});

test('a card list becomes the item the cells show: absent members left out, trailing ones not written', () => {
  const blocks = new CardBlocks({ ids: Int32Array.from([4, 9, 12]), perBlock: 2, urlOf: () => '', fetchJSON: null });
  assert.deepEqual(blocks.check(0, { first: 0, items: [['k4', 'Four', '#111', [['a.jpg', 1, 2]], 'Sub', null, ['v.mp4', 'video/mp4']],
                                                       ['k9', 'Nine', '#222', [], null, 'PREVIEW']] }),
                   [{ k: 'k4', t: 'Four', c: '#111', v: [['a.jpg', 1, 2]], s: 'Sub', m: ['v.mp4', 'video/mp4'] },
                    { k: 'k9', t: 'Nine', c: '#222', v: [], p: 'PREVIEW' }]);
  assert.deepEqual(blocks.check(1, { first: 2, items: [['k12', 'Twelve', '#333', []]] }), [{ k: 'k12', t: 'Twelve', c: '#333', v: [] }]);
  assert.throws(() => blocks.check(1, { first: 2, items: [{ k: 'k12', t: 'Twelve', c: '#333', v: [] }] }), /without a key/);
});
