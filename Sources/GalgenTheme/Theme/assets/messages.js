/* galgen runtime: the theme's words (the i18n contract). A minimal stand-in until the i18n work lands:
   `t(key, params)` reads the page's table when there is one (a `<script type="application/json"
   id="galgen-messages">`), else the English text below; `{name}` placeholders are filled from `params`
   and plural objects are chosen with Intl.PluralRules on `params.count`. */

const ENGLISH = {
  filterLabel: 'Filters', filterAny: 'All', filterClear: 'Clear filters',
  filterRange: '{from}–{to}', filterFrom: '{from} or more', filterAtLeast: '{value} or more',
  filterCount: { one: '{count} item', other: '{count} items' },
  filterShowing: { one: '{count} item matches', other: '{count} items match' },
  filterBrowse: 'Browse by {field}', searchMatchedIn: 'in {field}',
};

const cache = new Map();     // 'page' → the page's table, read once
function page() {
  if (!cache.has('page')) {
    const node = typeof document !== 'undefined' && document.getElementById('galgen-messages');
    let table = {};
    if (node) { try { table = JSON.parse(node.textContent) || {}; } catch { table = {}; } }
    cache.set('page', table);
  }
  return cache.get('page');
}

/** The text of message `key` with `params` filled in (plural messages by `params.count`). */
export function t(key, params = {}) {
  let message = page()[key] ?? ENGLISH[key] ?? key;
  if (typeof message === 'object') {
    const lang = (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
    let category = 'other';
    try { category = new Intl.PluralRules(lang).select(Number(params.count)); } catch { /* unknown language */ }
    message = message[category] ?? message.other;
  }
  return String(message).replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}
