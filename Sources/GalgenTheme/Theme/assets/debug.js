/* galgen test hooks: `window.__galgen` (docs/runtime.md, Test hooks). Loaded by gallery.js only when the
   address has `?galgen-debug=…`, so a visitor's page never fetches it. Gets the boot's shared objects:
   the `list` (its geometry), `cells` (the pool's size), `formats`, `page` (a filtered grid's indexes),
   `stats`, `debug` (the parsed flags) and `ready`. */
import { shownFormat } from './pictures.js';

export function expose({ list, cells, formats, page, stats, debug, ready }) {
  window.__galgen = {
    stats, ready,
    get poolCap() { return list.geo.poolCap; }, get cols() { return list.geo.cols; }, get rowHeight() { return list.geo.rowH; },
    get poolSize() { return cells.size; }, get scale() { return list.geo.scale; }, get maxHeight() { return debug.maxHeight; },
    // the format the browser shows a picture with every format in (pictures.shownFormat)
    get format() { return shownFormat(formats); },
    // a filtered grid's indexes, and its filters (filter-view.js)
    get filtered() { return page.filtered ? [...page.filtered] : null; }, get filters() { return page.filters; },
  };
}
