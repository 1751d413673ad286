/* galgen runtime: the pool, UITableView's reuse queue, keyed. `g.active` holds the nodes in the window,
   `g.parked` those that left it but are still bound (Map order = LRU), `g.free` unbound ones. The same key
   gets the same node back without a rebind. `g` is the page's state (gallery.js). */
import { cellOffset, HARD_CEILING } from './geometry.js';
import { create, clear, bind } from './cells.js';

/** Puts a node at item `index`'s place. Every cell's layout box stays at the list's top left corner and is
    moved by a transform: the Layout Instability API ignores transform changes, so moving a cell is never a
    layout shift, not even in the scaled mode, where cells move against the document at every frame. */
export function place(g, node, index, p) {
  node.index = index;
  const { top, left } = cellOffset(g.geo, index, p);
  if (node.top !== top || node.left !== left) {
    node.style.transform = 'translate(' + left + 'px,' + top + 'px)';
    node.top = top; node.left = left;
  }
  if (node.shownIndex !== index) {  // attributes are written only when they change, and never read
    node.shownIndex = index;
    node.setAttribute('data-index', index);
    node.setAttribute('aria-posinset', index + 1);
  }
  if (node.isHidden) { node.hidden = false; node.isHidden = false; }
}

/** Takes a node out of the window; it stays bound, so coming back costs nothing. */
export function park(g, node) {
  g.active.delete(node.key);
  g.parked.set(node.key, node);
  node.parkedIn = g.renderSeq;
  if (g.debug.unsafeNoClear) {      // negative control: off-screen instead of hidden
    node.style.transform = 'translate(0,-10000px)'; node.top = -10000; node.left = 0;
  } else {
    node.hidden = true;
    node.isHidden = true;
  }
}

/** dequeueReusableCell, keyed: the same key gets the same node back without a rebind.
    A node parked by this very render was painted in the previous frame. The oldest parked node is taken
    only if an earlier render parked it (it has been hidden for at least one frame), or if `onScreen` (the
    cell must be bound in this frame). Otherwise it returns null and sets `g.waiting`: render tries again in
    the next frame. (This kept cells placed with `top` from moving while painted, a layout shift; with
    transforms it only leaves a jump's overscan rows to the next frame, docs/runtime.md.) */
export function acquire(g, item, index, p, onScreen, now) {
  let node = g.active.get(item.k);
  if (node) { place(g, node, index, p); return node; }
  node = g.parked.get(item.k);
  if (node) {
    g.parked.delete(item.k);
    g.active.set(item.k, node);
    g.stats.sameKeyReuse++;
    place(g, node, index, p);
    return node;
  }
  node = g.free.pop();
  if (!node && g.poolSize >= g.geo.poolCap && g.parked.size) {
    const [oldKey, oldest] = g.parked.entries().next().value;
    if (oldest.parkedIn !== g.renderSeq || onScreen) {
      g.parked.delete(oldKey);
      node = oldest;
    } else {
      g.waiting = true;
      return null;
    }
  }
  if (!node && g.poolSize < HARD_CEILING) node = create(g);
  if (!node) return null;
  if (node.key !== undefined) clear(g, node);
  bind(g, node, item, index, now, onScreen);
  g.active.set(item.k, node);
  place(g, node, index, p);
  return node;
}

/** The node bound to item `index`, if it is in the window. */
export function nodeAt(g, index) {
  const item = g.shards.itemAt(index);
  const node = item && g.active.get(item.k);
  return node && node.index === index ? node : null;
}
