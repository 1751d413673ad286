// Unit tests of justified rows (justified.js): the row breaking the CSS does too, the geometry the
// runtime scrolls with, and a million items. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { breakRows, justify, decode, rowOf, rowAt, box } from '../../Sources/GalgenTheme/Theme/assets/justified.js';
import { cellOffset, windowAt, scrollFor, firstVisibleAt, scrollForAnchor, toVirtual, widthOf, MAX_HEIGHT } from '../../Sources/GalgenTheme/Theme/assets/geometry.js';
import { keyTarget } from '../../Sources/GalgenTheme/Theme/assets/keyboard.js';

// Shapes in 64ths: landscape 3:2 (96), portrait 2:3 (43), square (64), panorama 4:1 (256), tall 1:4 (16).
const mixed = (i) => [96, 43, 96, 64, 96, 96, 43, 256, 96, 16, 64, 96][(i * 7 + (i >> 3)) % 12];
const base = { width: 1200, rowH: 240, gap: 12 };

test('a row takes the pictures that fit at the row height, then fills the width', () => {
  const shapes = [96, 96, 96, 96, 96];                      // 360 px each at 240 px: 3 fit in 1200 (1104), 4 do not
  const { starts, heights, tops } = breakRows({ ...base, count: 5, shapeAt: (i) => shapes[i] });
  assert.deepEqual([...starts], [0, 3, 5]);
  assert.equal(heights[0], (1200 - 2 * 12) / 4.5);          // stretched: three 3:2 pictures across 1200 px
  assert.equal(heights[1], 240);                            // the last row keeps the row height
  assert.equal(tops[1], heights[0] + 12);
});

test('a row that fits exactly breaks there, as the browser does (sums in 64ths are exact)', () => {
  // Two squares at 240 px and one gap: 492 px. In a 492 px list they share the row; in 491 px they do not.
  assert.deepEqual([...breakRows({ ...base, width: 492, count: 2, shapeAt: () => 64 }).starts], [0, 2]);
  assert.deepEqual([...breakRows({ ...base, width: 491.984375, count: 2, shapeAt: () => 64 }).starts], [0, 1, 2]);
});

test('rows are full width, at most 1.5 times the row height, and each keeps every shape', () => {
  const count = 5000, g = justify({ ...base, count, shapeAt: mixed, viewH: 800 });
  for (let r = 0; r < g.rows; r++) {
    const first = g.starts[r], last = g.starts[r + 1] - 1;
    assert.ok(g.heights[r] <= 1.5 * base.rowH + 1e-9, `row ${r} is ${g.heights[r]} px`);
    const end = box(g, last), start = box(g, first);
    assert.equal(start.left, 0);
    for (let i = first; i <= last; i++) assert.ok(Math.abs(box(g, i).width - (mixed(i) * g.heights[r]) / 64) < 1e-9);
    if (r < g.rows - 1 && g.heights[r] < 1.5 * base.rowH) assert.ok(Math.abs(end.left + end.width - base.width) < 1e-6, `row ${r} ends at ${end.left + end.width}`);
    else assert.ok(end.left + end.width <= base.width + 1e-6);
  }
  assert.equal(g.heights[g.rows - 1] <= base.rowH, true);  // the last row is not stretched
});

test('a picture wider than the list shrinks to it; one alone in its row never grows past 1.5 times the height', () => {
  const { starts, heights } = breakRows({ width: 300, rowH: 120, gap: 12, count: 3, shapeAt: (i) => [256, 43, 256][i] });
  assert.deepEqual([...starts], [0, 1, 2, 3]);
  assert.equal(heights[0], 300 / 4);                        // 4:1 at 480 px does not fit 300: shrunk
  assert.equal(heights[1], 180);                            // a portrait alone: capped at 1.5 times 120
  assert.equal(heights[2], 75);                             // the last row: shrunk too, never stretched
});

test('rows start again at every page of the static site: a page alone has the same rows but its last', () => {
  const segment = 100, count = 1000;
  const g = justify({ ...base, count, shapeAt: mixed, segment, viewH: 800 });
  for (let r = 0; r < g.rows; r++) {
    assert.equal(Math.floor(g.starts[r] / segment), Math.floor((g.starts[r + 1] - 1) / segment), `row ${r} crosses a page`);
  }
  // Page 4 (items 300–399) served alone, as the CSS lays it out: the same breaks, its last row or two aside.
  const alone = breakRows({ ...base, count: 100, shapeAt: (i) => mixed(300 + i) });
  const inList = [...g.starts].filter((s) => s >= 300 && s <= 400).map((s) => s - 300);
  const aloneStarts = [...alone.starts];
  assert.deepEqual(inList.slice(0, -2), aloneStarts.slice(0, inList.length - 2));
  const r0 = rowOf(g, 300);
  for (let k = 0; k < inList.length - 3; k++) assert.ok(Math.abs(g.heights[r0 + k] - alone.heights[k]) < 1e-9);
});

test('rowOf, rowAt, windowAt and the scroll helpers agree with the rows', () => {
  const g = justify({ ...base, count: 20000, shapeAt: mixed, segment: 100, viewH: 800 });
  for (const i of [0, 1, 99, 100, 4567, 19999]) {
    const r = rowOf(g, i);
    assert.ok(g.starts[r] <= i && i < g.starts[r + 1]);
    assert.equal(rowAt(g, g.tops[r]), r);
    assert.equal(rowAt(g, g.tops[r] + g.heights[r] + g.gap / 2), r);  // a row's gap belongs to it
  }
  const v = g.tops[rowOf(g, 4567)] + 30;
  const w = windowAt(g, v, 1);
  assert.ok(w.from <= w.sFrom && w.sTo <= w.to);
  assert.ok(g.tops[rowOf(g, w.sFrom)] <= v && g.tops[rowOf(g, w.sTo - 1)] + g.heights[rowOf(g, w.sTo - 1)] >= v + 800 - 1e-6);
  assert.equal(scrollFor(g, w.sFrom + 1, g.tops[rowOf(g, w.sFrom)], 0), null);           // in view: no scroll
  assert.equal(scrollFor(g, 19999, 0, 100), Math.ceil(100 + g.tops[g.rows - 1] + g.heights[g.rows - 1] - 800));
  const first = firstVisibleAt(g, v);
  assert.equal(first.index, g.starts[rowOf(g, 4567)]);       // 30 px into a row of ≥ 120 px: that row still shows
  assert.equal(first.offset, -30);
  const inGap = firstVisibleAt(g, g.tops[rowOf(g, 4567)] + g.heights[rowOf(g, 4567)] + 1);
  assert.equal(inGap.index, g.starts[rowOf(g, 4567) + 1]);  // only its gap is left on screen: the next row
  assert.equal(scrollForAnchor(g, first, 50), Math.round(50 + g.tops[rowOf(g, first.index)] - first.offset));
  assert.equal(cellOffset(g, 4567, v).top, g.tops[rowOf(g, 4567)]);
  assert.equal(widthOf(g, 4567), box(g, 4567).width);
});

test('right to left: a row runs from the right edge', () => {
  const ltr = justify({ ...base, count: 50, shapeAt: mixed, viewH: 800 });
  const rtl = justify({ ...base, count: 50, shapeAt: mixed, viewH: 800, rtl: true });
  for (let i = 0; i < 50; i++) {
    const a = box(ltr, i), b = box(rtl, i);
    assert.ok(Math.abs(b.left - (base.width - a.left - a.width)) < 1e-9);
  }
});

test('keys: ↑ and ↓ go to the nearest picture of the row above or below; ← → follow the direction', () => {
  const g = justify({ ...base, count: 300, shapeAt: mixed, viewH: 800 });
  const i = g.starts[5] + 1, down = keyTarget('ArrowDown', i, g);
  assert.equal(rowOf(g, down), 6);
  const middle = box(g, i).left + box(g, i).width / 2;
  for (let k = g.starts[6]; k < g.starts[7]; k++) {
    const b = box(g, k);
    assert.ok(Math.abs(box(g, down).left + box(g, down).width / 2 - middle) <= Math.abs(b.left + b.width / 2 - middle));
  }
  assert.equal(rowOf(g, keyTarget('ArrowUp', i, g)), 4);
  assert.equal(keyTarget('ArrowRight', i, g), i + 1);
  assert.equal(keyTarget('ArrowLeft', i, { ...g, rtl: true }), i + 1);
  assert.equal(keyTarget('ArrowDown', 299, g), 299);
  assert.equal(keyTarget('ArrowUp', 0, g), 0);
  assert.equal(keyTarget('End', 5, g), 299);
  assert.equal(rowOf(g, keyTarget('PageDown', i, g)), 5 + g.visibleRows - 2);
});

test('a million items: scaled below the browsers\' ceiling, the last row reachable, the pool bounded', () => {
  const count = 1_000_000;
  const shapes = new Uint8Array(count).map((_, i) => mixed(i));
  const t0 = performance.now();
  const g = justify({ ...base, count, shapeAt: (i) => shapes[i], segment: 100, viewH: 800 });
  const ms = performance.now() - t0;
  console.log(`justified rows of ${count} items: ${g.rows} rows in ${ms.toFixed(1)} ms`);
  assert.ok(g.physH <= MAX_HEIGHT && g.scale > 1);
  const bottom = toVirtual(g, g.physH - g.viewH);
  const w = windowAt(g, bottom, 1);
  assert.equal(w.to, count);
  assert.ok(w.sTo === count, 'the last item is on screen at the bottom');
  assert.ok(g.poolCap <= 400 && g.poolCap >= (w.sTo - w.sFrom));
});

test('the manifest\'s aspects decode to 64ths', () => {
  const bytes = [80, 27, 48, 240, 0];                        // 96, 43, 64, 256, 16
  const text = Buffer.from(bytes).toString('base64');
  globalThis.atob ??= (t) => Buffer.from(t, 'base64').toString('binary');
  assert.deepEqual([...decode(text)], [96, 43, 64, 256, 16]);
  assert.equal(decode('').length, 0);
});
