/* galgen runtime: cells. Create, adopt, clear and bind one cell, UITableViewCell's lifecycle translated
   to the DOM: a node is cleared before every rebind (prepareForReuse), each binding has a token, and a
   late image load or error of an earlier binding is dropped. `cells` is what they share (made by gallery.js):
   `list` (the grid, its item count and geometry), `formats` (pictures.js), `stats`, `motion` (a fling holds
   pictures back), `links` (an item's address, the placeholder's), `unsafeNoClear`, and their own state:
   `deferred` (cells whose picture waits for a fling to end), `seq` (the last binding token), `size` (cells
   made, the pool's size), `template` and `placeholder`. */
import { pick, learn, learning, descOf, plainVariant } from './pictures.js';
import { widthOf } from './geometry.js';

function wire(cells, node) {
  const link = node.firstElementChild;
  const img = link.querySelector('img');
  node.parts = { link, img, sources: [...link.getElementsByTagName('source')], thumb: link.querySelector('.thumb'),
                 title: link.querySelector('.title'), subtitle: link.querySelector('.subtitle') };
  img.cell = node;
  img.cells = cells;
  if (img.alt) img.alt = '';        // decorative: the link's text is the title (axe: image-redundant-alt)
  img.addEventListener('load', onImageEvent);
  img.addEventListener('error', onImageEvent);
  link.tabIndex = -1;
  cells.size++;
}

/** A new cell: <picture> with one <source> per manifest type, then the <img> (just the <img> for one format). */
export function create(cells) {
  const { list, formats } = cells;
  if (!cells.template) {
    const template = document.createElement('li');
    template.className = 'cell';
    template.setAttribute('aria-setsize', list.count);
    template.innerHTML = '<a><span class="thumb"></span>' +
      '<span class="title" dir="auto"></span><span class="subtitle" dir="auto"></span></a>';
    const img = document.createElement('img');
    img.alt = '';
    img.decoding = 'async';
    let picture = img;
    if (formats.types.length) {
      picture = document.createElement('picture');
      for (const type of formats.types) picture.appendChild(document.createElement('source')).type = type;
      picture.appendChild(img);
    }
    template.querySelector('.thumb').appendChild(picture);
    cells.template = template;
  }
  const node = cells.template.cloneNode(true);
  wire(cells, node);
  list.grid.appendChild(node);
  cells.stats.created++;
  return node;
}

/** Takes over a server-rendered cell: same image, same text, no second download. */
export function adopt(cells, node) {
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
  wire(cells, node);
  node.key = node.dataset.key;
  node.token = ++cells.seq;
  node.setAttribute('data-token', node.token);
  img.token = node.token;
  node.hasSrcset = true;            // server attributes that clear() removes
  node.desc = desc;
  learn(cells.formats, desc, loaded);
  cells.stats.created++;
  cells.stats.adopted++;
}

/** prepareForReuse: drop what the previous item left that bind does not overwrite: above all its
    picture, and a picture still waiting for a fling to end. (Text, colour, link and id are always
    overwritten by the bind that follows in the same task, so clearing them first is wasted work.) */
export function clear(cells, node) {
  node.want = null;
  cells.deferred.delete(node);
  if (node.hasSrcset) reshape(cells.formats.types, node);
  if (cells.unsafeNoClear) return;
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
function reshape(types, node) {
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
export function bind(cells, node, item, index, now, onScreen) {
  const token = ++cells.seq;
  const { img, link, title, subtitle, thumb } = node.parts;
  node.key = item.k;
  node.token = token;
  node.id = 'item-' + item.k;
  node.setAttribute('data-key', item.k);
  node.setAttribute('data-token', token);
  thumb.style.backgroundColor = item.c;
  preview(cells, node, item.p);
  const variant = pick(cells.formats, item, widthOf(cells.list.geo, index), window.devicePixelRatio || 1);
  const width = variant ? variant.width : 400, height = variant ? variant.height : 400;
  if (node.imgW !== width) { img.width = width; node.imgW = width; }       // never read img.width:
  if (node.imgH !== height) { img.height = height; node.imgH = height; }   // it forces a layout
  node.want = variant || cells.placeholder || (cells.placeholder = plainVariant(cells.links.placeholder()));
  node.wantToken = token;
  node.boundAt = now;
  if (cells.motion.flinging) cells.deferred.add(node); else showPicture(cells, node, onScreen);
  title.textContent = item.t;
  subtitle.textContent = item.s || '';
  link.href = item.href || (item.href = cells.links.item(item.k, index));
  cells.stats.binds++;
}

/** Sets the picture a bind chose, if that binding is still the node's current one: each <source> gets
    the chosen width in its format (one candidate), then the <img> the fallback. */
export function showPicture(cells, node, onScreen) {
  cells.deferred.delete(node);
  const want = node.want;
  node.want = null;
  if (!want || node.wantToken !== node.token) { cells.stats.guardDrops++; return; }
  const { img, sources } = node.parts;
  img.token = node.token;
  const alts = want.alts;
  for (let i = 0; i < sources.length; i++) {     // a format the image lacks: no srcset, the browser skips it
    if (alts[i]) sources[i].srcset = alts[i]; else sources[i].removeAttribute('srcset');
  }
  node.shown = want;
  node.desc = null;
  // Chromium raises the priority of an image in the viewport, but judges that by its layout box, without
  // transforms: every cell's box is at the list's corner (pool.place), so a picture on screen asks for it here.
  const priority = onScreen ? 'high' : 'auto';
  if (node.priority !== priority) { img.fetchPriority = priority; node.priority = priority; }
  img.src = want.url;
}

/** The preview under the picture (thumbhash.js, loaded by a bind after a scroll). */
function preview(cells, node, hash) {
  const m = cells.thumbhash;
  if (m && m.paintCell) return m.paintCell(cells, node, hash);
  if (node.ph) node.parts.thumb.style.backgroundImage = node.ph = '';
  if (!hash || !(m || scrollY > 0)) return;
  (cells.previews || (cells.previews = [])).push([node, node.token, hash]);
  if (!m) cells.thumbhash = import('./thumbhash.js').then((t) => t.drain(cells, cells.thumbhash = t), () => (cells.thumbhash = { paintCell() {} }));
}

/** A late load or error of a previous binding must not touch the current one. */
function onImageEvent(event) {
  const img = event.currentTarget;
  const node = img.cell, cells = img.cells;
  const ok = event.type === 'load';
  if (!img.getAttribute('src') || img.token !== node.token || !img.complete ||
      (ok ? img.naturalWidth === 0 : img.naturalWidth > 0)) {
    cells.stats.guardDrops++;
    return;
  }
  const formats = cells.formats;
  if (ok && learning(formats)) learn(formats, node.desc || (node.shown && descOf(formats, node.shown)), img.currentSrc);
  if (ok && node.ph) node.parts.thumb.style.backgroundImage = node.ph = '';
  const state = ok ? 'loaded' : 'failed';
  if (node.imageState !== state) {
    if (node.imageState) node.classList.remove(node.imageState);
    node.classList.add(state);
    node.imageState = state;
  }
}
