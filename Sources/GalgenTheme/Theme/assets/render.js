/* galgen runtime: render. One render per animation frame binds the window of rows around the viewport
   from the pool, parks what left it, shows the pictures a fling held back, prefetches ahead and keeps
   the roving tab stop; `goTo` scrolls an item into view. `g` is the page's state (gallery.js). */
import { clamp, toVirtual, windowAt, scrollFor } from './geometry.js';
import { acquire, park, place, nodeAt } from './pool.js';
import { showPicture } from './cells.js';
import { prefetch } from './prefetch.js';
import { updateTabStop, focusCell } from './focus.js';

/** The list's scroll position: px of the list above the viewport's top. */
export const physScroll = (g) => window.scrollY - g.gridTop;

/** Asks for a render in the next frame (once). */
export function schedule(g) {
  if (!g.scheduled) { g.scheduled = true; requestAnimationFrame(g.renderFrame); }
}

export function render(g) {
  g.scheduled = false;
  if (!g.upgraded) return;
  const t0 = performance.now();
  g.renderSeq++;
  const geo = g.geo, cols = geo.cols;
  const p = physScroll(g), v = toVirtual(geo, p);
  const flinging = g.motion.update(t0, v, geo.viewH, geo.rowH), direction = g.motion.direction;
  const { firstRow, from, to, sFrom, sTo } = windowAt(geo, v, direction);
  const busy = g.shards.want(from - cols, to + cols);
  const value = busy ? 'true' : 'false';
  if (g.grid.getAttribute('aria-busy') !== value) g.grid.setAttribute('aria-busy', value);

  const focused = document.activeElement;
  g.focusNode = focused && focused !== g.grid && g.grid.contains(focused) ? focused.closest('.cell') : null;
  const focusedKey = g.focusNode && g.focusNode.key;
  for (const node of g.active.values()) {       // deleting the current entry keeps the iteration valid
    if ((node.index < from || node.index >= to) && node.key !== focusedKey) park(g, node);
  }
  // The rows on screen first: they take the nodes that have been hidden for a frame. The overscan rows
  // may have to wait for the next frame (see acquire), which a jump of a screenful or more needs.
  g.waiting = false;
  for (let i = sFrom; i < sTo; i++) {
    const item = g.shards.itemAt(i);
    if (item) acquire(g, item, i, p, true, t0);
  }
  for (let i = from; i < to; i++) {
    if (i >= sFrom && i < sTo) continue;
    const item = g.shards.itemAt(i);
    if (item) acquire(g, item, i, p, false, t0);
  }
  if (g.focusNode && g.active.get(g.focusNode.key) === g.focusNode) place(g, g.focusNode, g.focusNode.index, p);

  // Pictures held back by a fling: shown once the cell has been in the window for FLING_MS, or now
  // that the fling is over. Parked nodes keep waiting (an eviction cancels theirs, see clear).
  if (g.deferred.size) {
    let stillWaiting = false;
    for (const node of g.deferred) {
      if (g.active.get(node.key) !== node) continue;
      if (!flinging || t0 - node.boundAt >= g.motion.windowMs) showPicture(g, node, node.index >= sFrom && node.index < sTo);
      else stillWaiting = true;
    }
    // No render may follow when the scrolling stops: come back when the fling is over.
    clearTimeout(g.flushTimer);
    if (stillWaiting) g.flushTimer = setTimeout(g.schedule, g.motion.windowMs);
  }

  // Prefetch the two rows past the window in the scroll direction; nothing during a fling (the rows
  // ahead will be passed by too), which also cancels the prefetches under way.
  const band = 2 * cols;
  if (flinging) prefetch(g, 0, 0);
  else if (direction > 0) prefetch(g, to, Math.min(geo.count, to + band));
  else prefetch(g, Math.max(0, from - band), from);

  updateTabStop(g, from, to, firstRow * cols);
  if (g.pendingFocus >= 0) {
    const node = nodeAt(g, g.pendingFocus);
    if (node) { g.pendingFocus = -1; focusCell(g, node); }
  }
  clearTimeout(g.settleTimer);
  g.settleTimer = setTimeout(() => settle(g), 150);
  if (g.waiting) schedule(g);
  performance.measure('galgen:render', { start: t0 });
}

/** After scrolling settles: DOM order = visual order (the focused node is never moved). Skipped in
    the unsafe-noclear control: re-inserting a node repaints its <img>, which would hide the stale
    pictures that mode exists to show. */
function settle(g) {
  if (!g.debug.unsafeNoClear) {
    const list = [...g.active.values()].sort((a, b) => a.index - b.index);
    let ref = g.grid.firstElementChild;
    for (const node of list) {
      if (node === ref) { ref = ref.nextElementSibling; continue; }
      if (node === g.focusNode) { ref = node.nextElementSibling; continue; }
      g.grid.insertBefore(node, ref);
    }
  }
  g.onSettle();
}

/** Scrolls so item `index` is in view (as the first full row when it was not, or when `top`) and, with
    `focus`, focuses it once it is bound. */
export function goTo(g, index, { focus = false, top = false } = {}) {
  index = clamp(index, 0, g.count - 1);
  const at = scrollFor(g.geo, index, toVirtual(g.geo, physScroll(g)), g.gridTop, top);
  if (at !== null) window.scrollTo({ top: at, behavior: 'instant' });
  if (focus) g.pendingFocus = index;
  render(g);
}
