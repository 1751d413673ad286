/* galgen runtime: the viewer's stage (lightbox.js owns it): the picture fitted to the screen, its zoom and
   pan, the neighbours preloaded beside it (two hidden <img>s, shown while a swipe drags them in), the variant
   chosen by the box on screen × devicePixelRatio (a larger one once zoomed), and the animations: from and to
   the thumbnail, the slide of a swipe, the fade of a drag to close; none with prefers-reduced-motion. */
import { variantOf, urlOf, learn, descOf } from './pictures.js';
import { Gestures, fitBox, clampView, zoomAt, maxZoom, variantFor } from './gestures.js';
import { previewURL } from './thumbhash.js';

const GAP = 16;                      // px between a picture and its neighbour while swiping
const EASE = 'cubic-bezier(.2, .7, .2, 1)';
const still = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const transform = (v) => `translate(${v.x}px, ${v.y}px) scale(${v.s})`;
const unpeek = (peek) => { peek.removeAttribute('src'); peek.remove(); };  // out of the page: an <img> needs a src

/** Sets `el.style[prop]` to `to`, animated from its value before unless motion is reduced; resolves when done. */
function glide(el, prop, to, ms = 220, from = el.style[prop]) {
  el.style[prop] = to;
  if (still() || from === to || !el.animate) return Promise.resolve();
  return el.animate({ [prop]: [from || (prop === 'opacity' ? '1' : 'none'), to] }, { duration: ms, easing: EASE })
    .finished.catch(() => {});
}

export class Viewer {
  /** `box`: the Lightbox (`page`, `index`, `token`, `isOpen`, `dialog`, `show(index)`, `close()`, `playable(item)`,
      `zoomed(on)`); `parts`: its dialog's elements (`stage`, `track`, `slide`, `img`, `peeks`, `shade`, `bar`, `info`). */
  constructor(box, parts) {
    this.box = box; this.parts = parts;
    this.gestures = new Gestures(this);
    this.item = null; this.entry = null; this.natural = null;
    this.W = 1; this.H = 1; this.left = 0; this.top = 0; this.box0 = { w: 1, h: 1 };
    this.view = { x: 0, y: 0, s: 1 }; this.max = 1; this.rtl = false;
  }

  origin() { return { x: this.left, y: this.top }; }

  /** Measures the stage and fits the picture again (on showing an item, a resize, the info panel). */
  layout() {
    const r = this.parts.stage.getBoundingClientRect(), m = r.width < 600 ? 0 : 8;
    this.W = r.width; this.H = r.height; this.left = r.left; this.top = r.top;
    const n = this.natural || { w: 1, h: 1 };
    this.box0 = fitBox(this.W - 2 * m, this.H - 2 * m, n.w, n.h);
    this.max = this.item && this.item.m ? 1 : maxZoom(this.box0.w, n.w);
    Object.assign(this.parts.slide.style, { width: this.box0.w + 'px', height: this.box0.h + 'px' });
    this.setView({ s: 1, x: 0, y: 0 }, true);
    this.preload();
    if (this.entry) this.load(this.box0.w);          // a larger box (a resize, a rotation) may need a larger variant
  }

  /** Nothing shown (an item whose shard is on its way): no picture, thumbnail, colour or neighbours of another. */
  blank() {
    const { slide, img, peeks } = this.parts;
    this.item = null; this.entry = null; img.removeAttribute('src'); peeks.forEach(unpeek);
    slide.style.backgroundImage = slide.style.backgroundColor = '';
  }

  /** Shows `item` (its shard is here): the grid's thumbnail (else the item's preview) at once, then the variant its box needs. */
  present(item, cell) {
    const { slide, img } = this.parts;
    this.gestures.reset();
    this.item = item; this.entry = null;
    const big = item.v.length ? item.v[item.v.length - 1] : null;
    this.natural = big ? { w: big[1], h: big[2] } : { w: 480, h: 480 };
    img.removeAttribute('src'); img.alt = '';
    slide.style.backgroundColor = item.c || '';
    const thumb = cell && cell.querySelector('img'), loaded = thumb && thumb.complete && thumb.naturalWidth;
    slide.style.backgroundImage = loaded ? `url("${thumb.currentSrc || thumb.src}")` : item.p ? previewURL(item.p) : '';
    this.layout();
    if (!big) { img.src = this.box.page.links.placeholder(); img.alt = item.t; return; }
    this.load(this.box0.w);
  }

  /** Loads the variant for a box `width` CSS px wide, unless the one shown is that large; decoded off the DOM
      (through a detached <picture> while the format is not known), then swapped in if the item is still shown. */
  load(width) {
    const { formats, stats } = this.box.page, item = this.item, token = this.box.token;
    const entry = variantFor(item.v, width * (window.devicePixelRatio || 1));
    if (this.entry && this.entry[1] >= entry[1]) return;
    this.entry = entry;
    const { img } = this.parts, variant = variantOf(formats, entry), url = urlOf(formats, variant);
    const shown = () => {
      img.width = entry[1]; img.height = entry[2];
      img.alt = item.t;
      if (item.m && !this.box.parts.video.hasAttribute('src')) this.box.playable(item);
      this.preload();
    };
    if (url && this.parts.peeks.some((p) => p.src === url && p.complete && p.naturalWidth)) {
      img.src = url;                 // preloaded and decoded: on screen in this frame
      shown();
      return;
    }
    const loader = new Image();
    if (url === null) {
      stats.lightboxPictureLoads++;
      const picture = document.createElement('picture');
      variant.alts.forEach((alt, i) => {
        if (!alt) return;
        const source = picture.appendChild(document.createElement('source'));
        source.type = formats.types[i];
        source.srcset = alt;
      });
      picture.appendChild(loader);
    }
    loader.src = url || variant.url;
    loader.decode().then(() => {
      if (token !== this.box.token || !this.box.isOpen) { stats.guardDrops++; return; }
      if (url === null) learn(formats, descOf(formats, variant), loader.currentSrc);
      if (img.getAttribute('src') && img.width > entry[1]) return;        // a larger one came first
      img.src = loader.currentSrc || loader.src;
      shown();
    }, () => {
      if (token !== this.box.token) { stats.guardDrops++; return; }
      if (!img.src) { img.src = this.box.page.links.placeholder(); img.alt = item.t; }
    });
  }

  /** The neighbours' pictures, in the variant they will be shown in, beside the stage (hidden until a swipe). */
  preload() {
    const { data, formats, count } = this.box.page;
    this.parts.peeks.forEach((peek, k) => {
      const d = k ? 1 : -1, i = this.box.index + d, item = i >= 0 && i < count ? data.shards.itemAt(i) : null;
      const last = item && item.v.length && this.item ? item.v[item.v.length - 1] : null;
      const b = last && fitBox(this.W - (this.W < 600 ? 0 : 16), this.H - (this.W < 600 ? 0 : 16), last[1], last[2]);
      const url = b && urlOf(formats, variantOf(formats, variantFor(item.v, b.w * (window.devicePixelRatio || 1))));
      if (!url) { unpeek(peek); return; }                  // no neighbour (the first or last item), or none shown yet
      Object.assign(peek.style, { width: b.w + 'px', height: b.h + 'px',
        transform: `translate(${(this.W - b.w) / 2 + d * (this.rtl ? -1 : 1) * (this.W + GAP)}px, ${(this.H - b.h) / 2}px)` });
      if (!peek.isConnected) this.parts.track.append(peek);
      if (peek.src !== url) { peek.src = url; peek.decode().catch(() => {}); }
    });
  }

  hit(x, y) {
    const v = this.view;
    return x >= v.x && y >= v.y && x <= v.x + this.box0.w * v.s && y <= v.y + this.box0.h * v.s;
  }

  setView(view, clamp) {
    this.view = clamp ? clampView(view, this.box0, this.W, this.H) : view;
    this.parts.slide.style.transform = transform(this.view);
    this.box.zoomed(this.view.s > 1.01);
  }

  /** Animates to `view` (clamped). */
  glideTo(view) {
    const from = this.parts.slide.style.transform;
    this.setView(view, true);
    return glide(this.parts.slide, 'transform', transform(this.view), 220, from);
  }

  zoomTo(s, x, y) {
    s = Math.min(this.max, Math.max(1, s));
    this.setView(zoomAt(this.view, s, x, y), true);
  }

  /** After a pinch, a pan or the wheel: back in bounds, and a sharper variant when zoomed. */
  settle() {
    this.glideTo(this.view);
    if (this.view.s > 1.01 && this.item && this.item.v.length) this.load(this.box0.w * this.view.s);
  }

  toggleZoom(x = this.W / 2, y = this.H / 2) {
    if (this.view.s > 1.01) this.glideTo({ s: 1, x: 0, y: 0 });
    else if (this.max > 1) { this.glideTo(zoomAt(this.view, this.max, x, y)); this.settle(); }
  }

  /** Keyboard zoom: `f` > 1 in, < 1 out, about the middle of the stage. */
  zoomBy(f) {
    this.glideTo(zoomAt(this.view, Math.min(this.max, Math.max(1, this.view.s * f)), this.W / 2, this.H / 2));
    this.settle();
  }


  /** Which item a move of `dx` px brings in: +1 (next) or −1, as the page reads. */
  dirOf(dx) { return (dx < 0) !== this.rtl ? 1 : -1; }

  swipe(dx) {
    const i = this.box.index + this.dirOf(dx), none = i < 0 || i >= this.box.page.count;
    this.box.dialog.classList.add('sliding');
    this.parts.track.style.transform = `translateX(${none ? dx / 3 : dx}px)`;
  }

  swipeEnd(dx, fast) {
    const track = this.parts.track, d = this.dirOf(dx), i = this.box.index + d;
    const go = dx && (Math.abs(dx) > Math.min(80, this.W / 5) || (fast && Math.abs(dx) > 20)) && i >= 0 && i < this.box.page.count;
    const done = () => { track.style.transform = ''; this.box.dialog.classList.remove('sliding'); };
    if (!go) { glide(track, 'transform', 'translateX(0px)', 180).then(done); return; }
    const token = this.box.token;
    glide(track, 'transform', `translateX(${Math.sign(dx) * (this.W + GAP)}px)`, 180).then(() => {
      if (token === this.box.token && this.box.isOpen) this.box.show(i);
      done();
    });
  }

  drag(dy) {
    const v = this.view;
    this.parts.slide.style.transform = transform({ s: v.s, x: v.x, y: v.y + dy });
    const o = String(Math.max(0.1, 1 - Math.abs(dy) / this.H));
    for (const el of this.ui()) el.style.opacity = o;
  }

  /** What fades with a drag to close: the backdrop, the bar, the info panel. */
  ui() { return [this.parts.shade, this.parts.bar, this.parts.info]; }

  dragEnd(dy, fast) {
    if (dy && (Math.abs(dy) > this.H / 6 || (fast && Math.abs(dy) > 30))) { this.box.close(); return; }
    for (const el of this.ui()) glide(el, 'opacity', '1', 180);
    this.glideTo(this.view);
  }

  /** The view of the picture that covers the thumbnail `r` (a DOMRect), cropped to it as the grid crops it. */
  thumbView(r) {
    const b = this.box0, k = Math.max(r.width / b.w, r.height / b.h);
    const x = r.left - this.left + r.width / 2 - b.w * k / 2, y = r.top - this.top + r.height / 2 - b.h * k / 2;
    const l = (r.left - this.left - x) / k, t = (r.top - this.top - y) / k;
    return { view: { x, y, s: k }, clip: `inset(${t}px ${b.w - l - r.width / k}px ${b.h - t - r.height / k}px ${l}px round ${8 / k}px)` };
  }

  /** Opening: from the thumbnail `cell` (when it is on screen) to the fitted picture. */
  enter(cell) {
    const r = cell && cell.querySelector('.thumb') && cell.querySelector('.thumb').getBoundingClientRect();
    if (still() || !r || !r.width || r.bottom < 0 || r.top > innerHeight || !this.item) return;
    const { view, clip } = this.thumbView(r), slide = this.parts.slide;
    slide.animate({ transform: [transform(view), transform(this.view)], clipPath: [clip, 'inset(0px 0px 0px 0px round 0px)'] },
                  { duration: 250, easing: EASE });
  }

  /** Closing: to the thumbnail `cell` (when it is on screen), the backdrop fading; resolves when done. */
  leave(cell) {
    const { slide } = this.parts;
    this.gestures.reset();
    if (still()) return Promise.resolve();
    const r = cell && cell.querySelector('.thumb') && cell.querySelector('.thumb').getBoundingClientRect();
    const fade = Promise.all(this.ui().map((el) => glide(el, 'opacity', '0', 220)));
    if (!r || !r.width || r.bottom < 0 || r.top > innerHeight || !this.item) return Promise.all([fade, glide(slide, 'opacity', '0', 220)]);
    const { view, clip } = this.thumbView(r);
    return Promise.all([fade, slide.animate({ transform: [slide.style.transform, transform(view)],
      clipPath: ['inset(0px 0px 0px 0px round 0px)', clip] }, { duration: 250, easing: EASE, fill: 'forwards' }).finished.catch(() => {})]);
  }

  /** After closing: nothing animated or dragged is left over for the next opening. */
  reset() {
    const { slide, track } = this.parts;
    for (const el of [slide, track, ...this.ui()]) {
      for (const a of el.getAnimations()) a.cancel();
      el.style.opacity = '';
    }
    track.style.transform = '';
    this.box.dialog.classList.remove('sliding');
  }
}
