/* galgen runtime: fetching the site's JSON files (manifests, shards, the search index). */

/** Fetches and parses JSON; a non-2xx answer rejects with the status and the file's path. */
export function fetchJSON(url, signal) {
  return fetch(url, { signal }).then((r) => {
    if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + new URL(url).pathname);
    return r.json();
  });
}
