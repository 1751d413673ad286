/* galgen runtime: the theme's words in the page's language. The page holds the runtime's messages as
   JSON in <script type="application/json" id="galgen-messages"> (no extra request); a key the page lacks
   falls back to its English text below. A plural message ({"one": …, "other": …}) takes the form that
   Intl.PluralRules gives for params.count in the language of <html lang>. Placeholders are {name}; with
   "$numbers": "locale" (a site with locale field formats) a number fills one as Intl.NumberFormat writes it. */

const english = {
  searchUnavailable: 'Search is unavailable', searchNoMatches: 'No matches',
  searchMatches: { one: '{count} match', other: '{count} matches' },
  searchShowing: { one: 'Showing {shown} of {count} match', other: 'Showing {shown} of {count} matches' },
  searchMatchedIn: 'in {field}',
  lightboxLoading: 'Loading…', lightboxFailed: 'This item could not be loaded.', lightboxOpenPage: 'Open page',
  lightboxItemLink: 'Link to this item', lightboxPrevious: 'Previous', lightboxNext: 'Next', lightboxClose: 'Close',
  lightboxZoom: 'Zoom', lightboxInfo: 'Details', lightboxFullscreen: 'Full screen',
  filterLabel: 'Filters', filterAny: 'All', filterClear: 'Clear filters', filterRange: '{from}–{to}',
  filterFrom: '{from} or more', filterAtLeast: '{value} or more',
  filterCount: { one: '{count} item', other: '{count} items' },
  filterShowing: { one: '{count} item matches', other: '{count} items match' },
  filterBrowse: 'Browse by {field}',
};

/** The page's messages and language: `{ messages, lang }` (read each time: the runtime asks rarely, and keeps no state). */
export function fromPage(page = typeof document !== 'undefined' ? document : null) {
  const el = page && page.getElementById('galgen-messages');
  let messages = null;
  try { messages = el ? JSON.parse(el.textContent) : null; } catch { messages = null; }
  return { messages, lang: (page && page.documentElement.lang) || 'en' };
}

/** The message `key` with `{name}` placeholders filled from `params`; a plural message's form by `params.count`
    (Intl.PluralRules of `source.lang`). `source` is the page's (``fromPage``) unless given. */
export function t(key, params = {}, source = fromPage()) {
  const table = source.messages && typeof source.messages === 'object' ? source.messages : {};
  let message = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : english[key];
  if (message === undefined) return key;
  if (typeof message === 'object' && message !== null) {
    let rules;
    try { rules = new Intl.PluralRules(source.lang || 'en'); } catch { rules = new Intl.PluralRules('en'); }
    const count = Number(params.count);
    message = message[rules.select(Number.isFinite(count) ? count : 0)] ?? message.other ?? '';
  }
  let write = String;
  if (table.$numbers === 'locale') {
    try { const digits = new Intl.NumberFormat(source.lang || 'en'); write = (v) => (typeof v === 'number' ? digits.format(v) : String(v)); } catch { /* plain */ }
  }
  return String(message).replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (all, name) => (name in params ? write(params[name]) : all));
}
