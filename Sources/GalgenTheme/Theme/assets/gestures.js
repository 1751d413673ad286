/* galgen runtime: the viewer's input (lightbox.js, viewer.js), with Pointer Events and no library. One finger
   or the mouse: a horizontal drag goes to the next or previous item, a vertical one closes, a drag while
   zoomed pans; two fingers pinch; a double tap (or a mouse click) toggles the zoom; the wheel zooms about the
   pointer. The maths of fitting, zooming and panning is pure, and unit-tested by `node --test`. */

/** The box a `w`×`h` picture is shown in on a `W`×`H` stage: contained, and never larger than the picture. */
export function fitBox(W, H, w, h) {
  const k = Math.max(0, Math.min(W / w, H / h, 1));
  return { w: w * k, h: h * k };
}

/** A view `{x, y, s}` (the picture's top left corner on the stage, and its scale over the fitted `box`)
    kept in bounds: centred on an axis where the picture is smaller than the stage, else with no gap at
    either edge. */
export function clampView(view, box, W, H) {
  const axis = (pos, size, room) => (size <= room ? (room - size) / 2 : Math.min(0, Math.max(room - size, pos)));
  return { s: view.s, x: axis(view.x, box.w * view.s, W), y: axis(view.y, box.h * view.s, H) };
}

/** The view scaled to `s` about the stage point (`px`, `py`): the point of the picture under it stays there. */
export function zoomAt(view, s, px, py) {
  const k = s / view.s;
  return { s, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/** How far a picture `boxW` px wide on screen zooms: to the largest variant's pixels 1:1, or 2.5× when that
    variant is hardly larger than the box. */
export const maxZoom = (boxW, largestW) => (largestW / boxW >= 1.25 ? largestW / boxW : 2.5);

/** The variant `[path, width, height, …]` of `v` (ascending widths) for a box `need` device px wide: the
    smallest at least that wide, else the largest. */
export const variantFor = (v, need) => v.find((e) => e[1] >= need) || v[v.length - 1];

const TAP = 10;             // px a press may move and still be a tap
const DOUBLE = 300;         // ms between the taps of a double tap

/** Turns the stage's pointer and wheel events into calls on `host` (viewer.js's Viewer): `view`, `W`, `H`,
    `origin()`, `hit(x, y)`, `setView(view, clamp)`, `zoomTo(s, x, y)`, `settle()`, `toggleZoom(x, y)`,
    `box.close()`, `swipe(dx)`, `swipeEnd(dx, fast)`, `drag(dy)`, `dragEnd(dy, fast)`. */
export class Gestures {
  constructor(host) {
    this.host = host;
    this.points = new Map();
    this.mode = null; this.start = null; this.pinch = null; this.lastTap = null; this.wheelTimer = 0;
  }

  /** Adds its listeners with `on(target, type, fn, options)`, which removes them when the viewer closes. */
  attach(on, el) {
    on(el, 'pointerdown', (e) => this.down(e, el));
    on(el, 'pointermove', (e) => this.move(e));
    on(el, 'pointerup', (e) => this.up(e));
    on(el, 'pointercancel', (e) => this.up(e));
    on(el, 'wheel', (e) => this.wheel(e), { passive: false });
  }

  at(e) {
    const o = this.host.origin();
    return { x: e.clientX - o.x, y: e.clientY - o.y };
  }

  down(e, el) {
    if ((e.pointerType === 'mouse' && e.button !== 0) || e.target.closest('video')) return;
    e.preventDefault();
    if (el.setPointerCapture) try { el.setPointerCapture(e.pointerId); } catch { /* already gone */ }
    const p = this.at(e);
    this.points.set(e.pointerId, p);
    const view = { ...this.host.view };
    if (this.points.size === 1) {
      this.mode = 'press';
      this.start = { ...p, t: e.timeStamp, view };
    } else if (this.points.size === 2) {
      if (this.mode === 'swipe') this.host.swipeEnd(0, false);
      if (this.mode === 'drag') this.host.dragEnd(0, false);
      const [a, b] = [...this.points.values()];
      this.mode = 'pinch';
      this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, view };
    }
  }

  move(e) {
    if (!this.points.has(e.pointerId)) return;
    const p = this.at(e), host = this.host;
    this.points.set(e.pointerId, p);
    if (this.mode === 'pinch') {
      const [a, b] = [...this.points.values()], pinch = this.pinch;
      const s = Math.min(host.max, Math.max(1, pinch.view.s * Math.hypot(a.x - b.x, a.y - b.y) / pinch.d));
      const v = zoomAt(pinch.view, s, pinch.mid.x, pinch.mid.y);
      host.setView({ s, x: v.x + (a.x + b.x) / 2 - pinch.mid.x, y: v.y + (a.y + b.y) / 2 - pinch.mid.y }, false);
      return;
    }
    if (!this.start) return;
    const dx = p.x - this.start.x, dy = p.y - this.start.y;
    if (this.mode === 'press') {
      if (Math.hypot(dx, dy) < TAP) return;
      this.mode = this.start.view.s > 1.01 ? 'pan' : Math.abs(dx) > Math.abs(dy) ? 'swipe' : 'drag';
    }
    if (this.mode === 'pan') host.setView({ s: this.start.view.s, x: this.start.view.x + dx, y: this.start.view.y + dy }, true);
    else if (this.mode === 'swipe') host.swipe(dx);
    else if (this.mode === 'drag') host.drag(dy);
  }

  up(e) {
    if (!this.points.has(e.pointerId)) return;
    const p = this.at(e), host = this.host;
    this.points.delete(e.pointerId);
    if (this.mode === 'pinch') {
      if (this.points.size === 1) {       // the other finger goes on panning
        const q = [...this.points.values()][0];
        this.start = { ...q, t: e.timeStamp, view: { ...host.view } };
        this.mode = host.view.s > 1.01 ? 'pan' : 'done';
      } else if (!this.points.size) this.mode = null;
      host.settle();
      return;
    }
    if (this.points.size || !this.start) return;
    const mode = this.mode, start = this.start;
    this.mode = null; this.start = null;
    const dx = p.x - start.x, dy = p.y - start.y, dt = Math.max(1, e.timeStamp - start.t);
    const cancel = e.type === 'pointercancel';
    if (mode === 'swipe') host.swipeEnd(cancel ? 0 : dx, Math.abs(dx) / dt > 0.5);
    else if (mode === 'drag') host.dragEnd(cancel ? 0 : dy, Math.abs(dy) / dt > 0.5);
    else if (mode === 'pan') host.settle();
    else if (mode === 'press' && !cancel) this.tap(e, p);
  }

  tap(e, p) {
    const host = this.host;
    if (e.pointerType === 'mouse') {
      if (host.hit(p.x, p.y)) host.toggleZoom(p.x, p.y); else host.box.close();     // as a click on the backdrop
      return;
    }
    const last = this.lastTap;
    if (last && e.timeStamp - last.t < DOUBLE && Math.hypot(p.x - last.x, p.y - last.y) < 30) {
      this.lastTap = null;
      host.toggleZoom(p.x, p.y);
    } else this.lastTap = { ...p, t: e.timeStamp };
  }

  wheel(e) {
    e.preventDefault();
    const p = this.at(e), host = this.host;
    const delta = e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1);
    host.zoomTo(host.view.s * Math.exp(-delta * (e.ctrlKey ? 0.01 : 0.002)), p.x, p.y);
    clearTimeout(this.wheelTimer);
    this.wheelTimer = setTimeout(() => host.settle(), 150);
  }

  /** Forgets a gesture under way (the viewer closed or moved to another item). */
  reset() {
    this.points.clear();
    this.mode = null; this.start = null; this.pinch = null; this.lastTap = null;
    clearTimeout(this.wheelTimer);
  }
}
