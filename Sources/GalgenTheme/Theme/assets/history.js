/* galgen runtime: history. The URL follows the page being viewed (its paginated page's address), and
   the history entry remembers the first visible item, so Back, a reload or a resize comes back to it. */
import { toVirtual, firstVisibleAt, scrollForAnchor } from './geometry.js';
import { physScroll, render } from './render.js';

/** The first visible item of the `list` (render.js): `{ index, key, offset }` (key null while its shard,
    in `shards`, is not here). */
export function firstVisible(list, shards) {
  const { index, offset } = firstVisibleAt(list.geo, toVirtual(list.geo, physScroll(list)));
  const item = shards.itemAt(index);
  return { index, key: item ? item.k : null, offset };
}

/** Soon after scrolling stops: the address of the page that lists the first visible item, and that item
    in the entry's state (replaceState: scrolling adds no history entries). `address` is this module's
    state (made by gallery.js): the `list`, the collection's `data` (`manifest`, `shards`), `pageURL(index)`
    (the address of the page that lists item `index`), `lightboxUp()`, and its own `timer` and `last`. */
export function saveState(address) {
  // Not while the lightbox is open or opening: the address is the item's then (lightbox.js).
  const { data, lightboxUp } = address;
  if (lightboxUp() || !data.manifest) return;
  clearTimeout(address.timer);
  address.timer = setTimeout(() => {
    if (lightboxUp()) return;
    const anchor = firstVisible(address.list, data.shards);
    if (!anchor.key) return;
    const url = address.pageURL(anchor.index);
    const key = url + '|' + anchor.key + '|' + anchor.offset;
    if (key === address.last) return;
    address.last = key;
    history.replaceState({ galgen: anchor }, '', url);
  }, 250);
}

/** Scrolls back to a saved anchor; `view` is render.js's state. */
export function restore(view, anchor) {
  if (!anchor || !(anchor.index >= 0)) return false;
  window.scrollTo({ top: scrollForAnchor(view.list.geo, anchor, view.list.top), behavior: 'instant' });
  render(view);
  return true;
}

/** On a resize: a new layout, keeping the first visible item where it was. */
export function relayout(view) {
  const list = view.list;
  const anchor = firstVisible(list, view.data.shards);
  const before = list.geo;
  list.measure();
  const geo = list.geo;
  if (geo.width === before.width && geo.cols === before.cols && geo.rowH === before.rowH && geo.viewH === before.viewH) return;
  view.motion.reset();              // offsets of the old geometry say nothing about speed
  list.apply();
  restore(view, anchor);
}
