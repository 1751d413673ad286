/* galgen gallery runtime (docs/runtime.md): boots the page, makes the state each module works on and
   passes each only what it needs. */
import { parseDebug, layout, toVirtual, rowOf, rowTop, rowAt, Motion } from './geometry.js';
import { Shards } from './shards.js';
import { adopt } from './cells.js';
import { place } from './pool.js';
import { render, schedule, goTo, physScroll } from './render.js';
import { onKey } from './keyboard.js';
import { saveState, restore, relayout } from './history.js';
import { fetchJSON, pageURL, itemURL } from './json.js';

if (document.querySelector('.cover[data-ph]')) import('./thumbhash.js').then((m) => m.paintAll(document));
const grid = document.getElementById('grid');
if (grid && grid.dataset.manifest && window.fetch && window.AbortController) boot(grid);

function boot(grid) {
  const debug = parseDebug(new URLSearchParams(location.search).get('galgen-debug'));
  const rootURL = new URL(grid.dataset.root || './', location.href).href;
  const abs = (path) => new URL(path, rootURL).href;
  const stats = { created: 0, adopted: 0, binds: 0, sameKeyReuse: 0, guardDrops: 0, prefetchStarts: 0,
                  prefetchAborts: 0, shardFetches: 0, shardAborts: 0, lightboxPictureLoads: 0 };
  const unsafeNoClear = debug.unsafeNoClear;
  // Each module gets the few values it needs; the objects below are what they share, each described by
  // the module that owns it. The list: the <ul>, its items' count, its layout and its top (render.js);
  // for justified rows, `justify` (justified.js) and each item's shape (`shapes`) once the manifest is here.
  const list = { grid, count: Number(grid.dataset.count), geo: null, top: 0, justify: null, shapes: null };
  list.measure = () => {
    const style = getComputedStyle(grid), px = (name, fallback) => parseFloat(style.getPropertyValue(name)) || fallback;
    const common = { gap: px('--cell-gap', 12), count: list.count, viewH: window.innerHeight, maxHeight: debug.maxHeight,
                     rtl: style.direction === 'rtl' };
    list.geo = list.justify
      ? list.justify({ ...common, width: grid.getBoundingClientRect().width, rowH: px('--row-h', 240),
                       shapeAt: (i) => list.shapes[real(i)] || 64, segment: data.shards.indexAt ? Infinity : data.manifest.pageSize })
      : layout({ ...common, width: grid.clientWidth, min: px('--cell-min', 180), caption: px('--caption', 52) });
  };
  list.apply = () => {
    grid.style.setProperty('--cell-w', list.geo.cellW + 'px');
    grid.style.setProperty('--cell-h', list.geo.cellH + 'px');
    grid.style.height = list.geo.physH + 'px';
    list.top = grid.getBoundingClientRect().top + window.scrollY;
  };
  // The collection's data: until the manifest is here no item is; its shards replace these.
  const data = { manifest: null, itemPages: true, shards: { itemAt: () => null, want: () => true, load() {} }, loaded: null };
  // Picture formats (manifest version 2): the MIME types of a cell's <source>s, and which of them the
  // browser supports, learnt from the pictures that load (pictures.js).
  const formats = { types: [], supported: new Map(), abs, known: false };
  // Addresses, by json.js's rule: the page that lists item `index`, a link to an item, the placeholder.
  // A filtered grid's positions are not collection indexes (filter-view.js): `real` maps them.
  const real = (index) => (data.shards.indexAt ? data.shards.indexAt(index) : index);
  const links = {
    page: (index) => pageURL(abs, data.manifest, real(index)) + location.search,
    item: (key, index) => (data.manifest ? itemURL(abs, data.manifest, key, real(index)) : abs(key + '/')),
    placeholder: () => abs(data.manifest.placeholder),
    file: (path) => abs(path),
  };
  const motion = new Motion({ speed: 3, windowMs: 100 });
  const cells = { list, formats, stats, motion, links, unsafeNoClear,
                  deferred: new Set(), seq: 0, size: 0, template: null, placeholder: null };
  const pool = { list, cells, stats, unsafeNoClear, active: new Map(), parked: new Map(), free: [], renderSeq: 0, waiting: false };
  const focus = { active: pool.active, node: null, key: null, tabStop: null, pending: -1 };
  const prefetcher = { formats, stats, saveData: !!(navigator.connection && navigator.connection.saveData), slots: [] };
  const view = { list, data, pool, cells, focus, prefetcher, motion, unsafeNoClear,
                 upgraded: false, scheduled: false, flushTimer: 0, settleTimer: 0 };
  view.frame = () => render(view);
  view.schedule = () => schedule(view);
  // The lightbox is loaded on first use, or at the first sign of one (a pointer over the list, a touch,
  // focus in it): a page that is only scrolled never fetches it. Until then `lightbox.box` is null;
  // `lightbox.opening` covers the module's load: the address must not be saved in between (history.js).
  const lightbox = { box: null, opening: false, warming: false };
  const lightboxModule = () => import('./lightbox.js').then(({ Lightbox }) => (lightbox.box = lightbox.box ||
    new Lightbox({ count: list.count, data, formats, stats, links, goTo: (index, options) => goTo(view, index, options) })));
  lightbox.open = (index, options) => {
    lightbox.opening = true;
    const opened = lightboxModule().then((box) => box.open(index, options));
    opened.then(() => { lightbox.opening = false; }, () => { lightbox.opening = false; });
    return opened;
  };
  const lightboxUp = () => lightbox.opening || (lightbox.box && lightbox.box.isOpen);
  const address = { list, data, pageURL: links.page, lightboxUp, timer: 0, last: '' };
  view.onSettle = () => saveState(address);
  // Deep links (`#item-<key>`, Back to an open lightbox) and the search box; `staticIndex`: key → index
  // of the cells this page was served with.
  const page = { view, data, lightbox, staticIndex: new Map(), find: null };

  // The manifest is fetched while the page upgrades; everything that needs it waits on this promise.
  data.loaded = fetchJSON(new URL(grid.dataset.manifest, location.href).href).then((m) => {
    data.manifest = m;
    formats.types = m.types || []; formats.known = true;      // version 1 manifests have one format
    data.itemPages = m.itemPages !== false;
    data.shards = new Shards({ count: list.count, size: m.shardSize, urlOf: (n) => abs(m.shards[n]), fetchJSON,
                               onLoad: view.schedule, stats });
    return m;
  });
  // Justified rows need every item's shape (the manifest's) first; until then the page's own CSS rows stand.
  const first = Number(grid.dataset.first) || 0;
  const upgraded = !grid.classList.contains('justified') ? Promise.resolve(upgrade(page, first))
    : Promise.all([data.loaded, import('./justified.js')]).then(([m, justified]) => {
      list.shapes = justified.decode(m.aspects); list.justify = justified.justify; upgrade(page, first);
    });
  const ready = Promise.all([data.loaded, upgraded]).then(() => {
    setUpFind(page, abs, stats);
    if (document.querySelector('form.filters')) import('./filter-view.js').then((m) => m.setUpFilters(page, abs, stats));
    const state = history.state && history.state.galgen;
    if (state && state.key) restore(view, state); else openHash(page, { push: false });
    render(view);
    // Kept (not `once`): the page's listeners stay the same from the first open to the last (T16).
    const warm = () => { if (!lightbox.box && !lightbox.warming) { lightbox.warming = true; lightboxModule().catch(() => {}); } };
    for (const type of ['pointerover', 'touchstart', 'focusin']) grid.addEventListener(type, warm, { passive: true });
  }).catch((error) => { console.warn('galgen: manifest: ' + error.message); });

  // Test hooks (debug.js), only with `?galgen-debug=…`.
  if (debug.on) import('./debug.js').then((m) => m.expose({ list, cells, formats, page, stats, debug, ready }));
}

/** Takes over the server-rendered page: the static cells near the viewport become pool nodes where they
    are, the others go, and the list gets its full height. `pageFirst`: the index of the page's first item. */
function upgrade(page, pageFirst) {
  const { view, lightbox } = page, { list, pool, focus } = view, grid = list.grid;
  history.scrollRestoration = 'manual';
  // Links and images must not depend on the URL, which follows the page being viewed from now on.
  for (const a of document.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href');
    if (!href.startsWith('#')) a.href = a.href;
    else if (a.closest('.cell')) a.href = location.pathname + href;   // `#item-<key>`: the page it was served on
  }
  grid.setAttribute('aria-busy', 'true');

  const statics = [...grid.children];
  // The first static cell on screen stays where it is.
  const anchorNode = statics.find((n) => n.getBoundingClientRect().bottom > 0) || statics[0];
  const anchorTop = anchorNode ? anchorNode.getBoundingClientRect().top : 0;
  const anchorIndex = anchorNode ? Number(anchorNode.dataset.index) : pageFirst;

  list.measure();
  grid.classList.add('virtual');
  list.apply();
  const geo = list.geo;
  // Scroll so the anchor's new place on screen is its old one: on screen it sits at y − p·scale.
  const y = rowTop(geo, rowOf(geo, anchorIndex));
  window.scrollTo({ top: list.top + (y - anchorTop) / geo.scale, behavior: 'instant' });

  const pNow = physScroll(list), vNow = toVirtual(geo, pNow);
  const firstRow = Math.max(0, rowAt(geo, vNow) - 1);
  const lastRow = rowAt(geo, vNow + geo.viewH) + 2;
  for (const node of statics) {
    const i = Number(node.dataset.index);
    page.staticIndex.set(node.dataset.key, i);
    const row = rowOf(geo, i);
    if (row >= firstRow && row <= lastRow && view.cells.size < geo.poolCap) {
      adopt(view.cells, node);
      pool.active.set(node.key, node);
      place(geo, node, i, pNow);
    } else {
      node.remove();
    }
  }
  for (const pager of document.querySelectorAll('nav.pager')) pager.hidden = true;
  view.upgraded = true;

  grid.addEventListener('click', (event) => onClick(page, event));
  const focusOn = (index) => goTo(view, index, { focus: true });
  grid.addEventListener('keydown', (event) => onKey(event, list.geo, focusOn));
  grid.addEventListener('focusin', (e) => {
    const cell = e.target.closest('.cell');
    if (cell) { focus.node = cell; focus.key = cell.key; }
  });
  window.addEventListener('scroll', view.schedule, { passive: true });
  window.addEventListener('resize', () => requestAnimationFrame(() => relayout(view)), { passive: true });
  window.addEventListener('popstate', (e) => {
    const box = lightbox.box;
    if (box && box.ignoreNextPop) { box.ignoreNextPop = false; return; }
    if (box && box.isOpen) return;
    const state = e.state || {};
    if (state.lightbox) {
      indexOfKey(page, state.lightbox).then((i) => { if (i >= 0) lightbox.open(i, { push: false }); });
      return;
    }
    if (state.galgen) restore(view, state.galgen);
  });
  window.addEventListener('hashchange', () => openHash(page, { push: false }));
  render(view);
}

function onClick(page, event) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target.closest('a');
  const cell = link && link.closest('.cell');
  if (!cell || !page.view.list.grid.contains(cell)) return;
  event.preventDefault();
  page.view.focus.key = cell.key;
  page.lightbox.open(cell.index);
}

/** The grid position (`position`) of item `key`: from the cells this page was served with, else from the
    search index's key fragments (docs/search.md); −1 when it is not in this collection. */
function indexOfKey(page, key) {
  if (page.staticIndex.has(key)) return Promise.resolve(position(page, page.staticIndex.get(key)));
  if (!page.find) return Promise.resolve(-1);
  return page.find.reader().then((index) => index.locate(key)).then(
    (at) => (at && at.collection === page.data.manifest.searchCollection ? position(page, at.index) : -1));
}

/** Collection index `i`'s grid position: `i`, unless filtered (filter-view.js). */
const position = (page, i) => (page.position ? page.position(i) : i);

/** `#item-<key>`: scroll there and open it. */
function openHash(page, { push }) {
  const match = /^#item-(.+)$/.exec(location.hash);
  if (!match || (page.lightbox.box && page.lightbox.box.isOpen)) return Promise.resolve(false);
  const key = decodeURIComponent(match[1]);
  return indexOfKey(page, key).then((index) => {
    if (index < 0) return false;
    goTo(page.view, index, { top: true });
    page.lightbox.open(index, { push });
    return true;
  }, () => false);
}

/** The search box, over this collection (docs/search.md). It is shown at once, but search.js loads
    only when it is first used: focus (also by `/`), a `?q=` address, or a deep link that needs the index. */
function setUpFind(page, abs, stats) {
  const { view, data, lightbox } = page, manifest = data.manifest;
  const box = document.querySelector('search.find');
  if (!box || !manifest.search) return;
  const input = box.querySelector('input');
  let wired = null;
  const wire = () => wired || (wired = import('./search.js').then(({ setUpSearch, pushWithoutQuery }) => setUpSearch(box, {
    indexURL: abs(manifest.search), collection: manifest.searchCollection, stats, scope: () => page.filtered || null,
    choose: (result) => {
      pushWithoutQuery();
      const at = position(page, result.index);
      if (data.itemPages) { goTo(view, at, { focus: true, top: true }); return; }
      // Without item pages the lightbox is the item's view (closing it focuses the cell).
      goTo(view, at, { top: true });
      lightbox.open(at);
    },
  })));
  page.find = { reader: () => wire().then((find) => find.reader()) };
  // As search.js does once loaded: focus warms the index, `/` focuses the box.
  input.addEventListener('focus', () => { if (!wired) page.find.reader().catch(() => {}); });
  document.addEventListener('keydown', (e) => {
    if (e.key === '/' && !wired && !e.ctrlKey && !e.metaKey && !e.altKey && !e.defaultPrevented &&
        !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName) && !document.querySelector('dialog[open]')) {
      e.preventDefault();
      input.focus();
    }
  });
  if (new URL(location.href).searchParams.get('q')) wire();
  box.hidden = false;
}
