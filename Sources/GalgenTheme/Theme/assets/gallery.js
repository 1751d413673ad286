/* galgen gallery runtime: turns a static gallery page into one virtual grid over every item of the
   collection, with a bounded pool of reused cells, lazy JSON shards, one shared lightbox and a search
   box. Native ES modules, no dependencies, no build step; this one boots the page and owns its state,
   `g`, which it passes to the others explicitly. Behaviour and test hooks: docs/runtime.md. */
import { parseDebug, layout, toVirtual, Motion } from './geometry.js';
import { shownFormat } from './pictures.js';
import { Shards } from './shards.js';
import { adopt } from './cells.js';
import { place } from './pool.js';
import { render, schedule, goTo, physScroll } from './render.js';
import { onKey } from './keyboard.js';
import { saveState, restore, relayout } from './history.js';
import { fetchJSON } from './json.js';

const grid = document.getElementById('grid');
if (grid && grid.dataset.manifest && window.fetch && window.AbortController) boot(grid);

function boot(grid) {
  const debugValue = new URLSearchParams(location.search).get('galgen-debug');
  const rootURL = new URL(grid.dataset.root || './', location.href).href;
  const abs = (path) => new URL(path, rootURL).href;
  const g = {
    grid, abs, debug: parseDebug(debugValue),
    count: Number(grid.dataset.count), pageFirst: Number(grid.dataset.first) || 0,
    stats: { created: 0, adopted: 0, binds: 0, sameKeyReuse: 0, guardDrops: 0, prefetchStarts: 0,
             prefetchAborts: 0, shardFetches: 0, shardAborts: 0, lightboxPictureLoads: 0 },
    manifest: null, itemPages: true,
    // Picture formats (manifest version 2): the MIME types of a cell's <source>s, and which of them the
    // browser supports, learnt from the pictures that load (pictures.js).
    formats: { types: [], supported: new Map(), abs, known: false },
    // Until the manifest is here no item is; its shards replace this.
    shards: { itemAt: () => null, want: () => true, load() {} },
    geo: null, gridTop: 0,
    active: new Map(), parked: new Map(), free: [], poolSize: 0, cellTemplate: null, placeholder: null,
    seq: 0, renderSeq: 0, waiting: false,
    motion: new Motion({ speed: 3, windowMs: 100 }), deferred: new Set(), flushTimer: 0,
    prefetchers: [], saveData: !!(navigator.connection && navigator.connection.saveData),
    focusNode: null, tabStop: null, currentKey: null, pendingFocus: -1,
    scheduled: false, settleTimer: 0, stateTimer: 0, lastState: '', upgraded: false,
    staticIndex: new Map(),           // key → index of the cells this page was served with
  };
  g.renderFrame = () => render(g);
  g.schedule = () => schedule(g);
  g.onSettle = () => saveState(g);
  g.pageOf = (index) => Math.floor(index / g.manifest.pageSize) + 1;
  const pagePath = (page) => abs(g.manifest.base + (page > 1 ? 'page/' + page + '/' : ''));
  g.pageURL = (page) => pagePath(page) + location.search;
  /** Where a link to item `key` (at collection index `index`) goes: its page, or its cell's page and id. */
  g.itemURL = (key, index) => (!g.manifest ? abs(key + '/')
    : g.itemPages ? abs(g.manifest.base + key + '/') : pagePath(g.pageOf(index)) + '#item-' + key);
  g.measure = () => {
    const style = getComputedStyle(grid);
    const px = (name, fallback) => parseFloat(style.getPropertyValue(name)) || fallback;
    g.geo = layout({ width: grid.clientWidth, min: px('--cell-min', 180), caption: px('--caption', 52), gap: px('--cell-gap', 12),
                     count: g.count, viewH: window.innerHeight, maxHeight: g.debug.maxHeight });
  };
  g.applyGeometry = () => {
    grid.style.setProperty('--cell-w', g.geo.cellW + 'px');
    grid.style.setProperty('--cell-h', g.geo.cellH + 'px');
    grid.style.height = g.geo.physH + 'px';
    g.gridTop = grid.getBoundingClientRect().top + window.scrollY;
  };
  // The lightbox is loaded on first use, or at the first sign of one (a pointer over the list, a touch,
  // focus in it): a page that is only scrolled never fetches it. Until then `g.lightbox` is null.
  g.lightbox = null;
  const lightboxModule = () => import('./lightbox.js').then(({ Lightbox }) => (g.lightbox = g.lightbox || new Lightbox(g)));
  // `g.lightboxOpening` covers the module's load: the address must not be saved in between (history.js).
  g.openLightbox = (index, options) => {
    g.lightboxOpening = true;
    const opened = lightboxModule().then((lightbox) => lightbox.open(index, options));
    opened.then(() => { g.lightboxOpening = false; }, () => { g.lightboxOpening = false; });
    return opened;
  };

  // The manifest is fetched while the page upgrades; everything that needs it waits on this promise.
  g.manifestLoaded = fetchJSON(new URL(grid.dataset.manifest, location.href).href).then((m) => {
    g.manifest = m;
    g.formats.types = m.types || [];     // version 1 manifests have one format
    g.formats.known = true;
    g.itemPages = m.itemPages !== false;
    g.shards = new Shards({ count: g.count, size: m.shardSize, urlOf: (n) => abs(m.shards[n]), fetchJSON,
                            onLoad: g.schedule, stats: g.stats });
    return m;
  });
  upgrade(g);
  const ready = g.manifestLoaded.then(() => {
    setUpFind(g);
    const state = history.state && history.state.galgen;
    if (state && state.key) restore(g, state);
    else openHash(g, { push: false });
    render(g);
    // Kept (not `once`): the page's listeners stay the same from the first open to the last (T16).
    const warm = () => { if (!g.lightbox && !g.lightboxWarming) { g.lightboxWarming = true; lightboxModule().catch(() => {}); } };
    for (const type of ['pointerover', 'touchstart', 'focusin']) grid.addEventListener(type, warm, { passive: true });
  }).catch((error) => { console.warn('galgen: manifest: ' + error.message); });

  if (g.debug.on) {
    window.__galgen = {
      stats: g.stats, ready,
      get poolCap() { return g.geo.poolCap; }, get cols() { return g.geo.cols; }, get rowHeight() { return g.geo.rowH; },
      get poolSize() { return g.poolSize; }, get scale() { return g.geo.scale; }, get maxHeight() { return g.debug.maxHeight; },
      // the format the browser shows a picture with every format in (pictures.shownFormat)
      get format() { return shownFormat(g.formats); },
    };
  }
}

/** Takes over the server-rendered page: the static cells near the viewport become pool nodes where they
    are, the others go, and the list gets its full height. */
function upgrade(g) {
  const grid = g.grid;
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
  const anchorIndex = anchorNode ? Number(anchorNode.dataset.index) : g.pageFirst;

  g.measure();
  grid.classList.add('virtual');
  g.applyGeometry();
  const geo = g.geo;
  // Scroll so the anchor's new place on screen is its old one: on screen it sits at y − p·scale.
  const y = Math.floor(anchorIndex / geo.cols) * geo.rowH;
  window.scrollTo({ top: g.gridTop + (y - anchorTop) / geo.scale, behavior: 'instant' });

  const pNow = physScroll(g), vNow = toVirtual(geo, pNow);
  const firstRow = Math.max(0, Math.floor(vNow / geo.rowH) - 1);
  const lastRow = Math.floor((vNow + geo.viewH) / geo.rowH) + 2;
  for (const node of statics) {
    const i = Number(node.dataset.index);
    g.staticIndex.set(node.dataset.key, i);
    const row = Math.floor(i / geo.cols);
    if (row >= firstRow && row <= lastRow && g.poolSize < geo.poolCap) {
      adopt(g, node);
      g.active.set(node.key, node);
      place(g, node, i, pNow);
    } else {
      node.remove();
    }
  }
  const pager = document.querySelector('nav.pager');
  if (pager) pager.hidden = true;
  g.upgraded = true;

  grid.addEventListener('click', (event) => onClick(g, event));
  grid.addEventListener('keydown', (event) => onKey(g, event));
  grid.addEventListener('focusin', (e) => {
    const cell = e.target.closest('.cell');
    if (cell) { g.focusNode = cell; g.currentKey = cell.key; }
  });
  window.addEventListener('scroll', g.schedule, { passive: true });
  window.addEventListener('resize', () => requestAnimationFrame(() => relayout(g)), { passive: true });
  window.addEventListener('popstate', (e) => {
    if (g.lightbox && g.lightbox.ignoreNextPop) { g.lightbox.ignoreNextPop = false; return; }
    if (g.lightbox && g.lightbox.isOpen) return;
    const state = e.state || {};
    if (state.lightbox) { indexOfKey(g, state.lightbox).then((i) => { if (i >= 0) g.openLightbox(i, { push: false }); }); return; }
    if (state.galgen) restore(g, state.galgen);
  });
  window.addEventListener('hashchange', () => openHash(g, { push: false }));
  render(g);
}

function onClick(g, event) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target.closest('a');
  const cell = link && link.closest('.cell');
  if (!cell || !g.grid.contains(cell)) return;
  event.preventDefault();
  g.currentKey = cell.key;
  g.openLightbox(cell.index);
}

/** The collection index of item `key`: from the cells this page was served with, else from the search
    index's key fragments (docs/search.md); −1 when it is not in this collection. */
function indexOfKey(g, key) {
  if (g.staticIndex.has(key)) return Promise.resolve(g.staticIndex.get(key));
  if (!g.find) return Promise.resolve(-1);
  return g.find.reader().then((index) => index.locate(key)).then(
    (at) => (at && at.collection === g.manifest.searchCollection ? at.index : -1));
}

/** `#item-<key>`: scroll there and open it. */
function openHash(g, { push }) {
  const match = /^#item-(.+)$/.exec(location.hash);
  if (!match || (g.lightbox && g.lightbox.isOpen)) return Promise.resolve(false);
  const key = decodeURIComponent(match[1]);
  return indexOfKey(g, key).then((index) => {
    if (index < 0) return false;
    goTo(g, index, { top: true });
    g.openLightbox(index, { push });
    return true;
  }, () => false);
}

/** The search box, over this collection (docs/search.md). It is shown at once, but search.js loads
    only when it is first used: focus (also by `/`), a `?q=` address, or a deep link that needs the index. */
function setUpFind(g) {
  const box = document.querySelector('search.find');
  if (!box || !g.manifest.search) return;
  const input = box.querySelector('input');
  let wired = null;
  const wire = () => wired || (wired = import('./search.js').then(({ setUpSearch, pushWithoutQuery }) => setUpSearch(box, {
    indexURL: g.abs(g.manifest.search), collection: g.manifest.searchCollection, stats: g.stats,
    choose: (result) => {
      pushWithoutQuery();
      if (g.itemPages) { goTo(g, result.index, { focus: true, top: true }); return; }
      // Without item pages the lightbox is the item's view (closing it focuses the cell).
      goTo(g, result.index, { top: true });
      g.openLightbox(result.index);
    },
  })));
  g.find = { reader: () => wire().then((find) => find.reader()) };
  // As search.js does once loaded: focus warms the index, `/` focuses the box.
  input.addEventListener('focus', () => { if (!wired) g.find.reader().catch(() => {}); });
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
