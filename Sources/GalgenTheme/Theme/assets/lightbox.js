/* galgen runtime: the lightbox, a full-screen photo viewer: one <dialog> for the page, built on first use. Like
   a singleton view controller: every listener it adds while open is removed when it closes, and each async
   step carries a token, so a late answer for an item the visitor already left is dropped. The stage (the
   picture, its zoom, the neighbours, the animations) is viewer.js's; the gestures are gestures.js's. */
import { t } from './messages.js';
import { Viewer } from './viewer.js';
import { RULES } from './viewer-css.js';

// The bar's buttons: [act, message key, icon path (24 × 24, stroked)].
const BUTTONS = [
  ['prev', 'lightboxPrevious', 'M15 5l-7 7 7 7'], ['next', 'lightboxNext', 'M9 5l7 7-7 7'],
  ['zoom', 'lightboxZoom', 'M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13zM15.5 15.5L20 20M8 10.5h5M10.5 8v5'],
  ['info', 'lightboxInfo', 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 11v6M12 7v1'],
  ['full', 'lightboxFullscreen', 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5'],
  ['page', '', 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6'], ['close', 'lightboxClose', 'M6 6l12 12M18 6L6 18'],
];

export class Lightbox {
  /** `page` is what the lightbox needs of the gallery page (gallery.js): `count` (items in the collection),
      the collection's `data` (`manifest`, `shards`, `itemPages`, `loaded`: the manifest's promise), `formats`
      (pictures.js), `stats`, `links` (`item(key, index)`, `page(index)`: the address of the page that lists
      item `index`, `placeholder()`, `file(path)`: a site path's address) and `goTo(index, options)` (render.js: scrolls the grid to an item). */
  constructor(page) {
    this.page = page;
    this.dialog = null; this.parts = null; this.viewer = null; this.isOpen = false; this.pushed = false; this.needPush = false;
    this.index = -1; this.token = 0; this.off = []; this.closing = null; this.fullscreen = false;
    this.ignoreNextPop = false;     // set when closing goes Back through the entry opening pushed
  }

  build() {
    const d = document.createElement('dialog');
    d.className = 'lightbox';
    d.tabIndex = -1;                 // focused on opening, so no button shows a focus ring before the keyboard is used
    d.setAttribute('aria-labelledby', 'lightbox-title');
    const icon = (path) => `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${path}"/></svg><span class="sr"></span>`;
    d.innerHTML = '<div class="shade"></div><div class="bar"><div class="caption"><h2 id="lightbox-title" dir="auto"></h2><p dir="auto"></p></div>' +
      BUTTONS.map(([act, , path]) => (act === 'page' ? `<a data-act="page">${icon(path)}</a>` : `<button type="button" data-act="${act}">${icon(path)}</button>`)).join('') +
      '</div><div class="stage"><div class="track"><div class="slide"><img alt="" draggable="false">' +
      '<video controls preload="none" playsinline hidden></video></div></div></div><div class="info" id="lightbox-info"><dl class="fields" hidden></dl></div>';
    for (const [act, key] of BUTTONS) {
      if (!key) continue;
      const button = d.querySelector(`[data-act="${act}"]`);
      button.querySelector('.sr').textContent = button.title = t(key);
    }
    const $ = (s) => d.querySelector(s);
    const peek = (side) => Object.assign(document.createElement('img'), { className: 'peek ' + side, alt: '', draggable: false, ariaHidden: 'true' });
    $('[data-act="info"]').setAttribute('aria-controls', 'lightbox-info');
    $('[data-act="full"]').hidden = !document.fullscreenEnabled;
    $('[data-act="full"]').setAttribute('aria-pressed', 'false');
    document.head.insertBefore(Object.assign(document.createElement('style'), { textContent: RULES }), document.querySelector('link[rel="stylesheet"]'));
    document.body.appendChild(d);
    this.dialog = d;
    this.parts = { img: $('.slide img'), video: $('video'), title: $('h2'), text: $('.caption p'), link: $('.bar a'), stage: $('.stage'),
                   fields: $('dl'), track: $('.track'), slide: $('.slide'), peeks: ['prev', 'next'].map(peek), shade: $('.shade'),
                   bar: $('.bar'), info: $('.info') };
    this.viewer = new Viewer(this, this.parts);
    this.setInfo(false);
    this.zoomed(false);
  }

  on(target, type, fn, options) {
    target.addEventListener(type, fn, options);
    this.off.push(() => target.removeEventListener(type, fn, options));
  }

  open(index, { push = true } = {}) {
    if (this.closing) this.closing();
    if (this.isOpen) { this.show(index); return; }
    if (!this.dialog) this.build();
    this.isOpen = true;
    this.pushed = push;
    this.needPush = push;
    this.on(this.dialog, 'click', (e) => {
      const act = e.target.closest('[data-act]');
      if (act && act.dataset.act !== 'page') this.act(act.dataset.act);
    });
    this.on(this.dialog, 'cancel', (e) => { e.preventDefault(); this.close(); });
    this.on(this.dialog, 'close', () => { if (this.isOpen) this.close(); });
    // ← and → as the page is written: in a right-to-left page the next item is to the left.
    const rtl = this.viewer.rtl = getComputedStyle(this.dialog).direction === 'rtl';
    const keys = { [rtl ? 'ArrowLeft' : 'ArrowRight']: 'next', [rtl ? 'ArrowRight' : 'ArrowLeft']: 'prev', '+': 'in', '=': 'in', '-': 'out', f: 'full', i: 'info' };
    this.on(this.dialog, 'keydown', (e) => {
      const what = !e.ctrlKey && !e.metaKey && !e.altKey && keys[e.key];
      if (!what || (e.target.closest && e.target.closest('video, a, dl') && !/^Arrow/.test(e.key))) return;
      e.preventDefault();
      this.act(what);
    });
    this.on(window, 'popstate', () => this.close({ fromHistory: true }));
    this.on(window, 'resize', () => {
      const v = this.viewer, r = this.parts.stage.getBoundingClientRect();
      if (v.item && (r.width !== v.W || r.height !== v.H)) v.layout();
    });
    this.on(document, 'fullscreenchange', () => this.dialog.querySelector('[data-act="full"]').setAttribute('aria-pressed', String(!!document.fullscreenElement)));
    this.viewer.gestures.attach((...a) => this.on(...a), this.parts.stage);
    this.dialog.showModal();
    this.dialog.focus();
    this.show(index);
    this.viewer.enter(this.cell());
  }

  act(what) {
    const v = this.viewer;
    if (what === 'close') this.close();
    if (what === 'next' && this.index < this.page.count - 1) this.show(this.index + 1);
    if (what === 'prev' && this.index > 0) this.show(this.index - 1);
    if (what === 'zoom') v.toggleZoom();
    if (what === 'in' || what === 'out') v.zoomBy(what === 'in' ? 1.5 : 1 / 1.5);
    if (what === 'info' && !this.parts.fields.hidden) { this.setInfo(!this.dialog.classList.contains('info-open')); if (v.item) v.layout(); }
    if (what === 'full' && document.fullscreenEnabled) {
      if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
      else document.documentElement.requestFullscreen().then(() => { this.fullscreen = true; }, () => {});
    }
  }

  /** The info panel (the item's fields) shown or hidden; the choice stays for the next items and openings. */
  setInfo(open) {
    this.dialog.classList.toggle('info-open', open);
    this.dialog.querySelector('[data-act="info"]').setAttribute('aria-expanded', String(open));
    const dl = this.parts.fields;
    if (open && !dl.hidden && dl.scrollHeight > dl.clientHeight) dl.tabIndex = 0; else dl.removeAttribute('tabindex');
  }

  zoomed(on) {
    if (!this.dialog) return;
    this.dialog.classList.toggle('zoomed', on);
    this.dialog.querySelector('[data-act="zoom"]').setAttribute('aria-pressed', String(on));
  }

  /** The grid's cell of the item shown, when it is bound (for the animations and the thumbnail shown first). */
  cell() {
    const item = this.page.data.shards && this.page.data.shards.itemAt(this.index), grid = document.getElementById('grid');
    return item && grid ? grid.querySelector(`.cell[data-key="${CSS.escape(item.k)}"]:not([hidden])`) : null;
  }

  /** Shows item `index`, waiting for its shard when it is not here (a filtered view's card: for its fields). */
  show(index) {
    const { data, stats, links } = this.page;
    const token = ++this.token;
    this.index = index;
    const { title, text, link } = this.parts;
    this.stopVideo();
    this.fill(null);
    const item = data.shards && data.shards.itemAt(index);
    if (!item) {
      this.viewer.blank();
      title.textContent = t('lightboxLoading');
      text.textContent = '';
      let tries = 0;
      data.loaded.then(() => {
        const wait = () => {
          if (token !== this.token) { stats.guardDrops++; return; }
          if (data.shards.itemAt(index)) { this.show(index); return; }
          if (++tries > 300) { title.textContent = t('lightboxFailed'); return; }
          if (data.shards.loadItem) data.shards.loadItem(index); else data.shards.load(Math.floor(index / data.manifest.shardSize));
          setTimeout(wait, 50);
        };
        wait();
      }, () => { if (token === this.token) title.textContent = t('lightboxFailed'); });
      return;
    }
    title.textContent = item.t; text.textContent = item.s || '';
    this.fill(item.f);
    if (data.shards.whenFull) data.shards.whenFull(index, (full) => { if (token === this.token) this.fill(full.f); });
    link.href = links.item(item.k, index);
    link.querySelector('.sr').textContent = link.title = t(data.itemPages ? 'lightboxOpenPage' : 'lightboxItemLink');
    this.dialog.querySelector('[data-act="prev"]').setAttribute('aria-disabled', String(index <= 0));
    this.dialog.querySelector('[data-act="next"]').setAttribute('aria-disabled', String(index >= this.page.count - 1));
    // One history entry per opening (Back closes); moving between items replaces it. Without item pages
    // the URL is the item's own address: the gallery page that lists it.
    const state = { galgen: history.state && history.state.galgen, lightbox: item.k };
    const address = (data.itemPages ? '' : links.page(index)) + '#item-' + item.k;
    if (this.needPush) { this.needPush = false; history.pushState(state, '', address); }
    else history.replaceState(state, '', address);
    this.viewer.present(item, this.cell());
  }

  /** A video item (`m`: [path, type]): its <video> over the stage, the poster the picture just shown; it loads
      nothing until the visitor plays it. */
  playable(item) {
    const { img, video } = this.parts;
    video.poster = img.src;
    video.width = img.width; video.height = img.height;
    video.src = this.page.links.file(item.m[0]);
    video.setAttribute('aria-label', item.t);
    video.hidden = false;
    img.hidden = true;
  }

  /** Before another item (and on closing): the video stopped and emptied, so no sound or download outlives it. */
  stopVideo() {
    const { img, video } = this.parts;
    if (!video.hasAttribute('src')) return;
    video.pause();
    video.removeAttribute('src');
    video.removeAttribute('poster');
    video.load();
    video.hidden = true;
    img.hidden = false;
  }

  /** The item's fields (`f`: [label, text, href?] each) as a <dl>, made with text and attributes only;
      emptied for `null`. The info button shows them; a list taller than its box scrolls, and is then
      focusable to scroll by keyboard. */
  fill(list) {
    const dl = this.parts.fields;
    dl.replaceChildren();
    for (const [label, value, href] of Array.isArray(list) ? list : []) {
      const dd = document.createElement('dd'), safe = typeof href === 'string' && /^(https?:|mailto:)/i.test(href);
      const text = safe ? dd.appendChild(document.createElement('a')) : dd;
      if (safe) { text.setAttribute('href', href); text.rel = 'noopener noreferrer nofollow'; }
      text.textContent = value;
      dd.dir = 'auto';
      dl.append(Object.assign(document.createElement('dt'), { textContent: label }), dd);
    }
    dl.hidden = !dl.firstChild;
    this.dialog.classList.toggle('has-fields', !dl.hidden);
    this.dialog.querySelector('[data-act="info"]').hidden = dl.hidden;
    this.setInfo(this.dialog.classList.contains('info-open'));
  }

  close({ fromHistory = false } = {}) {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.token++;
    this.stopVideo();
    for (const off of this.off.splice(0)) off();
    if (this.fullscreen && document.fullscreenElement) document.exitFullscreen().catch(() => {});
    this.fullscreen = false;
    const index = this.index;
    if (!fromHistory) {
      if (this.pushed && !this.needPush) {
        this.ignoreNextPop = true;
        history.back();
      } else if (location.hash) {
        history.replaceState({ galgen: history.state && history.state.galgen }, '', location.pathname + location.search);
      }
    }
    // The grid behind is brought to the item first, so the picture can shrink back into its thumbnail.
    if (this.dialog.open) this.page.goTo(index);
    const done = () => {
      if (this.closing !== done) return;
      this.closing = null;
      this.viewer.reset();
      if (this.dialog.open) this.dialog.close();
      this.page.goTo(index, { focus: true });
    };
    this.closing = done;
    this.viewer.leave(this.dialog.open ? this.cell() : null).then(done);
  }
}
