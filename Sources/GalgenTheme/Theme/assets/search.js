/* galgen runtime: the search box (on a gallery page, loaded itself on first use). It loads the index reader (search-core.js) on first use, searches as
   the visitor types (a newer query aborts the fetches only an older one needed), keeps the query in the
   address (`?q=`, shareable; Back comes back to the results) and hands the chosen result to the page:
   a gallery page scrolls to it, the home page opens it. The index format: docs/search.md. */

import { fetchJSON, itemURL } from './json.js';
import { t } from './messages.js';

const LIMIT = 20, DEBOUNCE_MS = 60;

/** Wires the `<search>` box `box` to the index at `indexURL` (absolute). `collection` (a number) keeps
    results to one collection; null searches them all and names each result's collection. `choose(result,
    info)` opens a result; `info` is its collection's entry of the index; `scope()` gives the collection indexes
    a filtered grid shows (null: all), the only ones offered. Returns `{ reader }`, a function
    giving the index reader (loading it on first call). */
export function setUpSearch(box, { indexURL, collection = null, choose, stats = {}, scope = () => null }) {
  const input = box.querySelector('input'), status = box.querySelector('.find-status'), list = box.querySelector('.find-results');
  let reader = null, manifest = null, controller = null, timer = 0, results = [], shownFor = null;
  const load = () => {
    if (!reader) {
      reader = Promise.all([import('./search-core.js'), fetchJSON(indexURL)]).then(([core, m]) => {
        manifest = m;
        return new core.SearchIndex({ url: indexURL, fetchJSON: (url, signal) => (url === indexURL ? Promise.resolve(m) : fetchJSON(url, signal)) });
      });
      reader.catch(() => { reader = null; });
    }
    return reader;
  };
  const clearResults = () => { list.textContent = ''; status.textContent = ''; results = []; shownFor = null; };
  const setAddress = (q) => {
    const url = new URL(location.href);
    if (q) url.searchParams.set('q', q); else url.searchParams.delete('q');
    if (url.href !== location.href) history.replaceState(history.state, '', url);
  };

  /** Runs the box's query; resolves once its results are shown (or it was superseded). */
  function run({ typing = true } = {}) {
    const text = input.value;
    if (controller) controller.abort();
    setAddress(text.trim());
    if (!text.trim()) { clearResults(); return Promise.resolve(); }
    const mine = controller = new AbortController();
    const t0 = performance.now();
    return load()
      .then((index) => index.search(text, { collection, limit: LIMIT, signal: mine.signal, typing, indexes: scope() }))
      .then((found) => {
        if (controller !== mine) return;
        stats.searchQueries = (stats.searchQueries || 0) + 1;
        stats.searchFetches = (stats.searchFetches || 0) + found.fetched.length;
        stats.searchLastMs = performance.now() - t0;
        show(found, text);
      }, (error) => {
        if (error.name === 'AbortError' || controller !== mine) return;
        console.warn('galgen: search: ' + error.message);
        list.textContent = '';
        results = [];
        status.textContent = t('searchUnavailable');
      });
  }

  function show(found, text) {
    results = found.results;
    shownFor = text;
    list.textContent = '';
    const total = found.total;
    status.textContent = total === 0 ? t('searchNoMatches')
      : total > results.length ? t('searchShowing', { shown: results.length, count: total })
      : t('searchMatches', { count: total });
    results.forEach((result, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.result = i;
      const title = document.createElement('span');
      title.className = 'find-title';
      title.dir = 'auto';
      title.textContent = result.title;
      b.appendChild(title);
      if (result.subtitle) {
        const sub = document.createElement('span');
        sub.className = 'find-subtitle';
        sub.dir = 'auto';
        sub.textContent = result.subtitle;
        b.appendChild(sub);
      }
      if (result.field) {        // found by a searchable field, not by its title or subtitle
        const field = document.createElement('span');
        field.className = 'find-field';
        field.textContent = t('searchMatchedIn', { field: result.field });
        b.appendChild(field);
      }
      if (collection === null && manifest.collections.length > 1) {
        const where = document.createElement('span');
        where.className = 'find-collection';
        where.textContent = manifest.collections[result.collection].title;
        b.appendChild(where);
      }
      li.appendChild(b);
      list.appendChild(li);
    });
  }

  const pick = (result) => {
    const info = manifest.collections[result.collection];
    clearResults();
    choose(result, info);
  };

  input.addEventListener('focus', () => { load(); });
  // Each key warms the fragments of the words already finished; the query runs after a pause in typing.
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
    load().then((index) => index.warm(input.value)).catch(() => {});
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      clearTimeout(timer);
      const ready = shownFor === input.value ? Promise.resolve() : run({ typing: false });
      ready.then(() => { if (results.length) pick(results[0]); });
    }
    if (e.key === 'Escape') { input.value = ''; clearResults(); setAddress(''); }
  });
  list.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b) pick(results[Number(b.dataset.result)]);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !e.defaultPrevented &&
        !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName) && !document.querySelector('dialog[open]')) {
      e.preventDefault();
      input.focus();
    }
  });
  // `?q=` opens the results: on load, and when Back returns to an entry that had one.
  const fromAddress = () => {
    const q = new URL(location.href).searchParams.get('q') || '';
    if (q === input.value && (shownFor === q || !q)) return;
    input.value = q;
    if (q) run({ typing: false }); else clearResults();
  };
  window.addEventListener('popstate', fromAddress);
  // Back to a page kept in the back/forward cache: its results were cleared when one was chosen.
  window.addEventListener('pageshow', (e) => { if (e.persisted) fromAddress(); });
  box.hidden = false;
  // Text typed before the box was wired up (a gallery page loads this module on first use) is searched.
  if (input.value && !new URL(location.href).searchParams.get('q')) run(); else fromAddress();
  return { reader: load };
}

/** Leaves the results for a place on this page in a new history entry (the one with `?q=` stays behind
    it, so Back comes back to the results). */
export function pushWithoutQuery() {
  const url = new URL(location.href);
  url.searchParams.delete('q');
  history.pushState(null, '', url);
}

/** The address of a result (json.js's rule): its item page, or, without item pages, its cell on the
    gallery page that lists it. `root` is the site root's absolute URL; `info` the result's collection. */
export const resultURL = (root, result, info) => itemURL((path) => new URL(path, root).href, info, result.key, result.index);
