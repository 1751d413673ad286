/* galgen search core: which searchable field a result was found by (docs/search.md, "Queries"). Pure. */

/** Whether terms hold a query word: the word itself, or a term it begins when it is a prefix. */
const holds = (terms, { term, prefix }) => terms.some((t) => t === term || (prefix && t.startsWith(term)));

/**
 * The searchable field a result was found by: null when its title and subtitle hold every query word;
 * else the label of the first searchable field (in its collection's order) holding a word they do not.
 * `row`: the result's row of its document shard (`[key, title, subtitle, text of each field…]`); `labels`:
 * its collection's `fields` in index.json; `tokenize`: search-core.js's tokeniser.
 * @param {{term: string, prefix: boolean}[]} words @param {any[]} row @param {string[]|undefined} labels
 * @param {(text: string) => string[]} tokenize @returns {string|null}
 */
export function matchedField(words, row, labels, tokenize) {
  if (!labels?.length) return null;
  const own = [...tokenize(row[1]), ...tokenize(row[2] ?? '')];
  const rest = words.filter((word) => !holds(own, word));
  if (!rest.length) return null;
  for (let f = 0; f < labels.length; f++) {
    const text = row[3 + f];
    if (text == null) continue;
    const terms = tokenize(text);
    if (rest.some((word) => holds(terms, word))) return labels[f];
  }
  return null;
}
