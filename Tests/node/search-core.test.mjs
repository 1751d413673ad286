// Unit tests of Sources/GalgenTheme/Theme/assets/search-core.js against docs/search.md.
// Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SearchIndex, compareCodePoints, fragmentsFor, parseQuery, titleTerm, tokenize }
  from '../../Sources/GalgenTheme/Theme/assets/search-core.js';
import { matchedField as matchedIn } from '../../Sources/GalgenTheme/Theme/assets/search-fields.js';

const matchedField = (words, row, labels) => matchedIn(words, row, labels, tokenize);

const ROOT = 'https://example.test/site/';
const MANIFEST = `${ROOT}search/index.json`;
const byBytes = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));

// ---- a small index writer following docs/search.md (a fixture: counts, not bytes, cut the fragments) ----
function writeIndex(collections, { termsPer = 3, keysPer = 2048, docsSize = 128 } = {}) {
  const files = new Map(), postings = new Map(), docs = [], keys = [], meta = [];
  const put = (dir, n, value) => {
    const json = JSON.stringify(value), hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
    files.set(`${ROOT}search/${dir}/${n}-${hash}.json`, json);
    return hash;
  };
  const chunks = (list, n) => Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, i * n + n));
  for (const { title, items, fields = [] } of collections) {
    meta.push({ title, base: `${title.toLowerCase()}/`, offset: docs.length, count: items.length, pageSize: 60, itemPages: true,
      ...(fields.length ? { fields } : {}) });
    for (const item of items) {
      // A collection's searchable fields (labels): their texts follow the subtitle and add their terms.
      const id = docs.length, own = tokenize(item.title), texts = fields.map((label) => item.fields?.[label] ?? null);
      docs.push([item.key, item.title, item.subtitle ?? null, ...texts]);
      keys.push([item.key, id]);
      const extra = texts.flatMap((text) => tokenize(text ?? ''));
      for (const t of new Set([...own, ...tokenize(item.subtitle ?? ''), ...extra, titleTerm(own)].filter(Boolean))) {
        postings.set(t, [...(postings.get(t) ?? []), id]);
      }
    }
  }
  const terms = { first: [], hashes: [] }, keyRange = { first: [], hashes: [] };
  chunks([...postings.keys()].sort(byBytes), termsPer).forEach((chunk, i) => {
    const p = chunk.map((t) => postings.get(t).map((id, j, ids) => id - (j ? ids[j - 1] : 0)));
    terms.first.push(i ? chunk[0] : '');
    terms.hashes.push(put('terms', i, { t: chunk, p }));
  });
  chunks(keys.sort((a, b) => byBytes(a[0], b[0])), keysPer).forEach((chunk, i) => {
    keyRange.first.push(i ? chunk[0][0] : '');
    keyRange.hashes.push(put('keys', i, { k: chunk.map((k) => k[0]), d: chunk.map((k) => k[1]) }));
  });
  const docHashes = chunks(docs, docsSize).map((chunk, n) => put('docs', n, chunk));
  const manifest = { version: 1, collections: meta, docs: { size: docsSize, hashes: docHashes }, terms, keys: keyRange };
  files.set(MANIFEST, JSON.stringify(manifest));
  // The URL of the term fragment whose range holds `term` (by UTF-8 bytes, independently of the module).
  const termFile = (term) => {
    const i = terms.first.findLastIndex((f) => byBytes(f, term) <= 0);
    return `${ROOT}search/terms/${i}-${terms.hashes[i]}.json`;
  };
  const docFile = (id) => {
    const n = Math.floor(id / docsSize);
    return `${ROOT}search/docs/${n}-${docHashes[n]}.json`;
  };
  return { files, manifest, termFile, docFile };
}

// A fake server: answers from `files` (missing → 404, text that is not JSON → SyntaxError), counts
// requests, keeps each request's signal, and holds the URLs in `held` until released or aborted
// (or only until released: `deaf` ones, like a server that ignores the signal).
function serve(files) {
  const calls = [], signals = new Map(), held = new Map(), deaf = new Set();
  const fetchJSON = async (url, signal) => {
    calls.push(url);
    signals.set(url, signal);
    if (held.has(url)) {
      await new Promise((resolve, reject) => {
        held.get(url).push(resolve);
        if (!deaf.has(url)) signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    if (!files.has(url)) throw new Error('404 Not Found');
    return JSON.parse(files.get(url));
  };
  const hold = (url, { ignoreAbort = false } = {}) => { held.set(url, []); if (ignoreAbort) deaf.add(url); };
  const release = (url) => { const waiting = held.get(url) ?? []; held.delete(url); waiting.forEach((go) => go()); };
  return { fetchJSON, calls, signals, hold, release };
}

const SITE = [
  { title: 'People', items: [
    { key: 'emile-zola', title: 'Émile Zola', subtitle: 'Novelist' },        // 0
    { key: 'john-smith', title: 'John Smith', subtitle: 'Explorer' },        // 1
    { key: 'johnson-jones', title: 'Johnson Jones' },                         // 2
    { key: 'john', title: 'John', subtitle: 'Singer' },                       // 3
    { key: 'smith-john', title: 'Smith John' },                               // 4
    { key: 'jane-doe', title: 'Jane Doe', subtitle: 'sister of John' },      // 5
  ] },
  { title: 'Places', items: [
    { key: 'tokyo', title: '東京都', subtitle: 'Tokyo' },                      // 6
    { key: 'kyoto', title: '京都', subtitle: 'Kyoto' },                        // 7
    { key: 'johannesburg', title: 'Johannesburg', subtitle: 'South Africa' }, // 8
    { key: 'fa0e', title: '\uFA0E' },                                         // 9  (BMP, above the surrogates)
    { key: 'astral', title: '\u{2000B}' },                                    // 10 (astral)
    { key: 'john-smith-museum', title: 'John Smith', subtitle: 'Museum' },   // 11
  ] },
];

function setup(options = {}, indexOptions = {}) {
  const site = writeIndex(SITE, options);
  const server = serve(site.files);
  const index = new SearchIndex({ url: MANIFEST, fetchJSON: server.fetchJSON, ...indexOptions });
  return { ...site, server, index };
}

const ranked = ({ results }) => results.map((r) => [r.id, r.tier]);
const tick = () => new Promise((resolve) => setImmediate(resolve));

// ---- the tokeniser ----------------------------------------------------------------------------------
const vectors = JSON.parse(readFileSync(new URL('../Fixtures/search-tokenize.json', import.meta.url), 'utf8'));

test('the shared tokeniser vectors', () => {
  assert.equal(vectors.cases.length, 29);
  for (const { text, terms, titleTerm: title } of vectors.cases) {
    assert.deepEqual(tokenize(text), terms, JSON.stringify(text));
    assert.equal(titleTerm(tokenize(text)), title, JSON.stringify(text));
  }
});

test('CJK runs end at any other letter or digit; long terms are cut between code points', () => {
  assert.deepEqual(tokenize('2024年度'), ['2024', '年度']);
  assert.deepEqual(tokenize('москва東京'), ['москва', '東京']);
  assert.deepEqual(tokenize('a'.repeat(62) + '\u{10330}'), ['a'.repeat(62)]);            // 4 bytes would make 66
  assert.deepEqual(tokenize('a'.repeat(60) + '\u{10330}'), ['a'.repeat(60) + '\u{10330}']);
  assert.deepEqual(tokenize('a'.repeat(62) + 'жж'), ['a'.repeat(62) + 'ж']);
});

test('code point order, not UTF-16 order', () => {
  const astral = '\u{1F600}', high = '\uFFFF';
  assert.ok(astral < high);                                  // what `<` says
  assert.ok(compareCodePoints(high, astral) < 0);            // U+FFFF before U+1F600
  assert.ok(compareCodePoints('\uE000', '\u{10000}') < 0);
  assert.ok(compareCodePoints('\uD7FF', '\u{10000}') < 0);
  assert.ok(compareCodePoints('\u{10000}', '\u{10001}') < 0);
  assert.ok(compareCodePoints('ab', 'abc') < 0);
  assert.ok(compareCodePoints('b', 'abc') > 0);
  assert.equal(compareCodePoints('x\u{2000B}', 'x\u{2000B}'), 0);
  const words = ['\u{2000B}', 'z', '\uFA0E', '', '\u0001a', 'é', '\u{10330}'];
  assert.deepEqual([...words].sort(compareCodePoints), [...words].sort(byBytes));
});

// ---- queries ------------------------------------------------------------------------------------------
test('parseQuery: the last word is a prefix while typing', () => {
  const w = (term, prefix = false) => ({ term, prefix });
  assert.deepEqual(parseQuery('John Smi'), { words: [w('john'), w('smi', true)], titleTerm: '\u0001john smi' });
  assert.deepEqual(parseQuery('John Smi ').words, [w('john'), w('smi')]);
  assert.deepEqual(parseQuery('John Smi\u3000').words, [w('john'), w('smi')]);
  assert.deepEqual(parseQuery('John Smi', { typing: false }).words, [w('john'), w('smi')]);
  assert.deepEqual(parseQuery('smi,').words, [w('smi', true)]);
  assert.deepEqual(parseQuery('john john').words, [w('john'), w('john', true)]);
  assert.deepEqual(parseQuery('a b a b', { typing: false }).words, [w('a'), w('b')]);
  assert.deepEqual(parseQuery(''), { words: [], titleTerm: null });
  assert.deepEqual(parseQuery(' — '), { words: [], titleTerm: null });
});

test('parseQuery: CJK bigrams are whole terms; a last word of one CJK character is a prefix', () => {
  const w = (term, prefix = false) => ({ term, prefix });
  assert.deepEqual(parseQuery('東京都'), { words: [w('東京'), w('京都')], titleTerm: '\u0001東京 京都' });
  assert.deepEqual(parseQuery('東').words, [w('東', true)]);
  assert.deepEqual(parseQuery('東 ').words, [w('東')]);
  assert.deepEqual(parseQuery('東 京').words, [w('東'), w('京', true)]);
  assert.deepEqual(parseQuery('iPhone版').words, [w('iphone'), w('版', true)]);
  assert.deepEqual(parseQuery('版 iPho').words, [w('版'), w('ipho', true)]);
});

test('fragmentsFor: whole terms', () => {
  const first = ['', 'c', 'f', 'm', 't'];
  assert.deepEqual(fragmentsFor(first, 'a'), [0]);
  assert.deepEqual(fragmentsFor(first, '\u0001john'), [0]);   // title terms sort before every word
  assert.deepEqual(fragmentsFor(first, 'c'), [1]);            // a fragment's first term is its own
  assert.deepEqual(fragmentsFor(first, 'ezzz'), [1]);
  assert.deepEqual(fragmentsFor(first, 't'), [4]);
  assert.deepEqual(fragmentsFor(first, 'zzz'), [4]);          // past the last `first`
  assert.deepEqual(fragmentsFor([''], 'x'), [0]);
  assert.deepEqual(fragmentsFor([], 'x'), []);
});

test('fragmentsFor: prefixes span fragments, nearest first, at most 4', () => {
  const first = ['', 'ba', 'bc', 'be', 'bg', 'bi', 'c'];
  assert.deepEqual(fragmentsFor(first, 'b', true), [0, 1, 2, 3]);
  assert.deepEqual(fragmentsFor(first, 'bd', true), [2]);
  assert.deepEqual(fragmentsFor(first, 'bc', true), [2]);
  assert.deepEqual(fragmentsFor(first, 'bf', true), [3]);
  assert.deepEqual(fragmentsFor(first, 'bh', true), [4]);
  assert.deepEqual(fragmentsFor(first, 'a', true), [0]);
  assert.deepEqual(fragmentsFor(first, 'c', true), [6]);
  assert.deepEqual(fragmentsFor(first, 'z', true), [6]);
  assert.deepEqual(fragmentsFor(['', 'ab', 'ac'], 'a', true), [0, 1, 2]);
  assert.deepEqual(fragmentsFor(['', 'ab', 'ac'], 'ab', true), [1]);
  assert.deepEqual(fragmentsFor(['', 'b', 'c'], 'b', true), [1]);
});

test('fragmentsFor: astral characters in code point order', () => {
  const first = ['', '\uFFFF', '\u{10000}', '\u{10000}b'];
  assert.deepEqual(fragmentsFor(first, '\uFFFFa'), [1]);
  assert.deepEqual(fragmentsFor(first, '\u{10000}a'), [2]);
  assert.deepEqual(fragmentsFor(first, '\u{10001}'), [3]);
  assert.deepEqual(fragmentsFor(first, '\uFFFF', true), [1]);
  assert.deepEqual(fragmentsFor(first, '\u{10000}', true), [2, 3]);
  assert.deepEqual(fragmentsFor(first, '\uE000', true), [0]);
});

// ---- searching ----------------------------------------------------------------------------------------
test('ranking: exact title, then whole words, then prefixes; ids within a tier', async () => {
  const { index } = setup();
  assert.deepEqual(ranked(await index.search('john')),
    [[3, 'exact'], [1, 'words'], [4, 'words'], [5, 'words'], [11, 'words'], [2, 'prefix']]);
  assert.deepEqual(ranked(await index.search('john', { typing: false })),
    [[3, 'exact'], [1, 'words'], [4, 'words'], [5, 'words'], [11, 'words']]);
  // A last word typed as a prefix that equals a document's term is a whole word for that document.
  assert.deepEqual(ranked(await index.search('JOHN SMITH')), [[1, 'exact'], [11, 'exact'], [4, 'words']]);
  assert.deepEqual(ranked(await index.search('john smith ')), [[1, 'exact'], [11, 'exact'], [4, 'words']]);
  assert.deepEqual(ranked(await index.search('john smi')), [[1, 'prefix'], [4, 'prefix'], [11, 'prefix']]);
  assert.deepEqual(ranked(await index.search('smith jo')), [[1, 'prefix'], [4, 'prefix'], [11, 'prefix']]);
  assert.deepEqual(ranked(await index.search('smith john')), [[4, 'exact'], [1, 'words'], [11, 'words']]);
  assert.deepEqual(ranked(await index.search('zola')), [[0, 'words']]);        // not the whole title
  assert.deepEqual(ranked(await index.search('son')), []);              // no substrings of alphabetic words
  assert.deepEqual(ranked(await index.search('zola nobody', { typing: false })), []);
  assert.deepEqual(ranked(await index.search('  ')), []);
});

test('results carry the document and its place', async () => {
  const { index } = setup();
  const { results, total } = await index.search('emile');
  assert.equal(total, 1);
  assert.deepEqual(results, [{ id: 0, collection: 0, index: 0, key: 'emile-zola', title: 'Émile Zola',
    subtitle: 'Novelist', field: null, tier: 'words' }]);
  const museum = (await index.search('museum')).results;
  assert.deepEqual(museum, [{ id: 11, collection: 1, index: 5, key: 'john-smith-museum', title: 'John Smith',
    subtitle: 'Museum', field: null, tier: 'words' }]);
  assert.equal((await index.search('johnson')).results[0].subtitle, null);
});

test('CJK and astral terms', async () => {
  const { index } = setup({ termsPer: 1 });
  assert.deepEqual(ranked(await index.search('京都')), [[7, 'exact'], [6, 'words']]);
  assert.deepEqual(ranked(await index.search('京')), [[6, 'prefix'], [7, 'prefix']]);
  assert.deepEqual(ranked(await index.search('東京都')), [[6, 'exact']]);
  assert.deepEqual(ranked(await index.search('tokyo')), [[6, 'words']]);
  assert.deepEqual(ranked(await index.search('\uFA0E', { typing: false })), [[9, 'exact']]);
  assert.deepEqual(ranked(await index.search('\u{2000B}', { typing: false })), [[10, 'exact']]);
  assert.deepEqual(ranked(await index.search('\u{2000B}')), [[10, 'exact']]);
});

test('a filtered grid\'s indexes keep the results to the items it shows (the search box under filters)', async () => {
  const { index } = setup();
  // Collection 0's "john" matches are ids 1, 2, 3, 4, 5 (collection indexes the same): keep 2 and 4 only.
  const kept = await index.search('john', { collection: 0, indexes: Int32Array.from([0, 2, 4]) });
  assert.deepEqual(ranked(kept), [[4, 'words'], [2, 'prefix']]);
  assert.equal(kept.total, 2);
  // Collection 1's indexes are its own (5 is id 11).
  assert.deepEqual(ranked(await index.search('john smith', { collection: 1, indexes: Int32Array.from([5]) })), [[11, 'exact']]);
  assert.deepEqual(ranked(await index.search('john smith', { collection: 1, indexes: Int32Array.from([0, 1]) })), []);
  // Without a collection (the home page's box), indexes mean nothing and are not applied.
  assert.equal((await index.search('john', { indexes: Int32Array.from([]) })).total, 6);
});

test('a collection restricts the results to its id range', async () => {
  const { index } = setup();
  assert.deepEqual(ranked(await index.search('john smith', { collection: 0 })), [[1, 'exact'], [4, 'words']]);
  const places = await index.search('john smith', { collection: 1 });
  assert.deepEqual(ranked(places), [[11, 'exact']]);
  assert.equal(places.total, 1);
  assert.deepEqual(places.results.map((r) => [r.collection, r.index]), [[1, 5]]);
  assert.deepEqual(ranked(await index.search('jo', { collection: 1 })), [[8, 'prefix'], [11, 'prefix']]);
  await assert.rejects(index.search('john', { collection: 2 }), RangeError);
});

test('a query fetches only the files it needs; the same query again fetches nothing', async () => {
  const { index, server, termFile, docFile } = setup({ termsPer: 1, docsSize: 2 });
  const first = await index.search('zola', { typing: false });
  assert.deepEqual(first.fetched, [MANIFEST, termFile('zola'), termFile('\u0001zola'), docFile(0)]);
  assert.deepEqual(server.calls, first.fetched);
  const again = await index.search('zola', { typing: false });
  assert.deepEqual(again.fetched, []);
  assert.deepEqual(ranked(again), [[0, 'words']]);
  assert.equal(server.calls.length, 4);
});

test('warm loads the fragments of the finished words only, and the query then reuses them', async () => {
  const { index, server, termFile } = setup({ termsPer: 1, docsSize: 2 });
  await index.warm('john smi');                       // "smi" is still being typed: not warmed
  assert.deepEqual(server.calls, [MANIFEST, termFile('john')]);
  await index.warm('john smi');
  assert.equal(server.calls.length, 2, 'what is loaded is not fetched again');
  const { fetched } = await index.search('john smith ', { typing: true });
  assert.ok(!fetched.includes(termFile('john')), fetched);
  assert.ok(fetched.includes(termFile('smith')), fetched);
  await index.warm('john smith ');                    // a trailing space finishes the last word
  assert.equal(server.calls.filter((url) => url === termFile('smith')).length, 1);
});

test('a prefix fetches at most the 4 fragments nearest it', async () => {
  const { index, termFile } = setup({ termsPer: 1 });
  const { fetched, results } = await index.search('j');
  const terms = new Set(fetched.filter((url) => url.includes('/terms/')));
  assert.deepEqual(terms, new Set([termFile('j'), termFile('jane'), termFile('johannesburg'), termFile('john'),
    termFile('\u0001j')]));
  assert.equal(termFile('j'), termFile('explorer'));
  // 'johnson' and 'jones' lie beyond the 4 fragments: document 2 is not found by 'j'.
  assert.deepEqual(results.map((r) => r.id), [1, 3, 4, 5, 8, 11]);
});

test('only the document shards of the first `limit` results are fetched', async () => {
  const { index, docFile } = setup({ docsSize: 1 });
  const { results, total, fetched } = await index.search('john', { limit: 2 });
  assert.deepEqual(results.map((r) => r.id), [3, 1]);
  assert.equal(total, 6);
  assert.deepEqual(fetched.filter((url) => url.includes('/docs/')).sort(), [docFile(1), docFile(3)].sort());
  const none = await index.search('john', { limit: 0 });
  assert.deepEqual([none.results, none.total, none.fetched], [[], 6, []]);
});

test('concurrent queries share one request per file', async () => {
  const { index, server } = setup();
  const [a, b] = await Promise.all([index.search('zola'), index.search('zola')]);
  assert.deepEqual(ranked(a), ranked(b));
  assert.equal(new Set(server.calls).size, server.calls.length);
  assert.deepEqual(new Set([...a.fetched, ...b.fetched]).size, server.calls.length);
});

test('the LRU keeps the most recently used files and evicts the others', async () => {
  const plan = async (lru) => {
    const { index, termFile } = setup({ termsPer: 1 }, { lru });
    await index.search('zola', { typing: false });     // the fragments of zola and \u0001zola, the shard
    await index.search('emile', { typing: false });    // those of emile and \u0001emile, the shard (a hit)
    return { fetched: (await index.search('zola', { typing: false })).fetched, termFile };
  };
  const small = await plan(3);
  assert.deepEqual(small.fetched, [small.termFile('zola'), small.termFile('\u0001zola')]);  // the shard stayed
  assert.deepEqual((await plan(64)).fetched, []);
});

test('an aborted query rejects with AbortError, aborts its fetch, and does not poison the cache', async () => {
  const { index, server, termFile } = setup();
  await index.locate('john');                           // the manifest is loaded
  server.hold(termFile('zola'));
  const controller = new AbortController();
  const pending = index.search('zola', { signal: controller.signal });
  await tick();
  assert.ok(server.calls.includes(termFile('zola')));
  controller.abort();
  await assert.rejects(pending, { name: 'AbortError' });
  assert.equal(server.signals.get(termFile('zola')).aborted, true);
  server.release(termFile('zola'));
  const next = await index.search('zola');
  assert.ok(next.fetched.includes(termFile('zola')));
  assert.deepEqual(ranked(next), [[0, 'words']]);
  await assert.rejects(index.search('zola', { signal: AbortSignal.abort() }), { name: 'AbortError' });
});

test('a fetch that ignores the abort is not reused: the next query requests the file again', async () => {
  const { index, server, termFile } = setup();
  await index.locate('john');
  const url = termFile('zola');
  server.hold(url, { ignoreAbort: true });
  const controller = new AbortController();
  const aborted = index.search('zola', { signal: controller.signal });
  await tick();
  controller.abort();
  await assert.rejects(aborted, { name: 'AbortError' });
  const next = index.search('zola');
  await tick();
  assert.equal(server.calls.filter((u) => u === url).length, 2);
  server.release(url);
  assert.deepEqual(ranked(await next), [[0, 'words']]);
  assert.deepEqual((await index.search('zola')).fetched, []);
});

test('aborting one of two queries waiting for a file does not abort the other', async () => {
  const { index, server, termFile } = setup();
  await index.locate('john');
  server.hold(termFile('zola'));
  const controller = new AbortController();
  const aborted = index.search('zola', { signal: controller.signal });
  const kept = index.search('zola', { signal: new AbortController().signal });
  await tick();
  controller.abort();
  await assert.rejects(aborted, { name: 'AbortError' });
  assert.equal(server.signals.get(termFile('zola')).aborted, false);
  server.release(termFile('zola'));
  assert.deepEqual(ranked(await kept), [[0, 'words']]);
  assert.equal(server.calls.filter((url) => url === termFile('zola')).length, 1);
});

test('a missing or broken file rejects, naming it; once it is back the query succeeds', async () => {
  const { index, files, termFile } = setup();
  const url = termFile('zola'), json = files.get(url);
  files.delete(url);
  await assert.rejects(index.search('zola'), (e) => e instanceof Error && e.message.includes(url));
  files.set(url, '{"t": [');
  await assert.rejects(index.search('zola'), (e) => e.message.includes(url));
  files.set(url, '{"t": []}');
  await assert.rejects(index.search('zola'), (e) => e.message.includes(url));
  files.set(url, json);
  const ok = await index.search('zola');
  assert.ok(ok.fetched.includes(url));
  assert.deepEqual(ranked(ok), [[0, 'words']]);
});

test('a missing manifest rejects and is fetched again next time', async () => {
  const { index, files, server } = setup();
  const json = files.get(MANIFEST);
  files.delete(MANIFEST);
  await assert.rejects(index.search('zola'), (e) => e.message.includes(MANIFEST));
  await assert.rejects(index.locate('john'), (e) => e.message.includes(MANIFEST));
  files.set(MANIFEST, json);
  assert.equal((await index.search('zola')).fetched[0], MANIFEST);
  assert.deepEqual((await index.search('smith')).fetched.includes(MANIFEST), false);
  assert.equal(server.calls.filter((url) => url === MANIFEST).length, 3);
});

test('locate finds items by key through the key fragments', async () => {
  const { index, server } = setup({ keysPer: 2 });
  const all = SITE.flatMap((c, collection) => c.items.map((item, i) => [item.key, collection, i]));
  let id = 0;
  for (const [key, collection, i] of all) assert.deepEqual(await index.locate(key), { collection, index: i, id: id++ });
  for (const key of ['', '0', 'johnx', 'zzz', 'john-smith-', 'jane']) assert.equal(await index.locate(key), null);
  assert.equal(server.calls.filter((url) => url.includes('/keys/')).length, 6);
});

// ---- searchable fields ------------------------------------------------------------------------------
const FIELDS_SITE = [
  { title: 'Apps', fields: ['Genre', 'Tags'], items: [
    { key: 'chess', title: 'Chess Pro', subtitle: 'Board games', fields: { Genre: 'Strategy', Tags: 'classic, kings' } },  // 0
    { key: 'cafe', title: 'Café Finder', fields: { Genre: 'Food & Drink', Tags: 'Crème brûlée, coffee' } },                // 1
    { key: 'tokyo-maps', title: 'Maps', subtitle: 'Offline maps', fields: { Genre: 'Navigation', Tags: '東京都 maps' } },   // 2
    { key: 'strategy-guide', title: 'Strategy Guide', fields: { Genre: 'Books' } },                                      // 3
    { key: 'no-fields', title: 'Plain', fields: {} },                                                                     // 4
  ] },
  { title: 'People', items: [{ key: 'ann', title: 'Ann', subtitle: 'Strategy consultant' }] },                           // 5
];

function setupFields() {
  const site = writeIndex(FIELDS_SITE);
  const server = serve(site.files);
  return { ...site, server, index: new SearchIndex({ url: MANIFEST, fetchJSON: server.fetchJSON }) };
}
const found = ({ results }) => results.map((r) => [r.key, r.field]);

test('searchable fields: a word only in a field finds the item and names the field', async () => {
  const { index } = setupFields();
  assert.deepEqual(found(await index.search('navigation', { typing: false })), [['tokyo-maps', 'Genre']]);
  assert.deepEqual(found(await index.search('kings', { typing: false })), [['chess', 'Tags']]);
  // The title or subtitle first: "Strategy Guide" and "Strategy consultant" hold the word themselves.
  assert.deepEqual(found(await index.search('strategy', { typing: false })),
    [['chess', 'Genre'], ['strategy-guide', null], ['ann', null]]);
  assert.deepEqual(found(await index.search('board games')), [['chess', null]]);
  // A word in the title and one in a field: the field that holds the other word is named.
  assert.deepEqual(found(await index.search('chess classic', { typing: false })), [['chess', 'Tags']]);
  assert.deepEqual(found(await index.search('東京', { typing: false })), [['tokyo-maps', 'Tags']]);
  assert.deepEqual(found(await index.search('offline maps', { typing: false })), [['tokyo-maps', null]]);
  assert.deepEqual(found(await index.search('unknownword')), []);
});

test('searchable fields: the last word is a prefix while typing', async () => {
  const { index } = setupFields();
  assert.deepEqual(found(await index.search('navig')), [['tokyo-maps', 'Genre']]);
  assert.deepEqual(found(await index.search('navig', { typing: false })), []);
  assert.deepEqual(found(await index.search('chess cla')), [['chess', 'Tags']]);
  assert.deepEqual(found(await index.search('strat')).sort(), [['ann', null], ['chess', 'Genre'], ['strategy-guide', null]]);
  // A finished word is whole: "class" is no term of Chess Pro.
  assert.deepEqual(found(await index.search('class ')), []);
});

test('searchable fields: case and diacritics are folded, as in titles', async () => {
  const { index } = setupFields();
  assert.deepEqual(found(await index.search('CREME BRULEE', { typing: false })), [['cafe', 'Tags']]);
  assert.deepEqual(found(await index.search('crème brû')), [['cafe', 'Tags']]);
  assert.deepEqual(found(await index.search('DRINK', { typing: false })), [['cafe', 'Genre']]);
  assert.deepEqual(found(await index.search('cafe coffee', { typing: false })), [['cafe', 'Tags']]);
});

test('matchedField: rows without fields, missing values and collections without labels', () => {
  const words = parseQuery('strat').words;
  assert.equal(matchedField(words, ['k', 'Title', null], undefined), null);
  assert.equal(matchedField(words, ['k', 'Title', null, null, 'Strategy'], ['Genre', 'Tags']), 'Tags');
  assert.equal(matchedField(words, ['k', 'Title', 'Strategy', 'Strategy'], ['Genre']), null);
  assert.equal(matchedField(parseQuery('strat', { typing: false }).words, ['k', 'T', null, 'Strategy'], ['Genre']), null);
});
