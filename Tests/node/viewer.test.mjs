// Unit tests of the viewer's pure maths (gestures.js: fit, zoom about a point, pan bounds, the zoom limit, the
// variant for a box), and the viewer's size on the wire. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { fitBox, clampView, zoomAt, maxZoom, variantFor } from '../../Sources/GalgenTheme/Theme/assets/gestures.js';

const assets = fileURLToPath(new URL('../../Sources/GalgenTheme/Theme/assets/', import.meta.url));

test('fitBox: contained in the stage, never larger than the picture', () => {
  assert.deepEqual(fitBox(1264, 736, 1920, 1280), { w: 1104, h: 736 });
  assert.deepEqual(fitBox(390, 751, 1920, 1280), { w: 390, h: 260 });
  assert.deepEqual(fitBox(1264, 736, 320, 400), { w: 320, h: 400 });      // a small picture is not blown up
  assert.deepEqual(fitBox(0, 736, 320, 400), { w: 0, h: 0 });
});

test('zoomAt keeps the picture point under the zoom centre', () => {
  const v = { x: 80, y: 8, s: 1 };
  const z = zoomAt(v, 3, 500, 300);
  // the picture point under (500, 300) before: ((500 − 80) / 1, (300 − 8) / 1); after: the same point
  assert.equal((500 - z.x) / z.s, 420);
  assert.equal((300 - z.y) / z.s, 292);
  assert.deepEqual(zoomAt(z, 1, 500, 300), v);
});

test('clampView: centred where smaller than the stage, no gap at the edges where larger', () => {
  const box = { w: 400, h: 300 };
  assert.deepEqual(clampView({ x: 999, y: -999, s: 1 }, box, 1000, 800), { s: 1, x: 300, y: 250 });
  assert.deepEqual(clampView({ x: 50, y: 10, s: 4 }, box, 1000, 800), { s: 4, x: 0, y: 0 });          // 1600 × 1200
  assert.deepEqual(clampView({ x: -5000, y: -5000, s: 4 }, box, 1000, 800), { s: 4, x: -600, y: -400 });
  assert.deepEqual(clampView({ x: -100, y: -100, s: 4 }, box, 1000, 800), { s: 4, x: -100, y: -100 });
});

test('maxZoom: the largest variant 1:1, or 2.5× when it is hardly larger than the box', () => {
  assert.equal(maxZoom(390, 1920), 1920 / 390);
  assert.equal(maxZoom(1104, 1280), 2.5);
  assert.equal(maxZoom(320, 320), 2.5);
});

test('variantFor: the smallest variant at least as wide as the box × DPR, else the largest', () => {
  const v = [['a', 320, 213], ['b', 640, 427], ['c', 1280, 853], ['d', 1920, 1280]];
  assert.equal(variantFor(v, 1104)[1], 1280);
  assert.equal(variantFor(v, 2208)[1], 1920);
  assert.equal(variantFor(v, 320)[1], 320);
  assert.equal(variantFor(v, 1)[1], 320);
  assert.equal(variantFor([['x', 160, 100]], 5000)[1], 160);
});

test('the viewer (lightbox.js, viewer.js, gestures.js) stays under 12 KB gzip as written', () => {
  let total = 0;
  for (const file of ['lightbox.js', 'viewer.js', 'gestures.js']) total += gzipSync(readFileSync(assets + file), { level: 9 }).length;
  assert.ok(total <= 12 * 1024, `viewer modules as written: ${total} bytes gzip`);
});
