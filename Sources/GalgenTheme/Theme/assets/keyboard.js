/* galgen runtime: keyboard. Arrow keys, PageUp/PageDown, Home and End move the focus between cells (the
   grid's own roving tabindex, focus.js) and scroll as far as needed. */
import { clamp } from './geometry.js';

/** The index the key `key` moves to from index `i`, or undefined for other keys. */
export function keyTarget(key, i, { cols, visibleRows, count }) {
  const screen = cols * Math.max(1, visibleRows - 2);
  const to = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + cols, ArrowUp: i - cols,
               PageDown: i + screen, PageUp: i - screen, Home: 0, End: count - 1 }[key];
  return to === undefined ? undefined : clamp(to, 0, count - 1);
}

/** A keydown in the grid laid out as `geo`: `focusOn(index)` scrolls to the target and focuses it. */
export function onKey(event, geo, focusOn) {
  if (event.altKey || event.metaKey || event.ctrlKey) return;
  const cell = event.target.closest('.cell');
  if (!cell || event.target !== cell.parts.link) return;
  const to = keyTarget(event.key, cell.index, geo);
  if (to === undefined) return;
  event.preventDefault();
  focusOn(to);
}
