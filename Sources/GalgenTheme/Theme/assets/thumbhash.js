/* galgen runtime: previews. An image's ThumbHash (evanw/thumbhash's format, MIT; base64, `p` in the data,
   `data-ph` in pages) decoded to a picture 32 px on its longer side, painted as a background until the
   image arrives; decoded ones are kept by hash in a small map. `decode` and `bytesOf` are DOM-free. */
const { PI, cos, max, min, round } = Math;

/** The bytes of a base64 hash (with or without `=` padding); null when it is not base64. */
export function bytesOf(text) {
  try {
    const raw = atob(text);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  } catch { return null; }
}

/** A hash's picture `{ w, h, rgba }` (straight alpha); null when the hash is too short to be one. */
export function decode(hash) {
  if (!hash || hash.length < 5) return null;
  const h24 = hash[0] | hash[1] << 8 | hash[2] << 16, h16 = hash[3] | hash[4] << 8;
  const alpha = h24 >> 23 & 1, landscape = h16 >> 15;
  const lDC = (h24 & 63) / 63, pDC = (h24 >> 6 & 63) / 31.5 - 1, qDC = (h24 >> 12 & 63) / 31.5 - 1;
  const lScale = (h24 >> 18 & 31) / 31, pScale = (h16 >> 3 & 63) / 63, qScale = (h16 >> 9 & 63) / 63;
  const side = alpha ? 5 : 7;
  const lx = max(3, landscape ? side : h16 & 7), ly = max(3, landscape ? h16 & 7 : side);
  const aDC = alpha ? (hash[5] & 15) / 15 : 1, aScale = (hash[5] >> 4) / 15;
  let k = 0;
  const start = alpha ? 6 : 5;
  // A channel's AC terms, four bits each, low nibble first.
  const terms = (nx, ny, scale) => {
    const ac = [];
    for (let cy = 0; cy < ny; cy++) {
      for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx++, k++) {
        ac.push((((hash[start + (k >> 1)] >> ((k & 1) << 2)) & 15) / 7.5 - 1) * scale);
      }
    }
    return ac;
  };
  const lAC = terms(lx, ly, lScale), pAC = terms(3, 3, pScale * 1.25), qAC = terms(3, 3, qScale * 1.25);
  const aAC = alpha ? terms(5, 5, aScale) : null;
  if (start + (k + 1 >> 1) > hash.length) return null;
  const ratio = max(1, landscape ? side : h16 & 7) / max(1, landscape ? h16 & 7 : side);
  const w = round(ratio > 1 ? 32 : 32 * ratio), h = round(ratio > 1 ? 32 / ratio : 32);
  const rgba = new Uint8Array(w * h * 4), fy = [];
  const nx = max(lx, alpha ? 5 : 3), ny = max(ly, alpha ? 5 : 3);
  const fxs = [];
  for (let x = 0; x < w; x++) {
    const fx = fxs[x] = [];
    for (let cx = 0; cx < nx; cx++) fx[cx] = cos(PI / w * (x + 0.5) * cx);
  }
  for (let y = 0, i = 0; y < h; y++) {
    for (let cy = 0; cy < ny; cy++) fy[cy] = cos(PI / h * (y + 0.5) * cy);
    for (let x = 0; x < w; x++, i += 4) {
      const fx = fxs[x];
      let l = lDC, p = pDC, q = qDC, a = aDC;
      for (let cy = 0, j = 0; cy < ly; cy++) {
        const f2 = fy[cy] * 2;
        for (let cx = cy ? 0 : 1; cx * ly < lx * (ly - cy); cx++, j++) l += lAC[j] * fx[cx] * f2;
      }
      for (let cy = 0, j = 0; cy < 3; cy++) {
        const f2 = fy[cy] * 2;
        for (let cx = cy ? 0 : 1; cx < 3 - cy; cx++, j++) {
          const f = fx[cx] * f2;
          p += pAC[j] * f;
          q += qAC[j] * f;
        }
      }
      if (aAC) {
        for (let cy = 0, j = 0; cy < 5; cy++) {
          const f2 = fy[cy] * 2;
          for (let cx = cy ? 0 : 1; cx < 5 - cy; cx++, j++) a += aAC[j] * fx[cx] * f2;
        }
      }
      const b = l - 2 / 3 * p, r = (3 * l - b + q) / 2, g = r - q;
      rgba[i] = max(0, 255 * min(1, r));
      rgba[i + 1] = max(0, 255 * min(1, g));
      rgba[i + 2] = max(0, 255 * min(1, b));
      rgba[i + 3] = max(0, 255 * min(1, a));
    }
  }
  return { w, h, rgba };
}

const LIMIT = 200;                   // decoded previews kept (a few KB each)
const made = { urls: new Map(), canvas: null };

/** The `url(…)` of a base64 hash's picture, for a `background-image`, or '' when it cannot be made. */
export function previewURL(text) {
  const urls = made.urls;
  let url = urls.get(text);
  if (url !== undefined) {           // used again: now the newest
    urls.delete(text);
    urls.set(text, url);
    return url;
  }
  url = '';
  const picture = decode(bytesOf(text));
  if (picture) {
    const canvas = made.canvas || (made.canvas = document.createElement('canvas'));
    canvas.width = picture.w;
    canvas.height = picture.h;
    const context = canvas.getContext('2d');
    if (context) {
      context.putImageData(new ImageData(new Uint8ClampedArray(picture.rgba.buffer), picture.w, picture.h), 0, 0);
      url = 'url("' + canvas.toDataURL() + '")';
    }
  }
  if (urls.size >= LIMIT) urls.delete(urls.keys().next().value);
  urls.set(text, url);
  return url;
}

/** A bound cell's preview (cells.js: `cells.previews`, `node.token`, `node.ph`, `node.imageState`): at once when
    decoded already, else queued for drain; what the cell showed before goes now. */
export function paintCell(cells, node, hash) {
  const now = hash && made.urls.has(hash) ? previewURL(hash) : '';
  if (node.ph !== now) node.parts.thumb.style.backgroundImage = node.ph = now;
  if (!hash || made.urls.has(hash)) return;
  cells.previews.push([node, node.token, hash]);
  if (cells.previews.length === 1) requestAnimationFrame(() => drain(cells));
}

/** Decodes the queued previews, a few milliseconds a frame; one whose cell was rebound since, or whose
    picture came first, is dropped. */
export function drain(cells) {
  const queue = cells.previews, start = performance.now();
  let i = 0;
  for (; i < queue.length && performance.now() - start < 4; i++) {
    const [node, token, hash] = queue[i];
    if (node.token !== token || node.imageState) { cells.stats.previewDrops = (cells.stats.previewDrops || 0) + 1; continue; }
    const url = previewURL(hash);
    if (node.ph !== url) node.parts.thumb.style.backgroundImage = node.ph = url;
    cells.stats.previews = (cells.stats.previews || 0) + 1;
  }
  queue.splice(0, i);
  if (queue.length) requestAnimationFrame(() => drain(cells));
}

/** Paints `el`'s preview (its `data-ph`) as its background until `img` has loaded, then takes it away. */
export function paintUntilLoaded(el, img) {
  const text = el && el.dataset.ph;
  if (!text || !img || (img.complete && img.naturalWidth)) return;
  el.style.backgroundImage = previewURL(text);
  const done = () => {
    if (img.complete && img.naturalWidth) el.style.backgroundImage = '';
  };
  img.addEventListener('load', done, { once: true });
}

/** paintUntilLoaded for every element of `root` matching `selector`. */
export function paintAll(root, selector = '[data-ph]') {
  if (root) for (const el of root.querySelectorAll(selector)) paintUntilLoaded(el, el.querySelector('img'));
}
