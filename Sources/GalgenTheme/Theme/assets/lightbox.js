/* galgen runtime: the lightbox, one <dialog> for the page, built on first use. Like a singleton view
   controller: every listener it adds while open is removed when it closes, and each async step carries a
   token, so a late answer for an item the visitor already left is dropped. */
import { variantOf, urlOf, learn, descOf } from './pictures.js';
import { t } from './messages.js';

export class Lightbox {
  /** `page` is what the lightbox needs of the gallery page (gallery.js): `count` (items in the collection),
      the collection's `data` (`manifest`, `shards`, `itemPages`, `loaded`: the manifest's promise), `formats`
      (pictures.js), `stats`, `links` (`item(key, index)`, `page(index)`: the address of the page that lists
      item `index`, `placeholder()`, `file(path)`: a site path's address) and `goTo(index, options)` (render.js: scrolls the grid to an item). */
  constructor(page) {
    this.page = page;
    this.dialog = null; this.parts = null; this.isOpen = false; this.pushed = false; this.needPush = false;
    this.index = -1; this.token = 0; this.off = [];
    this.ignoreNextPop = false;     // set when closing goes Back through the entry opening pushed
  }

  build() {
    const d = document.createElement('dialog');
    d.className = 'lightbox';
    d.setAttribute('aria-labelledby', 'lightbox-title');
    d.innerHTML = '<div class="stage"><img alt="" decoding="async"><video controls preload="none" playsinline hidden></video></div>' +
      '<div class="info"><h2 id="lightbox-title" dir="auto"></h2><p dir="auto"></p><dl class="fields" hidden></dl></div>' +
      '<div class="bar"><button type="button" data-act="prev"></button>' +
      '<button type="button" data-act="next"></button><a></a>' +
      '<button type="button" data-act="close"></button></div>';
    for (const [act, key] of [['prev', 'lightboxPrevious'], ['next', 'lightboxNext'], ['close', 'lightboxClose']]) {
      d.querySelector(`[data-act="${act}"]`).textContent = t(key);
    }
    document.body.appendChild(d);
    this.dialog = d;
    this.parts = { img: d.querySelector('img'), video: d.querySelector('video'), title: d.querySelector('h2'), text: d.querySelector('.info p'),
                   link: d.querySelector('.bar a'), stage: d.querySelector('.stage'), fields: d.querySelector('dl') };
  }

  on(target, type, fn) {
    target.addEventListener(type, fn);
    this.off.push(() => target.removeEventListener(type, fn));
  }

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
    // ← and → as the page is written: in a right-to-left page the next item is to the left.
    const rtl = getComputedStyle(this.dialog).direction === 'rtl';
    this.on(this.dialog, 'keydown', (e) => {
      if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) { e.preventDefault(); this.act('next'); }
      if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) { e.preventDefault(); this.act('prev'); }
    });
    this.on(window, 'popstate', () => this.close({ fromHistory: true }));
    this.dialog.showModal();
    this.show(index);
  }

  act(what) {
    if (what === 'close') this.close();
    if (what === 'next' && this.index < this.page.count - 1) this.show(this.index + 1);
    if (what === 'prev' && this.index > 0) this.show(this.index - 1);
  }

  /** Shows item `index`, waiting for its shard when it is not here. */
  show(index) {
    const { data, formats, stats, links } = this.page;
    const token = ++this.token;
    this.index = index;
    const { img, title, text, link, stage } = this.parts;
    img.removeAttribute('src');
    img.alt = '';
    this.stopVideo();
    this.fill(null);
    const item = data.shards && data.shards.itemAt(index);
    if (!item) {
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
    title.textContent = item.t;
    text.textContent = item.s || '';
    this.fill(item.f);
    link.href = links.item(item.k, index);
    link.textContent = t(data.itemPages ? 'lightboxOpenPage' : 'lightboxItemLink');
    // One history entry per opening (Back closes); moving between items replaces it. Without item pages
    // the URL is the item's own address: the gallery page that lists it.
    const state = { galgen: history.state && history.state.galgen, lightbox: item.k };
    const address = (data.itemPages ? '' : links.page(index)) + '#item-' + item.k;
    if (this.needPush) { this.needPush = false; history.pushState(state, '', address); }
    else history.replaceState(state, '', address);
    const big = item.v.length ? variantOf(formats, item.v[item.v.length - 1]) : null;
    stage.style.setProperty('--ratio', big ? big.width + ' / ' + big.height : '1');
    stage.style.backgroundColor = item.c;
    if (!big) { img.src = links.placeholder(); img.alt = item.t; return; }
    // Decoded off the DOM, in the format the grid uses. While that format is not known yet, the loader
    // is an <img> in a detached <picture> with the grid's <source>s, so the browser picks it (and we learn).
    const loader = new Image(), url = urlOf(formats, big);
    if (url === null) {
      stats.lightboxPictureLoads++;
      const picture = document.createElement('picture');
      big.alts.forEach((alt, i) => {
        if (!alt) return;
        const source = picture.appendChild(document.createElement('source'));
        source.type = formats.types[i];
        source.srcset = alt;
      });
      picture.appendChild(loader);
    }
    loader.src = url || big.url;
    loader.decode().then(() => {
      if (token !== this.token || !this.isOpen) { stats.guardDrops++; return; }
      if (url === null) learn(formats, descOf(formats, big), loader.currentSrc);
      img.width = big.width; img.height = big.height;
      img.src = loader.currentSrc || loader.src;
      img.alt = item.t;
      if (item.m) this.playable(item, big);
    }, () => {
      if (token !== this.token) { stats.guardDrops++; return; }
      img.src = links.placeholder();
      img.alt = item.t;
    });
  }

  /** A video item (`m`: [path, type]): its <video> over the stage, the poster the picture just shown; it loads
      nothing until the visitor plays it. */
  playable(item, big) {
    const { img, video } = this.parts;
    video.poster = img.src;
    video.width = big.width; video.height = big.height;
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
      emptied for `null`. A list taller than its box scrolls, and is then focusable to scroll by keyboard. */
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
    if (!dl.hidden && dl.scrollHeight > dl.clientHeight) dl.tabIndex = 0; else dl.removeAttribute('tabindex');
  }

  close({ fromHistory = false } = {}) {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.token++;
    this.stopVideo();
    for (const off of this.off.splice(0)) off();
    if (this.dialog.open) this.dialog.close();
    const index = this.index;
    if (!fromHistory) {
      if (this.pushed && !this.needPush) {
        this.ignoreNextPop = true;
        history.back();
      } else if (location.hash) {
        history.replaceState({ galgen: history.state && history.state.galgen }, '', location.pathname + location.search);
      }
    }
    this.page.goTo(index, { focus: true });
  }
}
