/* galgen runtime: render. One render per animation frame binds the window of rows around the viewport
   from the pool, parks what left it, shows the pictures a fling held back, prefetches ahead and keeps
   the roving tab stop; `goTo` scrolls an item into view. `view` is the state of the grid's rendering
   (made by gallery.js): the `list` (below), the collection's `data` (its `shards`), the `pool`, the
   `cells` (cells.js), the `focus` (focus.js), the `prefetcher` (prefetch.js), the scrolling `motion`,
   `unsafeNoClear`, and its own: `upgraded`, `scheduled`, `frame` and `schedule` (render in the next
   frame), `flushTimer`, `settleTimer`, and `onSettle` (saves the address once scrolling settles, history.js).
   The `list` is the <ul> (`grid`), its items' `count`, its layout `geo` (geometry.js) and its `top` in the
   document, with `measure()` (lays it out from its CSS sizes and the viewport) and `apply()` (gives it
   that layout's size and notes its top). */
import { clamp, toVirtual, windowAt, scrollFor } from './geometry.js';
import { acquire, park, place, nodeAt } from './pool.js';
import { showPicture } from './cells.js';
import { prefetch } from './prefetch.js';
import { updateTabStop, focusCell } from './focus.js';

/** The list's scroll position: px of the list above the viewport's top. */
export const physScroll = (list) => window.scrollY - list.top;

/** Asks for a render in the next frame (once). */
export function schedule(view) {
  if (!view.scheduled) { view.scheduled = true; requestAnimationFrame(view.frame); }
}

export function render(view) {
  view.scheduled = false;
  if (!view.upgraded) return;
  const t0 = performance.now();
  const { list, pool, focus, motion } = view, shards = view.data.shards, grid = list.grid, active = pool.active;
  pool.renderSeq++;
  const geo = list.geo, cols = geo.cols;
  const p = physScroll(list), v = toVirtual(geo, p);
  const flinging = motion.update(t0, v, geo.viewH, geo.rowH), direction = motion.direction;
  const { from, to, sFrom, sTo } = windowAt(geo, v, direction);
  const busy = shards.want(from - cols, to + cols);
  const value = busy ? 'true' : 'false';
  if (grid.getAttribute('aria-busy') !== value) grid.setAttribute('aria-busy', value);

  const focused = document.activeElement;
  focus.node = focused && focused !== grid && grid.contains(focused) ? focused.closest('.cell') : null;
  const focusedKey = focus.node && focus.node.key;
  for (const node of active.values()) {         // deleting the current entry keeps the iteration valid
    if ((node.index < from || node.index >= to) && node.key !== focusedKey) park(pool, node);
  }
  // The rows on screen first: they take the nodes that have been hidden for a frame. The overscan rows
  // may have to wait for the next frame (see acquire), which a jump of a screenful or more needs.
  pool.waiting = false;
  for (let i = sFrom; i < sTo; i++) {
    const item = shards.itemAt(i);
    if (item) acquire(pool, item, i, p, true, t0);
  }
  for (let i = from; i < to; i++) {
    if (i >= sFrom && i < sTo) continue;
    const item = shards.itemAt(i);
    if (item) acquire(pool, item, i, p, false, t0);
  }
  if (focus.node && active.get(focus.node.key) === focus.node) place(geo, focus.node, focus.node.index, p);

  // Pictures held back by a fling: shown once the cell has been in the window for FLING_MS, or now
  // that the fling is over. Parked nodes keep waiting (an eviction cancels theirs, see clear).
  const cells = view.cells, deferred = cells.deferred;
  if (deferred.size) {
    let stillWaiting = false;
    for (const node of deferred) {
      if (active.get(node.key) !== node) continue;
      if (!flinging || t0 - node.boundAt >= motion.windowMs) showPicture(cells, node, node.index >= sFrom && node.index < sTo);
      else stillWaiting = true;
    }
    // No render may follow when the scrolling stops: come back when the fling is over.
    clearTimeout(view.flushTimer);
    if (stillWaiting) view.flushTimer = setTimeout(view.schedule, motion.windowMs);
  }

  // Prefetch the two rows past the window in the scroll direction; nothing during a fling (the rows
  // ahead will be passed by too), which also cancels the prefetches under way.
  const band = 2 * cols;
  if (flinging) prefetch(view.prefetcher, shards, geo, 0, 0);
  else if (direction > 0) prefetch(view.prefetcher, shards, geo, to, Math.min(geo.count, to + band));
  else prefetch(view.prefetcher, shards, geo, Math.max(0, from - band), from);

  updateTabStop(focus, from, to, sFrom);
  if (focus.pending >= 0) {
    const node = nodeAt(pool, shards, focus.pending);
    if (node) { focus.pending = -1; focusCell(focus, node); }
  }
  clearTimeout(view.settleTimer);
  view.settleTimer = setTimeout(() => settle(view), 150);
  if (pool.waiting) schedule(view);
  performance.measure('galgen:render', { start: t0 });
}

/** After scrolling settles: DOM order = visual order (the focused node is never moved). Skipped in
    the unsafe-noclear control: re-inserting a node repaints its <img>, which would hide the stale
    pictures that mode exists to show. */
function settle(view) {
  if (!view.unsafeNoClear) {
    const grid = view.list.grid;
    const nodes = [...view.pool.active.values()].sort((a, b) => a.index - b.index);
    let ref = grid.firstElementChild;
    for (const node of nodes) {
      if (node === ref) { ref = ref.nextElementSibling; continue; }
      if (node === view.focus.node) { ref = node.nextElementSibling; continue; }
      grid.insertBefore(node, ref);
    }
  }
  view.onSettle();
}

/** Scrolls so item `index` is in view (as the first full row when it was not, or when `top`) and, with
    `focus`, focuses it once it is bound. */
export function goTo(view, index, { focus = false, top = false } = {}) {
  const list = view.list;
  index = clamp(index, 0, list.count - 1);
  const at = scrollFor(list.geo, index, toVirtual(list.geo, physScroll(list)), list.top, top);
  if (at !== null) window.scrollTo({ top: at, behavior: 'instant' });
  if (focus) view.focus.pending = index;
  render(view);
}
