// Unit tests of the runtime's right-to-left layout: the grid's columns from the right, and ← / → in the
// grid and on the item page following the page's direction. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layout, cellOffset, columnLeft } from '../../Sources/GalgenTheme/Theme/assets/geometry.js';
import { keyTarget } from '../../Sources/GalgenTheme/Theme/assets/keyboard.js';
import { neighbourOf } from '../../Sources/GalgenTheme/Theme/assets/item.js';

const base = { width: 1000, min: 180, caption: 52, gap: 12, viewH: 800, count: 100000 };
const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-6, `${what}: ${a} ≠ ${b}`);

test('rtl layout: the first cell ends at the right edge and the columns go left', () => {
  const ltr = layout(base), rtl = layout({ ...base, rtl: true });
  assert.equal(ltr.rtl, false);
  assert.equal(rtl.rtl, true);
  for (const key of ['cols', 'cellW', 'rowH', 'physH', 'scale', 'poolCap']) assert.equal(rtl[key], ltr[key], key);
  const { cols, cellW, gap } = rtl;
  close(cellOffset(rtl, 0, 0).left + cellW, base.width, 'first cell, right edge');
  close(cellOffset(rtl, cols - 1, 0).left, 0, 'last column, left edge');
  for (let i = 1; i < cols; i++) {
    close(cellOffset(rtl, i - 1, 0).left - cellOffset(rtl, i, 0).left, cellW + gap, `cell ${i} one column left of ${i - 1}`);
  }
  // Row by row the same as left to right, mirrored: x(rtl) = width − x(ltr) − cellW, the same top.
  for (const i of [0, 1, 4, 5, 13, 99999]) {
    const a = cellOffset(ltr, i, 5000), b = cellOffset(rtl, i, 5000);
    close(b.left, base.width - a.left - cellW, `mirror of ${i}`);
    assert.equal(b.top, a.top);
  }
  assert.equal(columnLeft(ltr, 2), 2 * (cellW + gap));
  assert.equal(columnLeft(rtl, 2), (cols - 3) * (cellW + gap));
});

test('rtl layout: the scaled mode places rows as in ltr', () => {
  const ltr = layout({ ...base, count: 1000000 }), rtl = layout({ ...base, count: 1000000, rtl: true });
  assert.ok(rtl.scale > 1);
  const p = 654321, i = rtl.cols * 4321 + 1;
  assert.equal(cellOffset(rtl, i, p).top, cellOffset(ltr, i, p).top);
  close(cellOffset(rtl, i, p).left, cellOffset(ltr, rtl.cols - 2, p).left, 'column 1 from the right');
  const one = layout({ ...base, width: 150, rtl: true });
  assert.equal(one.cols, 1);
  assert.equal(cellOffset(one, 7, 0).left, 0);
});

test('rtl keyboard: ← is the next item, → the previous, the rest unchanged', () => {
  const ltr = { cols: 5, visibleRows: 4, count: 23 }, rtl = { ...ltr, rtl: true };
  assert.equal(keyTarget('ArrowLeft', 7, rtl), 8);
  assert.equal(keyTarget('ArrowRight', 7, rtl), 6);
  assert.equal(keyTarget('ArrowLeft', 7, ltr), 6);
  assert.equal(keyTarget('ArrowRight', 7, ltr), 8);
  assert.equal(keyTarget('ArrowLeft', 22, rtl), 22, 'stays in the list');
  assert.equal(keyTarget('ArrowRight', 0, rtl), 0, 'stays in the list');
  for (const k of ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']) {
    assert.equal(keyTarget(k, 12, rtl), keyTarget(k, 12, ltr), k);
  }
});

test('rtl item page: ← opens the next item, → the previous', () => {
  const key = (k) => ({ key: k, target: null, defaultPrevented: false, altKey: false, ctrlKey: false,
                        metaKey: false, shiftKey: false, isComposing: false });
  assert.equal(neighbourOf(key('ArrowLeft'), true), 'next');
  assert.equal(neighbourOf(key('ArrowRight'), true), 'prev');
  assert.equal(neighbourOf(key('ArrowLeft'), false), 'prev');
  assert.equal(neighbourOf(key('ArrowLeft')), 'prev', 'left to right unless told');
  assert.equal(neighbourOf(key('ArrowUp'), true), null);
});
