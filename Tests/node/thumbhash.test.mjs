// Unit tests of the preview decoder (thumbhash.js) on hashes the Swift encoder made: the strings pinned in
// Tests/GalgenImagingTests/ThumbHashTests.swift (pinnedHashes, aBusyImageMatchesTheReference), decoded to the
// right size and colours; and the module's size on the wire. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { decode, bytesOf } from '../../Sources/GalgenTheme/Theme/assets/thumbhash.js';

const assets = fileURLToPath(new URL('../../Sources/GalgenTheme/Theme/assets/', import.meta.url));

// Made by the Swift encoder (ThumbHashTests.pinned): 60x40 solid rgb(200,30,40), 40x60 solid rgb(40,70,220),
// 100x50 red on the left to blue on the right.
const RED_LANDSCAPE = 'VloDBYCIiIiIiIiIiIiIiIiIiIiI';
const BLUE_PORTRAIT = '28IBBQCIiIiIiIiIiIiIiIiIiIiI';
const RED_TO_BLUE = 'FfYCnJqIiIiIiIiIiIh/d/h3hw';
const BUSY = '2IYGDoZjJqBUdqWHdWiWd3h2tVf/kHo';       // 91x77

/** The mean of each channel over the picture, or over the columns [x0, x1). */
function mean({ w, h, rgba }, x0 = 0, x1 = w) {
  const sum = [0, 0, 0, 0];
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = x0; x < x1; x++, n++) for (let c = 0; c < 4; c++) sum[c] += rgba[(y * w + x) * 4 + c];
  }
  return sum.map((s) => s / n);
}

const near = (got, want, tolerance) =>
  assert.ok(want.every((v, i) => Math.abs(got[i] - v) <= tolerance), `${got.map(Math.round)} is not within ${tolerance} of ${want}`);

test('a solid colour decodes to that colour, opaque, at the shape of its image', () => {
  const red = decode(bytesOf(RED_LANDSCAPE));
  assert.deepEqual([red.w, red.h], [32, 23]);                 // 3:2 is 7:5 in luminance terms
  assert.equal(red.rgba.length, 32 * 23 * 4);
  near(mean(red), [200, 30, 40, 255], 8);
  const blue = decode(bytesOf(BLUE_PORTRAIT));
  assert.deepEqual([blue.w, blue.h], [23, 32]);
  near(mean(blue), [40, 70, 220, 255], 8);
});

test('the AC terms: red on the left, blue on the right', () => {
  const picture = decode(bytesOf(RED_TO_BLUE));
  assert.deepEqual([picture.w, picture.h], [32, 18]);         // 2:1 is 7:4
  const left = mean(picture, 0, 6), right = mean(picture, 26, 32);
  assert.ok(left[0] > 170 && left[2] < 90, `left ${left.map(Math.round)}`);
  assert.ok(right[2] > 170 && right[0] < 90, `right ${right.map(Math.round)}`);
  near(mean(picture), [128, 0, 128, 255], 20);
});

test('a busy hash decodes at its size; padding or none, the same bytes', () => {
  const picture = decode(bytesOf(BUSY));
  assert.deepEqual([picture.w, picture.h], [32, 27]);
  assert.deepEqual(bytesOf(BUSY + '='), bytesOf(BUSY));
  assert.equal(bytesOf(BUSY).length, 23);
});

test('what is not a hash decodes to nothing', () => {
  assert.equal(bytesOf('not base64!'), null);
  assert.equal(decode(bytesOf('')), null);
  assert.equal(decode(bytesOf('VloDBYCI')), null);            // cut short
  assert.equal(decode(null), null);
});

test('the decoder is small, and loaded on first use, not by the first gallery page', () => {
  const bytes = gzipSync(readFileSync(assets + 'thumbhash.js'), { level: 9 }).length;
  assert.ok(bytes < 3000, `thumbhash.js is ${bytes} bytes gzip as written`);
  for (const file of ['gallery.js', 'cells.js']) {
    const text = readFileSync(assets + file, 'utf8');
    assert.ok(!/^import[^;]*'\.\/thumbhash\.js'/m.test(text), `${file} imports thumbhash.js statically`);
    assert.ok(text.includes("import('./thumbhash.js')"), `${file} loads thumbhash.js when needed`);
  }
});
