/* galgen runtime: justified rows (`layout: "justified"`, docs/runtime.md). Pure functions of numbers, no
   DOM, loaded only by a justified gallery. The rows are broken as the page's CSS breaks them before the
   runtime takes over (style.css: each cell's flex basis is its shape `a` times `--row-h`), so taking over
   moves nothing: a row takes items while their widths at the row height, with the gaps, fit the list's
   width; it is then stretched to the full width (at most to `cap`, 1.5, times the row height); the last row
   keeps the row height. Shapes come in 64ths (AspectRatio.swift), so the sums are exact, as the
   browser's are in its 1/64 px units. The geometry this makes has what geometry.js's grid has (the
   window, scrolling, the scaled mode past MAX_HEIGHT) and each geometry function hands it to the same
   function here. */
import { clamp, toPhysical, MAX_HEIGHT, HARD_CEILING } from './geometry.js';

/** The manifest's `aspects` (base64, a byte per item: 64ths − 16) as 64ths. */
export function decode(text) {
  return Uint16Array.from(atob(text || ''), (c) => c.charCodeAt(0) + 16);
}

/** The rows of `count` items whose shapes (64ths) `shapeAt(i)` gives, in a list `width` px wide with rows
    `rowH` px high and `gap` px between items and rows: `starts` (each row's first item, then `count`),
    `tops` (each row's top, then the list's height plus a gap) and `heights`. Rows start again at every
    `segment` items (the static pages' size: a page served alone has the runtime's rows, its last excepted);
    a segment's last row is stretched too, or joins the row before when that row's height is nearer. */
export function breakRows({ width, rowH, gap, count, shapeAt, segment = Infinity, cap = 1.5 }) {
  const starts = [0], heights = [], sums = [];
  const room = Math.round(width * 64), gap64 = gap * 64;
  const fit = (sum, n) => ((width - gap * (n - 1)) * 64) / sum;
  const off = (h) => Math.abs(Math.log(h / rowH));
  let i = 0;
  while (i < count) {
    const end = Math.min(count, (Math.floor(i / segment) + 1) * segment);
    let sum = shapeAt(i), j = i + 1;
    while (j < end) {
      const next = sum + shapeAt(j);
      if (next * rowH + gap64 * (j - i) > room) break;
      sum = next; j++;
    }
    const height = Math.min(j === count ? rowH : cap * rowH, fit(sum, j - i));
    const r = heights.length;
    if (j === end && j < count && r > 0 && starts[r - 1] >= end - segment) {
      const joined = Math.min(cap * rowH, fit(sums[r - 1] + sum, j - starts[r - 1]));
      if (off(joined) < off(height)) {
        heights[r - 1] = joined; sums[r - 1] += sum; starts[r] = j;
        i = j;
        continue;
      }
    }
    heights.push(height); sums.push(sum); starts.push(j);
    i = j;
  }
  const tops = new Float64Array(heights.length + 1);
  for (let r = 0; r < heights.length; r++) tops[r + 1] = tops[r] + heights[r] + gap;
  return { starts: Int32Array.from(starts), tops, heights: Float64Array.from(heights) };
}

/** The geometry of a justified list (same fields as geometry.js's `layout`, plus its rows). */
export function justify({ width, rowH, gap, count, shapeAt, segment, viewH, maxHeight = MAX_HEIGHT, hardCeiling = HARD_CEILING, rtl = false }) {
  const { starts, tops, heights } = breakRows({ width, rowH, gap, count, shapeAt, segment });
  const rows = heights.length;
  let most = 1;
  for (let r = 0; r < rows; r++) most = Math.max(most, starts[r + 1] - starts[r]);
  // Short rows (a panorama alone) hold few items, so a screen holds at most as many rows as would fit at half
  // the row height; the pool is sized for the widest row.
  const visibleRows = Math.ceil(viewH / (rowH / 2 + gap)) + 1;
  const cols = Math.max(1, Math.ceil(count / Math.max(1, rows)));
  const poolCap = Math.min(hardCeiling, most * (visibleRows + 3));
  const virtualH = Math.max(0, tops[rows] - gap);
  const physH = Math.min(virtualH, maxHeight);
  const scale = physH > viewH && virtualH > physH ? (virtualH - viewH) / (physH - viewH) : 1;
  return { j: api, width, shapeAt, starts, tops, heights, cols, cellW: rowH, cellH: rowH, gap, rowH: rowH + gap, rows, count,
           viewH, visibleRows, poolCap, physH, scale, rtl: !!rtl };
}

/** The last index `k` in `list` (ascending) with `list[k] <= x`, within [0, last]. */
function floorIndex(list, x, last) {
  let lo = 0, hi = last;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid] <= x) lo = mid; else hi = mid - 1;
  }
  return lo;
}

export const rowOf = (geo, i) => floorIndex(geo.starts, i, Math.max(0, geo.rows - 1));
export const rowAt = (geo, y) => floorIndex(geo.tops, y, Math.max(0, geo.rows - 1));

/** Item `index`'s box in its row: `left` (px from the list's left edge; from the right edge under `rtl`),
    `width`, `height`, and the row `r`. */
export function box(geo, index) {
  const r = rowOf(geo, index), height = geo.heights[r];
  let left = 0;
  for (let k = geo.starts[r]; k < index; k++) left += (geo.shapeAt(k) * height) / 64 + geo.gap;
  const width = (geo.shapeAt(index) * height) / 64;
  return { r, left: geo.rtl ? geo.width - left - width : left, width, height };
}

function cellOffset(geo, index, p) {
  const b = box(geo, index);
  return { top: toPhysical(geo, geo.tops[b.r], p), left: b.left, width: b.width, height: b.height };
}

function windowAt(geo, v, direction) {
  const { rows, starts, viewH, count } = geo;
  if (!rows) return { firstRow: 0, lastRow: 0, from: 0, to: 0, sFrom: 0, sTo: 0 };
  const firstRow = rowAt(geo, v), lastRow = rowAt(geo, v + viewH);
  const behind = 1, ahead = 2;
  const wFirst = Math.max(0, firstRow - (direction > 0 ? behind : ahead));
  const wLast = Math.min(rows - 1, lastRow + (direction > 0 ? ahead : behind));
  const from = starts[wFirst], to = Math.min(count, starts[wLast + 1]);
  return { firstRow, lastRow, from, to, sFrom: starts[firstRow], sTo: Math.min(to, starts[lastRow + 1]) };
}

function scrollFor(geo, index, v, gridTop, top = false) {
  const r = rowOf(geo, index), y = geo.tops[r], h = geo.heights[r];
  if (!top && y >= v && y + h <= v + geo.viewH) return null;
  const toTop = top || y < v;
  const at = gridTop + (toTop ? y : y + h - geo.viewH) / geo.scale;
  return toTop ? Math.floor(at) : Math.ceil(at);
}

function firstVisibleAt(geo, v) {
  const r = rowAt(geo, Math.max(0, v) + geo.gap), index = clamp(geo.starts[r], 0, geo.count - 1);
  return { index, offset: Math.round(geo.tops[r] - v) };
}

const scrollForAnchor = (geo, anchor, gridTop) =>
  Math.round(gridTop + (geo.tops[rowOf(geo, clamp(anchor.index, 0, geo.count - 1))] - (anchor.offset || 0)) / geo.scale);

/** The item a key moves to: ← → along the items, ↑ ↓ (and a screenful of rows for PageUp/PageDown) to
    the item of that row nearest below or above the middle of this one. */
function keyTarget(key, i, geo) {
  const step = geo.rtl ? -1 : 1, rows = { ArrowDown: 1, ArrowUp: -1, PageDown: geo.visibleRows - 2, PageUp: 2 - geo.visibleRows }[key];
  const to = { ArrowRight: i + step, ArrowLeft: i - step, Home: 0, End: geo.count - 1 }[key];
  if (rows === undefined) return to === undefined ? undefined : clamp(to, 0, geo.count - 1);
  const here = box(geo, i), r = clamp(here.r + Math.sign(rows) * Math.max(1, Math.abs(rows)), 0, geo.rows - 1);
  if (r === here.r) return rows > 0 ? geo.count - 1 : 0;
  const middle = here.left + here.width / 2;
  let best = geo.starts[r], distance = Infinity;
  for (let k = geo.starts[r]; k < geo.starts[r + 1]; k++) {
    const b = box(geo, k), d = Math.abs(b.left + b.width / 2 - middle);
    if (d < distance) { distance = d; best = k; }
  }
  return best;
}

const api = { rowOf, rowAt, box, cellOffset, windowAt, scrollFor, firstVisibleAt, scrollForAnchor, keyTarget };
