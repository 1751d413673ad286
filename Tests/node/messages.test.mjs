// Unit tests of the runtime's messages (assets/messages.js): plural forms by Intl.PluralRules, placeholders,
// English for keys the page lacks. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { t, fromPage } from '../../Sources/GalgenTheme/Theme/assets/messages.js';

const tables = new URL('../../Sources/GalgenTheme/Theme/i18n/', import.meta.url);
const table = (lang) => JSON.parse(readFileSync(new URL(lang + '.json', tables), 'utf8'));
const counts = [0, 1, 2, 5, 11, 21, 101];
const runtimeKeys = (messages) => Object.fromEntries(Object.entries(messages).filter(([k]) => /^(search|lightbox|filter)/.test(k)));

test('messages: Polish plural forms follow CLDR for 0, 1, 2, 5, 11, 21, 101', () => {
  assert.deepEqual(counts.map((n) => new Intl.PluralRules('pl').select(n)), ['many', 'one', 'few', 'many', 'many', 'many', 'many']);
  const src = { messages: runtimeKeys(table('pl')), lang: 'pl' };
  assert.deepEqual(counts.map((n) => t('searchMatches', { count: n }, src)),
    ['0 wyników', '1 wynik', '2 wyniki', '5 wyników', '11 wyników', '21 wyników', '101 wyników']);
  assert.equal(t('searchMatches', { count: 22 }, src), '22 wyniki');
});

test('messages: Arabic plural forms follow CLDR for 0, 1, 2, 5, 11, 21, 101', () => {
  assert.deepEqual(counts.map((n) => new Intl.PluralRules('ar').select(n)), ['zero', 'one', 'two', 'few', 'many', 'many', 'other']);
  const ar = table('ar');
  const src = { messages: runtimeKeys(ar), lang: 'ar' };
  const forms = ['zero', 'one', 'two', 'few', 'many', 'many', 'other'];
  assert.deepEqual(counts.map((n) => t('filterCount', { count: n }, src)),
    counts.map((n, i) => ar.filterCount[forms[i]].replace('{count}', String(n))));
  assert.equal(t('searchShowing', { shown: 20, count: 101 }, src), 'عرض 20 من 101 نتيجة');
});

test('messages: placeholders are filled once; missing keys fall back to English; unknown keys are themselves', () => {
  const src = { messages: { filterBrowse: 'Nach {field} {field} durchsuchen', filterRange: '{from}–{to}' }, lang: 'de' };
  assert.equal(t('filterBrowse', { field: '{to}' }, src), 'Nach {to} {to} durchsuchen');
  assert.equal(t('lightboxLoading', {}, src), 'Loading…');
  assert.equal(t('searchShowing', { shown: 20, count: 312 }, src), 'Showing 20 of 312 matches');
  assert.equal(t('searchMatches', { count: 1 }, src), '1 match');
  assert.equal(t('noSuchKey', {}, src), 'noSuchKey');
  // Outside a page (no document): English.
  assert.equal(t('lightboxClose'), 'Close');
  assert.deepEqual(fromPage(null), { messages: null, lang: 'en' });
});

test("messages: the runtime's English fallbacks are en.json's runtime messages", async () => {
  const en = runtimeKeys(table('en'));
  const src = { messages: {}, lang: 'en' };
  for (const [key, value] of Object.entries(en)) {
    if (typeof value === 'string') assert.equal(t(key, {}, src), value, key);
    else for (const [form, text] of Object.entries(value)) {
      const n = form === 'one' ? 1 : 7;
      assert.equal(t(key, { count: n, shown: 3 }, src), text.replace('{count}', n).replace('{shown}', 3), key + '.' + form);
    }
  }
  const source = readFileSync(new URL('../../Sources/GalgenTheme/Theme/assets/messages.js', import.meta.url), 'utf8');
  for (const key of Object.keys(en)) assert.ok(source.includes(key + ':'), `messages.js lacks ${key}`);
});

test('messages: with "$numbers": "locale" numbers are written as Intl.NumberFormat writes them in the page language', () => {
  const de = { messages: { $numbers: 'locale' }, lang: 'de' };
  assert.equal(t('filterShowing', { count: 12345 }, de), '12.345 items match');
  const sv = { messages: { $numbers: 'locale' }, lang: 'sv' }, written = new Intl.NumberFormat('sv').format(1234);
  assert.notEqual(written, '1234', 'Swedish groups thousands');
  assert.equal(t('searchShowing', { shown: 20, count: 1234 }, sv), `Showing 20 of ${written} matches`);
  // Text stays as it is, and without the marker numbers are plain digits.
  assert.equal(t('searchMatchedIn', { field: '1234' }, sv), 'in 1234');
  assert.equal(t('filterShowing', { count: 12345 }, { messages: {}, lang: 'de' }), '12345 items match');
});
