/* galgen gallery runtime: turns a static gallery page into one virtual grid over every item of the
   collection, with a bounded pool of reused cells, lazy JSON shards, one shared lightbox and a
   search box. No dependencies, no build step. Behaviour and test hooks: docs/runtime.md. */
(() => {
  'use strict';
  const grid = document.getElementById('grid');
  if (!grid || !grid.dataset.manifest || !window.fetch || !window.AbortController) return;

  // ---- settings and state -------------------------------------------------------------------
  // `?galgen-debug=<flag>[,<flag>…]` (test hooks, docs/runtime.md): `1`, `unsafe-noclear`, `max-height:<px>`.
  // Unknown or malformed flags are ignored; without the parameter nothing here changes.
  const debug = new URLSearchParams(location.search).get('galgen-debug');
  const debugFlags = debug ? debug.split(',').map((flag) => flag.trim()) : [];
  const unsafeNoClear = debugFlags.includes('unsafe-noclear');
  // Browsers clamp tall elements (Chromium ~33.5 M px, Firefox ~17.9 M px): above MAX_HEIGHT the list scrolls
  // through a scale factor (geometry). `max-height:<px>` lowers it (10,000 to 16,000,000 px), so that a small
  // site takes the scaled path of a million-item one.
  const MAX_HEIGHT = debugFlags.reduce((max, flag) => {
    const match = /^max-height:([0-9]{5,8})$/.exec(flag);
    const px = match ? Number(match[1]) : NaN;
    return px >= 1e4 && px <= 16e6 ? px : max;
  }, 16e6);
  const SHARD_LRU = 8;
  // Fling gating (design notes 2.8): while the list moves faster than FLING_SPEED viewports per second,
  // measured over the last FLING_MS, a newly bound cell gets its text and colour but not its picture.
  // The picture is requested once the cell has been in the window for FLING_MS, or when the scroll
  // slows down or stops. Cells that only fly past cost no image request and no decode.
  const FLING_SPEED = 3, FLING_MS = 100;
  const HARD_CEILING = 400;
  const count = Number(grid.dataset.count);
  const pageFirst = Number(grid.dataset.first) || 0;
  const rootURL = new URL(grid.dataset.root || './', location.href).href;
  const manifestURL = new URL(grid.dataset.manifest, location.href).href;
  const stats = { created: 0, adopted: 0, binds: 0, sameKeyReuse: 0, guardDrops: 0, prefetchStarts: 0,
                  prefetchAborts: 0, shardFetches: 0, shardAborts: 0, lightboxPictureLoads: 0 };

  let manifest = null;              // the collection's manifest, once loaded (see `ready` below)
  // Whether the site has a page per item (the manifest's `itemPages`, absent = true). Without, an item's
  // address is its cell on the gallery page that lists it, `<page>#item-<key>`, and it opens in the lightbox.
  let itemPages = true;
  // Picture formats (manifest version 2): `types` are the MIME types of the <source>s of a cell's <picture>,
  // in order; the <img> holds the fallback. The browser shows the first <source> whose type it supports.
  // `supported` (type → true/false; absent: not known yet) is learnt from the pictures that load (learn).
  let types = [];
  const supported = new Map();
  const NONE = [];
  const shards = new Map();         // shard number → items (Map order = LRU, oldest first)
  const pending = new Map();        // shard number → AbortController
  let searchData = null, searchPromise = null;

  // Geometry (computed from CSS custom properties and the list's width; items are never measured).
  let cols = 1, cellW = 0, cellH = 0, gap = 0, rowH = 1, rows = 0, viewH = 0, gridTop = 0, scale = 1, physH = 0;
  let visibleRows = 1, poolCap = 0, poolSize = 0;

  // The pool (UITableView's reuse queue, keyed): active = in the window, parked = left it but still
  // bound (Map order = LRU), free = unbound.
  const active = new Map(), parked = new Map(), free = [];
  let seq = 0;                      // binding tokens
  let renderSeq = 0;                // renders so far: a parked node remembers the render that parked it
  let waiting = false;              // this render left overscan cells for the next frame (see acquire)
  let flinging = false;             // see FLING_SPEED
  const recentT = [], recentV = []; // time and virtual offset of the renders of the last FLING_MS
  const deferred = new Set();       // bound nodes whose picture waits for the fling to end
  let flushTimer = 0;
  let placeholder = null;           // the placeholder picture, as a variant without alternatives
  let focusNode = null;             // never recycled while it holds focus
  let tabStop = null;               // the one link with tabindex=0
  let currentKey = null;            // roving tabindex position
  let pendingFocus = -1;            // an index to focus once it is bound
  let direction = 1, lastV = 0, travel = 0;
  let scheduled = false, settleTimer = 0, stateTimer = 0, lastState = '';
  let upgraded = false;

  // ---- helpers --------------------------------------------------------------------------------
  const abs = (path) => new URL(path, rootURL).href;
  const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));
  const pageOf = (index) => Math.floor(index / manifest.pageSize) + 1;
  const pagePath = (page) => abs(manifest.base + (page > 1 ? 'page/' + page + '/' : ''));
  const pageURL = (page) => pagePath(page) + location.search;
  /** Where a link to item `key` (at collection index `index`) goes: its page, or its cell's page and id. */
  const itemURL = (key, index) => (!manifest ? abs(key + '/')
    : itemPages ? abs(manifest.base + key + '/') : pagePath(pageOf(index)) + '#item-' + key);

  function itemAt(index) {
    if (!manifest) return null;
    const items = shards.get(Math.floor(index / manifest.shardSize));
    return items ? items[index % manifest.shardSize] : null;
  }

  /** A manifest variant `[fallback, width, height, alt0, alt1, …]` with absolute URLs; `alts[i]` is the
      same picture in format types[i], or null when the image has no file in that format. */
  const variantOf = (v) => ({ url: abs(v[0]), width: v[1], height: v[2],
                              alts: types.length ? types.map((type, i) => (v[3 + i] ? abs(v[3 + i]) : null)) : NONE });

  /** The URL of `variant` the browser loads, the way it picks a <source>: the first one present whose type
      it supports, else the fallback; null while that is not known yet. Never a second format of it. */
  function urlOf(variant) {
    const alts = variant.alts;
    for (let i = 0; i < alts.length; i++) {
      if (!alts[i]) continue;
      const ok = supported.get(types[i]);
      if (ok) return alts[i];
      if (ok === undefined) return null;
    }
    return variant.url;
  }

  /** The variant a cell shows: the smallest at least as wide as the cell on this screen, with its
      absolute URLs (remembered on the item, so a render builds no URL objects for known items). */
  function pick(item, width) {
    if (item.pickedFor === width) return item.picked;
    const v = item.v;
    let chosen = null;
    if (v.length) {
      const need = width * (window.devicePixelRatio || 1);
      chosen = variantOf(v.find((variant) => variant[1] >= need) || v[v.length - 1]);
    }
    item.pickedFor = width;
    item.picked = chosen;
    return chosen;
  }

  /** Learns from the URL a picture loaded (`img.currentSrc`) which types the browser supports. `desc` describes
      that picture: `[type, urls]` for each <source> with a srcset, in order, then `[null, urls]` for the <img>.
      The browser took the first supported one: its type is supported, the ones before it are not. */
  function learn(desc, url) {
    if (!desc || !url) return;
    const k = desc.findIndex((entry) => entry[1].includes(url));
    if (k < 0) return;
    for (let j = 0; j < k; j++) supported.set(desc[j][0], false);
    if (desc[k][0]) supported.set(desc[k][0], true);
  }
  const descOf = (variant) => {
    const desc = [];
    variant.alts.forEach((url, i) => { if (url) desc.push([types[i], [url]]); });
    desc.push([null, [variant.url]]);
    return desc;
  };
  /** Whether a load can still teach something (before the manifest, `types` is not known). */
  const learning = () => !manifest || types.some((type) => !supported.has(type));

  // ---- geometry -------------------------------------------------------------------------------
  function measureCSS() {
    const style = getComputedStyle(grid);
    const px = (name, fallback) => parseFloat(style.getPropertyValue(name)) || fallback;
    const min = px('--cell-min', 180), caption = px('--caption', 52);
    gap = px('--cell-gap', 12);
    const width = grid.clientWidth;
    cols = Math.max(1, Math.floor((width + gap) / (min + gap)));
    cellW = (width - gap * (cols - 1)) / cols;
    cellH = cellW + caption;
    rowH = cellH + gap;
    rows = Math.ceil(count / cols);
    viewH = window.innerHeight;
    visibleRows = Math.ceil(viewH / rowH) + 1;
    poolCap = Math.min(HARD_CEILING, cols * (visibleRows + 3) + cols * visibleRows);
    const virtualH = Math.max(0, rows * rowH - gap);
    physH = Math.min(virtualH, MAX_HEIGHT);
    scale = physH > viewH && virtualH > physH ? (virtualH - viewH) / (physH - viewH) : 1;
  }

  function applyGeometry() {
    grid.style.setProperty('--cell-w', cellW + 'px');
    grid.style.setProperty('--cell-h', cellH + 'px');
    grid.style.height = physH + 'px';
    gridTop = grid.getBoundingClientRect().top + window.scrollY;
  }

  const physScroll = () => window.scrollY - gridTop;
  const toVirtual = (p) => clamp(p, 0, Math.max(0, physH - viewH)) * scale;
  /** Physical top (in the list) of virtual offset y while the scroll position is p. */
  const toPhysical = (y, p) => (scale === 1 ? y : clamp(p, 0, physH) + (y - toVirtual(p)));

  /** Puts a node at item `index`'s place. Every cell's layout box stays at the list's top left corner and is
      moved by a transform: the Layout Instability API ignores transform changes, so moving a cell is never a
      layout shift, not even in the scaled mode, where cells move against the document at every frame. */
  function place(node, index, p) {
    node.index = index;
    const row = Math.floor(index / cols), col = index % cols;
    const top = toPhysical(row * rowH, p), left = col * (cellW + gap);
    if (node.top !== top || node.left !== left) {
      node.style.transform = 'translate(' + left + 'px,' + top + 'px)';
      node.top = top; node.left = left;
    }
    if (node.shownIndex !== index) {  // attributes are written only when they change, and never read
      node.shownIndex = index;
      node.setAttribute('data-index', index);
      node.setAttribute('aria-posinset', index + 1);
    }
    if (node.isHidden) { node.hidden = false; node.isHidden = false; }
  }

  // ---- cells: create, adopt, bind, clear, park ------------------------------------------------
  function wire(node) {
    const link = node.firstElementChild;
    const img = link.querySelector('img');
    node.parts = { link, img, sources: [...link.getElementsByTagName('source')], thumb: link.querySelector('.thumb'),
                   title: link.querySelector('.title'), subtitle: link.querySelector('.subtitle') };
    img.cell = node;
    if (img.alt) img.alt = '';        // decorative: the link's text is the title (axe: image-redundant-alt)
    img.addEventListener('load', onImageEvent);
    img.addEventListener('error', onImageEvent);
    link.tabIndex = -1;
    poolSize++;
  }

  let cellTemplate = null;
  function create() {
    if (!cellTemplate) {
      // <picture> with one <source> per manifest type, then the <img> (just the <img> for a single format)
      cellTemplate = document.createElement('li');
      cellTemplate.className = 'cell';
      cellTemplate.setAttribute('aria-setsize', count);
      cellTemplate.innerHTML = '<a><span class="thumb"></span>' +
        '<span class="title" dir="auto"></span><span class="subtitle" dir="auto"></span></a>';
      const img = document.createElement('img');
      img.alt = '';
      img.decoding = 'async';
      let picture = img;
      if (types.length) {
        picture = document.createElement('picture');
        for (const type of types) picture.appendChild(document.createElement('source')).type = type;
        picture.appendChild(img);
      }
      cellTemplate.querySelector('.thumb').appendChild(picture);
    }
    const node = cellTemplate.cloneNode(true);
    wire(node);
    grid.appendChild(node);
    stats.created++;
    return node;
  }

  /** Takes over a server-rendered cell: same image, same text, no second download. */
  function adopt(node) {
    const img = node.querySelector('img');
    img.removeAttribute('loading');
    // Absolute URLs: the page's URL changes later. `desc` keeps them per <source> (with its type), then the
    // <img>'s, to learn from this picture which formats the browser supports (see learn).
    const loaded = img.complete && img.naturalWidth > 0 ? img.currentSrc : '';
    const desc = [];
    for (const el of node.querySelectorAll('source, img')) {
      const list = [];
      const srcset = el.getAttribute('srcset');
      if (srcset) {
        el.srcset = srcset.split(',').map((c) => {
          const [u, w] = c.trim().split(/\s+/);
          const url = new URL(u, document.baseURI).href;   // relative to the page, not the site root
          list.push(url);
          return w ? url + ' ' + w : url;
        }).join(', ');
      }
      if (el === img) { img.src = img.src; list.push(img.src); }
      if (list.length) desc.push([el === img ? null : el.type, list]);
    }
    wire(node);
    node.key = node.dataset.key;
    node.token = ++seq;
    node.setAttribute('data-token', node.token);
    img.token = node.token;
    node.hasSrcset = true;            // server attributes that clear() removes
    node.desc = desc;
    learn(desc, loaded);
    stats.created++;
    stats.adopted++;
  }

  /** prepareForReuse: drop what the previous item left that bind does not overwrite: above all its
      picture, and a picture still waiting for a fling to end. (Text, colour, link and id are always
      overwritten by the bind that follows in the same task, so clearing them first is wasted work.) */
  function clear(node) {
    node.want = null;
    deferred.delete(node);
    if (node.hasSrcset) reshape(node);
    if (unsafeNoClear) return;
    const { img, sources } = node.parts;
    // The <source>s first: an <img> without src would otherwise pick the old item's <source>.
    for (const source of sources) {
      source.removeAttribute('srcset');
      if (node.hasSrcset) source.removeAttribute('sizes');
    }
    if (node.hasSrcset) { img.removeAttribute('srcset'); node.hasSrcset = false; }   // adopted cells only
    img.removeAttribute('src');       // stops painting the old picture and aborts its download
    if (node.imageState) { node.classList.remove(node.imageState); node.imageState = null; }
  }

  /** An adopted cell, on its first rebind, gets the shape of a created one when it differs: a server cell has
      no <source> for a format its image lacks (or no <picture> at all, for the placeholder). */
  function reshape(node) {
    const { img, sources } = node.parts;
    if (sources.length === types.length && sources.every((source, i) => source.type === types[i])) return;
    for (const source of sources) source.remove();
    node.parts.sources = [];
    if (!types.length) return;
    let picture = img.parentNode;
    if (picture.tagName !== 'PICTURE') {
      picture = document.createElement('picture');
      img.replaceWith(picture);
      picture.appendChild(img);
    }
    for (const type of types) {
      const source = picture.insertBefore(document.createElement('source'), img);
      source.type = type;
      node.parts.sources.push(source);
    }
  }

  /** Binds `item` to `node` (already cleared). The picture is set now, or later by showPicture when a
      fling is going on; everything else is set now. Reads nothing from the DOM. */
  function bind(node, item, index, now, onScreen) {
    const token = ++seq;
    const { img, link, title, subtitle, thumb } = node.parts;
    node.key = item.k;
    node.token = token;
    node.id = 'item-' + item.k;
    node.setAttribute('data-key', item.k);
    node.setAttribute('data-token', token);
    thumb.style.backgroundColor = item.c;
    const variant = pick(item, cellW);
    const width = variant ? variant.width : 400, height = variant ? variant.height : 400;
    if (node.imgW !== width) { img.width = width; node.imgW = width; }       // never read img.width:
    if (node.imgH !== height) { img.height = height; node.imgH = height; }   // it forces a layout
    node.want = variant || placeholder || (placeholder = { url: abs(manifest.placeholder), alts: NONE });
    node.wantToken = token;
    node.boundAt = now;
    if (flinging) deferred.add(node); else showPicture(node, onScreen);
    title.textContent = item.t;
    subtitle.textContent = item.s || '';
    link.href = item.href || (item.href = itemURL(item.k, index));
    stats.binds++;
  }

  /** Sets the picture a bind chose, if that binding is still the node's current one: each <source> gets
      the chosen width in its format (one candidate), then the <img> the fallback. */
  function showPicture(node, onScreen) {
    deferred.delete(node);
    const want = node.want;
    node.want = null;
    if (!want || node.wantToken !== node.token) { stats.guardDrops++; return; }
    const { img, sources } = node.parts;
    img.token = node.token;
    const alts = want.alts;
    for (let i = 0; i < sources.length; i++) {     // a format the image lacks: no srcset, the browser skips it
      if (alts[i]) sources[i].srcset = alts[i]; else sources[i].removeAttribute('srcset');
    }
    node.shown = want;
    node.desc = null;
    // Chromium raises the priority of an image in the viewport, but judges that by its layout box, without
    // transforms: every cell's box is at the list's corner (place), so a picture on screen asks for it here.
    const priority = onScreen ? 'high' : 'auto';
    if (node.priority !== priority) { img.fetchPriority = priority; node.priority = priority; }
    img.src = want.url;
  }

  /** A late load or error of a previous binding must not touch the current one. */
  function onImageEvent(event) {
    const img = event.currentTarget;
    const node = img.cell;
    const ok = event.type === 'load';
    if (!img.getAttribute('src') || img.token !== node.token || !img.complete ||
        (ok ? img.naturalWidth === 0 : img.naturalWidth > 0)) {
      stats.guardDrops++;
      return;
    }
    if (ok && learning()) learn(node.desc || (node.shown && descOf(node.shown)), img.currentSrc);
    const state = ok ? 'loaded' : 'failed';
    if (node.imageState !== state) {
      if (node.imageState) node.classList.remove(node.imageState);
      node.classList.add(state);
      node.imageState = state;
    }
  }

  function park(node) {
    active.delete(node.key);
    parked.set(node.key, node);
    node.parkedIn = renderSeq;
    if (unsafeNoClear) {              // negative control: off-screen instead of hidden
      node.style.transform = 'translate(0,-10000px)'; node.top = -10000; node.left = 0;
    } else {
      node.hidden = true;
      node.isHidden = true;
    }
  }

  /** dequeueReusableCell, keyed: the same key gets the same node back without a rebind.
      A node parked by this very render was painted in the previous frame. The oldest parked node is taken
      only if an earlier render parked it (it has been hidden for at least one frame), or if `onScreen` (the
      cell must be bound in this frame). Otherwise it returns null and sets `waiting`: render tries again in
      the next frame. (This kept cells placed with `top` from moving while painted, a layout shift; with
      transforms it only leaves a jump's overscan rows to the next frame, docs/runtime.md.) */
  function acquire(item, index, p, onScreen, now) {
    let node = active.get(item.k);
    if (node) { place(node, index, p); return node; }
    node = parked.get(item.k);
    if (node) {
      parked.delete(item.k);
      active.set(item.k, node);
      stats.sameKeyReuse++;
      place(node, index, p);
      return node;
    }
    node = free.pop();
    if (!node && poolSize >= poolCap && parked.size) {
      const [oldKey, oldest] = parked.entries().next().value;
      if (oldest.parkedIn !== renderSeq || onScreen) {
        parked.delete(oldKey);
        node = oldest;
      } else {
        waiting = true;
        return null;
      }
    }
    if (!node && poolSize < HARD_CEILING) node = create();
    if (!node) return null;
    if (node.key !== undefined) clear(node);
    bind(node, item, index, now, onScreen);
    active.set(item.k, node);
    place(node, index, p);
    return node;
  }

  // ---- shards ---------------------------------------------------------------------------------
  function loadShard(n) {
    if (shards.has(n) || pending.has(n) || !manifest) return;
    const controller = new AbortController();
    pending.set(n, controller);
    stats.shardFetches++;
    fetch(abs(manifest.shards[n]), { signal: controller.signal })
      .then((r) => { if (!r.ok) throw new Error('HTTP ' + r.status); return r.json(); })
      .then((data) => {
        if (pending.get(n) !== controller) return;        // superseded
        pending.delete(n);
        shards.set(n, data.items);
        schedule();
      })
      .catch((error) => {
        if (pending.get(n) === controller) pending.delete(n);
        if (error.name !== 'AbortError') console.warn('galgen: shard ' + n + ': ' + error.message);
      });
  }

  function wantShards(from, to) {
    if (!manifest) return;
    const size = manifest.shardSize;
    const lo = Math.floor(clamp(from, 0, count - 1) / size), hi = Math.floor(clamp(to - 1, 0, count - 1) / size);
    for (const [n, controller] of pending) {
      if (n < lo || n > hi) { controller.abort(); pending.delete(n); stats.shardAborts++; }
    }
    let busy = false;
    for (let n = lo; n <= hi; n++) {
      const items = shards.get(n);
      if (items) { shards.delete(n); shards.set(n, items); } else { loadShard(n); busy = true; }
    }
    while (shards.size > SHARD_LRU) {
      const oldest = shards.keys().next().value;
      if (oldest >= lo && oldest <= hi) break;
      shards.delete(oldest);
    }
    const value = busy ? 'true' : 'false';
    if (grid.getAttribute('aria-busy') !== value) grid.setAttribute('aria-busy', value);
  }

  // ---- prefetch -------------------------------------------------------------------------------
  const prefetchers = [];
  const saveData = !!(navigator.connection && navigator.connection.saveData);

  /** Prefetches the URLs the cells of [from, to) will load (urlOf): a picture whose format is not known yet
      is not prefetched, so that nothing is fetched in a format the browser then does not use. */
  function prefetch(from, to) {
    const want = new Set();
    if (!saveData) {
      for (let i = from; i < to; i++) {
        const item = itemAt(i);
        const url = item && item.v.length ? urlOf(pick(item, cellW)) : null;
        if (url) want.add(url);
      }
    }
    while (prefetchers.length < 3 * cols) prefetchers.push({ img: null, url: null, done: false });
    const busy = new Set();
    for (const p of prefetchers) {
      if (!p.url) continue;
      if (want.has(p.url)) { busy.add(p.url); continue; }
      if (!p.done) { p.img.src = ''; stats.prefetchAborts++; }   // Chromium aborts the download
      p.url = null;
    }
    for (const url of want) {
      if (busy.has(url)) continue;
      const p = prefetchers.find((x) => !x.url);
      if (!p) break;
      if (!p.img) {
        p.img = new Image();
        p.img.decoding = 'async';
        p.img.fetchPriority = 'low';
        p.img.onload = p.img.onerror = () => { p.done = true; };
      }
      p.url = url; p.done = false;
      p.img.src = url;
      stats.prefetchStarts++;
    }
  }

  // ---- render ---------------------------------------------------------------------------------
  function schedule() {
    if (!scheduled) { scheduled = true; requestAnimationFrame(render); }
  }

  function render() {
    scheduled = false;
    if (!upgraded) return;
    const t0 = performance.now();
    renderSeq++;
    const p = physScroll(), v = toVirtual(p);
    const moved = v - lastV;
    lastV = v;
    if (Math.sign(moved) === direction || moved === 0) travel = 0;
    else if ((travel += Math.abs(moved)) > rowH) { direction = -direction; travel = 0; }
    // Speed over the last FLING_MS. A single jump from rest (a link, a key, the search box) is no fling:
    // there is no earlier render in that span, and its pictures are wanted at once.
    while (recentT.length && t0 - recentT[0] > FLING_MS) { recentT.shift(); recentV.shift(); }
    flinging = recentT.length > 0 &&
      Math.abs(v - recentV[0]) * 1000 / Math.max(16, t0 - recentT[0]) > FLING_SPEED * viewH;
    recentT.push(t0); recentV.push(v);

    const firstRow = clamp(Math.floor(v / rowH), 0, Math.max(0, rows - 1));
    const lastRow = clamp(Math.floor((v + viewH) / rowH), 0, Math.max(0, rows - 1));
    const behind = 1, ahead = 2;
    const wFirst = Math.max(0, firstRow - (direction > 0 ? behind : ahead));
    const wLast = Math.min(rows - 1, lastRow + (direction > 0 ? ahead : behind));
    const from = wFirst * cols, to = Math.min(count, (wLast + 1) * cols);
    wantShards(from - cols, to + cols);

    const focused = document.activeElement;
    focusNode = focused && focused !== grid && grid.contains(focused) ? focused.closest('.cell') : null;
    const focusedKey = focusNode && focusNode.key;
    for (const node of active.values()) {         // deleting the current entry keeps the iteration valid
      if ((node.index < from || node.index >= to) && node.key !== focusedKey) park(node);
    }
    // The rows on screen first: they take the nodes that have been hidden for a frame. The overscan rows
    // may have to wait for the next frame (see acquire), which a jump of a screenful or more needs.
    const sFrom = Math.max(from, firstRow * cols), sTo = Math.min(to, (lastRow + 1) * cols);
    waiting = false;
    for (let i = sFrom; i < sTo; i++) {
      const item = itemAt(i);
      if (item) acquire(item, i, p, true, t0);
    }
    for (let i = from; i < to; i++) {
      if (i >= sFrom && i < sTo) continue;
      const item = itemAt(i);
      if (item) acquire(item, i, p, false, t0);
    }
    if (focusNode && active.get(focusNode.key) === focusNode) place(focusNode, focusNode.index, p);

    // Pictures held back by a fling: shown once the cell has been in the window for FLING_MS, or now
    // that the fling is over. Parked nodes keep waiting (an eviction cancels theirs, see clear).
    if (deferred.size) {
      let stillWaiting = false;
      for (const node of deferred) {
        if (active.get(node.key) !== node) continue;
        if (!flinging || t0 - node.boundAt >= FLING_MS) showPicture(node, node.index >= sFrom && node.index < sTo);
        else stillWaiting = true;
      }
      // No render may follow when the scrolling stops: come back when the fling is over.
      clearTimeout(flushTimer);
      if (stillWaiting) flushTimer = setTimeout(schedule, FLING_MS);
    }

    // Prefetch the two rows past the window in the scroll direction; nothing during a fling (the rows
    // ahead will be passed by too), which also cancels the prefetches under way.
    const band = 2 * cols;
    if (flinging) prefetch(0, 0);
    else if (direction > 0) prefetch(to, Math.min(count, to + band));
    else prefetch(Math.max(0, from - band), from);

    updateTabStop(from, to, firstRow * cols);
    if (pendingFocus >= 0) {
      const node = nodeAt(pendingFocus);
      if (node) { pendingFocus = -1; focusCell(node); }
    }
    clearTimeout(settleTimer);
    settleTimer = setTimeout(settle, 150);
    if (waiting) schedule();
    performance.measure('galgen:render', { start: t0 });
  }

  function nodeAt(index) {
    const item = itemAt(index);
    const node = item && active.get(item.k);
    return node && node.index === index ? node : null;
  }

  /** After scrolling settles: DOM order = visual order (the focused node is never moved). Skipped in
      the unsafe-noclear control: re-inserting a node repaints its <img>, which would hide the stale
      pictures that mode exists to show. */
  function settle() {
    if (unsafeNoClear) { saveState(); return; }
    const list = [...active.values()].sort((a, b) => a.index - b.index);
    let ref = grid.firstElementChild;
    for (const node of list) {
      if (node === ref) { ref = ref.nextElementSibling; continue; }
      if (node === focusNode) { ref = node.nextElementSibling; continue; }
      grid.insertBefore(node, ref);
    }
    saveState();
  }

  // ---- roving tabindex and keyboard -----------------------------------------------------------
  /** `first` is the index of the first visible item, passed in from render: reading the scroll
      position here, after the binds, would force a synchronous layout of the whole list (window.scrollY
      updates layout in Chromium), which was half of a render's time on a 5,000 px jump. */
  function updateTabStop(from, to, first) {
    let target = (currentKey && active.get(currentKey)) || focusNode;
    if (!target || target.index < from || target.index >= to) {
      let best = null;
      for (const node of active.values()) if (node.index >= first && (!best || node.index < best.index)) best = node;
      target = best || target;
    }
    if (target && target !== tabStop) {
      if (tabStop) tabStop.parts.link.tabIndex = -1;
      target.parts.link.tabIndex = 0;
      tabStop = target;
    }
  }

  function focusCell(node) {
    currentKey = node.key;
    if (tabStop && tabStop !== node) tabStop.parts.link.tabIndex = -1;
    node.parts.link.tabIndex = 0;
    tabStop = node;
    node.parts.link.focus({ preventScroll: true });
  }

  /** Scrolls so item `index` is in view (as the first full row when it was not) and focuses it. */
  function goTo(index, { focus = false, top = false } = {}) {
    index = clamp(index, 0, count - 1);
    const y = Math.floor(index / cols) * rowH;
    const v = toVirtual(physScroll());
    if (top || y < v || y + cellH > v + viewH) {
      // Scroll positions are whole pixels, each `scale` pixels of the list: round towards the side that keeps
      // the item in view (its top at or below the top edge, or its bottom at or above the bottom edge).
      const toTop = top || y < v;
      const at = gridTop + (toTop ? y : y + cellH - viewH) / scale;
      window.scrollTo({ top: toTop ? Math.floor(at) : Math.ceil(at), behavior: 'instant' });
    }
    if (focus) pendingFocus = index;
    render();
  }

  function onKey(event) {
    if (event.altKey || event.metaKey || event.ctrlKey) return;
    const cell = event.target.closest('.cell');
    if (!cell || event.target !== cell.parts.link) return;
    const i = cell.index;
    const screen = cols * Math.max(1, visibleRows - 2);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + cols, ArrowUp: i - cols,
                 PageDown: i + screen, PageUp: i - screen, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    goTo(clamp(to, 0, count - 1), { focus: true });
  }

  // ---- history: the URL follows the page, and Back returns to the same item --------------------
  function firstVisible() {
    const v = toVirtual(physScroll());
    // The first row whose cells show: a row whose gap alone is left at the top edge does not count.
    const index = clamp(Math.floor((Math.max(0, v) + gap) / rowH) * cols, 0, count - 1);
    const item = itemAt(index);
    return { index, key: item ? item.k : null, offset: Math.round(Math.floor(index / cols) * rowH - v) };
  }

  function saveState() {
    if (lightbox.isOpen || !manifest) return;
    clearTimeout(stateTimer);
    stateTimer = setTimeout(() => {
      const anchor = firstVisible();
      if (!anchor.key) return;
      const page = Math.floor(anchor.index / manifest.pageSize) + 1;
      const url = pageURL(page);
      const key = url + '|' + anchor.key + '|' + anchor.offset;
      if (key === lastState) return;
      lastState = key;
      history.replaceState({ galgen: anchor }, '', url);
    }, 250);
  }

  function restore(anchor) {
    if (!anchor || !(anchor.index >= 0)) return false;
    const y = Math.floor(clamp(anchor.index, 0, count - 1) / cols) * rowH;
    // Whole pixels (see goTo): in the scaled mode the anchor comes back to within half of `scale` pixels.
    window.scrollTo({ top: Math.round(gridTop + (y - (anchor.offset || 0)) / scale), behavior: 'instant' });
    render();
    return true;
  }

  // ---- lightbox: one <dialog> for the page, built on first use ---------------------------------
  const lightbox = {
    dialog: null, parts: null, isOpen: false, pushed: false, needPush: false, index: -1, token: 0, off: [],

    build() {
      const d = document.createElement('dialog');
      d.className = 'lightbox';
      d.setAttribute('aria-labelledby', 'lightbox-title');
      d.innerHTML = '<div class="stage"><img alt="" decoding="async"></div>' +
        '<div class="info"><h2 id="lightbox-title" dir="auto"></h2><p dir="auto"></p></div>' +
        '<div class="bar"><button type="button" data-act="prev">Previous</button>' +
        '<button type="button" data-act="next">Next</button><a>Open page</a>' +
        '<button type="button" data-act="close">Close</button></div>';
      document.body.appendChild(d);
      this.dialog = d;
      this.parts = { img: d.querySelector('img'), title: d.querySelector('h2'), text: d.querySelector('.info p'),
                     link: d.querySelector('a'), stage: d.querySelector('.stage') };
    },

    on(target, type, fn) {
      target.addEventListener(type, fn);
      this.off.push(() => target.removeEventListener(type, fn));
    },

    open(index, { push = true } = {}) {
      if (this.isOpen) { this.show(index); return; }
      if (!this.dialog) this.build();
      this.isOpen = true;
      this.pushed = push;
      this.needPush = push;
      this.on(this.dialog, 'click', (e) => {
        const act = e.target.closest('[data-act]');
        if (act) this.act(act.dataset.act);
        else if (e.target === this.dialog) this.close();
      });
      this.on(this.dialog, 'cancel', (e) => { e.preventDefault(); this.close(); });
      this.on(this.dialog, 'close', () => { if (this.isOpen) this.close(); });
      this.on(this.dialog, 'keydown', (e) => {
        if (e.key === 'ArrowRight') { e.preventDefault(); this.act('next'); }
        if (e.key === 'ArrowLeft') { e.preventDefault(); this.act('prev'); }
      });
      this.on(window, 'popstate', () => this.close({ fromHistory: true }));
      this.dialog.showModal();
      this.show(index);
    },

    act(what) {
      if (what === 'close') this.close();
      if (what === 'next' && this.index < count - 1) this.show(this.index + 1);
      if (what === 'prev' && this.index > 0) this.show(this.index - 1);
    },

    /** Shows item `index`; every async step is checked against a token, so a late answer for an
        item the user already left is dropped. */
    show(index) {
      const token = ++this.token;
      this.index = index;
      const { img, title, text, link, stage } = this.parts;
      img.removeAttribute('src');
      img.alt = '';
      const item = itemAt(index);
      if (!item) {
        title.textContent = 'Loading…';
        text.textContent = '';
        let tries = 0;
        manifestLoaded.then(() => {
          const wait = () => {
            if (token !== this.token) { stats.guardDrops++; return; }
            if (itemAt(index)) { this.show(index); return; }
            if (++tries > 300) { title.textContent = 'This item could not be loaded.'; return; }
            loadShard(Math.floor(index / manifest.shardSize));
            setTimeout(wait, 50);
          };
          wait();
        }, () => { if (token === this.token) title.textContent = 'This item could not be loaded.'; });
        return;
      }
      title.textContent = item.t;
      text.textContent = item.s || '';
      link.href = itemURL(item.k, index);
      link.textContent = itemPages ? 'Open page' : 'Link to this item';
      // One history entry per opening (Back closes); moving between items replaces it. Without item pages
      // the URL is the item's own address: the gallery page that lists it.
      const state = { galgen: history.state && history.state.galgen, lightbox: item.k };
      const address = (itemPages ? '' : pageURL(pageOf(index))) + '#item-' + item.k;
      if (this.needPush) { this.needPush = false; history.pushState(state, '', address); }
      else history.replaceState(state, '', address);
      const big = item.v.length ? variantOf(item.v[item.v.length - 1]) : null;
      stage.style.setProperty('--ratio', big ? big.width + ' / ' + big.height : '1');
      stage.style.backgroundColor = item.c;
      if (!big) { img.src = abs(manifest.placeholder); img.alt = item.t; return; }
      // Decoded off the DOM, in the format the grid uses. While that format is not known yet, the loader
      // is an <img> in a detached <picture> with the grid's <source>s, so the browser picks it (and we learn).
      const loader = new Image(), url = urlOf(big);
      if (url === null) {
        stats.lightboxPictureLoads++;
        const picture = document.createElement('picture');
        big.alts.forEach((alt, i) => {
          if (alt) { const source = picture.appendChild(document.createElement('source')); source.type = types[i]; source.srcset = alt; }
        });
        picture.appendChild(loader);
      }
      loader.src = url || big.url;
      loader.decode().then(() => {
        if (token !== this.token || !this.isOpen) { stats.guardDrops++; return; }
        if (url === null) learn(descOf(big), loader.currentSrc);
        img.width = big.width; img.height = big.height;
        img.src = loader.currentSrc || loader.src;
        img.alt = item.t;
      }, () => {
        if (token !== this.token) { stats.guardDrops++; return; }
        img.src = abs(manifest.placeholder);
        img.alt = item.t;
      });
    },

    close({ fromHistory = false } = {}) {
      if (!this.isOpen) return;
      this.isOpen = false;
      this.token++;
      for (const off of this.off.splice(0)) off();
      if (this.dialog.open) this.dialog.close();
      const index = this.index;
      if (!fromHistory) {
        if (this.pushed && !this.needPush) {
          lightboxIgnoreNextPop = true;
          history.back();
        } else if (location.hash) {
          history.replaceState({ galgen: history.state && history.state.galgen }, '', location.pathname + location.search);
        }
      }
      goTo(index, { focus: true });
    },
  };
  let lightboxIgnoreNextPop = false;

  function onClick(event) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest('a');
    const cell = link && link.closest('.cell');
    if (!cell || !grid.contains(cell)) return;
    event.preventDefault();
    currentKey = cell.key;
    lightbox.open(cell.index);
  }

  // ---- search ---------------------------------------------------------------------------------
  function loadSearch() {
    if (!searchPromise) {
      searchPromise = manifestLoaded
        .then((m) => fetch(abs(m.search)))
        .then((r) => { if (!r.ok) throw new Error('HTTP ' + r.status); return r.json(); })
        .then((data) => {
          searchData = { keys: data.keys, titles: data.titles, lower: data.titles.map((t) => t.toLowerCase()) };
          return searchData;
        });
      searchPromise.catch(() => { searchPromise = null; });
    }
    return searchPromise;
  }

  const staticIndex = new Map();     // key → index of the cells this page was served with

  function indexOfKey(key) {
    if (staticIndex.has(key)) return Promise.resolve(staticIndex.get(key));
    return loadSearch().then((s) => s.keys.indexOf(key));
  }

  function setUpSearch() {
    const box = document.querySelector('search.find');
    if (!box) return;
    const input = box.querySelector('input'), status = box.querySelector('.find-status'), list = box.querySelector('.find-results');
    let timer = 0, results = [];
    const run = () => loadSearch().then((s) => {
      const q = input.value.trim().toLowerCase();
      list.textContent = '';
      results = [];
      if (!q) { status.textContent = ''; return; }
      const exact = [], prefix = [], inside = [];
      for (let i = 0; i < s.lower.length; i++) {
        const t = s.lower[i];
        if (t === q || t.split(' · ')[0] === q) exact.push(i);
        else if (t.startsWith(q)) { if (prefix.length < 20) prefix.push(i); }
        else if (inside.length < 20 && t.includes(q)) inside.push(i);
      }
      results = exact.concat(prefix, inside).slice(0, 20);
      const total = exact.length + prefix.length + inside.length;
      status.textContent = total === 0 ? 'No matches' : total > 20 ? 'Showing 20 of many matches' : total + (total === 1 ? ' match' : ' matches');
      for (const i of results) {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.index = i;
        b.textContent = s.titles[i];
        li.appendChild(b);
        list.appendChild(li);
      }
    }, () => { status.textContent = 'Search is unavailable'; });
    const choose = (index) => {
      list.textContent = '';
      status.textContent = '';
      if (itemPages) { goTo(index, { focus: true, top: true }); return; }
      // Without item pages the lightbox is the item's view (closing it focuses the cell).
      goTo(index, { top: true });
      lightbox.open(index);
    };
    input.addEventListener('focus', loadSearch);
    input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(run, 120); });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); clearTimeout(timer); run().then(() => { if (results.length) choose(results[0]); }); }
      if (e.key === 'Escape') { input.value = ''; list.textContent = ''; status.textContent = ''; }
    });
    list.addEventListener('click', (e) => { const b = e.target.closest('button'); if (b) choose(Number(b.dataset.index)); });
    document.addEventListener('keydown', (e) => {
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName) &&
          !lightbox.isOpen) { e.preventDefault(); input.focus(); }
    });
    box.hidden = false;
  }

  // ---- relayout on resize, keeping the first visible item ---------------------------------------
  function relayout() {
    const anchor = firstVisible();
    const before = [cols, rowH, viewH].join();
    measureCSS();
    if ([cols, rowH, viewH].join() === before) return;
    recentT.length = recentV.length = 0;   // offsets of the old geometry say nothing about speed
    applyGeometry();
    restore(anchor);
  }

  // ---- upgrade --------------------------------------------------------------------------------
  function upgrade() {
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
    let anchorNode = statics.find((n) => n.getBoundingClientRect().bottom > 0) || statics[0];
    const anchorTop = anchorNode ? anchorNode.getBoundingClientRect().top : 0;
    const anchorIndex = anchorNode ? Number(anchorNode.dataset.index) : pageFirst;

    measureCSS();
    grid.classList.add('virtual');
    applyGeometry();
    // Scroll so the anchor's new place on screen is its old one: on screen it sits at y − p·scale.
    const y = Math.floor(anchorIndex / cols) * rowH;
    window.scrollTo({ top: gridTop + (y - anchorTop) / scale, behavior: 'instant' });

    const pNow = physScroll(), vNow = toVirtual(pNow);
    const firstRow = Math.max(0, Math.floor(vNow / rowH) - 1);
    const lastRow = Math.floor((vNow + viewH) / rowH) + 2;
    for (const node of statics) {
      const i = Number(node.dataset.index);
      staticIndex.set(node.dataset.key, i);
      const row = Math.floor(i / cols);
      if (row >= firstRow && row <= lastRow && poolSize < poolCap) {
        adopt(node);
        active.set(node.key, node);
        place(node, i, pNow);
      } else {
        node.remove();
      }
    }
    const pager = document.querySelector('nav.pager');
    if (pager) pager.hidden = true;
    upgraded = true;

    grid.addEventListener('click', onClick);
    grid.addEventListener('keydown', onKey);
    grid.addEventListener('focusin', (e) => {
      const cell = e.target.closest('.cell');
      if (cell) { focusNode = cell; currentKey = cell.key; }
    });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', () => requestAnimationFrame(relayout), { passive: true });
    window.addEventListener('popstate', (e) => {
      if (lightboxIgnoreNextPop) { lightboxIgnoreNextPop = false; return; }
      if (lightbox.isOpen) return;
      const state = e.state || {};
      if (state.lightbox) { indexOfKey(state.lightbox).then((i) => { if (i >= 0) lightbox.open(i, { push: false }); }); return; }
      if (state.galgen) restore(state.galgen);
    });
    window.addEventListener('hashchange', () => openHash({ push: false }));
    setUpSearch();
    render();
  }

  /** `#item-<key>`: scroll there and open it. */
  function openHash({ push }) {
    const match = /^#item-(.+)$/.exec(location.hash);
    if (!match || lightbox.isOpen) return Promise.resolve(false);
    const key = decodeURIComponent(match[1]);
    return indexOfKey(key).then((index) => {
      if (index < 0) return false;
      goTo(index, { top: true });
      lightbox.open(index, { push });
      return true;
    }, () => false);
  }

  // The manifest is fetched while the page upgrades; everything that needs it waits on this promise.
  const manifestLoaded = fetch(manifestURL)
    .then((r) => { if (!r.ok) throw new Error('HTTP ' + r.status); return r.json(); })
    .then((m) => {
      manifest = m;
      types = m.types || [];                   // version 1 manifests have one format
      itemPages = m.itemPages !== false;
      return m;
    });
  upgrade();
  const ready = manifestLoaded
    .then(() => {
      const state = history.state && history.state.galgen;
      if (state && state.key) restore(state);
      else openHash({ push: false });
      render();
    })
    .catch((error) => { console.warn('galgen: manifest: ' + error.message); });

  if (debug) {
    window.__galgen = {
      stats, ready,
      get poolCap() { return poolCap; }, get cols() { return cols; }, get rowHeight() { return rowH; },
      get poolSize() { return poolSize; }, get scale() { return scale; }, get maxHeight() { return MAX_HEIGHT; },
      // the format the browser shows a picture with every format in: a MIME type of the manifest's `types`,
      // 'fallback', or null (not known yet)
      get format() {
        for (const type of types) { const ok = supported.get(type); if (ok !== false) return ok ? type : null; }
        return manifest ? 'fallback' : null;
      },
    };
  }
})();
