/* galgen runtime: the pool, UITableView's reuse queue, keyed. `pool` is its state (made by gallery.js):
   `active` holds the nodes in the window, `parked` those that left it but are still bound (Map order =
   LRU), `free` unbound ones; `list` (its geometry), `cells` (cells.js's state: the nodes are made and bound
   there, `cells.size` of them so far), `stats`, `unsafeNoClear`, `renderSeq` (the render under way, which
   render.js counts) and `waiting` (a node had to wait for the next frame). The same key gets the same node
   back without a rebind. */
import { cellOffset, HARD_CEILING } from './geometry.js';
import { create, clear, bind } from './cells.js';

/** Puts a node at item `index`'s place. Every cell's layout box stays at the list's top left corner and is
    moved by a transform: the Layout Instability API ignores transform changes, so moving a cell is never a
    layout shift, not even in the scaled mode, where cells move against the document at every frame. */
export function place(geo, node, index, p) {
  node.index = index;
  const { top, left, width, height } = cellOffset(geo, index, p);
  if (node.top !== top || node.left !== left) {
    node.style.transform = 'translate(' + left + 'px,' + top + 'px)';
    node.top = top; node.left = left;
  }
  // Justified rows: each cell has its own size (the grid's come from the list's --cell-w and --cell-h).
  if (width !== undefined && (node.w !== width || node.h !== height)) {
    node.style.width = width + 'px'; node.style.height = height + 'px';
    node.w = width; node.h = height;
  }
  if (node.shownIndex !== index) {  // attributes are written only when they change, and never read
    node.shownIndex = index;
    node.setAttribute('data-index', index);
    node.setAttribute('aria-posinset', index + 1);
  }
  if (node.isHidden) { node.hidden = false; node.isHidden = false; }
}

/** Takes a node out of the window; it stays bound, so coming back costs nothing. */
export function park(pool, node) {
  pool.active.delete(node.key);
  pool.parked.set(node.key, node);
  node.parkedIn = pool.renderSeq;
  if (pool.unsafeNoClear) {      // negative control: off-screen instead of hidden
    node.style.transform = 'translate(0,-10000px)'; node.top = -10000; node.left = 0;
  } else {
    node.hidden = true;
    node.isHidden = true;
  }
}

/** dequeueReusableCell, keyed: the same key gets the same node back without a rebind.
    A node parked by this very render was painted in the previous frame. The oldest parked node is taken
    only if an earlier render parked it (it has been hidden for at least one frame), or if `onScreen` (the
    cell must be bound in this frame). Otherwise it returns null and sets `pool.waiting`: render tries again in
    the next frame. (This kept cells placed with `top` from moving while painted, a layout shift; with
    transforms it only leaves a jump's overscan rows to the next frame, docs/runtime.md.) */
export function acquire(pool, item, index, p, onScreen, now) {
  const { active, parked, cells } = pool, geo = pool.list.geo;
  let node = active.get(item.k);
  if (node) { place(geo, node, index, p); return node; }
  node = parked.get(item.k);
  if (node) {
    parked.delete(item.k);
    active.set(item.k, node);
    pool.stats.sameKeyReuse++;
    place(geo, node, index, p);
    return node;
  }
  node = pool.free.pop();
  if (!node && cells.size >= geo.poolCap && parked.size) {
    const [oldKey, oldest] = parked.entries().next().value;
    if (oldest.parkedIn !== pool.renderSeq || onScreen) {
      parked.delete(oldKey);
      node = oldest;
    } else {
      pool.waiting = true;
      return null;
    }
  }
  if (!node && cells.size < HARD_CEILING) node = create(cells);
  if (!node) return null;
  if (node.key !== undefined) clear(cells, node);
  bind(cells, node, item, index, now, onScreen);
  active.set(item.k, node);
  place(geo, node, index, p);
  return node;
}

/** The node bound to item `index`, if it is in the window. */
export function nodeAt(pool, shards, index) {
  const item = shards.itemAt(index);
  const node = item && pool.active.get(item.k);
  return node && node.index === index ? node : null;
}
