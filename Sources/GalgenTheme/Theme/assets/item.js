/* galgen: the item page's keyboard. ArrowLeft and ArrowRight open the previous and the next item (the
   links of nav.neighbours; the other way round in a right-to-left page), unless a modifier key is down, the key is typed into a form field or editable
   text, or another handler took it. No globals; nothing else on the page changes but the photo's
   preview (thumbhash.js), painted until the photo arrives. */
import { paintAll } from './thumbhash.js';

/** 'prev', 'next' or null: where a keydown `event` goes, in a page written right to left when `rtl`.
    Pure: reads only its arguments. */
export function neighbourOf(event, rtl = false) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.isComposing) return null;
  const rel = (rtl ? { ArrowLeft: 'next', ArrowRight: 'prev' } : { ArrowLeft: 'prev', ArrowRight: 'next' })[event.key];
  const t = event.target;
  if (!rel || (t && (t.isContentEditable || (t.closest && t.closest('input, textarea, select'))))) return null;
  return rel;
}

if (typeof document !== 'undefined') {
  paintAll(document, '.photo[data-ph]');    // the photo's preview until it arrives
  document.addEventListener('keydown', (event) => {
    const rel = neighbourOf(event, getComputedStyle(document.documentElement).direction === 'rtl');
    const link = rel && document.querySelector(`nav.neighbours a[rel="${rel}"][href]`);
    if (!link) return;
    event.preventDefault();
    location.assign(link.href);
  });
}
