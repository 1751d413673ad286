/* galgen runtime: roving tabindex. One cell link of the grid is in the tab order (tabindex=0), the others
   are not: Tab enters the grid once, and the arrow keys (keyboard.js) move within it. `g` is the page's
   state (gallery.js). */

/** Moves the tab stop to the current cell if it is in the window [from, to), else to the first visible
    cell. `first` is the index of the first visible item, passed in from render: reading the scroll
    position here, after the binds, would force a synchronous layout of the whole list (window.scrollY
    updates layout in Chromium), which was half of a render's time on a 5,000 px jump. */
export function updateTabStop(g, from, to, first) {
  let target = (g.currentKey && g.active.get(g.currentKey)) || g.focusNode;
  if (!target || target.index < from || target.index >= to) {
    let best = null;
    for (const node of g.active.values()) if (node.index >= first && (!best || node.index < best.index)) best = node;
    target = best || target;
  }
  if (target && target !== g.tabStop) {
    if (g.tabStop) g.tabStop.parts.link.tabIndex = -1;
    target.parts.link.tabIndex = 0;
    g.tabStop = target;
  }
}

/** Makes `node` the tab stop and focuses its link without scrolling (the caller placed it). */
export function focusCell(g, node) {
  g.currentKey = node.key;
  if (g.tabStop && g.tabStop !== node) g.tabStop.parts.link.tabIndex = -1;
  node.parts.link.tabIndex = 0;
  g.tabStop = node;
  node.parts.link.focus({ preventScroll: true });
}
