/* galgen runtime: the home page's search box, over every collection of the site. Choosing a result
   opens its page (or, without item pages, its cell on the gallery page that lists it). */
import { setUpSearch, resultURL } from './search.js';

// The covers' previews until they arrive (thumbhash.js).
if (document.querySelector('.cover[data-ph]')) import('./thumbhash.js').then((m) => m.paintAll(document));

const box = document.querySelector('search.find[data-index]');
if (box && window.fetch && window.AbortController) {
  const root = new URL(box.dataset.root || './', location.href).href;
  setUpSearch(box, {
    indexURL: new URL(box.dataset.index, location.href).href,
    choose: (result, info) => { location.assign(resultURL(root, result, info)); },
  });
}
