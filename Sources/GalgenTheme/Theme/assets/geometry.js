/* galgen runtime: geometry. Pure functions of numbers, no DOM: the grid's layout from its CSS sizes,
   the scaled mode for lists taller than browsers allow, the window of rows to bind, and scrolling
   speed. Unit-tested with `node --test` (Tests/node). docs/runtime.md explains the maths. */

/** The default ceiling of the list's height in CSS pixels: Chromium clamps elements near 33.5 M px and
    Firefox near 17.9 M px. Above it the list scrolls through a scale factor. */
export const MAX_HEIGHT = 16e6;
/** The most cells a page ever creates. */
export const HARD_CEILING = 400;

/** `?galgen-debug=<flag>[,<flag>…]` (test hooks, docs/runtime.md): `1`, `unsafe-noclear`, `max-height:<px>`
    (10,000 to 16,000,000). Unknown or malformed flags are ignored. */
export function parseDebug(value) {
  const flags = value ? value.split(',').map((flag) => flag.trim()) : [];
  const maxHeight = flags.reduce((max, flag) => {
    const match = /^max-height:([0-9]{5,8})$/.exec(flag);
    const px = match ? Number(match[1]) : NaN;
    return px >= 1e4 && px <= 16e6 ? px : max;
  }, MAX_HEIGHT);
  return { on: !!value, flags, unsafeNoClear: flags.includes('unsafe-noclear'), maxHeight };
}

/** The layout of `count` items in a list `width` px wide: columns of at least `min` px with `gap` between,
    square pictures with a `caption` below, in a viewport `viewH` px high. Rows past `maxHeight` px are
    reached through `scale` (virtual px per physical px; 1 when the list fits). With `rtl` (the list's
    `direction`), rows fill from the right edge, as the static CSS grid does under `dir="rtl"`. */
export function layout({ width, min, caption, gap, count, viewH, maxHeight = MAX_HEIGHT, hardCeiling = HARD_CEILING, rtl = false }) {
  const cols = Math.max(1, Math.floor((width + gap) / (min + gap)));
  const cellW = (width - gap * (cols - 1)) / cols;
  const cellH = cellW + caption;
  const rowH = cellH + gap;
  const rows = Math.ceil(count / cols);
  const visibleRows = Math.ceil(viewH / rowH) + 1;
  const poolCap = Math.min(hardCeiling, cols * (visibleRows + 3) + cols * visibleRows);
  const virtualH = Math.max(0, rows * rowH - gap);
  const physH = Math.min(virtualH, maxHeight);
  const scale = physH > viewH && virtualH > physH ? (virtualH - viewH) / (physH - viewH) : 1;
  return { width, cols, cellW, cellH, gap, rowH, rows, count, viewH, visibleRows, poolCap, physH, scale, rtl: !!rtl };
}

/* Each function below takes the grid's geometry or justified rows' (justified.js: `geo.j`, which has its
   own version of each). */

/** Item `i`'s row, row `r`'s top (virtual px), the row at virtual offset `y`, and item `i`'s width. */
export const rowOf = (geo, i) => (geo.j ? geo.j.rowOf(geo, i) : Math.floor(i / geo.cols));
export const rowTop = (geo, r) => (geo.j ? geo.tops[r] : r * geo.rowH);
export const rowAt = (geo, y) => (geo.j ? geo.j.rowAt(geo, y) : clamp(Math.floor(y / geo.rowH), 0, Math.max(0, geo.rows - 1)));
export const widthOf = (geo, i) => (geo.j ? geo.j.box(geo, i).width : geo.cellW);

export const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));

/** The virtual offset (px into the whole list) shown at the top of the viewport while the list is
    scrolled `p` physical px. */
export const toVirtual = (geo, p) => clamp(p, 0, Math.max(0, geo.physH - geo.viewH)) * geo.scale;

/** The physical top (in the list) of virtual offset `y` while the scroll position is `p`: 1:1 in the
    unscaled mode; in the scaled one, the viewport's top maps to toVirtual(p) and everything near it
    keeps its distances, so cells on screen are spaced as in the unscaled list. */
export const toPhysical = (geo, y, p) => (geo.scale === 1 ? y : clamp(p, 0, geo.physH) + (y - toVirtual(geo, p)));

/** The physical x (px from the list's left edge) of column `col`, counted from the inline start: from
    the left, or under `rtl` from the right (column 0 ends at the list's right edge). */
export const columnLeft = (geo, col) => (geo.rtl ? geo.cols - 1 - col : col) * (geo.cellW + geo.gap);

/** Where item `index` goes while the scroll position is `p`: its transform's offsets in px. */
export function cellOffset(geo, index, p) {
  if (geo.j) return geo.j.cellOffset(geo, index, p);
  const row = Math.floor(index / geo.cols), col = index % geo.cols;
  return { top: toPhysical(geo, row * geo.rowH, p), left: columnLeft(geo, col) };
}

/** The items to bind at virtual offset `v`, scrolling in `direction` (+1 down, −1 up): the rows on
    screen [sFrom, sTo) and, around them, one row behind and two ahead [from, to). */
export function windowAt(geo, v, direction) {
  if (geo.j) return geo.j.windowAt(geo, v, direction);
  const { cols, rows, rowH, viewH, count } = geo;
  const firstRow = clamp(Math.floor(v / rowH), 0, Math.max(0, rows - 1));
  const lastRow = clamp(Math.floor((v + viewH) / rowH), 0, Math.max(0, rows - 1));
  const behind = 1, ahead = 2;
  const wFirst = Math.max(0, firstRow - (direction > 0 ? behind : ahead));
  const wLast = Math.min(rows - 1, lastRow + (direction > 0 ? ahead : behind));
  const from = wFirst * cols, to = Math.min(count, (wLast + 1) * cols);
  const sFrom = Math.max(from, firstRow * cols), sTo = Math.min(to, (lastRow + 1) * cols);
  return { firstRow, lastRow, from, to, sFrom, sTo };
}

/** The scroll position (document px, whole) that brings item `index` into view from virtual offset `v`:
    its row's top at the viewport's top when `top` or when it is above, its bottom at the viewport's
    bottom when it is below; null when it is in view already. Each whole scroll pixel is `scale` px of
    the list, so it rounds towards the side that keeps the item in view. */
export function scrollFor(geo, index, v, gridTop, top = false) {
  if (geo.j) return geo.j.scrollFor(geo, index, v, gridTop, top);
  const y = Math.floor(index / geo.cols) * geo.rowH;
  if (!top && y >= v && y + geo.cellH <= v + geo.viewH) return null;
  const toTop = top || y < v;
  const at = gridTop + (toTop ? y : y + geo.cellH - geo.viewH) / geo.scale;
  return toTop ? Math.floor(at) : Math.ceil(at);
}

/** The first row whose cells show at virtual offset `v` (a row whose gap alone is left at the top does
    not count): its first index and how far its top is from the viewport's top. */
export function firstVisibleAt(geo, v) {
  if (geo.j) return geo.j.firstVisibleAt(geo, v);
  const index = clamp(Math.floor((Math.max(0, v) + geo.gap) / geo.rowH) * geo.cols, 0, geo.count - 1);
  return { index, offset: Math.round(Math.floor(index / geo.cols) * geo.rowH - v) };
}

/** The scroll position that puts item `anchor.index`'s row `anchor.offset` px below the viewport's top
    (rounded: in the scaled mode the anchor comes back to within half of `scale` px). */
export function scrollForAnchor(geo, anchor, gridTop) {
  if (geo.j) return geo.j.scrollForAnchor(geo, anchor, gridTop);
  const y = Math.floor(clamp(anchor.index, 0, geo.count - 1) / geo.cols) * geo.rowH;
  return Math.round(gridTop + (y - (anchor.offset || 0)) / geo.scale);
}

/** Scroll speed and direction from the renders of the last `windowMs` (fling gating, docs/runtime.md):
    `update(t, v, viewH)` returns whether the list moves faster than `speed` viewports per second. A single
    jump from rest is no fling: no earlier render lies in the window. The direction turns only after a
    row's worth of travel the other way, so jitter does not flip the overscan. */
export class Motion {
  constructor({ speed = 3, windowMs = 100 } = {}) {
    this.speed = speed; this.windowMs = windowMs;
    this.times = []; this.offsets = [];
    this.direction = 1; this.lastV = 0; this.travel = 0; this.flinging = false;
  }

  update(t, v, viewH, rowH) {
    const moved = v - this.lastV;
    this.lastV = v;
    if (Math.sign(moved) === this.direction || moved === 0) this.travel = 0;
    else if ((this.travel += Math.abs(moved)) > rowH) { this.direction = -this.direction; this.travel = 0; }
    while (this.times.length && t - this.times[0] > this.windowMs) { this.times.shift(); this.offsets.shift(); }
    this.flinging = this.times.length > 0 &&
      Math.abs(v - this.offsets[0]) * 1000 / Math.max(16, t - this.times[0]) > this.speed * viewH;
    this.times.push(t); this.offsets.push(v);
    return this.flinging;
  }

  /** Forgets the offsets measured before a relayout (they say nothing about speed in the new one). */
  reset() { this.times.length = this.offsets.length = 0; }
}
