/* galgen runtime: the site's JSON files (manifests, shards, the search index), and the one rule for the
   addresses they describe: which page of a gallery lists an item, and where a link to an item goes.
   The gallery page (gallery.js) and the search boxes (search.js) both import it. */

/** Fetches and parses JSON; a non-2xx answer rejects with the status and the file's path. */
export function fetchJSON(url, signal) {
  return fetch(url, { signal }).then((r) => {
    if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + new URL(url).pathname);
    return r.json();
  });
}

/** The absolute URL of the gallery page that lists item `index`: page 1 at the gallery's `base`, page n at
    `<base>page/<n>/`. `info` describes the gallery (its manifest, or its collection's entry of the search
    index): `base` (its folder from the site root), `pageSize` and `itemPages`; `abs` makes a site path absolute. */
export function pageURL(abs, info, index) {
  const page = Math.floor(index / info.pageSize) + 1;
  return abs(info.base + (page > 1 ? 'page/' + page + '/' : ''));
}

/** Where a link to item `key` (at collection index `index`) goes: its item page, or, without item pages,
    its cell (`#item-<key>`) on the gallery page that lists it. */
export const itemURL = (abs, info, key, index) =>
  (info.itemPages !== false ? abs(info.base + key + '/') : pageURL(abs, info, index) + '#item-' + key);
