// Times the search reader's script (Sources/GalgenTheme/Theme/assets/search-core.js) on a built site's
// index, files read from disk (no network): each query cold (its fragments parsed) and warm (kept), the
// median of --runs. With --baseline FILE (an older search-core.js, e.g. from `git show REV:path`), the
// same queries on it too, the results compared and the ratio printed.
//   node Benchmarks/scripts/search_core.mjs SITE/public [--runs 5] [--baseline /tmp/old/search-core.js] [queries…]
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values, positionals } = parseArgs({ allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, baseline: { type: 'string' } } });
const [site, ...given] = positionals;
if (!site) { console.error('usage: search_core.mjs PUBLIC_DIR [--runs N] [--baseline FILE] [queries…]'); process.exit(2); }
const queries = given.length ? given : ['person 123456', 'city 77', 'person 99', 'person', 'city 5 person 5', 'per'];
const root = site.endsWith('/') ? site : site + '/';
const fetchJSON = async (url) => JSON.parse(await readFile(root + new URL(url).pathname.slice(1), 'utf8'));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function time(modulePath) {
  const core = await import(modulePath);
  const rows = [];
  for (const q of queries) {
    const cold = [], warm = [];
    let found;
    for (let r = 0; r < Number(values.runs); r++) {
      const index = new core.SearchIndex({ url: 'http://site.test/search/index.json', fetchJSON });
      await index.search('\u0002');                      // the manifest, outside the timing
      let t = performance.now();
      found = await index.search(q);
      cold.push(performance.now() - t);
      t = performance.now();
      await index.search(q);
      warm.push(performance.now() - t);
    }
    rows.push({ query: q, cold: median(cold), warm: median(warm), total: found.total,
      results: JSON.stringify(found.results.map((x) => [x.id, x.tier])) });
  }
  return rows;
}

const current = await time(fileURLToPath(new URL('../../Sources/GalgenTheme/Theme/assets/search-core.js', import.meta.url)));
const base = values.baseline ? await time(values.baseline) : null;
console.log(`| query | matches | cold ms | warm ms |${base ? ' baseline cold / warm ms | warm ratio | same results |' : ''}`);
console.log(`|---|---:|---:|---:|${base ? '---:|---:|---|' : ''}`);
current.forEach((r, i) => {
  const b = base?.[i];
  console.log(`| \`${r.query}\` | ${r.total} | ${r.cold.toFixed(1)} | ${r.warm.toFixed(1)} |` + (b
    ? ` ${b.cold.toFixed(1)} / ${b.warm.toFixed(1)} | ${(b.warm / r.warm).toFixed(0)}× | ${b.total === r.total && b.results === r.results ? 'yes' : 'NO'} |`
    : ''));
});
