/* galgen runtime: keyboard. Arrow keys, PageUp/PageDown, Home and End move the focus between cells (the
   grid's own roving tabindex, focus.js) and scroll as far as needed. ← and → follow the grid's direction. */
import { clamp } from './geometry.js';

/** The index the key `key` moves to from index `i`, or undefined for other keys. Under `rtl` the grid runs
    from the right, so ← is the next item and → the previous one. */
export function keyTarget(key, i, geo) {
  if (geo.j) return geo.j.keyTarget(key, i, geo);
  const { cols, visibleRows, count, rtl } = geo, screen = cols * Math.max(1, visibleRows - 2), step = rtl ? -1 : 1;
  const to = { ArrowRight: i + step, ArrowLeft: i - step, ArrowDown: i + cols, ArrowUp: i - cols,
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
