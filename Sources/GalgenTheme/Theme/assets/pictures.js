/* galgen runtime: pictures. Which file of an item's picture a cell shows, and which formats the browser
   supports, learnt from the pictures it loads. No DOM; `formats` is the page's state:
   `{ types, supported, abs }` (the manifest's MIME types, type → true/false as learnt, and a function
   making a site path absolute). Unit-tested with `node --test`. */

const NONE = [];

/** A manifest variant `[fallback, width, height, alt0, alt1, …]` with absolute URLs; `alts[i]` is the
    same picture in format types[i], or null when the image has no file in that format. */
export const variantOf = (formats, v) => ({
  url: formats.abs(v[0]), width: v[1], height: v[2],
  alts: formats.types.length ? formats.types.map((type, i) => (v[3 + i] ? formats.abs(v[3 + i]) : null)) : NONE,
});

/** A variant of one file for every format (the placeholder). */
export const plainVariant = (url) => ({ url, alts: NONE });

/** The URL of `variant` the browser loads, the way it picks a <source>: the first one present whose type
    it supports, else the fallback; null while that is not known yet. Never a second format of it. */
export function urlOf(formats, variant) {
  const alts = variant.alts;
  for (let i = 0; i < alts.length; i++) {
    if (!alts[i]) continue;
    const ok = formats.supported.get(formats.types[i]);
    if (ok) return alts[i];
    if (ok === undefined) return null;
  }
  return variant.url;
}

/** The variant a cell `width` px wide shows: the smallest at least as wide on a screen of `dpr` device
    pixels per px, with absolute URLs (remembered on the item, so a render builds no URL objects for
    items it has seen); null for an item without a usable image. */
export function pick(formats, item, width, dpr = 1) {
  if (item.pickedFor === width) return item.picked;
  const v = item.v;
  let chosen = null;
  if (v.length) {
    const need = width * dpr;
    chosen = variantOf(formats, v.find((variant) => variant[1] >= need) || v[v.length - 1]);
  }
  item.pickedFor = width;
  item.picked = chosen;
  return chosen;
}

/** Learns from the URL a picture loaded (`img.currentSrc`) which types the browser supports. `desc` describes
    that picture: `[type, urls]` for each <source> with a srcset, in order, then `[null, urls]` for the <img>.
    The browser took the first supported one: its type is supported, the ones before it are not. */
export function learn(formats, desc, url) {
  if (!desc || !url) return;
  const k = desc.findIndex((entry) => entry[1].includes(url));
  if (k < 0) return;
  for (let j = 0; j < k; j++) formats.supported.set(desc[j][0], false);
  if (desc[k][0]) formats.supported.set(desc[k][0], true);
}

/** `desc` (see learn) of a variant the runtime set. */
export function descOf(formats, variant) {
  const desc = [];
  variant.alts.forEach((url, i) => { if (url) desc.push([formats.types[i], [url]]); });
  desc.push([null, [variant.url]]);
  return desc;
}

/** Whether a load can still teach something (before the manifest, `types` is not known). */
export const learning = (formats) => !formats.known || formats.types.some((type) => !formats.supported.has(type));

/** The format the browser shows a picture that has every format in: a MIME type of `types`, 'fallback',
    or null (not known yet). */
export function shownFormat(formats) {
  for (const type of formats.types) {
    const ok = formats.supported.get(type);
    if (ok !== false) return ok ? type : null;
  }
  return formats.known ? 'fallback' : null;
}
