/* galgen runtime: history. The URL follows the page being viewed (its paginated page's address), and
   the history entry remembers the first visible item, so Back, a reload or a resize comes back to it.
   `g` is the page's state (gallery.js). */
import { toVirtual, firstVisibleAt, scrollForAnchor } from './geometry.js';
import { physScroll, render } from './render.js';

/** The first visible item: `{ index, key, offset }` (key null while its shard is not here). */
export function firstVisible(g) {
  const { index, offset } = firstVisibleAt(g.geo, toVirtual(g.geo, physScroll(g)));
  const item = g.shards.itemAt(index);
  return { index, key: item ? item.k : null, offset };
}

/** Soon after scrolling stops: the address of the page that lists the first visible item, and that item
    in the entry's state (replaceState: scrolling adds no history entries). */
export function saveState(g) {
  // Not while the lightbox is open or opening: the address is the item's then (lightbox.js).
  const lightboxUp = () => g.lightboxOpening || (g.lightbox && g.lightbox.isOpen);
  if (lightboxUp() || !g.manifest) return;
  clearTimeout(g.stateTimer);
  g.stateTimer = setTimeout(() => {
    if (lightboxUp()) return;
    const anchor = firstVisible(g);
    if (!anchor.key) return;
    const url = g.pageURL(g.pageOf(anchor.index));
    const key = url + '|' + anchor.key + '|' + anchor.offset;
    if (key === g.lastState) return;
    g.lastState = key;
    history.replaceState({ galgen: anchor }, '', url);
  }, 250);
}

/** Scrolls back to a saved anchor. */
export function restore(g, anchor) {
  if (!anchor || !(anchor.index >= 0)) return false;
  window.scrollTo({ top: scrollForAnchor(g.geo, anchor, g.gridTop), behavior: 'instant' });
  render(g);
  return true;
}

/** On a resize: a new layout, keeping the first visible item where it was. */
export function relayout(g) {
  const anchor = firstVisible(g);
  const before = g.geo;
  g.measure();
  const geo = g.geo;
  if (geo.cols === before.cols && geo.rowH === before.rowH && geo.viewH === before.viewH) return;
  g.motion.reset();                 // offsets of the old geometry say nothing about speed
  g.applyGeometry();
  restore(g, anchor);
}
