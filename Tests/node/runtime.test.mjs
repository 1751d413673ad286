// Unit tests of the runtime's pure modules (geometry, pictures, shards, keyboard maths) and the size
// budgets of every module. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseDebug, layout, toVirtual, toPhysical, cellOffset, windowAt, scrollFor, firstVisibleAt,
         scrollForAnchor, Motion, MAX_HEIGHT } from '../../Sources/GalgenTheme/Theme/assets/geometry.js';
import { pick, urlOf, learn, descOf, learning, shownFormat, variantOf } from '../../Sources/GalgenTheme/Theme/assets/pictures.js';
import { Shards, shardRange } from '../../Sources/GalgenTheme/Theme/assets/shards.js';
import { keyTarget } from '../../Sources/GalgenTheme/Theme/assets/keyboard.js';

const assets = fileURLToPath(new URL('../../Sources/GalgenTheme/Theme/assets/', import.meta.url));
const base = { width: 1000, min: 180, caption: 52, gap: 12, viewH: 800 };

test('debug flags: max-height within bounds, unknown flags ignored', () => {
  assert.equal(parseDebug(null).maxHeight, MAX_HEIGHT);
  assert.equal(parseDebug(null).on, false);
  assert.equal(parseDebug('1,max-height:1000000').maxHeight, 1e6);
  assert.equal(parseDebug('max-height:9999').maxHeight, MAX_HEIGHT);        // below 10,000
  assert.equal(parseDebug('max-height:99999999').maxHeight, MAX_HEIGHT);    // above 16 M
  assert.equal(parseDebug('max-height:abc, unsafe-noclear').unsafeNoClear, true);
});

test('layout: columns, cell size and a 1:1 list below the ceiling', () => {
  const geo = layout({ ...base, count: 100000 });
  assert.equal(geo.cols, 5);                                   // (1000+12)/(180+12) = 5.27
  assert.equal(geo.cellW, (1000 - 4 * 12) / 5);
  assert.equal(geo.rowH, geo.cellW + 52 + 12);
  assert.equal(geo.rows, 20000);
  assert.equal(geo.scale, 1);
  assert.equal(geo.physH, geo.rows * geo.rowH - 12);
  assert.ok(geo.poolCap <= 400 && geo.poolCap >= geo.cols * geo.visibleRows);
  assert.equal(layout({ ...base, width: 100, count: 3 }).cols, 1);
});

test('scaled mode: the bottom of the list is reachable and the viewport maps linearly', () => {
  const geo = layout({ ...base, count: 1000000 });
  assert.equal(geo.physH, MAX_HEIGHT);
  assert.ok(geo.scale > 1);
  const virtualH = geo.rows * geo.rowH - geo.gap;
  const maxP = geo.physH - geo.viewH;
  assert.ok(Math.abs(toVirtual(geo, maxP) + geo.viewH - virtualH) < 1e-6, 'last scroll position shows the last row');
  assert.equal(toVirtual(geo, -50), 0);
  assert.equal(toVirtual(geo, maxP + 1e6), toVirtual(geo, maxP));
  // Near the viewport, distances are kept: two rows 1 row apart are 1 rowH apart on screen.
  const p = 123456;
  const v = toVirtual(geo, p);
  const a = toPhysical(geo, v, p), b = toPhysical(geo, v + geo.rowH, p);
  assert.equal(a, p);
  assert.ok(Math.abs(b - a - geo.rowH) < 1e-6);
  // cellOffset: column and row
  const at = cellOffset(geo, geo.cols * 10 + 2, p);
  assert.equal(at.left, 2 * (geo.cellW + geo.gap));
  assert.ok(Math.abs(at.top - toPhysical(geo, 10 * geo.rowH, p)) < 1e-6);
  // 1:1 mode: physical = virtual
  const small = layout({ ...base, count: 50 });
  assert.equal(toPhysical(small, 500, 77), 500);
});

test('window: one row behind, two ahead, clamped to the list', () => {
  const geo = layout({ ...base, count: 1000 });
  const down = windowAt(geo, 10 * geo.rowH, 1);
  assert.equal(down.firstRow, 10);
  assert.equal(down.from, 9 * geo.cols);
  assert.equal(down.to, (down.lastRow + 3) * geo.cols);
  assert.equal(down.sFrom, 10 * geo.cols);
  const up = windowAt(geo, 10 * geo.rowH, -1);
  assert.equal(up.from, 8 * geo.cols);
  assert.equal(up.to, (up.lastRow + 2) * geo.cols);
  const top = windowAt(geo, 0, -1);
  assert.equal(top.from, 0);
  const end = windowAt(geo, geo.physH - geo.viewH, 1);
  assert.equal(end.to, geo.count);
  assert.ok(end.sTo <= end.to && end.sFrom >= end.from);
});

test('scrollFor: null when in view, whole pixels that keep the item in view in the scaled mode', () => {
  const geo = layout({ ...base, count: 1000000, maxHeight: 1e6 });
  const gridTop = 100;
  const v = toVirtual(geo, 5000);
  const inView = Math.floor(v / geo.rowH + 1) * geo.cols;
  assert.equal(scrollFor(geo, inView, v, gridTop), null);
  assert.equal(typeof scrollFor(geo, inView, v, gridTop, true), 'number');
  for (const index of [7, 12345, 500000, 999999]) {
    const at = scrollFor(geo, index, v, gridTop, true);
    assert.equal(at, Math.floor(at));
    const shown = toVirtual(geo, at - gridTop);
    const y = Math.floor(index / geo.cols) * geo.rowH;
    assert.ok(y >= shown - 1e-6 && y + geo.cellH <= shown + geo.viewH, 'row ' + index + ' in view');
  }
});

test('first visible item and anchors come back', () => {
  const geo = layout({ ...base, count: 100000 });
  const v = 37 * geo.rowH + 20;
  const first = firstVisibleAt(geo, v);
  assert.equal(first.index, 37 * geo.cols);
  assert.equal(first.offset, -20);
  // a row whose gap alone shows does not count
  assert.equal(firstVisibleAt(geo, 38 * geo.rowH - 5).index, 38 * geo.cols);
  const gridTop = 64;
  const p = scrollForAnchor(geo, first, gridTop) - gridTop;
  assert.ok(Math.abs(toVirtual(geo, p) - v) <= 0.5);
});

test('motion: a jump from rest is no fling, fast steady scrolling is, direction turns after a row', () => {
  const m = new Motion({ speed: 3, windowMs: 100 });
  assert.equal(m.update(0, 50000, 800, 264), false);
  assert.equal(m.update(16, 50400, 800, 264), true);    // 400 px in 16 ms: 31 viewports/s
  m.reset();
  assert.equal(m.update(1000, 50500, 800, 264), false);
  assert.equal(m.update(1016, 50510, 800, 264), false);  // slow
  assert.equal(m.direction, 1);
  m.update(1100, 50400, 800, 264);                       // 110 px back: less than a row
  assert.equal(m.direction, 1);
  m.update(1200, 50200, 800, 264);                       // 310 px back in all
  assert.equal(m.direction, -1);
});

test('pictures: smallest variant at least as wide, format learning, placeholder order', () => {
  const formats = { types: ['image/avif', 'image/webp'], supported: new Map(), abs: (p) => 'http://x/' + p, known: true };
  const item = { v: [['a-200.jpg', 200, 200, 'a-200.avif', null], ['a-400.jpg', 400, 400, 'a-400.avif', 'a-400.webp']] };
  const v = pick(formats, item, 180, 2);
  assert.equal(v.width, 400);
  assert.deepEqual(v.alts, ['http://x/a-400.avif', 'http://x/a-400.webp']);
  assert.equal(pick(formats, item, 180, 2), v, 'remembered per width');
  assert.equal(pick(formats, { v: [] }, 180), null);
  assert.equal(urlOf(formats, v), null, 'unknown support: nothing to prefetch yet');
  assert.ok(learning(formats));
  learn(formats, descOf(formats, v), 'http://x/a-400.webp');
  assert.equal(formats.supported.get('image/avif'), false);
  assert.equal(formats.supported.get('image/webp'), true);
  assert.equal(urlOf(formats, v), 'http://x/a-400.webp');
  assert.equal(shownFormat(formats), 'image/webp');
  const small = variantOf(formats, item.v[0]);
  assert.equal(urlOf(formats, small), 'http://x/a-200.jpg', 'no WebP of it: the fallback, never the AVIF');
  assert.ok(!learning(formats));
});

test('shards: fetch what the window wants, abort what it left, keep an LRU', async () => {
  const calls = [], resolvers = new Map();
  const fetchJSON = (url, signal) => new Promise((resolve, reject) => {
    calls.push(url);
    resolvers.set(url, resolve);
    signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
  });
  const stats = {};
  let loads = 0;
  const s = new Shards({ count: 10000, size: 1000, urlOf: (n) => 's' + n, fetchJSON, onLoad: () => loads++, keep: 2, stats });
  assert.deepEqual(shardRange(999, 2001, 10000, 1000), { lo: 0, hi: 2 });
  assert.equal(s.want(0, 1500), true);
  assert.deepEqual(calls, ['s0', 's1']);
  s.want(5000, 5100);                                  // both left before arriving: aborted
  assert.equal(stats.shardAborts, 2);
  resolvers.get('s5')({ items: Array.from({ length: 1000 }, (_, i) => ({ k: 'k' + (5000 + i) })) });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(loads, 1);
  assert.equal(s.itemAt(5003).k, 'k5003');
  assert.equal(s.want(5000, 5100), false);
  for (const n of [6, 7]) {
    s.want(n * 1000, n * 1000 + 10);
    resolvers.get('s' + n)({ items: [] });
    await new Promise((r) => setTimeout(r, 0));
  }
  s.want(7000, 7010);                                  // eviction happens when the window moves
  assert.equal(s.loaded.size, 2, 'kept at most `keep`');
  assert.ok(!s.loaded.has(5), 'the least recently used went first');
});

test('keyboard targets stay in the list', () => {
  const geo = { cols: 5, visibleRows: 4, count: 23 };
  assert.equal(keyTarget('ArrowRight', 22, geo), 22);
  assert.equal(keyTarget('ArrowDown', 3, geo), 8);
  assert.equal(keyTarget('PageDown', 0, geo), 10);
  assert.equal(keyTarget('End', 0, geo), 22);
  assert.equal(keyTarget('Home', 17, geo), 0);
  assert.equal(keyTarget('x', 3, geo), undefined);
});

// Size budgets: each module stays small enough to read in one sitting, and the code a gallery page loads
// before its first render stays small on the wire.
const LINE_BUDGET = 250;
test('every runtime module is within its size budget', () => {
  const modules = readdirSync(assets).filter((f) => f.endsWith('.js'));
  assert.ok(modules.length >= 10, 'the runtime is split into modules');
  for (const file of modules) {
    const text = readFileSync(assets + file, 'utf8');
    const lines = text.split('\n').length - 1;
    assert.ok(lines <= LINE_BUDGET, `${file}: ${lines} lines (budget ${LINE_BUDGET})`);
    assert.ok(!/^(let|var) /m.test(text), `${file}: no mutable top-level variables (state is passed explicitly)`);
  }
});

/** The modules gallery.js loads before its first render: its static import closure. */
function closure(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(assets + entry, 'utf8');
  for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s*'\.\/([^']+)'/gm)) closure(m[1], seen);
  return seen;
}

/** A file's text without its comment lines (what publishing drops at the least: ScriptTrimmer and StyleTrimmer
    also drop inline comments and indentation), for a quick bound on the published size. */
function withoutCommentLines(text) {
  let inBlock = false;
  return text.split('\n').filter((line) => {
    const t = line.trim();
    if (inBlock) { if (t.includes('*/')) inBlock = false; return false; }
    if (t.startsWith('/*')) { inBlock = !t.includes('*/'); return false; }
    return !t.startsWith('//') && t !== '';
  }).join('\n');
}

test('a gallery page loads its modules and stylesheet, without comment lines, in under 25 KB gzip (justified rows too)', () => {
  const files = [...closure('gallery.js')];
  for (const lazy of ['search-core.js', 'search.js', 'lightbox.js', 'debug.js', 'filter-view.js', 'justified.js']) {
    assert.ok(!files.includes(lazy), `${lazy} is loaded on first use, not up front`);
  }
  const size = (file) => gzipSync(withoutCommentLines(readFileSync(assets + file, 'utf8')), { level: 9 }).length;
  const total = files.reduce((sum, file) => sum + size(file), size('style.css'));
  assert.ok(total <= 25 * 1024, `modules and CSS without comment lines: ${total} bytes gzip`);
  // A justified gallery also loads justified.js with its manifest, before the first scroll.
  assert.ok(total + size('justified.js') <= 25 * 1024, `with justified.js: ${total + size('justified.js')} bytes gzip`);
  // As written, comments included (what the authors keep readable): a looser bound, so the source does not run away.
  let written = gzipSync(readFileSync(assets + 'style.css'), { level: 9 }).length;
  for (const file of files) written += gzipSync(readFileSync(assets + file), { level: 9 }).length;
  assert.ok(written <= 28 * 1024, `modules and CSS as written: ${written} bytes gzip`);
});
