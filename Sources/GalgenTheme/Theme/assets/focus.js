/* galgen runtime: roving tabindex. One cell link of the grid is in the tab order (tabindex=0), the others
   are not: Tab enters the grid once, and the arrow keys (keyboard.js) move within it. `focus` is the
   grid's focus state (made by gallery.js): `active` (the pool's nodes in the window), `node` (the cell
   holding the focus), `key` (the current item's key), `tabStop` (the node in the tab order) and `pending`
   (an index to focus once it is bound, −1 for none; render.js). */

/** Moves the tab stop to the current cell if it is in the window [from, to), else to the first visible
    cell. `first` is the index of the first visible item, passed in from render: reading the scroll
    position here, after the binds, would force a synchronous layout of the whole list (window.scrollY
    updates layout in Chromium), which was half of a render's time on a 5,000 px jump. */
export function updateTabStop(focus, from, to, first) {
  let target = (focus.key && focus.active.get(focus.key)) || focus.node;
  if (!target || target.index < from || target.index >= to) {
    let best = null;
    for (const node of focus.active.values()) if (node.index >= first && (!best || node.index < best.index)) best = node;
    target = best || target;
  }
  if (target && target !== focus.tabStop) {
    if (focus.tabStop) focus.tabStop.parts.link.tabIndex = -1;
    target.parts.link.tabIndex = 0;
    focus.tabStop = target;
  }
}

/** Makes `node` the tab stop and focuses its link without scrolling (the caller placed it). */
export function focusCell(focus, node) {
  focus.key = node.key;
  if (focus.tabStop && focus.tabStop !== node) focus.tabStop.parts.link.tabIndex = -1;
  node.parts.link.tabIndex = 0;
  focus.tabStop = node;
  node.parts.link.focus({ preventScroll: true });
}
