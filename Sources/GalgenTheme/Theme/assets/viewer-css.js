/* galgen runtime: the viewer's stylesheet (lightbox.js adds it on first use, before the page's own, so a site's
   style.css wins over it at equal specificity): the first page does not carry it. A full-screen dialog on black:
   the bar (caption and buttons) on top, the picture fitted in the stage below it, the item's fields in a panel
   below (a side panel from 900px) that the info button shows; nothing lies over the picture. */
export const RULES = `
.lightbox { position: fixed; inset: 0; width: 100%; height: 100%; max-width: none; max-height: none; margin: 0; padding: 0; border: 0; overflow: hidden; background: none; color: #f2f2f2; }
.lightbox[open] { display: grid; grid-template: auto minmax(0, 1fr) auto / minmax(0, 1fr); }
.lightbox::backdrop { background: none; }
.lightbox .shade { position: absolute; inset: 0; z-index: -1; background: #000; }
.lightbox [hidden] { display: none !important; }
.lightbox .bar { display: flex; align-items: center; gap: 2px; min-height: 48px; padding: 4px 8px; }
.lightbox .caption { flex: 1; min-width: 0; }
.lightbox .caption > * { margin: 0; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; font-size: 1rem; line-height: 1.3; }
.lightbox :is(.caption p, dt) { color: #c4c4c4; font-size: .875rem; }
.lightbox .bar > :not(div) { flex: none; display: grid; place-items: center; width: 40px; height: 40px; padding: 0; border: 0; border-radius: 50%; background: none; color: inherit; cursor: pointer; }
.lightbox .bar > :not(div):hover, .lightbox [aria-pressed="true"], .lightbox [aria-expanded="true"] { background: #333; }
.lightbox [aria-disabled="true"] { opacity: .4; }
.lightbox :focus-visible { outline: 2px solid #8ab4f8; }
.lightbox:focus { outline: none; }
.lightbox svg { width: 24px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
[dir="rtl"] .lightbox :is([data-act="prev"], [data-act="next"]) svg { transform: scaleX(-1); }
.lightbox .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.lightbox .stage { position: relative; overflow: hidden; touch-action: none; user-select: none; -webkit-user-select: none; cursor: zoom-in; }
.lightbox.zoomed .stage { cursor: grab; }
.lightbox .track { position: absolute; inset: 0; }
.lightbox :is(.slide, .peek) { position: absolute; left: 0; top: 0; transform-origin: 0 0; background: center / 100% 100% no-repeat; }
.lightbox .slide > * { display: block; width: 100%; height: 100%; }
.lightbox :is(.slide img:not([src]), .peek) { visibility: hidden; }
.lightbox.sliding .peek[src] { visibility: visible; }
.lightbox .info { display: none; flex-direction: column; max-height: 40svh; padding: 0 1rem; background: #141414; font-size: .875rem; }
.lightbox.info-open .info { display: flex; }
.lightbox .fields { min-height: 0; overflow: auto; }
.lightbox a { color: #8ab4f8; }
@media (max-width: 599px) {
  .lightbox .bar { flex-wrap: wrap; justify-content: space-between; }
  .lightbox .caption { order: 1; flex-basis: 100%; padding: 0 4px 4px; }
}
@media (min-width: 900px) {
  .lightbox[open] { grid-template: auto minmax(0, 1fr) / minmax(0, 1fr) auto; }
  .lightbox .bar { grid-column: 1 / -1; }
  .lightbox .info { width: 20rem; max-height: none; }
}
@media (prefers-reduced-motion: no-preference) {
  .lightbox[open] .shade { animation: galgen-viewer-fade .2s ease-out; }
  @keyframes galgen-viewer-fade { from { opacity: 0; } to { opacity: 1; } }
}
`;
