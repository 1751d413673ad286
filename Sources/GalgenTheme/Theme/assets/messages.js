/* galgen runtime: the theme's strings. A minimal stand-in for the i18n module (issue 33): `t(key, params)`
   gives a key's English text with its `{name}` placeholders filled from `params`. */

const EN = { searchMatchedIn: 'in {field}' };

/** The text of `key` with `{name}` replaced by `params.name` (a missing key gives the key itself).
 * @param {string} key @param {Record<string, unknown>} [params] @returns {string} */
export function t(key, params = {}) {
  return (EN[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
