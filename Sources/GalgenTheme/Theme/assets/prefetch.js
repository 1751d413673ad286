/* galgen runtime: prefetch. A few hidden images fetch the pictures of the rows just past the window in
   the scroll direction, and are cancelled (src emptied, which aborts the download in Chromium) when the
   window moves elsewhere or a fling starts. `prefetcher` is its state (made by gallery.js): `formats`
   (pictures.js), `stats`, `saveData` (the visitor asked to save data: nothing is prefetched) and `slots`. */
import { pick, urlOf } from './pictures.js';
import { widthOf } from './geometry.js';

/** Prefetches the URLs the cells of [from, to) will load (urlOf), the items coming from `shards` and the
    cells' size from `geo`: a picture whose format is not known yet is not prefetched, so that nothing is
    fetched in a format the browser then does not use. */
export function prefetch(prefetcher, shards, geo, from, to) {
  const { formats, stats } = prefetcher;
  const want = new Set();
  if (!prefetcher.saveData) {
    for (let i = from; i < to; i++) {
      const item = shards.itemAt(i);
      const url = item && item.v.length ? urlOf(formats, pick(formats, item, widthOf(geo, i), window.devicePixelRatio || 1)) : null;
      if (url) want.add(url);
    }
  }
  const prefetchers = prefetcher.slots;
  while (prefetchers.length < 3 * geo.cols) prefetchers.push({ img: null, url: null, done: false });
  const busy = new Set();
  for (const p of prefetchers) {
    if (!p.url) continue;
    if (want.has(p.url)) { busy.add(p.url); continue; }
    if (!p.done) { p.img.src = ''; stats.prefetchAborts++; }
    p.url = null;
  }
  for (const url of want) {
    if (busy.has(url)) continue;
    const p = prefetchers.find((x) => !x.url);
    if (!p) break;
    if (!p.img) {
      p.img = new Image();
      p.img.decoding = 'async';
      p.img.fetchPriority = 'low';
      p.img.onload = p.img.onerror = () => { p.done = true; };
    }
    p.url = url; p.done = false;
    p.img.src = url;
    stats.prefetchStarts++;
  }
}
